"""Adverbs of frequency at opposite ends of the scale ("often" / "rarely"), and the middle against "always":
one table in the text layer, read by the rule tier (a mismatch), the alignment (a substitution) and so the
correction."""
import pytest

from truthometer import models
from truthometer.alignment import align
from truthometer.corrections import suggest_correction
from truthometer.alignment.passes import switched_off
from truthometer.judging.rules import find_mismatches
from truthometer.text.frequency_adverbs import ALWAYS, OFTEN, frequency_side, opposite_frequencies


@pytest.fixture(scope="module")
def nlp():
    return models.nlp()


def test_the_scale_has_two_ends_and_a_middle():
    assert frequency_side("Often") == 1 and frequency_side("usually") == 1 and frequency_side("always") == 1
    assert frequency_side("rarely") == -1 and frequency_side("seldom") == -1
    assert frequency_side("sometimes") == 0 and frequency_side("occasionally") == 0 and frequency_side("soon") == 0
    assert ALWAYS <= OFTEN  # "always" is the upper end: opposite_frequencies reads it by its side


@pytest.mark.parametrize("claim, evidence, pair", [
    ("Aspirin often causes stomach bleeding in children.", "Aspirin rarely causes stomach bleeding in children.",
     ("often", "rarely")),
    ("The night ferry seldom leaves before midnight.", "The night ferry usually leaves before midnight.",
     ("seldom", "usually")),
    ("Wild wolves are rarely aggressive towards people.", "Wild wolves are frequently aggressive towards people.",
     ("rarely", "frequently")),
    # The middle of the scale denies "always" ("sometimes" implicates "not always").
    ("Aspirin always causes stomach bleeding in children.", "Aspirin sometimes causes stomach bleeding in children.",
     ("always", "sometimes")),
])
def test_opposite_ends_on_the_same_verb_and_subject(nlp, claim, evidence, pair):
    found = opposite_frequencies(nlp(claim)[:], nlp(evidence)[:])
    assert [(c.lower_, e.lower_) for c, e in found] == [pair]
    mismatches = find_mismatches(nlp(claim)[:], nlp(evidence)[:])
    assert [(m.kind, m.claim.text.lower(), m.evidence.text) for m in mismatches] == [("quality", *pair)]


@pytest.mark.parametrize("claim, evidence", [
    # Another degree, not the opposite end.
    ("The night ferry usually leaves before midnight.", "The night ferry sometimes leaves before midnight."),
    # A negation says neither end: "not often" is no claim that it happens often.
    ("The night ferry does not often leave before midnight.", "The night ferry rarely leaves before midnight."),
    # Another subject, another verb.
    ("Cats often sleep during the day.", "Dogs rarely sleep during the day."),
    ("Aspirin often causes stomach bleeding.", "Aspirin rarely prevents stomach bleeding."),
    # What always happens also sometimes happens.
    ("Aspirin sometimes causes stomach bleeding.", "Aspirin always causes stomach bleeding."),
    # The same end in other words.
    ("Aspirin frequently causes stomach bleeding.", "Aspirin often causes stomach bleeding."),
])
def test_no_opposite_where_the_sentences_do_not_say_opposite_ends(nlp, claim, evidence):
    assert opposite_frequencies(nlp(claim)[:], nlp(evidence)[:]) == []
    assert [m for m in find_mismatches(nlp(claim)[:], nlp(evidence)[:]) if m.kind == "quality"] == []


def test_the_alignment_substitutes_the_other_end_and_the_pass_switches_off():
    claim = "The night ferry usually leaves the harbour before noon."
    evidence = "The night ferry seldom leaves the harbour before noon."
    edges = [e for e in align(claim, evidence).edges if e.claim_text == "usually"]
    assert [(e.op, e.evidence_text, e.label) for e in edges] == [("substituted", "seldom", "opposite")]
    assert suggest_correction(claim, evidence).corrected == "The night ferry seldom leaves the harbour before noon."
    with switched_off("frequency-adverbs"):
        assert not any(e.claim_text == "usually" and e.op == "substituted" for e in align(claim, evidence).edges)


def test_what_the_verb_does_in_other_words_is_not_rewritten_with_it():
    # How often differs; "low blood sugar" and "hypoglycaemia" name one thing, so the object stays.
    alignment = align("Taken alone, metformin frequently causes dangerously low blood sugar.",
                      "When used on its own, metformin rarely causes hypoglycaemia.")
    substituted = [(e.claim_text, e.evidence_text) for e in alignment.edges if e.op == "substituted"]
    assert substituted == [("frequently", "rarely")]
