"""Quantities across units, and the rule tier that compares them."""
import pytest

from truthometer import models
from truthometer.alignment import align
from truthometer.judging.quantities import quantity, same_quantity, unit
from truthometer.judging.rules import find_mismatches


@pytest.mark.parametrize("a, b", [
    ((19340, "feet"), (5895, "metres")),
    ((3034, "°F"), (1668, "°C")),
    ((37, "°F"), (3, "°C")),
    ((47.5, "pounds"), (21.5, "kg")),
    ((2, "hours"), (120, "minutes")),
    ((1, "litre"), (1000, "ml")),
    ((250, "calories"), (250, "kcal")),  # food energy: a label's calorie is a kilocalorie
    ((250, "kcal"), (1046, "kJ")),
])
def test_same_amount_in_other_units(a, b):
    assert same_quantity(quantity(*a), quantity(*b))
    assert same_quantity(quantity(*b), quantity(*a))


@pytest.mark.parametrize("a, b", [
    ((19340, "feet"), (4000, "metres")),
    ((100, "°F"), (100, "°C")),
    ((10, "kg"), (10, "lb")),
    ((3, "km"), (3, "kg")),  # another dimension is never the same amount
])
def test_different_amounts(a, b):
    assert not same_quantity(quantity(*a), quantity(*b))


def test_unknown_units_are_not_quantities():
    assert unit("apples") is None
    assert quantity(3, "apples") is None
    assert quantity(3, "") is None
    assert not same_quantity(None, quantity(3, "km"))


def test_rule_tier_compares_across_units():
    nlp = models.nlp()
    claim = nlp("Uhuru Peak stands about 19,340 feet above sea level.")[:]
    assert find_mismatches(claim, nlp("Uhuru Peak rises to 5,895 metres above sea level.")[:]) == []
    m = find_mismatches(claim, nlp("Uhuru Peak rises to 4,100 metres above sea level.")[:])
    assert [(x.kind, x.claim.text, x.evidence.text) for x in m] == [("number", "19,340", "4,100")]


def test_rule_tier_a_fraction_written_with_a_hyphen_has_its_part_as_unit():
    # "third" is on spaCy's stop list and reads like a number: neither makes "one-third" a range.
    nlp = models.nlp()
    evidence = nlp("Roughly two-thirds of the old harbour was rebuilt after the storm.")[:]
    m = find_mismatches(nlp("Only about one-third of the old harbour was rebuilt after the storm.")[:], evidence)
    assert [(x.kind, x.claim.text, x.evidence.text, x.claim.unit) for x in m] == [("number", "one", "two", "third")]
    assert find_mismatches(nlp("About two-thirds of the old harbour was rebuilt after the storm.")[:], evidence) == []
    # A unit after the hyphen that reads like an ordinal: "a 10-second delay" is 10 seconds.
    m = find_mismatches(nlp("The alarm sounds after a 10-second delay.")[:], nlp("The alarm sounds after 30 seconds.")[:])
    assert [(x.claim.text, x.claim.unit, x.evidence.text) for x in m] == [("10", "second", "30")]


def test_a_mismatch_of_units_names_them_in_its_description():
    nlp = models.nlp()
    [m] = find_mismatches(nlp("Keep the ladder at least 30 inches from the wall.")[:],
                          nlp("Keep the ladder at least 30 cm from the wall.")[:])
    assert m.describe() == "number '30 inch' where the evidence has '30 cm'"


def test_rule_tier_a_name_contained_in_another_is_the_same_entity():
    nlp = models.nlp()
    claim = nlp("Linus Torvalds created Git in 2005 to manage the Linux kernel.")[:]
    evidence = nlp("Torvalds created Git in 2005 for the development of the Linux kernel.")[:]
    assert [m for m in find_mismatches(claim, evidence) if m.kind == "entity"] == []


