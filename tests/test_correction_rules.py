"""The correction rules are named and switchable (truthometer.corrections): each drafts what it should on a
small sentence of its own, and nothing of it while switched off."""
import pytest

from truthometer.alignment import align
from truthometer.corrections import ENV, RULES, is_on, suggest_correction, switched_off
from truthometer.corrections.same_kind import reads_in_place
from truthometer.report import Substitution


@pytest.fixture(scope="module", autouse=True)
def _models():
    align("The lighthouse was built in 1850.", "The lighthouse was built in 1850.")


def draft(claim, evidence, contradicted=False):
    s = suggest_correction(claim, evidence, contradicted=contradicted)
    return s.corrected if s is not None else None


# rule, claim, evidence, with the rule, without it (None: no correction)
CASES = [
    ("slot-values", "The bridge opened in 1932.", "The bridge opened in 1937 after five years of work.",
     "The bridge opened in 1937.", None),
    ("bounds", "The library holds over 20 manuscripts.", "The library holds 12 manuscripts.",
     "The library holds 12 manuscripts.", "The library holds over 12 manuscripts."),
    ("bounds", "The library holds 20 manuscripts.", "The library holds more than 120 manuscripts.",
     "The library holds more than 120 manuscripts.", "The library holds 120 manuscripts."),
    ("bounds", "The lake is roughly 40 metres deep.", "The lake is 62 metres deep.",
     "The lake is 62 metres deep.", "The lake is roughly 62 metres deep."),
    ("the-with-names", "The ship sailed to the Netherlands in 1820.", "The ship sailed to Portugal in 1820.",
     "The ship sailed to Portugal in 1820.", "The ship sailed to the Portugal in 1820."),
    ("the-with-names", "The ship sailed to Portugal in 1820.", "The ship sailed to the Netherlands in 1820.",
     "The ship sailed to the Netherlands in 1820.", "The ship sailed to Netherlands in 1820."),
    ("names-for-noun-phrases", "The song was recorded by a local band.", "The song was recorded by Arcade Fire.",
     "The song was recorded by Arcade Fire.", "The song was recorded by a local Arcade Fire."),
    ("article-agreement", "Lotte Brink was a Dutch painter.", "Lotte Brink was an Austrian painter.",
     "Lotte Brink was an Austrian painter.", "Lotte Brink was a Austrian painter."),
    ("plural-without-article", "He wrote a poem for the magazine.", "He wrote essays for the magazine.",
     "He wrote essays for the magazine.", "He wrote an essays for the magazine."),
    ("compound-phrases", "The building is a train station.", "The building is a history museum.",
     "The building is a history museum.", "The building is a train museum."),
    # (A noun compound modifying a noun is one slot of the alignment itself: "the dining room table".)
    ("known-compound-modifiers", "A man is painting the common room door.", "A man is painting the garage door.",
     "A man is painting the garage door.", "A man is painting the common garage door."),
    ("place-of-a-replaced-name", "The concert was held at the Royal Albert Hall in London.",
     "The concert was held at Carnegie Hall.", "The concert was held at Carnegie Hall.",
     "The concert was held at Carnegie Hall in London."),
    ("negated-modifiers", "The society is a religious body founded in 1850.",
     "The society is a non political body founded in 1850 by teachers.",
     "The society is a non political body founded in 1850.", "The society is a political body founded in 1850."),
    ("unconfirmed-classifiers", "The film is a psychological horror film.", "The film is a romantic film.",
     "The film is a romantic film.", "The film is a romantic horror film."),
    ("verb-forms", "Tom Hale graduated on May 3, 1950.", "Tom Hale (born May 3, 1950) is a chemist.",
     "Tom Hale was born on May 3, 1950.", "Tom Hale born on May 3, 1950."),
    ("polarity", "The museum does not open on Sundays.", "The museum opens on Sundays.",
     "The museum opens on Sundays.", None),
    ("implicatives", "The mayor refused to sign the treaty.", "The mayor signed the treaty in March.",
     "The mayor signed the treaty.", None),
    ("polarity-items", "He did not write any letters.", "He wrote letters to his sister.",
     "He wrote some letters.", "He wrote any letters."),
    ("paired-modifiers", "The valve sits in the lower left corner of the tank.",
     "The valve is located at the bottom right of the tank.",
     "The valve sits in the bottom right corner of the tank.", "The valve sits in the lower right corner of the tank."),
    ("same-kind", "The bridge was designed by Anna Keller.", "The bridge was designed by the Suez Canal Company.",
     None, "The bridge was designed by the Suez Canal Company."),
    ("same-kind", "The canal was financed by the British engineer John Hale.",
     "The canal was financed by the Suez Canal Company.",
     None, "The canal was financed by the Suez Canal Company John Hale."),
]


