"""The review loop in the library: what a save stores, what exports say, and that writes are idempotent."""
import json

import pytest

from truthometer.config import Config
from truthometer.knowledge import KnowledgeBaseSource, open_kb
from truthometer.pipeline import Checker
from truthometer.reports import report_html, report_markdown
from truthometer.review import ACCEPT, EDITED, PENDING, REJECT, Review, reviewed_report

TEXT = "The Golden Gate Bridge is a suspension bridge in San Francisco. Its main span is 1,300 meters long."
REFERENCE = "The Golden Gate Bridge is a suspension bridge. The Golden Gate Bridge's main span is 1,280 meters long."


@pytest.fixture(scope="module")
def report():
    report = Checker(Config()).check(TEXT, [REFERENCE])
    flagged = report.sentences[1]
    assert flagged.status == "contradicted" and flagged.claim.startswith("The Golden Gate Bridge's")
    assert [(s.from_, s.to) for s in flagged.suggestion.substitutions] == [("1,300", "1,280")]
    return report


def test_a_saved_correction_stands_alone_and_does_not_contradict_another_bridge(report, tmp_path):
    kb = open_kb(tmp_path / "kb")
    review = Review()
    review.decide(1, 0, ACCEPT, "ann")
    [entry] = review.save(report, kb, "ann")
    # The sentence as checked, corrected: not "Its main span is 1,280 meters long."
    assert entry.text == "The Golden Gate Bridge's main span is 1,280 meters long."
    assert entry.provenance["original"] == "Its main span is 1,300 meters long."
    assert entry.provenance["checked_as"] == "The Golden Gate Bridge's main span is 1,300 meters long."
    source = KnowledgeBaseSource(kb)
    # Awaiting a curator's review: not evidence yet.
    assert entry.status == "pending"
    waiting = Checker(Config(), [source]).check("The Golden Gate Bridge's main span is 1,300 meters long.", [])
    assert waiting.sentences[0].status == "unverifiable"
    assert any(n.startswith(f"awaiting review: knowledge entry #{entry.id}") for n in waiting.sentences[0].notes)
    kb.approve([entry.id], "cy")
    other = Checker(Config(), [source]).check("The Brooklyn Bridge's main span is 486 meters long.", [])
    assert other.sentences[0].status != "contradicted"
    same = Checker(Config(), [source]).check("The Golden Gate Bridge's main span is 1,300 meters long.", [])
    assert same.sentences[0].status == "contradicted"


def test_saving_the_same_decisions_twice_stores_one_entry(report, tmp_path):
    kb = open_kb(tmp_path / "kb")
    before = kb.stats()["total"]
    review = Review()
    review.decide(1, 0, ACCEPT, "ann")
    assert len(review.unsaved(report)) == 1
    assert len(review.save(report, kb, "ann")) == 1
    assert review.unsaved(report) == [] and review.save(report, kb, "ann") == []
    # Another reviewer's session saving the same correction finds the entry already there.
    again = Review()
    again.decide(1, 0, ACCEPT, "bob")
    [entry] = again.save(report, kb, "bob")
    assert entry.created_by == "ann" and kb.stats()["total"] == before + 1


def test_the_reviewer_words_the_entry_and_markup_never_reaches_it(report):
    review = Review()
    review.edit(1, "Its **main span** is 1,280 meters long.", "ann")
    assert review.entry_text(report.sentences[1]) == "The Golden Gate Bridge's main span is 1,280 meters long."
    review.edit_entry(1, "The main span of the Golden Gate Bridge is 1,280 m.")
    assert review.entry_text(report.sentences[1]) == "The main span of the Golden Gate Bridge is 1,280 m."


def test_an_entry_names_the_subject_a_description_stands_for():
    from truthometer.review import name_the_subject

    earlier = ["The Golden Gate Bridge is a suspension bridge in San Francisco.", "Koalas are marsupials."]
    assert name_the_subject("The suspension bridge opened in 1937.", earlier) == "The Golden Gate Bridge opened in 1937."
    assert name_the_subject("The bridge opened in 1937.", earlier) == "The Golden Gate Bridge opened in 1937."
    # No earlier name ends in the description's noun, or the subject is a name already: left as it is.
    assert name_the_subject("The tower was completed in 1889.", earlier) == "The tower was completed in 1889."
    assert name_the_subject("The Brooklyn Bridge opened in 1883.", earlier) == "The Brooklyn Bridge opened in 1883."