def test_rule_tier_dates_conflict_only_in_parts_both_state():
    nlp = models.nlp()
    claim = nlp("The border was opened on 9 November 1989 after a mistaken announcement.")[:]
    same = nlp("The wall was opened on the night of 9 November 1989 after a mistaken announcement.")[:]
    vaguer = nlp("The border was opened in November 1989 after a mistaken announcement.")[:]
    other_day = nlp("The border was opened on 19 November 1989 after a mistaken announcement.")[:]
    other_month = nlp("The border was opened in December 1989 after a mistaken announcement.")[:]
    assert find_mismatches(claim, same) == [] and find_mismatches(claim, vaguer) == []
    assert [m.kind for m in find_mismatches(claim, other_day)] == ["date"]
    assert [m.kind for m in find_mismatches(claim, other_month)] == ["date"]
    # Range words are not date parts: "between 1961 and 1989" agrees with a sentence naming 1989.
    ranged = nlp("About 140 people were killed at the wall between 1961 and 1989.")[:]
    assert find_mismatches(ranged, nlp("At least 140 people were killed at the wall in November 1989.")[:]) == []


def test_rule_tier_a_range_covers_every_value_between_its_ends():
    nlp = models.nlp()
    # A range in the claim covers the evidence's amount, in another unit too (3.3 m is 10.8 ft).
    claim = nlp("The West Antarctic ice sheet could raise the sea level by 10 to 15 feet.")[:]
    assert find_mismatches(claim, nlp("The West Antarctic ice sheet could raise sea level by 3.3 metres.")[:]) == []
    assert [m.kind for m in find_mismatches(claim, nlp("The West Antarctic ice sheet could raise sea level "
                                                       "by 1.5 metres.")[:])] == ["number", "number"]
    # A range in the evidence covers the claim's amount; a bare "and" joins two values, not a range.
    assert find_mismatches(nlp("The daily dose of the drug is 300 mg.")[:],
                           nlp("The daily dose of the drug is between 200 and 400 mg.")[:]) == []
    assert [m.kind for m in find_mismatches(nlp("The daily dose of the drug is 300 mg.")[:],
                                            nlp("The daily dose of the drug is 200 mg and 400 mg.")[:])] == ["number"]
    # A year within the evidence's period is no rival; one outside it is.
    period = nlp("Between 1993 and 2018, thermal expansion of the oceans raised the sea level.")[:]
    assert find_mismatches(nlp("Thermal expansion of the oceans raised the sea level in 2015.")[:], period) == []
    assert [m.kind for m in find_mismatches(nlp("Thermal expansion of the oceans raised the sea level in 1985.")[:],
                                            period)] == ["date"]


def test_rule_tier_reads_two_years_written_as_one_token_as_a_period():
    nlp = models.nlp()
    evidence = nlp("In Europe, the winters of 1962–1963, 1981–1982 and 2009–2010 were abnormally cold.")[:]
    assert find_mismatches(nlp("The 2009-2010 winter in Europe was abnormally cold.")[:], evidence) == []
    assert find_mismatches(nlp("The winter of 1962 in Europe was abnormally cold.")[:], evidence) == []
    assert [m.kind for m in find_mismatches(nlp("The winter of 1975 in Europe was abnormally cold.")[:],
                                            evidence)] == ["date"]


def test_rule_tier_a_name_inside_a_longer_name_of_the_claim_is_no_rival():
    nlp = models.nlp()
    evidence = nlp("\"'Global warming the greatest scam in history' claims founder of Weather Channel\".")[:]
    claim = nlp("Weather Channel Co-Founder John Coleman Calls Global Warming a Hoax")[:]
    assert find_mismatches(claim, evidence) == []
    rival = nlp("Global warming is the greatest scam in history, claims Richard Lindzen.")[:]
    assert {m.evidence.text for m in find_mismatches(claim, rival) if m.kind == "entity"} == {"Richard Lindzen"}


