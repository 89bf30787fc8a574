"""The text layer: one table per concept (numbers, dates and years, negation, names), read alike by the
judge's features, the rule tier and the alignment."""
import pytest

from truthometer import models
from truthometer.text import dates, names, negation, numbers


@pytest.fixture(scope="module")
def nlp():
    return models.nlp()


def _token(doc, text):
    return next(t for t in doc if t.text == text)


# ---------------------------------------------------------------------------------------------- numbers


@pytest.mark.parametrize("word, value", [("fourteen", 14), ("sixty", 60), ("ninety", 90), ("hundred", 100),
                                         ("trillion", 10 ** 12), ("Seven", 7)])
def test_number_words(word, value):
    assert numbers.number_value(word) == value


def test_a_scale_word_alone_is_not_a_count():
    assert numbers.number_value("million", numbers.COUNT_WORDS) is None
    assert numbers.number_value("twelve", numbers.COUNT_WORDS) == 12
    assert numbers.number_value("3,250") == 3250.0
    assert numbers.number_value("dozens") is None


def test_ordinals():
    assert numbers.ordinal_value("third") == 3
    assert numbers.ordinal_value("41st") == 41
    assert numbers.ordinal_value("thirds") is None


def test_bound_phrases_have_one_sense_each():
    assert numbers.BOUND_SENSE["more than"] == ">"
    assert numbers.BOUND_SENSE["fewer than"] == "<"
    assert not set(numbers.LOWER_BOUNDS) & set(numbers.UPPER_BOUNDS)


# ------------------------------------------------------------------------------------------------ years


@pytest.mark.parametrize("sentence, word, year", [
    ("The bridge opened in 1932 after six years of work.", "1932", 1932),
    ("The emperor was murdered in 44 BC by a group of senators.", "44", -44),
    ("The town was buried by the eruption of AD 79.", "79", 79),
    ("The town was buried in 79 AD by ash.", "79", 79),
    ("The temple was finished around 300 BCE.", "300", -300),
    ("A fortress stood there in 1066 AD already.", "1066", 1066),
])
def test_years_with_and_without_an_era(nlp, sentence, word, year):
    assert dates.year_of(_token(nlp(sentence), word)) == year


@pytest.mark.parametrize("sentence, word", [
    ("The ship carried 476 passengers across the bay.", "476"),
    ("The hall seats 2500 people on two floors.", "2500"),
    ("She scored 12 goals in the season.", "12"),
    ("The road is 999 kilometres long.", "999"),
])
def test_a_bare_number_is_no_year(nlp, sentence, word):
    assert dates.year_of(_token(nlp(sentence), word)) is None


def test_years_between_counts_no_year_zero():
    assert dates.years_between(1939, 1945) == 6
    assert dates.years_between(-27, 14) == 40


def test_decades_periods_months_and_days():
    assert dates.is_decade_text("1970s") and not dates.is_decade_text("1975s") and not dates.is_decade_text("70s")
    assert dates.period_years("1914–1918") == ("1914", "1918")
    assert dates.period_years("14–18") is None
    assert dates.month_of("Sept.") == "september"
    assert dates.month_of("mar", capitalised=False) is None
    assert dates.month_of("march", capitalised=False) == "march"
    assert dates.day_of_month("23rd") == 23 and dates.day_of_month("32") is None


def test_an_era_year_is_a_date_slot_for_the_rule_tier(nlp):
    from truthometer.judging.rules import extract_slots, find_mismatches

    claim = nlp("The old city walls were built in 44 BC by the governor.")[:]
    slots = [s for s in extract_slots(claim) if s.kind == "date"]
    assert slots and "-44" in slots[0].value[0]
    evidence = nlp("The old city walls were built in 52 BC by the governor.")[:]
    assert [m.kind for m in find_mismatches(claim, evidence)] == ["date"]
    same = nlp("The old city walls were built in 44 BC by the governor of the province.")[:]
    assert find_mismatches(claim, same) == []


