"""Alignment of one-word swaps, as Breaking NLI makes them (``bench swap-correct``): sister kinds, captions
with no main verb, verbs below the main one, quantifiers, positions, compounds, repeated words, words
before a name, corrections that read as sentences, content words on spaCy's stop list, negative subjects, and
pairs that once made the alignment fail. Small hand-made sentences only."""
import pytest

from alignment_support import corrected, warm_models  # noqa: F401 - the fixture is used by being imported
from truthometer.alignment import align


def test_sister_kinds_are_other_values_however_near_their_embeddings():
    # Colours, countries, times of day: the encoder puts each pair above the paraphrase threshold.
    a = align("A girl in a purple coat is feeding the ducks.", "A girl in a green coat is feeding the ducks.")
    [colour] = [e for e in a.edges if e.claim_text == "purple"]
    assert (colour.op, colour.evidence_text) == ("substituted", "green")
    assert corrected("The festival was held in Japan.", "The festival was held in China.") \
        == "The festival was held in China."
    # A synonym is still the same value.
    assert align("She bought a big house.", "She bought a large house.").confirms


def test_a_caption_without_a_main_verb_is_aligned_by_its_noun_and_participle():
    # "A woman feeding ducks": the head noun is what the caption is about, the participle what it does.
    assert corrected("A woman feeding ducks by the lake.", "A man feeding ducks by the lake.") \
        == "A man feeding ducks by the lake."
    assert corrected("An old man sitting on a bench.", "An old man sleeping on a bench.") \
        == "An old man sleeping on a bench."
    # The same caption confirms; a sentence with a main verb is not read as a caption.
    assert align("A dog chasing a ball on the beach.", "A dog chasing a ball on the beach.").confirms
    assert align("A dog chases a ball on the beach.", "A dog chases a ball on the beach.").confirms


def test_another_verb_below_the_main_one_is_substituted_when_nothing_else_differs():
    assert corrected("She reads the paper while walking to the station.",
                     "She reads the paper while waiting at the station.") is None  # two differences: no guess
    assert corrected("She reads the paper while walking to work.", "She reads the paper while cycling to work.") \
        == "She reads the paper while cycling to work."
    # Switched off, the verb is left alone.
    from truthometer.alignment.passes import switched_off
    with switched_off("other-verbs-below-the-root"):
        assert not [e for e in align("She reads the paper while walking to work.",
                                     "She reads the paper while cycling to work.").edges if e.op == "substituted"]


def test_a_quantifier_of_another_force_in_the_same_place_is_substituted():
    assert corrected("Every visitor needs a ticket.", "No visitor needs a ticket.") == "No visitor needs a ticket."
    assert corrected("She hid the key so everybody could find it.", "She hid the key so nobody could find it.") \
        == "She hid the key so nobody could find it."
    # The same force in other words is the same value; a quantifier of another noun is another place.
    assert align("Each visitor needs a ticket.", "Every visitor needs a ticket.").confirms
    assert not [e for e in align("Every visitor needs a ticket.", "Every visitor needs some patience.").edges
                if e.label == "quantifier"]


def test_positions_on_either_side_of_the_same_object_are_contrary_wherever_the_parser_hangs_them():
    assert corrected("The children played in the yard behind the old church.",
                     "The children played in the yard in front of the old church.") \
        == "The children played in the yard in front of the old church."
    assert corrected("The keys were under the doormat.", "The keys were on top of the doormat.") \
        == "The keys were on top of the doormat."
    # Another object is another relation.
    assert corrected("The keys were under the doormat.", "The keys were on top of the fridge.") != \
        "The keys were on top of the doormat."


def test_an_opposite_adverb_of_the_same_verb_under_a_misattached_adverb():
    # The small parser hangs "inside" on "alone"; both still say where she sits.
    assert corrected("She sits inside alone with a book.", "She sits outside alone with a book.") \
        == "She sits outside alone with a book."


def test_a_compound_wordnet_knows_is_one_value_on_either_side():
    # The claim's two-word modifier is replaced whole ...
    assert corrected("He painted the dining room walls.", "He painted the kitchen walls.") \
        == "He painted the kitchen walls."
    # ... and the evidence's comes whole, whether it modifies a noun or stands alone.
    assert corrected("He painted the kitchen walls.", "He painted the dining room walls.") \
        == "He painted the dining room walls."
    assert corrected("The cat slept in the bedroom.", "The cat slept in the living room.") \
        == "The cat slept in the living room."


def test_a_repeated_word_is_substituted_wherever_the_evidence_repeats_its_substitute():
    assert corrected("A boy in a green cap and green boots kicks a ball.", "A boy in a blue cap and blue boots kicks a ball.") \
        == "A boy in a blue cap and blue boots kicks a ball."
    # The evidence keeps one of them: only the other changes.
    assert corrected("A boy in a green cap and green boots kicks a ball.", "A boy in a blue cap and green boots kicks a ball.") \
        == "A boy in a blue cap and green boots kicks a ball."


def test_a_count_of_the_subject_pairs_however_the_parser_places_the_subject():
    # A changed number changes the small model's parse ("refs" subject of "waiting", or the caption's head).
    assert corrected("8 referees sitting on a bench waiting for the match to start.",
                     "2 referees sitting on a bench waiting for the match to start.") \
        == "2 referees sitting on a bench waiting for the match to start."
    # A caption opening in lower case keeps it.
    assert corrected("eleven people staying out of the rain", "three people staying out of the rain") \
        == "three people staying out of the rain"


