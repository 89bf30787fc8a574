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