def test_rule_tier_a_name_the_claim_states_untagged_is_no_rival():
    # The small model tags "Instagram" as a name in the evidence only (and "Facebook" not at all): the
    # claim states Instagram, so it is no rival of "Apple" (the alignment finds Facebook by its role).
    nlp = models.nlp()
    claim = nlp("Apple acquired Instagram in 2012.")[:]
    assert find_mismatches(claim, nlp("In 2012, Facebook acquired Instagram for $1 billion.")[:]) == []
    found = find_mismatches(claim, nlp("In 2012, Google LLC acquired Instagram for $1 billion.")[:])
    assert [(m.claim.text, m.evidence.text) for m in found if m.kind == "entity"] == [("Apple", "Google LLC")]


def test_rule_tier_skips_the_entity_put_in_for_a_pronoun():
    nlp = models.nlp()
    claim = nlp("Mount Kilimanjaro's highest point, Uhuru Peak, stands on the Kibo cone.")[:]
    evidence = nlp("Its highest summit, Uhuru Peak, rises on the Mawenzi cone of Tanzania.")[:]
    put_in = len("Mount Kilimanjaro's")
    assert all(m.claim.text != "Mount Kilimanjaro's" for m in find_mismatches(claim, evidence, context_chars=put_in))


def test_canonical_unit_names():
    from truthometer.judging.quantities import canonical

    assert canonical("kilometres") == canonical("km") == canonical("Kilometers") == "km"
    assert canonical("feet") == canonical("foot") == "ft"
    assert canonical("Fahrenheit") == canonical("°F") == "°f"
    assert canonical("metres") != canonical("feet")
    assert canonical("apples") is None


def test_the_put_in_antecedent_is_no_rival_of_the_claims_other_entities():
    nlp = models.nlp()
    claim = nlp("The Eiffel Tower is located in Paris.")[:]
    evidence = nlp("The Eiffel Tower was completed in 1889.")[:]
    assert find_mismatches(claim, evidence, context_chars=len("The Eiffel Tower")) == []


def test_polarity_reads_the_main_clause_only():
    from truthometer.judging.rules import polarity

    nlp = models.nlp()
    assert polarity(nlp("Park the two vehicles so that they do not touch.")[:]) == 1
    assert polarity(nlp("The dose is 400 mg, and no more than 1,200 mg should be taken.")[:]) == 1
    assert polarity(nlp("St Paul's Cathedral was not damaged by the fire.")[:]) == -1
    assert polarity(nlp("The charter was never endorsed by the Pope.")[:]) == -1


def test_bounds_decide_what_they_can_and_leave_the_rest_open():
    from truthometer.judging.quantities import bounded_agreement, bounds_apply, near

    assert bounded_agreement(600, ">", 812, "") is True      # "more than 600" / "812"
    assert bounded_agreement(600, ">", 512, "") is False
    assert bounded_agreement(600, ">", 500, "<") is False    # / "fewer than 500"
    assert bounded_agreement(700, "", 800, ">") is False     # "700" / "over 800"
    assert bounded_agreement(900, "", 800, ">") is None      # left open
    assert bounded_agreement(50, "<", 40, "") is True
    assert not bounds_apply("", "~", limits=False) and bounds_apply("", ">", limits=False)
    # Two bounds of one kind: counts estimated compare as bounds ("over 800" makes "more than 600" true;
    # "over 600", the writer's best round figure, makes "more than 800" false), limits set as amounts.
    assert bounded_agreement(600, ">", 800, ">") is True and bounded_agreement(800, ">", 600, ">") is False
    assert bounded_agreement(50, "<", 40, "<") is True and bounded_agreement(40, "<", 50, "<") is False
    assert not bounds_apply("<", "<", limits=True) and bounded_agreement(4000, "<", 1200, "<", limits=True) is None
    # A hedged amount agrees with what it rounds to, at most a tenth off.
    assert near(10_000, 9_800) and not near(10_000, 11_500) and not near(97, 93) and near(8_849, 8_848.86)