def test_exports_follow_the_review(report):
    review = Review()
    pending = reviewed_report(report, review)
    # Nothing accepted yet: the corrected text is the text as written, the suggestion kept apart.
    assert pending["corrected_text"] == TEXT and "1,280" in pending["suggested_text"]
    assert pending["sentences"][1]["review"] == {"decision": PENDING, "by": "", "text": report.sentences[1].text}
    assert "1,280 meters" not in report_markdown(report, review).split("## Corrected text")[1]
    review.decide(1, 0, REJECT, "ann")
    assert reviewed_report(report, review)["sentences"][1]["review"]["decision"] == REJECT
    review.decide(1, 0, ACCEPT, "bob")
    accepted = reviewed_report(report, review)
    assert accepted["corrected_text"] == TEXT.replace("1,300", "1,280")
    assert accepted["sentences"][1]["review"]["by"] == "bob"
    review.edit(1, "Its main span is 4,200 feet long.", "cy")
    edited = json.loads(json.dumps(reviewed_report(report, review)))
    assert edited["corrected_text"].endswith("Its main span is 4,200 feet long.")
    assert edited["sentences"][1]["review"] == {"decision": EDITED, "by": "cy",
                                                "text": "Its main span is 4,200 feet long."}
    markdown, html = report_markdown(report, review), report_html(report, review=review)
    assert "Its main span is 4,200 feet long." in markdown.split("## Corrected text")[1]
    assert "edited by cy" in markdown and "edited by cy" in html
    assert "Its main span is 4,200 feet long.</p>" in html


def test_importing_a_file_twice_adds_nothing_the_second_time(tmp_path):
    from kb_support import hash_embedder

    kb = open_kb(tmp_path / "kb", embedder=hash_embedder)
    lines = [json.dumps({"text": "Canberra is the capital of Australia.", "source": "atlas"}),
             json.dumps({"text": "Canberra is the capital of Australia.", "source": "atlas"}),
             json.dumps({"text": "Canberra is the capital of Australia.", "source": "gazetteer"})]
    before = kb.stats()["total"]
    assert len(kb.import_jsonl(lines)) == 2  # the repeated line once; the same text from another source kept
    assert kb.import_jsonl(lines) == []
    assert kb.stats()["total"] == before + 2
    [hit] = [e for e, _ in kb.search(["Canberra is the capital of Australia."], k=3, status=None)[0]
             if e.source == "gazetteer"]
    assert hit.text == "Canberra is the capital of Australia."


def test_a_near_duplicate_of_an_approved_entry_is_found(tmp_path):
    kb = open_kb(tmp_path / "kb")
    approved = kb.add("The Eiffel Tower was completed in 1889.", source="atlas", status="approved")
    pending = kb.add("The Eiffel Tower was finished in 1889.", source="web")
    assert [e.id for e, _ in kb.near_duplicates(pending.text, exclude=pending.id)] == [approved.id]
    assert kb.near_duplicates("Koalas sleep up to 22 hours a day.") == []


def test_a_correction_goes_into_the_sentence_as_written_keeping_its_markup():
    text = "<p>The Eiffel Tower was completed in <b>1899</b>.</p>"
    report = Checker(Config()).check(text, ["The Eiffel Tower was completed in 1889."])
    [sentence] = report.sentences
    assert sentence.status == "contradicted" and sentence.suggestion is not None
    review = Review()
    review.decide(0, 0, ACCEPT, "ann")
    assert review.corrected_text(report) == "<p>The Eiffel Tower was completed in <b>1889</b>.</p>"
    assert report.corrected_text == "<p>The Eiffel Tower was completed in <b>1889</b>.</p>"
    assert review.entry_text(sentence, report) == "The Eiffel Tower was completed in 1889."
