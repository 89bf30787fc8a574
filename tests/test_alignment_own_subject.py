"""Who a clause is about and where an event took place: a relative clause about the claim's own subject
describes it, the place of another event is no confirmation, and a name's own "The" stays with it.
Hand-made sentences only."""
from alignment_support import corrected, warm_models  # noqa: F401 - the fixture is used by being imported
from truthometer.alignment import align


def test_a_clause_about_the_claims_own_subject_names_no_other_subject():
    a = align("Scurvy, the painful swelling of the gums, is caused by a lack of vitamin D.",
              "Scurvy, which shows as a painful swelling of the gums, is caused by a lack of vitamin C.")
    moved = [e for e in a.edges if e.op == "substituted" and e.kind in ("noun", "attribute")]
    assert not any(e.evidence_text.lower() == "scurvy" for e in moved)
    fixed = corrected("Scurvy, the painful swelling of the gums, is caused by a lack of vitamin D.",
                      "Scurvy, which shows as a painful swelling of the gums, is caused by a lack of vitamin C.")
    assert fixed is None or "painful swelling of the gums" in fixed


def test_a_clause_about_another_subject_still_names_it():
    assert corrected("Titanium has atomic number 40.",
                     "Zirconium, which sits directly below titanium, has atomic number 40.") \
        == "Zirconium has atomic number 40."


def test_the_place_of_another_event_does_not_confirm_the_claims_place():
    fixed = corrected("The library was founded in Leeds in 1850.",
                      "The library was founded in York in 1850 and moved to Leeds in 1902.")
    assert fixed is not None and "York" in fixed and "Leeds" not in fixed


def test_the_same_event_in_the_same_place_is_confirmed():
    a = align("The library was founded in Leeds.", "The library was founded in Leeds in 1850 and moved to York in 1902.")
    assert not [e for e in a.edges if e.kind == "entity" and e.op == "substituted"]


def test_a_names_own_the_keeps_its_capital():
    assert "in The Hague" in corrected("The court sits in Geneva.", "The court sits in The Hague.")
    assert "in the United States" in corrected("The film was shot in Canada.", "The film was shot in the United States.")


def test_a_subject_the_claim_names_itself_is_no_rival_holder():
    a = align("Saturn, the sixth planet from the Sun, is the planet with the most moons.",
              "Saturn is the sixth planet from the Sun and the planet with the most moons.")
    assert not [e for e in a.edges if e.op == "substituted" and e.evidence_text == "Saturn"]
    # Another subject holding the role is still a rival.
    assert corrected("Mercury is the hottest planet.", "Venus is the hottest planet, hotter even than Mercury.") \
        == "Venus is the hottest planet."


def test_a_verb_forbidding_the_claims_subject_is_its_denial():
    denied = align("Dogs are allowed in the park.", "The council bans dogs from the park.")
    assert denied.polarity_mismatch
    agreed = align("No new mining permits may be issued.", "The law prohibits new mining permits.")
    assert agreed.claim_negated and not agreed.polarity_mismatch


def test_of_two_frequencies_the_equal_one_confirms():
    a = align("Interest is worked out daily and paid once a year.", "Interest is calculated daily and paid annually.")
    assert not [e for e in a.edges if e.kind == "number" and e.op == "substituted"]


def test_a_planet_is_rivalled_by_planets_only():
    from truthometer import models
    from truthometer.judging.rules import find_mismatches

    nlp = models.nlp()
    assert not [m for m in find_mismatches(nlp("It is the longest river on Earth.")[:],
                                           nlp("It is the longest river in the world, flowing through Egypt.")[:])
                if m.kind == "entity"]


def test_rule_tier_reads_a_forbidding_verb_as_a_negation():
    from truthometer import models
    from truthometer.judging.rules import find_mismatches

    nlp = models.nlp()
    evidence = nlp("The act sets a speed limit and prohibits new toll roads in the county.")[:]
    negations = [m for m in find_mismatches(nlp("New toll roads may be built in the county.")[:], evidence)
                 if m.kind == "negation"]
    assert negations
    assert not [m for m in find_mismatches(nlp("No new toll roads may be built in the county.")[:], evidence)
                if m.kind == "negation"]