def test_a_negated_bound_or_a_limit_noun_is_a_limit_set():
    from truthometer.judging.quantities import limit_at

    nlp = models.nlp()
    for text, number, limit in (("Mozart composed more than 600 works.", "600", False),
                                ("No more than 1,200 mg should be taken.", "1,200", True),
                                ("You should not go above 4,000 mg a day.", "4,000", True),
                                ("The minimum distance is 45 inches.", "45", True),
                                ("The bridge is over 1,200 metres long.", "1,200", False)):
        doc = nlp(text)
        assert limit_at(doc, next(t.i for t in doc if t.text == number)) is limit, text


def test_the_words_around_a_number_say_how_it_is_bounded():
    from truthometer.judging.quantities import bound_at

    nlp = models.nlp()
    for text, number, sense in (("Mozart composed more than 600 works.", "600", ">"),
                                ("No more than 1,200 mg should be taken.", "1,200", "<"),
                                ("You should not go above 4,000 mg a day.", "4,000", "<"),
                                ("The minimum distance is 45 inches.", "45", ">"),
                                ("It is about 97% effective.", "97", "~"),
                                ("The film grossed over $2.79 billion.", "2.79", ">"),
                                ("It has 206 bones.", "206", "")):
        doc = nlp(text)
        assert bound_at(doc, next(t.i for t in doc if t.text == number)) == sense, text


def test_a_unit_abbreviation_keeps_its_meaning_with_a_full_stop():
    from truthometer.judging.quantities import canonical, unit

    # The tokenizer leaves the sentence's full stop on "g." in "The tablet weighs 460 g."
    assert unit("g.") == unit("g") is not None and canonical("km.") == canonical("km")
    assert unit(".") is None


def test_up_to_after_a_verb_of_capacity_states_the_capacity():
    from truthometer.judging.quantities import bound_at

    nlp = models.nlp()
    arena = nlp("The arena can seat up to 20,000 people.")
    assert bound_at(arena, [t.text for t in arena].index("20,000")) == ""
    leak = nlp("Up to 20 litres may leak out.")
    assert bound_at(leak, [t.text for t in leak].index("20")) == "<"


def test_a_comparative_of_size_bounds_a_measure():
    evidence = nlp_span("The bridge has a total length of 2,737 metres.")
    assert not find_mismatches(nlp_span("The bridge is longer than 2 kilometres."), evidence)
    assert find_mismatches(nlp_span("The bridge is shorter than 2 kilometres."), evidence)
    assert find_mismatches(nlp_span("The bridge is longer than 3 kilometres."), evidence)


def nlp_span(text):
    return models.nlp()(text)[:]


def test_a_temperature_unit_written_in_two_words_converts():
    evidence = nlp_span("At sea level, water boils at 100 °C.")
    assert not find_mismatches(nlp_span("Water boils at 212 degrees Fahrenheit at sea level."), evidence)
    assert find_mismatches(nlp_span("Water boils at 190 degrees Fahrenheit at sea level."), evidence)
    assert corrected_text("Water boils at 212 degrees Fahrenheit.", "Water boils at 100 °C.") is None


def corrected_text(claim, evidence):
    from truthometer.alignment import align
    from truthometer.corrections import suggest_correction

    a = align(claim, evidence)
    s = suggest_correction(claim, evidence, a) if a.contradicts else None
    return s.corrected if s else None


def test_a_not_on_the_name_set_aside_is_no_negation_of_the_clause():
    from truthometer.judging.rules import polarity

    assert polarity(nlp_span("The capital of Australia is Canberra, not Sydney.")) == 1
    assert polarity(nlp_span("The capital of Australia is not Sydney.")) == -1
    assert not find_mismatches(nlp_span("Canberra is the capital of Australia."),
                               nlp_span("The capital of Australia is Canberra, not Sydney."))


def test_a_currency_sign_is_its_currency_and_two_currencies_are_not_compared():
    evidence = nlp_span("Admission is €12 for adults.")
    [m] = find_mismatches(nlp_span("The ticket costs 20 euros."), evidence)
    assert (m.claim.value, m.evidence.value) == (20.0, 12.0)
    assert not find_mismatches(nlp_span("The ticket costs 12 euros."), evidence)
    assert not find_mismatches(nlp_span("The ticket costs 20 dollars."), evidence)
    assert corrected_text("The ticket costs 20 euros.", "The ticket costs €12.") == "The ticket costs 12 euros."