@pytest.mark.parametrize("name, claim, evidence, on, off", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_rule_drafts_its_phenomenon_and_nothing_of_it_when_off(name, claim, evidence, on, off):
    assert draft(claim, evidence) == on
    with switched_off(name):
        assert not is_on(name)
        assert draft(claim, evidence) == off
    assert is_on(name) and draft(claim, evidence) == on


@pytest.mark.parametrize("claim, evidence, corrected", [
    ("The crew was unable to reach the summit.", "The crew reached the summit on 2 May.",
     "The crew reached the summit."),
    ("The choir has yet to perform in Vienna.", "The choir performed in Vienna in 1998.",
     "The choir performed in Vienna."),
    ("The poet died before finishing the cycle.", "The poet finished the cycle in 1821.",
     "The poet finished the cycle."),
    ("He is unable to swim.", "He swims every morning.", "He swims."),
    # spelled as the evidence spells it, where LemmInflect knows two spellings
    ("They refused to travel by train.", "They travelled by train.", "They travelled by train."),
])
def test_a_negative_implicative_goes_and_its_complement_takes_the_tense(claim, evidence, corrected):
    assert draft(claim, evidence, contradicted=True) == corrected


@pytest.mark.parametrize("claim, evidence, corrected", [
    ("The guard did not see anyone at the gate.", "The guard saw two men at the gate.",
     "The guard saw someone at the gate."),
    ("She saw something in the water.", "She did not see anything in the water.",
     "She did not see anything in the water."),
])
def test_pronouns_of_any_and_some_change_with_the_negation(claim, evidence, corrected):
    assert draft(claim, evidence, contradicted=True) == corrected
    with switched_off("polarity-items"):
        assert draft(claim, evidence, contradicted=True) != corrected


def test_an_any_under_a_negation_the_correction_keeps_stays():
    claim = "The index was never a useful metric and wasn't used by anyone for anything."
    assert draft(claim, "The index is a useful metric used by many analysts.", contradicted=True) \
        == "The index was a useful metric and wasn't used by anyone for anything."


def test_a_passive_under_an_implicative_keeps_its_flag_rather_than_a_guess():
    assert draft("The record has yet to be surpassed.", "The record was surpassed in 2004.", contradicted=True) is None
    assert draft("The offer was refused to join the board.", "The offer to join the board was accepted.",
                 contradicted=True) is None


def test_the_negation_of_a_contradicted_claim_with_no_slot_differing():
    claim, evidence = "In 1990, the baker got married.", "In 1990, the baker lost his shop in a fire."
    assert draft(claim, evidence) is None  # not told it is contradicted
    assert draft(claim, evidence, contradicted=True) == "In 1990, the baker did not get married."
    with switched_off("negation-fallback"):
        assert draft(claim, evidence, contradicted=True) is None


def test_a_person_is_replaced_by_a_person_not_by_an_organisation():
    claim = "The bridge was designed by Anna Keller."
    assert draft(claim, "The bridge was designed by Thomas Brandt.") == "The bridge was designed by Thomas Brandt."
    assert draft(claim, "The bridge was designed by the Suez Canal Company.") is None
    assert draft("The bridge was designed by the British engineer.",
                 "The bridge was designed by the Suez Canal Company.") is None  # a common noun naming a person


def test_a_substitution_must_read_in_place():
    claim, evidence = "She thanked the engineer.", "She thanked the Suez Canal Company."
    a = align(claim, evidence)
    at = claim.index("engineer")
    doubled = Substitution("engineer", "the Suez Canal Company", at, at + len("engineer"))
    single = Substitution("engineer", "Suez Canal Company", at, at + len("engineer"))
    assert not reads_in_place(claim, a, doubled) and reads_in_place(claim, a, single)
    with switched_off("phrase-in-place"):
        assert reads_in_place(claim, a, doubled)


def test_rules_are_switched_off_from_the_environment_and_unknown_names_are_refused(monkeypatch):
    monkeypatch.setenv(ENV, "bounds, polarity-items")
    assert not is_on("bounds") and not is_on("polarity-items") and is_on("polarity")
    assert draft("The library holds over 20 manuscripts.", "The library holds 12 manuscripts.") \
        == "The library holds over 12 manuscripts."
    monkeypatch.setenv(ENV, "bounds-typo")
    with pytest.raises(ValueError, match="unknown rule"):
        is_on("bounds")
    monkeypatch.delenv(ENV)
    with pytest.raises(KeyError):
        with switched_off("no-such-rule"):
            pass


def test_every_rule_names_its_phenomenon_and_is_tested_here():
    assert all(r.phenomenon and r.function.__module__.startswith("truthometer.corrections.") for r in RULES.values())
    tested = {c[0] for c in CASES} | {"negation-fallback", "phrase-in-place"}
    # Not reached by a sentence of their own here yet: covered by tests/test_alignment_correct.py.
    untested = set(RULES) - tested
    assert untested <= {"modifier-phrases"}, untested


def test_a_draft_never_says_a_kept_word_twice():
    # The evidence's phrase overlaps the word the claim keeps beside the substituted one.
    a = align("Dutch merchants had to pay Spanish taxes.", "Dutch merchants had to pay Spanish taxes.")
    at = 0
    doubled = Substitution("Dutch", "Merchants", at, at + len("Dutch"))
    other = Substitution("Dutch", "Flemish", at, at + len("Dutch"))
    claim = a.claim
    assert not reads_in_place(claim, a, doubled) and reads_in_place(claim, a, other)
    after = claim.index("taxes")
    assert not reads_in_place(claim, a, Substitution("Spanish", "local taxes", after - 8, after - 1))


def test_a_phrase_widened_to_the_first_word_keeps_the_capital():
    # A name for a noun phrase takes the phrase's article and adjectives with it: the new words open the
    # sentence.
    assert draft("A brass plaque on the old mill.", "Graffiti on the old mill.") == "Graffiti on the old mill."


def test_the_words_after_a_substitution_are_not_said_twice():
    assert draft("Naval history of Malta", "Folklore of Malta") is None


@pytest.mark.parametrize("claim, evidence, corrected", [
    ("About nine hundred people live in the village.", "About 1,200 people live in the village.",
     "About 1,200 people live in the village."),
    ("A hundred guests came to the wedding.", "Two hundred guests came to the wedding.",
     "Two hundred guests came to the wedding."),
])
def test_hundred_after_a_number_or_an_article_is_part_of_the_number(claim, evidence, corrected):
    assert draft(claim, evidence) == corrected


def test_the_predicates_own_negation_is_dropped_not_the_no_of_no_matter():
    assert draft("No matter the season, the shop does not open on Mondays.", "The shop opens on Mondays all year.") \
        == "No matter the season, the shop opens on Mondays."


@pytest.mark.parametrize("claim, evidence, corrected", [
    ("She wore a long red coat.", "She wore a blue coat.", "She wore a long blue coat."),
    ("The room has dark green walls.", "The room has pale yellow walls.", "The room has pale yellow walls."),
    ("The label is in the upper left corner.", "The label is in the top right corner.",
     "The label is in the top right corner."),
])
def test_a_modifier_is_replaced_by_the_evidence_word_of_its_kind_not_by_position(claim, evidence, corrected):
    # The alignment pairs the evidence's modifier with the claim's modifier nearest to it in meaning (a colour
    # with a colour), not with the first one it meets ("a blue red coat").
    assert draft(claim, evidence) == corrected


def test_never_takes_the_place_of_an_adverb_of_frequency_when_the_predicate_is_negated():
    from truthometer.alignment import align
    from truthometer.corrections import suggest_correction

    claim, evidence = "Otters often sleep on land.", "Otters never sleep on land."
    suggestion = suggest_correction(claim, evidence, align(claim, evidence))
    assert suggestion is not None and suggestion.corrected == "Otters never sleep on land."
    claim, evidence = "The ferry sometimes runs in winter.", "The ferry never runs in winter."
    suggestion = suggest_correction(claim, evidence, align(claim, evidence))
    assert suggestion is not None and suggestion.corrected == "The ferry never runs in winter."
