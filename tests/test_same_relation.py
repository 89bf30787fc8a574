"""A conflict needs the same relation (judging.slot_relations, read by the rule tier), and each fact of a
multi-fact sentence is compared with its own evidence (judging.part_rules). Sentences written for these
tests."""
import pytest

from truthometer import models
from truthometer.text import lexicon
from truthometer.judging.part_rules import Part, in_sentence_offsets, part_mismatches, split_claims
from truthometer.judging.rules import find_mismatches
from truthometer.judging.slot_relations import containers_in_apposition, governing_predicate, rival_places, \
    same_relation, slot_root
from truthometer.report import EvidenceSentence
from truthometer.segmentation.parts import claim_parts


def doc(text):
    return models.nlp()(text)[:]


def token(span, word):
    return next(t for t in span if t.text == word)


def kinds(claim, evidence):
    return {m.kind for m in find_mismatches(doc(claim), doc(evidence))}


def test_a_slots_predicate_is_the_verb_it_belongs_to():
    span = doc("The ferry company moved its offices to Harwick in 1962.")
    assert governing_predicate(token(span, "1962")).lemma_ == "move"
    assert governing_predicate(token(span, "Harwick")).lemma_ == "move"
    root = slot_root(span, span.text.index("1962"), span.text.index("1962") + 4)
    assert root.text == "1962"


def test_a_year_of_another_event_the_other_side_tells_is_no_rival():
    claim = doc("Ida Brandt, born in 1871, won the Lindqvist Medal.")
    evidence = doc("Ida Brandt won the Lindqvist Medal in 1913.")
    assert not same_relation(token(claim, "1871"), token(evidence, "1913"))
    assert "date" not in kinds(claim.text, evidence.text)


def test_the_same_event_dated_otherwise_is_a_conflict_named_by_its_relation():
    claim, evidence = "The viaduct opened to traffic in 1948.", "The viaduct opened to traffic in 1938."
    assert same_relation(token(doc(claim), "1948"), token(doc(evidence), "1938"))
    [m] = find_mismatches(doc(claim), doc(evidence))
    assert (m.kind, m.relation) == ("date", "opened")
    assert m.describe().startswith("opened: date '1948'")


def test_kindred_verbs_and_events_neither_side_tells_otherwise_may_conflict():
    # WordNet kin: founding is establishing.
    assert same_relation(token(doc("The guild was founded in 1610."), "1610"),
                         token(doc("The guild was established in 1601."), "1601"))
    # Completion against a construction period: neither sentence tells the other's event.
    assert "date" in kinds("The hall was completed in 1899 for the fair.",
                           "The hall was constructed from 1887 to 1889 for the fair.")


def test_a_place_inside_the_evidences_place_is_no_rival():
    assert lexicon.place_within("San Francisco Bay", "California")
    assert not lexicon.place_within("California", "San Francisco Bay")
    assert not rival_places("California", "GPE", "San Francisco Bay", "LOC")
    assert not rival_places("Munich", "GPE", "Bavaria", "GPE")


def test_places_of_different_kinds_are_no_rivals_and_of_one_kind_are():
    assert lexicon.place_classes("Belfast") == {"settlement"}
    assert lexicon.place_classes("Munich") == {"settlement"} and lexicon.place_classes("Bavaria") == {"region"}
    assert lexicon.place_classes("North Atlantic") == {"water"}
    assert "water" in lexicon.place_classes("San Francisco Bay")
    assert not rival_places("Belfast", "GPE", "North Atlantic", "LOC")
    assert rival_places("Munich", "GPE", "Hamburg", "GPE")
    # Names WordNet does not know are compared by the tagger's labels.
    assert not rival_places("Dunmere", "GPE", "the Lenn Estuary", "LOC")
    assert rival_places("Dunmere", "GPE", "Carrow", "GPE")


def test_the_evidence_naming_a_place_with_its_region_offers_the_region_as_no_rival():
    span = doc("The brewery stands in Munich, Bavaria, beside the river.")
    assert {span.doc[i].text for i in containers_in_apposition(span)} == {"Bavaria"}


def test_a_city_rivalled_by_a_city_is_still_a_conflict():
    assert "entity" in kinds("The congress was held in Munich in 1910.", "The congress was held in Hamburg in 1910.")


def test_a_parts_mismatch_is_placed_at_the_words_of_the_sentence():
    claim = "The Orla Bridge opened to traffic in 1952 and was designed by Tomas Varga."
    parts = claim_parts(doc(claim))
    opened = next(p for p in parts if "1952" in p.text)
    [m] = find_mismatches(doc(opened.text), doc("The Orla Bridge opened to traffic in 1957."))
    placed = in_sentence_offsets(m, opened, claim)
    assert claim[placed.claim.start:placed.claim.end] == "1952"


def test_each_part_is_compared_with_its_own_evidence():
    claim = "The Orla Bridge opened to traffic in 1952 and was designed by Tomas Varga."
    evidence = {"open": EvidenceSentence("The Orla Bridge opened to traffic in 1957.", "reference", "ref #1"),
                "design": EvidenceSentence("Tomas Varga designed the Orla Bridge.", "reference", "ref #2")}
    parts = split_claims([doc(claim)])
    assert len(parts) == 2
    for p in parts:
        p.span = doc(p.part.text)
        p.evidence = [(evidence["open" if "1952" in p.part.text else "design"], 0.9)]
    parsed = {e.text: doc(e.text) for e in evidence.values()}
    mismatches, found_in = part_mismatches(parts, claim, doc(claim), parsed)
    assert found_in is evidence["open"]
    assert [(m.kind, claim[m.claim.start:m.claim.end], m.evidence.text) for m in mismatches] == \
        [("date", "1952", "1957")]
    # Every part agreeing with its evidence: nothing to report.
    parsed[evidence["open"].text] = doc("The Orla Bridge opened to traffic in 1952.")
    assert part_mismatches(parts, claim, doc(claim), parsed) == ([], None)


def test_a_sentence_of_one_fact_has_no_parts():
    assert split_claims([doc("The Orla Bridge opened to traffic in 1952."), None]) == []