def test_amounts_written_to_other_decimal_places_agree_when_rounded():
    from truthometer.judging.quantities import same_when_rounded
    assert same_when_rounded(8849, 8848.86) and same_when_rounded(3.14, 3.1)
    assert not same_when_rounded(3.1, 3.16) and not same_when_rounded(1000, 1004)
    nlp = models.nlp()
    evidence = nlp("Mount Everest is 8,848.86 m high.")[:]
    assert find_mismatches(nlp("Mount Everest is 8,849 m high.")[:], evidence) == []
    assert [m.kind for m in find_mismatches(nlp("Mount Everest is 8,850 m high.")[:], evidence)] == ["number"]
    assert not align("Mount Everest is 8,849 metres high.", evidence.text).contradicts
    assert align("Mount Everest is 8,850 metres high.", evidence.text).contradicts


def test_frequencies_are_compared_in_times_per_day():
    from truthometer.judging.quantities import frequency

    words = "take one tablet twice daily".split()
    assert frequency(words, 3) == (2.0, 5) and frequency(words, 1) is None
    assert frequency("every 8 hours".split(), 0) == (3.0, 3) and frequency("1 inch every ten years".split(), 2) is None
    assert frequency("14 times a week".split(), 0) == (2.0, 4)
    assert frequency("once upon a time".split(), 0) is None
    evidence = "The usual dose is one tablet twice daily."
    for same in ("The drug is taken twice a day.", "The drug is taken two times daily.",
                 "The drug is taken every 12 hours."):
        assert not align(same, evidence).contradicts, same
    assert corrected_text("The drug is taken three times a day.", evidence) == "The drug is taken twice daily."
    nlp = models.nlp()
    assert [m.kind for m in find_mismatches(nlp("Take one tablet every 8 hours.")[:], nlp(evidence)[:])] == ["number"]
    # A period is rounded as any amount is.
    moon = "The Moon completes an orbit around Earth every 27.3 days."
    assert not align("The Moon orbits the Earth every 27 days.", moon).contradicts
    assert find_mismatches(nlp("The Moon orbits the Earth every 27 days.")[:], nlp(moon)[:]) == []
    assert align("The Moon orbits the Earth every 30 days.", moon).contradicts


def test_rule_tier_a_name_the_claims_noun_is_of_is_unsaid_where_the_evidence_names_the_noun_alone():
    nlp = models.nlp()
    claim = nlp("The Great Pyramid of Giza was built around 2560 BC.")[:]
    assert find_mismatches(claim, nlp("The Great Pyramid was built around 2560 BC for the pharaoh Khufu.")[:]) == []
    assert [m.kind for m in find_mismatches(claim, nlp("The Great Pyramid of Saqqara was built around 2560 BC.")[:])] \
        == ["entity"]


def test_a_frequency_is_read_within_its_own_sentence_of_a_long_article():
    nlp = models.nlp()
    evidence = nlp("The usual dose is one tablet twice daily.")[:]
    doc = nlp("The tablets are white and round. " * 40 + "Take one tablet every 8 hours. A day has 24 hours.")
    sentences = list(doc.sents)
    dose = next(s for s in sentences if s.text.startswith("Take"))
    assert dose.start > 200  # far into the article: the words read are this sentence's, wherever it is
    assert [m.kind for m in find_mismatches(dose, evidence)] == ["number"]
    assert [m.kind for m in find_mismatches(dose, evidence)] == \
        [m.kind for m in find_mismatches(nlp(dose.text)[:], evidence)]


