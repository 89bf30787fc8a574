"""The alignment's described-alike and non-prefixed passes, and the correction rule that keeps a modifier's
"non" with it. Sentences written for these tests, none from a benchmark."""
from truthometer.alignment import SUBSTITUTED, align
from truthometer.corrections import suggest_correction
from truthometer.alignment.passes import switched_off


def _substituted(alignment):
    return {(e.claim_text, e.evidence_text) for e in alignment.edges if e.op == SUBSTITUTED}


def _draft(claim, evidence):
    suggestion = suggest_correction(claim, evidence, align(claim, evidence))
    return suggestion.corrected if suggestion is not None else None


def test_a_noun_pairs_with_the_evidence_noun_its_own_adjective_describes():
    # No shared governor places "bar" ("had" / "known for"); "rustic" is said of the hall.
    claim = "The inn had a rustic wooden bar that drew travellers."
    evidence = ("The inn is known for its location on the pass, its rustic dining hall and generous breakfast "
                "portions.")
    alignment = align(claim, evidence)
    assert ("bar", "hall") in _substituted(alignment)
    assert _draft(claim, evidence) == "The inn had a rustic dining hall that drew travellers."
    with switched_off("described-alike"):
        assert ("bar", "hall") not in _substituted(align(claim, evidence))


def test_an_adjective_said_of_no_other_noun_places_nothing():
    # "rustic" is said of no noun of the evidence: nothing is placed by it.
    alignment = align("The inn had a rustic wooden bar that drew travellers.",
                      "The inn is known for its location on the pass, its dining hall and generous breakfast portions.")
    assert ("bar", "hall") not in _substituted(alignment)
    assert not any(e.claim_text == "bar" and e.evidence_text == "portions" and e.op == SUBSTITUTED
                   for e in alignment.edges)


def test_an_adjective_before_each_noun_makes_two_noun_phrases_not_one_coordination():
    from truthometer import models
    from truthometer.alignment.classifiers import coordinated_noun

    text = "She was admired for her clear soprano voice and clear stage presence."
    doc = models.parse_many([text])[text]
    voice = next(t.i for t in doc if t.text == "voice")
    assert coordinated_noun(doc, voice) == voice
    cable = "It is an American cable and satellite television channel."
    doc = models.parse_many([cable])[cable]
    first = next(t.i for t in doc if t.text == "cable")
    assert doc[coordinated_noun(doc, first)].text == "channel"


def test_an_adjective_tagged_as_an_adverb_for_its_ly_is_still_a_classifier():
    from truthometer.text import lexicon

    assert lexicon.adjective_only("gravelly") and lexicon.adjective_only("friendly")
    assert not lexicon.adjective_only("quickly") and not lexicon.adjective_only("daily")


def test_a_non_before_the_evidence_word_makes_it_the_opposite():
    alignment = align("The march through the capital was a violent one.",
                      "The march through the capital was a non-violent one.")
    edge = next(e for e in alignment.edges if e.op == SUBSTITUTED)
    assert (edge.claim_text, edge.evidence_text, edge.label) == ("violent", "non-violent", "opposite")
    from truthometer.verdicts import overrules_support
    assert overrules_support(alignment)
    with switched_off("non-prefixed"):
        assert not _substituted(align("The march through the capital was a violent one.",
                                      "The march through the capital was a non-violent one."))


def test_the_claims_own_non_goes_when_the_evidence_does_not_write_it():
    assert _draft("The council adopted a non-binding resolution on housing.",
                  "The council adopted a binding resolution on housing.") \
        == "The council adopted a binding resolution on housing."
