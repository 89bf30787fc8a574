"""A sentence that packs several facts, end to end: split first, each part compared with its own evidence;
one wrong value among correct ones makes the sentence contradicted, its part marked, and the correction
changes that value alone. Article and reference written for this test."""
import pytest

from truthometer.config import Config
from truthometer.pipeline import Checker
from truthometer.reports.html import highlight_html

TEXT = ("The Kessler Viaduct is a railway bridge over the Arno valley in Tuscany. It opened to passenger trains in "
        "1911 and was designed by the engineer Paola Ricci together with her brother Marco.")
REFERENCE = ("The Kessler Viaduct carries the railway across the Arno valley near Florence, Tuscany. The viaduct "
             "opened to passenger trains in 1908. Its designer was the engineer Paola Ricci, who worked on it with "
             "her brother Marco.")


@pytest.fixture(scope="module")
def report():
    # Split first is opt-in (Config.split_parts): what it does when switched on.
    return Checker(Config().with_(method="nli", split_parts=True)).check(TEXT, [("viaduct.md", REFERENCE)])


def test_one_wrong_value_among_right_ones_contradicts_the_sentence(report):
    sentence = report.sentences[1]
    assert sentence.status == "contradicted", sentence.reason
    assert "1911" in sentence.reason and "1908" in sentence.reason


def test_the_wrong_values_part_is_the_contradicted_span(report):
    sentence = report.sentences[1]
    wrong = [s for s in sentence.spans if s.status == "contradicted"]
    assert wrong and all(TEXT[s.start:s.end].find("1911") >= 0 for s in wrong)
    assert not any("Paola Ricci" in TEXT[s.start:s.end] for s in wrong)
    html = highlight_html(report)
    assert 'class="tom-part tom-part-contradicted"' in html


def test_the_correction_changes_the_wrong_value_alone(report):
    suggestion = report.sentences[1].suggestion
    assert suggestion is not None
    assert suggestion.corrected == report.sentences[1].text.replace("1911", "1908")


def test_a_region_that_contains_the_evidences_place_is_no_conflict(report):
    assert report.sentences[0].status != "contradicted", report.sentences[0].reason