def test_up_to_states_a_maximum_and_two_maxima_conflict():
    nlp = models.nlp()
    claim, evidence = "The battery lasts up to 10 hours.", "The battery lasts up to 8 hours."
    assert [(m.claim.text, m.evidence.text) for m in find_mismatches(nlp(claim)[:], nlp(evidence)[:])] == [("10", "8")]
    assert [(e.claim_text, e.evidence_text) for e in align(claim, evidence).substituted] == [("10", "8")]
    # The same maximum, or the amount itself, is no conflict.
    assert find_mismatches(nlp(claim)[:], nlp("The battery lasts up to 10 hours on one charge.")[:]) == []
    assert not align(claim, "The battery lasts 10 hours.").substituted


def test_adverbs_of_one_time_per_period_are_frequencies():
    nlp = models.nlp()
    a = align("The drip tray needs emptying once a week.", "The drip tray should be emptied daily.")
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("once a week", "daily")]
    assert not align("The filter needs cleaning every week.", "The filter should be cleaned once a week.").flagged
    assert [m.kind for m in find_mismatches(nlp("Take the tablets twice daily.")[:],
                                            nlp("The tablets are taken daily.")[:])] == ["number"]
    # "the daily maximum" is an amount per day, not how often: no frequency slot.
    assert not any(e.claim_text == "daily" and e.kind == "number"
                   for e in align("The daily maximum is 3,200 mg.", "Adults may take 1,200 mg in 24 hours.").edges)


def test_a_bound_on_the_object_of_a_denied_verb_is_a_limit():
    from truthometer.text.quantities import bound_at, limit_at

    nlp = models.nlp()
    doc = nlp("Adults should not take more than 1,200 mg in 24 hours.")
    k = next(t.i for t in doc if t.text == "1,200")
    assert (bound_at(doc, k), limit_at(doc, k)) == ("<", True)  # at most 1,200 mg
    doc = nlp("Adults may take more than 1,200 mg.")
    k = next(t.i for t in doc if t.text == "1,200")
    assert (bound_at(doc, k), limit_at(doc, k)) == (">", False)
    m = find_mismatches(nlp("The daily maximum for adults is 3,200 mg.")[:], nlp("Adults should not take more than 1,200 mg.")[:])
    assert [(x.kind, x.claim.text, x.evidence.text) for x in m] == [("number", "3,200", "1,200")]


def test_one_unit_of_time_is_an_amount():
    nlp = models.nlp()
    m = find_mismatches(nlp("The paint dries within an hour.")[:], nlp("The paint dries within 4 hours.")[:])
    assert [(x.kind, x.claim.text, x.evidence.text) for x in m] == [("number", "an hour", "4")]
    assert find_mismatches(nlp("The battery lasts an hour.")[:], nlp("The battery lasts 60 minutes.")[:]) == []
    a = align("The paint dries within an hour.", "The paint dries within 4 hours.")
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("an hour", "4 hours")]
    # A day named is no amount of time.
    assert not any(e.kind == "number" for e in align("It was a day of mourning.", "It was a week of mourning.").edges)


def test_a_deadline_is_a_limit_set_and_two_deadlines_compare_as_amounts():
    from truthometer.text.quantities import bound_at, limit_at

    text = "Opened jars should be used within ten days."
    doc = models.parse_many([text])[text]
    ten = next(t.i for t in doc if t.lower_ == "ten")
    assert bound_at(doc, ten) == "<" and limit_at(doc, ten)
    # "up to a week" and "within one to two days" are two maxima of one thing, and differ.
    a = align("Cooked rice keeps for up to a week in the fridge.",
              "Cooked rice should be eaten within one to two days.")
    assert any(e.op == "substituted" and e.claim_text == "a week" for e in a.edges)
    # A distance within a bound is no difference.
    near = align("The hut lies within 5 km of the lake.", "The hut is 3 km from the lake.")
    assert not any(e.op == "substituted" and e.kind == "number" for e in near.edges)


def test_an_amount_is_written_in_the_claims_unit_only_where_a_writer_would():
    from truthometer.alignment.base import _in_unit

    # Kilometres in metres, not years in minutes ("within 6,311,520 minutes" is no way to write 12 years).
    assert _in_unit(3, "km", "metres") == "3,000" and _in_unit(12, "years", "minutes") is None
