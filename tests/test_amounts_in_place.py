"""Amounts read where they stand: a period under a shared "every", a count that is the subject, an angle in
degrees, the threshold of a condition; a compass word inside a measured distance; and the rule tier's
coverage through WordNet's kinds of a verb. Hand-made sentences only."""
import pytest

from alignment_support import corrected, warm_models  # noqa: F401 - the fixture is used by being imported
from truthometer import models
from truthometer.alignment import align
from truthometer.judging.rules import find_mismatches
from truthometer.text.quantities import bound_at, frequency, limit_at


def _substituted(claim, evidence):
    return {(e.claim_text, e.evidence_text) for e in align(claim, evidence).edges if e.op == "substituted"}


def test_a_period_after_or_shares_the_every_before_it():
    lows = "service it every 10,000 miles or 6 months".split()
    assert frequency(lows, lows.index("6")) is not None
    # Without the "every" it is a length of time, not how often.
    lows = "the warranty covers 10,000 miles or 6 months".split()
    assert frequency(lows, lows.index("6")) is None


def test_the_shared_period_is_corrected_as_a_frequency():
    fixed = corrected("Replace the cabin filter every 20,000 km or 36 months, whichever comes first.",
                      "The cabin filter should be replaced every 20,000 km or every 24 months, whichever comes first.")
    assert fixed is not None and "24 months" in fixed and "36" not in fixed


def test_a_count_that_is_the_subject_pairs_with_the_count_of_the_same_predicate():
    pairs = _substituted("Of its two thousand paintings, about 500 are on show.",
                         "The gallery owns some two thousand paintings, of which around 150 are on show.")
    assert ("500", "150") in pairs


def test_a_count_of_another_predicate_is_no_counterpart():
    pairs = _substituted("About 500 are on show.", "About 150 were sold at auction in 1990.")
    assert ("500", "150") not in pairs


def test_degrees_of_latitude_compare_with_the_degree_sign():
    assert ("30", "40") in _substituted("The zone lies north of 30 degrees North latitude.",
                                        "The zone lies north of 40° North latitude.")
    # A temperature keeps its scale.
    assert ("160", "180") in _substituted("Roast it at 160 °C.", "Roast it at 180°C.")


@pytest.mark.parametrize("claim, evidence", [
    ("Sow the beans outdoors once the soil stays above 8°C.", "Sow the beans outdoors once the soil stays above 12°C."),
    ("Call a doctor if the fever rises above 38 °C.", "Call a doctor if the fever rises above 39.5 °C."),
])
def test_the_threshold_of_a_condition_is_a_value_not_a_bound(claim, evidence):
    doc = models.nlp()(claim)
    number = next(t for t in doc if t.like_num)
    assert bound_at(doc, number.i) == ">" and limit_at(doc, number.i)
    assert any(e.kind == "number" for e in align(claim, evidence).edges if e.op == "substituted")


def test_a_bound_outside_a_condition_is_still_a_bound():
    doc = models.nlp()("The tower is more than 300 metres tall.")
    number = next(t for t in doc if t.like_num)
    assert bound_at(doc, number.i) == ">" and not limit_at(doc, number.i)
    # "over 320" makes "more than 300" true.
    assert not _substituted("The tower is more than 300 metres tall.", "The tower is over 320 metres tall.")


def test_a_compass_word_in_a_distance_is_not_confirmed_by_a_place_name():
    pairs = _substituted("The fort stands some 8 km north-east of the town, close to the river.",
                         "The fort stands about 8 km north-west of the town, near the river, East Lothian.")
    assert ("east", "west") in {(a.lower(), b.lower()) for a, b in pairs}


def test_rule_tier_reads_a_kind_of_the_verb_as_the_same_event():
    nlp = models.nlp()
    claim = nlp("The king's army had just beaten a Swedish fleet at the river mouth.")[:]
    evidence = nlp("The king's army arrived after defeating a Danish fleet at the river mouth in May.")[:]
    found = find_mismatches(claim, evidence)
    assert any(m.kind == "entity" and m.claim.text == "Swedish" and m.evidence.text == "Danish" for m in found)
    # Another event altogether is not compared.
    other = nlp("A Danish fleet was built in the harbour.")[:]
    assert not any(m.kind == "entity" for m in find_mismatches(claim, other))