def test_an_era_year_is_a_year_slot_for_the_alignment(nlp):
    from truthometer.alignment.slots import extract_slots

    doc = nlp("The harbour was founded in 120 BC by traders.")
    years = [s for s in extract_slots(doc) if s.kind == "date" and s.granularity == "year"]
    assert [(doc[s.i:s.j].text, s.value) for s in years] == [("120", -120)]


def test_a_number_word_past_fifteen_is_a_number_slot(nlp):
    from truthometer.alignment.slots import extract_slots

    doc = nlp("The choir has seventeen singers.")
    numbers_found = [s for s in extract_slots(doc) if s.kind == "number"]
    assert [(s.value, s.unit) for s in numbers_found] == [(17, "singer")]


# --------------------------------------------------------------------------------------------- negation


def test_negation_subsets_nest():
    assert negation.VERB_NEGATORS < negation.CLAUSE_NEGATORS < negation.NEGATIONS
    assert "without" in negation.NEGATIONS and "without" not in negation.CLAUSE_NEGATORS
    assert "no" in negation.CLAUSE_NEGATORS and "no" not in negation.VERB_NEGATORS


def test_reversing_words_hold_the_implicatives():
    assert negation.NEGATIVE_IMPLICATIVES < negation.REVERSING_WORDS
    assert {"only", "hoax", "never", "ban"} <= negation.REVERSING_WORDS
    assert "only" not in negation.NEGATIVE_IMPLICATIVES


def test_negation_phrases():
    assert negation.NEGATION_PHRASES.search("The band has yet to release a second record.")
    assert negation.NEGATION_PHRASES.search("Anything but a quiet evening.")
    assert not negation.NEGATION_PHRASES.search("The band released a second record.")


def test_judge_and_rule_tier_read_the_same_negations(nlp):
    from truthometer.judging.nli.alignment import sentence_info
    from truthometer.judging.rules import polarity

    denied = nlp("Nobody in the village owns a car.")
    assert polarity(denied[:]) == -1
    assert sentence_info(denied).negations >= 1
    affirmed = nlp("Everybody in the village owns a car.")
    assert polarity(affirmed[:]) == 1
    assert sentence_info(affirmed).negations == 0


# ------------------------------------------------------------------------------------------------ names


def test_label_families():
    assert names.families("agent", "place") == {"PERSON": "agent", "ORG": "agent", "GPE": "place", "LOC": "place",
                                                "FAC": "place"}
    assert names.LABEL_FAMILIES["LANGUAGE"] == names.LABEL_FAMILIES["NORP"]
    assert names.ENTITY_LABELS.isdisjoint(names.NUMERIC_LABELS)


def test_codes_and_acronyms():
    assert names.is_code("B-52") and names.is_code("A380")
    assert not names.is_code("NATO") and not names.is_code("2019")
    assert names.abbreviates("RSPB", "Royal Society for the Protection of Birds")
    assert not names.abbreviates("RSPB", "royal society for the protection of birds")
    assert names.acronym("U.K.") == "UK" and names.acronym("Paris") is None


def test_quantifiers_are_read_with_their_force_and_place(nlp):
    from truthometer.text.quantifiers import place, quantifier_at

    def found(sentence):
        doc = nlp(sentence)
        return [(doc[s:e].text, force, place(anchor)) for t in doc if (q := quantifier_at(t)) for s, e, force, anchor in [q]]

    assert found("Every guest signed the book.") == [("Every", "universal", ("nsubj", "sign"))]
    # "no one" is one quantifier, standing where the pronoun "everybody" stands.
    [(text, force, where)] = found("No one signed the book.")
    assert (text, force) == ("No one", "negative")
    assert where == found("Everybody signed the book.")[0][2]
    # "any" has no fixed force, and a content word is no quantifier.
    assert found("Did any guest sign the book?") == []
    assert found("The guest signed the book.") == []