def test_a_noun_the_evidence_confirms_in_the_same_role_is_not_replaced_by_a_nearer_one():
    # "a painkiller" is a kind of drug (WordNet): the claim's noun is confirmed, though "treatment" stands
    # nearer the words the two share.
    a = align("Aspirin is often the first drug given for a mild headache.",
              "Aspirin is a painkiller and is the usual first treatment for a mild headache.")
    [drug] = [e for e in a.edges if e.claim_text == "drug"]
    assert drug.op == "equal"
    assert corrected("Aspirin is often the first drug given for a mild headache.",
                     "Aspirin is the usual first treatment for a mild headache.") is not None


def test_words_before_a_name_that_the_evidence_says_too_stay():
    assert corrected("They had a picnic on the moon Europa.", "They had a picnic on the moon Titan.") \
        == "They had a picnic on the moon Titan."


def test_a_correction_reads_as_a_sentence_around_joined_and_hyphenated_words():
    # "cannot" is one word: taking the negation out leaves "can", spaced from the verb.
    assert corrected("Penguins cannot walk on the ice.", "Penguins can walk on the ice.") \
        == "Penguins can walk on the ice."
    # A hyphenated counterpart comes whole.
    assert corrected("A bald man reads the paper.", "A long-haired man reads the paper.") \
        == "A long-haired man reads the paper."


def test_an_ordinal_and_an_adjective_of_its_wordnet_cluster_are_one_value():
    assert align("The first edition sold out in a week.", "The original edition sold out in a week.").confirms
    # Two ordinals still differ by value.
    assert corrected("The second edition sold out in a week.", "The third edition sold out in a week.") \
        == "The third edition sold out in a week."


def test_a_period_of_a_thousand_years_or_more_corrects_a_length_in_years():
    # The period's length is written "1,000": read back as a number, not as text with a comma.
    assert corrected("The abbey stood for 300 years.", "The abbey stood from 1010 to 2010.") \
        == "The abbey stood for 1,000 years."


def test_a_modifier_of_a_compound_noun_is_aligned_when_the_evidence_names_a_kind_of_its_head():
    # "dining room" is one noun to WordNet; the evidence's "kitchen" is a kind of room but not of dining room.
    a = align("They ate in a big dining room.", "They ate in a small kitchen.")
    assert any(e.claim_text == "big" for e in a.edges)


def test_content_words_on_spacys_stop_list_are_slots():
    # spaCy lists "full", "empty", "bottom", "top" as stop words; a sentence can still get them wrong.
    assert not align("The tank is full.", "The tank is empty.").confirms
    assert corrected("The tank is full.", "The tank is empty.") == "The tank is empty."
    assert corrected("The key is at the bottom of the box.", "The key is at the top of the box.") \
        == "The key is at the top of the box."
    assert align("The tank is full.", "The tank is completely full.").confirms
    # Function words on the list are still no slots.
    assert align("She walked to the station.", "She walked to the station.").confirms


def test_same_before_as_is_not_replaced_by_a_word_that_does_not_read_with_as():
    # "the recommended pressure as the front tyres" is no sentence: the claim keeps its flag instead.
    claim = "Always inflate the spare tyre to the same pressure as the front tyres."
    assert not align(claim, "Inflate the spare tyre to the recommended pressure.").confirms
    assert corrected(claim, "Inflate the spare tyre to the recommended pressure.") is None
    assert corrected("Two same men stand near the door.", "Two other men stand near the door.") \
        == "Two other men stand near the door."


@pytest.mark.parametrize("claim, evidence", [
    ("No students passed the exam.", "Three students passed the exam."),
    ("Nobody was hurt in the fire.", "Two firefighters were hurt in the fire."),
    ("There are no hotels on the island.", "There are two hotels on the island."),
])
def test_a_negative_subject_denies_the_predicate(claim, evidence):
    a = align(claim, evidence)
    assert a.claim_negated and a.polarity_mismatch and not a.confirms
    # Said the same way, it is confirmed.
    assert align(claim, claim).confirms


def test_a_negative_quantifier_against_another_quantifier_is_substituted_not_negated():
    # "everybody" / "no one" in the same place: the quantifier is what differs, not the verb's polarity.
    a = align("Everybody came to the wedding.", "No one came to the wedding.")
    assert not a.polarity_mismatch
    assert corrected("Everybody came to the wedding.", "No one came to the wedding.") == "No one came to the wedding."


def test_a_subject_and_object_the_evidence_swaps_are_substituted_for_each_other():
    # The same words on both sides, who does what to whom the other way round.
    a = align("Delivery vans must give way to buses at the depot gate.",
              "At the depot gate, buses must slow down and give way to cyclists and delivery vans.")
    assert sorted((e.claim_text, e.evidence_text) for e in a.substituted) \
        == [("Delivery vans", "buses"), ("buses", "delivery vans")]
    assert a.contradicts and not a.confirms
    assert corrected("The library lent the manuscript to the university.",
                     "The university lent the manuscript to the library.") \
        == "The university lent the manuscript to the library."
    # The same order confirms; a passive says the same with the participants the other way round.
    assert align("The library lent the manuscript to the university.",
                 "The library lent the manuscript to the university.").confirms
    assert not align("The university was visited by the minister.", "The minister visited the university.").contradicts


@pytest.mark.parametrize("claim, evidence", [
    ("Norway faced Sweden in the final.", "Sweden faced Norway in the final."),  # facing is mutual
    ("The village borders the forest.", "The forest borders the village."),
])
def test_a_symmetric_verb_says_the_same_either_way_round(claim, evidence):
    assert not align(claim, evidence).substituted
