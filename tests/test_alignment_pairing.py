"""Alignment rules for FEVER-style minimal corrections, continued: places and what they locate, kinds and
kind nouns, names and their rivals, qualities, support verbs, periods, counts and designators. Small
hand-made sentences only."""
import pytest

from alignment_support import corrected, warm_models  # noqa: F401 - the fixture is used by being imported
from truthometer.alignment import align
from truthometer.corrections import suggest_correction


def test_a_place_in_apposition_locates_its_own_place_not_the_subject():
    # "Stavanger , Norway" says where Stavanger is; "European Capital of Culture" where the city is.
    evidence = "The city was European Capital of Culture together with Stavanger , Norway , in 2008 ."
    assert corrected("Liverpool is in Australia .", evidence) == "Liverpool is in Europe ."
    # Where the first place is where the subject is, so is the second.
    assert corrected("Ann Lee was born in Italy .", "Ann Lee was born in Paris , France , to German parents .") \
        == "Ann Lee was born in France ."


def test_places_in_different_relations_do_not_pair():
    # "on Earth" qualifies a noun (the range of a superlative); "along the southern edge of Siberia"
    # places the verb's event: another preposition, another governor, no shared role.
    a = align("Baikal is the deepest lake on Earth.", "Baikal is a rift lake stretching along the southern edge of Siberia.")
    [earth] = [e for e in a.edges if e.claim_text == "Earth"]
    assert earth.op != "substituted"
    c = corrected("Baikal is the deepest lake on Earth.", "Baikal is a rift lake stretching along the southern edge of Siberia.")
    assert c is None or "Siberia" not in c
    # The same preposition of a noun completed by "of" still pairs: "a state in the United States" /
    # "a state in the southwestern region of Mexico".
    assert corrected("Arizona is a state in the United States.",
                     "Arizona is a state in the southwestern region of Mexico.") == "Arizona is a state in Mexico."


def test_a_place_binds_to_where_the_thing_is_not_to_a_landmark_of_a_modifier():
    a = align("Mount Kilimanjaro is located in Kenya.",
              "Kilimanjaro is in northeastern Tanzania, close to the border with Kenya.")
    [kenya] = [e for e in a.edges if e.claim_text == "Kenya"]
    assert (kenya.op, kenya.evidence_text) == ("substituted", "Tanzania")
    assert corrected("The lake is a reservoir located in Ohio.",
                     "The lake is a reservoir in western Pennsylvania, near the border with Ohio.") \
        == "The lake is a reservoir located in Pennsylvania."
    # The place named in the claim's own relation still confirms it.
    a = align("The lake is located in Ohio.", "The lake is in Ohio, near the border with Pennsylvania.")
    assert not a.contradicts


def test_a_kind_phrase_keeps_its_kind_noun_and_takes_the_evidences_object():
    assert corrected("The dance is linked with the genre of heavy metal.",
                     "The dance is linked with the 1990s wave of reggae music.") \
        == "The dance is linked with the genre of reggae music."
    assert corrected("The dance is linked with the style of heavy metal.",
                     "The dance is linked with reggae music.") == "The dance is linked with the style of reggae music."


def test_a_kind_noun_with_its_object_is_no_value_to_correct():
    a = align("The dance is linked with the genre of reggae music.",
              "The dance is linked with the 1990s wave of reggae music.")
    assert not a.contradicts
    assert corrected("The dance is linked with the genre of reggae music.",
                     "The dance is linked with the 1990s wave of reggae music.") is None


def test_a_place_qualifying_a_noun_and_a_nationality_fill_one_slot():
    assert corrected("Jane Roe is a US senator.", "Jane Roe is an American model.") == "Jane Roe is an American model."
    assert corrected("Jane Roe is an American model.", "Jane Roe is a US senator.") == "Jane Roe is a US senator."


def test_a_verb_found_by_its_complements_must_take_them_as_its_own_arguments():
    # "My Lai Massacre" completes "role", not "martialed": another event, no wrong verb.
    assert corrected("Ernest Medina participated in the My Lai Massacre.",
                     "He was court martialed in 1971 for his role in the My Lai Massacre.") is None


def test_a_date_of_another_event_does_not_date_the_claims():
    assert corrected("The element was discovered in 1935.",
                     "It was discovered by Arthur Dempster (born April 9, 1886), a Canadian physicist.") is None
    assert corrected("Mary Smith was born on November 22, 1968.",
                     "Mary Smith (born 22 November 1948) is an actress who graduated from college on November 22, "
                     "1968.") == "Mary Smith was born on November 22, 1948."


def test_no_polarity_from_a_predicate_that_says_nothing_of_the_object():
    a = align("The town does not have a mayor.", "The town is a village governed by a council.")
    assert not a.polarity_mismatch
    c = corrected("The town does not have a mayor.", "The town is a village governed by a council.")
    assert c is None or "has a mayor" not in c


def test_no_fallback_word_under_a_negation():
    assert corrected("The town does not have a mayor.", "The town is a village governed by a council.") is None


def test_a_compound_tagged_as_an_adjective_is_a_classifier_of_the_phrase():
    # The small model tags "pop" in "pop music performer" as an adjective; it goes with the phrase.
    assert corrected("Ana Ruiz is a pop music performer.", "Ana Ruiz is a British country singer.") \
        == "Ana Ruiz is a country singer."


def test_no_fallback_word_under_a_negative_object():
    assert corrected("Tom Lee had no relation to the arms industry.", "Tom Lee is a former arms dealer and author.") is None


def test_a_letter_typed_twice_is_the_same_word():
    assert not align("The shop sells a bigg bike.", "The shop sells a big bike.").contradicts
    assert corrected("The shop sells a tall bike.", "The shop sells a big bike.") == "The shop sells a big bike."


def test_the_first_word_of_a_hyphenated_modifier_is_a_slot():
    assert corrected("The song was one of the worst-selling singles of all time.",
                     "It thus became one of the best-selling singles of all time.") \
        == "The song was one of the best-selling singles of all time."
    assert corrected("The song was one of the best-selling singles of all time.",
                     "It thus became one of the best-selling singles of all time.") is None


def test_a_subject_named_only_in_a_clause_about_another_subject_is_substituted():
    from truthometer.alignment.align import OTHER_SUBJECT

    a = align("Copper has the atomic number 47.",
              "Silver, which sits directly below copper in the periodic table, has atomic number 47.")
    [subject] = [e for e in a.edges if e.claim_text == "Copper"]
    assert subject.op == "substituted" and subject.evidence_text == "Silver" and subject.label == OTHER_SUBJECT
    # A clause that names the subject another way is about the same subject.
    b = align("Seohyun is a singer.", "Seo Ju-hyun, who is known as Seohyun, is a singer.")
    assert not [e for e in b.edges if e.label == OTHER_SUBJECT]


def test_an_adjective_the_evidence_states_the_opposite_of_is_substituted_and_outweighs_a_support():
    from truthometer.verdicts import overrules_support

    claim = "The switch sits behind a flap in the lower left corner of the back panel."
    evidence = "The switch is located behind the flap at the bottom right of the back panel."
    a = align(claim, evidence)
    assert a.contradicts and overrules_support(a)
    s = suggest_correction(claim, evidence, a)
    # "lower left" is one position: both words go ("paired-modifiers").
    assert s is not None and s.corrected == claim.replace("lower left", "bottom right")
    # The opposite word qualifying something else is another sense: "light pollution" / "dark skies".
    other = align("Thanks to its dry air, high altitude and dark skies, it hosts major observatories.",
                  "Its high altitude, very dry air and lack of light pollution make it home to major observatories.")
    assert not other.contradicts


def test_an_opposite_quality_of_what_the_subject_is_said_to_be_keeps_the_claims_noun():
    # "a real place" / "the fictional setting": the quality is what differs; "place" stays.
    evidence = "Middle-earth is the fictional setting of much of Tolkien 's legendarium ."
    assert corrected("Middle-earth is a real place .", evidence) == "Middle-earth is a fictional place ."
    # A quality that is not the opposite leaves the noun's counterpart as it was: the phrase is replaced.
    assert corrected("Middle-earth is a big place .", evidence) == "Middle-earth is a fictional setting ."


def test_a_noun_whose_common_sense_is_the_evidences_is_the_same_noun():
    a = align("Kenneth Lonergan is a writer .", "Kenneth Lonergan ( born 1962 ) is an American author .")
    assert not a.contradicts and [e.op for e in a.edges if e.claim_text == "writer"] == ["equal"]
    # Sharing only a rarer sense ("state" for a country) is another thing.
    assert align("Texas is a country .", "Texas is a state of the United States .").contradicts


def test_a_name_of_the_same_kind_is_a_rival_whatever_its_label_and_role():
    from truthometer.alignment.align import name_head
    from truthometer.verdicts import overrules_support

    assert name_head("the Battle of Hastings") == name_head("Battle of Stamford Bridge") == "battle"
    assert name_head("Hastings") is None and name_head("University of") is None
    # The evidence dates another battle: its date is no support for the claim's.
    a = align("The Battle of Hastings was fought on 25 September 1066.",
              "Less than three weeks earlier, on 25 September 1066, Harold had defeated a Norwegian invasion under "
              "Harald Hardrada at the Battle of Stamford Bridge in Yorkshire.")
    # (The name or, as "the Battle of X", its field.)
    [subject] = [e for e in a.edges if e.claim_text in ("Battle of Hastings", "Hastings")]
    assert subject.op == "substituted" and subject.evidence_text.endswith("Stamford Bridge")
    assert overrules_support(a)


def test_the_agent_of_a_passive_is_no_counterpart_of_a_passive_claims_subject():
    # The claim's subject is what was surpassed; the evidence's agent is what surpassed it.
    evidence = "At 319 m, the structure was the tallest building until it was surpassed by the Empire State Building."
    a = align("The Chrysler Building has been surpassed in height.", evidence)
    assert not a.contradicts and a.substituted == []
    # An active claim's subject is still corrected by the agent of the same verb.
    assert corrected("Peter Jackson directed the film in 1999.", "The film was directed by Sam Raimi in 1999.") \
        == "Sam Raimi directed the film in 1999."


def test_a_surname_with_other_given_names_is_another_person():
    evidence = 'The film was produced by Kenneth "Babyface" Edmonds, Peter Jackson and Robert Teitel.'
    a = align("Tracey Edmonds produced the film.", evidence)
    assert a.contradicts
    # The whole name of the evidence's person, not the part the small NER model tagged.
    assert corrected("Tracey Edmonds produced the film.", evidence) == 'Kenneth "Babyface" Edmonds produced the film.'
    # A short form or the nickname of the same given name is the same person.
    for claim in ("Kenneth Edmonds produced the film.", "Ken Edmonds produced the film.",
                  "Babyface Edmonds produced the film.", "Robert Teitel produced the film.",
                  "Bob Teitel produced the film."):
        assert not align(claim, evidence).contradicts, claim


@pytest.mark.parametrize("claim, evidence", [
    ("Henry died in a tournament in 1559.", "Henry suffered an untimely death in a tournament in 1559."),
    ("In 1986, the actress died.", "In 1986, the actress lost her life in a car accident."),
    ("The board decided to close the plant.", "The board made a decision to close the plant."),
])
def test_a_support_verb_with_the_verbs_noun_states_the_verb(claim, evidence):
    a = align(claim, evidence)
    assert not a.contradicts
    assert [e.op for e in a.edges if e.kind == "predicate"] == ["equal"]


def test_another_verb_of_the_verbs_noun_is_no_paraphrase():
    # "cancelled the performance" is not "performed".
    a = align("The band performed in London in 1999.", "The band cancelled the performance in London in 1999.")
    assert [e.op for e in a.edges if e.kind == "predicate"] != ["equal"]


@pytest.mark.parametrize("evidence, ended", [
    ("Between 1949 and 1990, Bonn was the capital of West Germany.", True),
    ("Bonn was the capital of West Germany from 1949 to 1990.", True),
    ("Bonn was the capital of West Germany until 1990.", True),
    ("Bonn has been the capital of West Germany since 1949.", False),
    ("Bonn is the capital of West Germany.", False),
])
def test_a_claim_about_now_and_a_period_that_ended(evidence, ended):
    # Outdated facts: "is currently" against a state the evidence closes in the past.
    a = align("Bonn is currently the capital of West Germany.", evidence)
    assert a.polarity_mismatch == ended
    if ended:
        assert not align("Bonn is not currently the capital of West Germany.", evidence).polarity_mismatch
        assert corrected("Bonn is currently the capital of West Germany.", evidence) \
            == "Bonn is not currently the capital of West Germany."
        # Without "currently" the claim says nothing of now: no contradiction from the period.
        assert not align("Bonn was the capital of West Germany.", evidence).polarity_mismatch


def test_two_estimated_bounds_of_one_kind_compare_as_bounds():
    # "over 800" makes "more than 600" true; "over 600", the writer's best round figure, "more than 800" false.
    assert not align("Mozart composed more than 600 works.", "Mozart composed over 800 works.").contradicts
    assert align("Mozart composed more than 800 works.", "Mozart composed over 600 works.").contradicts
    assert align("Mozart composed more than 800 works.", "Mozart composed fewer than 600 works.").contradicts


def test_another_name_of_the_same_country_is_the_same_entity():
    from truthometer import models
    from truthometer.judging.rules import find_mismatches

    claim, evidence = "The USSR launched Sputnik 1 in 1957.", "The Soviet Union launched Sputnik 1 on 4 October 1957."
    a = align(claim, evidence)
    assert not a.contradicts and any(e.kind == "entity" and e.op == "equal" for e in a.edges)
    nlp = models.nlp()
    assert not [m for m in find_mismatches(nlp(claim)[:], nlp(evidence)[:]) if m.kind == "entity"]
    # Another country is still another country.
    assert align("The United States launched Sputnik 1 in 1957.", evidence).contradicts


def test_a_noun_owned_or_acted_on_is_no_opposite_quality():
    # "hearing" is WordNet's antonym of "deaf" as an adjective; "lost his hearing" says he was deaf.
    a = align("Beethoven was deaf when he composed his Ninth Symphony.",
              "By the time he wrote the Ninth Symphony, Beethoven had lost his hearing.")
    assert not a.contradicts
    # An adjective the evidence says is still an opposite.
    assert align("The lake is shallow in summer.", "The lake is deep in summer.").contradicts


def test_the_moon_is_no_person_whatever_the_tagger_says():
    # The small model tags "Moon" as a person; a person named in the evidence is then no counterpart.
    claim = "Neil Armstrong was the first person to walk on the Moon."
    evidence = ("Neil Armstrong became the first human to step onto the lunar surface; Buzz Aldrin joined him "
                "19 minutes later.")
    a = align(claim, evidence)
    assert not a.contradicts and "Buzz Aldrin" not in [e.evidence_text for e in a.edges]


def test_the_predicate_in_other_words_of_the_subject_in_other_words_has_its_polarity_compared():
    evidence = "The medicine has not been authorised for use in children."
    a = align("The drug is approved for children.", evidence)
    assert a.polarity_mismatch
    assert corrected("The drug is approved for children.", evidence) == "The drug is not approved for children."
    assert not align("The drug is not approved for children.", evidence).polarity_mismatch
    # Another subject: the evidence may be about something else.
    assert not align("The vaccine is approved for children.", evidence).polarity_mismatch


def test_counts_of_kindred_things_compare_as_one_count():
    claim = "The company employs roughly 9,000 people."
    a = align(claim, "The company has about 5,100 employees worldwide.")
    assert a.contradicts
    # The number is corrected in the claim's own words.
    assert corrected(claim, "The company has about 5,100 employees worldwide.") \
        == "The company employs roughly 5,100 people."
    assert not align(claim, "The company has about 9,100 employees.").contradicts
    # Things of another kind are another count.
    assert not align(claim, "The company owns 5,100 trucks.").contradicts


def test_a_city_the_tagger_calls_an_organisation_is_still_a_place():
    # The small model tags "Lyon" as an organisation; WordNet knows it as a city, which Paris replaces.
    claim, evidence = "The Eiffel Tower is located in Lyon.", "The Eiffel Tower stands on the Champ de Mars in Paris."
    assert align(claim, evidence).contradicts
    assert corrected(claim, evidence) == "The Eiffel Tower is located in Paris."


def test_an_opposite_verb_negated_says_what_the_verb_says():
    # "is closed" / "does not open": one statement; "is closed" / "opens": opposite ones.
    assert not align("The museum is closed on Mondays.", "The museum does not open on Mondays.").contradicts
    assert align("The museum is closed on Mondays.", "The museum opens on Mondays.").polarity_mismatch
    assert not align("The museum is closed on Mondays.", "The museum closes on Mondays.").contradicts


@pytest.mark.parametrize("claim, evidence, holder", [
    ("Kyoto is the capital of Japan.", "Tokyo has been Japan's capital since 1868, replacing Kyoto.", "Tokyo"),
    ("Mercury is the hottest planet in the solar system.",
     "Venus is the hottest planet in our solar system, hotter even than Mercury.", "Venus"),
])
def test_a_role_one_thing_holds_given_to_another_subject(claim, evidence, holder):
    a = align(claim, evidence)
    assert a.contradicts and corrected(claim, evidence).startswith(holder + " is the")


def test_a_role_many_hold_or_a_past_role_is_no_rivalry():
    assert not align("Paris is a city in France.", "Lyon is a city in France, southeast of Paris.").contradicts
    assert not align("Kyoto was the capital of Japan.",
                     "Tokyo has been Japan's capital since 1868, replacing Kyoto.").contradicts


def test_a_country_is_rivalled_by_a_country_not_by_a_place_that_may_lie_in_it():
    from truthometer import models
    from truthometer.judging.rules import find_mismatches

    nlp = models.nlp()
    claim, evidence = "Leonardo da Vinci was born in Italy.", "Leonardo da Vinci was born in Vinci, in the Republic of Florence."
    assert not align(claim, evidence).contradicts
    assert not [m for m in find_mismatches(nlp(claim)[:], nlp(evidence)[:]) if m.kind == "entity"]
    # Another country, or another city for a city, is still a contradiction.
    other = "Leonardo da Vinci was born in Vinci, in Spain."
    assert align(claim, other).contradicts and find_mismatches(nlp(claim)[:], nlp(other)[:])
    assert align("Marie Curie was born in Vienna.", "Marie Curie was born in Warsaw in 1867.").contradicts


@pytest.mark.parametrize("claim, evidence, expected", [
    ("Einstein received the Nobel Prize in Chemistry.", "Albert Einstein was awarded the 1921 Nobel Prize in Physics.",
     "Einstein received the Nobel Prize in Physics."),
    ("She studied at the University of Oxford.", "She studied history at the University of Cambridge.",
     "She studied at the University of Cambridge."),
])
def test_a_name_with_another_field_is_another_name(claim, evidence, expected):
    assert align(claim, evidence).contradicts and corrected(claim, evidence) == expected
    # The same name with the same field is the same name, however the tagger cuts it.
    same = expected
    assert not align(same, evidence).contradicts


def test_another_verb_of_the_same_subject_has_a_polarity_of_its_own():
    # "never spoils" and "can last indefinitely" are two statements that agree; no polarity to compare.
    a = align("Honey never spoils if stored properly.", "Properly stored honey can last indefinitely.")
    assert not a.polarity_mismatch
    # The same verb still compares.
    assert align("Honey never spoils if stored properly.", "Properly stored honey spoils.").polarity_mismatch


def test_an_amount_at_the_end_of_the_evidence_is_compared():
    claim, evidence = "The tablet weighs less than 400 grams.", "The tablet weighs 460 g."
    assert align(claim, evidence).contradicts and corrected(claim, evidence) == "The tablet weighs 460 grams."
    assert not align("The tablet weighs less than 500 grams.", evidence).contradicts


@pytest.mark.parametrize("claim, evidence, expected", [
    ("Photosynthesis takes place in the mitochondria.",
     "In plants, photosynthesis occurs in the chloroplasts, not in the mitochondria.",
     "Photosynthesis takes place in the chloroplasts."),
    ("The treaty was signed in London.", "The treaty was signed in Paris, not in London.",
     "The treaty was signed in Paris."),
    ("The film was shot in Wyoming.", "The film was shot in Montana, not Wyoming.", "The film was shot in Montana."),
])
def test_a_value_the_evidence_names_only_to_deny_it(claim, evidence, expected):
    from truthometer.verdicts import overrules_support

    a = align(claim, evidence)
    assert a.contradicts and overrules_support(a)
    assert corrected(claim, evidence) == expected
    assert not align(expected, evidence).contradicts


def test_two_names_under_one_title_are_rivals_whatever_their_labels():
    # The small model tags "Vespasian" as a nationality; "the emperor Vespasian" is an emperor like Nero.
    evidence = "Construction of the Colosseum began under the emperor Vespasian in AD 72."
    assert corrected("The Colosseum was commissioned by Emperor Nero.", evidence) \
        == "The Colosseum was commissioned by Emperor Vespasian."
    assert not align("The Colosseum was commissioned by Emperor Vespasian.", evidence).contradicts


def test_a_relation_in_time_to_the_same_event_is_a_slot():
    # "with breakfast" and "before breakfast" name one meal in two relations to it.
    evidence = "It should be taken on an empty stomach, 30 to 60 minutes before breakfast."
    assert corrected("Take it together with breakfast so that it does not upset your stomach.", evidence) \
        == "Take it before breakfast so that it does not upset your stomach."
    assert corrected("The bridge was built after the war.", "The bridge was built before the war.") \
        == "The bridge was built before the war."
    assert not align("Take it before breakfast.", evidence).contradicts


def test_a_fraction_in_words_is_one_number_with_its_whole():
    assert corrected("The tank holds one and a half litres.", "The tank holds 2.5 litres.") == "The tank holds 2.5 litres."
    assert not align("The tank holds one and a half litres.", "The tank holds 1.5 litres.").contradicts
    assert corrected("The meeting lasted half an hour.", "The meeting lasted 45 minutes.") == "The meeting lasted 45 minutes."
    assert not align("The meeting lasted half an hour.", "The meeting lasted 30 minutes.").contradicts


def test_a_period_between_two_years_states_its_length():
    evidence = "The war lasted from 1939 to 1945."
    assert not align("The war lasted six years.", evidence).contradicts
    assert corrected("The war lasted ten years.", evidence) == "The war lasted six years."
    assert corrected("The war lasted 40 months.", "The Second World War (1939–1945) was a global conflict.") \
        == "The war lasted 72 months."
    # The months left unsaid make "from 1939 to 1945" anything from five to seven years.
    assert not align("The war lasted seven years.", evidence).contradicts


def test_a_capacity_up_to_an_amount_is_that_amount_and_a_range_holds_the_amounts_inside_it():
    evidence = "The Colosseum could hold an estimated 50,000 to 80,000 spectators."
    assert corrected("The Colosseum could hold up to 200,000 spectators.", evidence) \
        == "The Colosseum could hold 50,000 to 80,000 spectators."
    assert not align("The Colosseum could hold 65,000 spectators.", evidence).contradicts
    # Not a capacity: "up to" bounds what may happen, and a smaller amount meets it.
    assert not align("Up to 2 litres of water may run out.", "About 1.5 litres of water may run out.").contradicts


def test_a_time_of_day_is_one_value_however_it_is_written():
    evidence = "On weekdays the museum opens at 9:00 and closes at 18:00."
    assert not align("The museum opens at 9 a.m. on weekdays.", evidence).contradicts
    assert not align("The museum closes at 6 pm on weekdays.", evidence).contradicts
    # The correction is written the claim's way, and takes the time of the same event.
    assert corrected("The museum opens at 10 a.m. on weekdays.", evidence) == "The museum opens at 9 a.m. on weekdays."
    assert corrected("The museum closes at 5 pm on weekdays.", evidence) == "The museum closes at 6 pm on weekdays."
    assert corrected("The museum opens at 10:30 on weekdays.", "The museum opens at 9.30 a.m.") \
        == "The museum opens at 9:30 on weekdays."


def test_a_life_span_in_brackets_states_the_age_at_death():
    evidence = "Marie Curie (7 November 1867 – 4 July 1934) was a physicist and chemist."
    # 66, not 1934 - 1867 = 67: she died before her birthday that year.
    assert not align("Marie Curie died at the age of 66.", evidence).contradicts
    assert corrected("Marie Curie died at the age of 76.", evidence) == "Marie Curie died at the age of 66."
    assert corrected("Marie Curie died aged 60.", evidence) == "Marie Curie died aged 66."


def test_a_superlative_at_another_rank_is_substituted_whole():
    evidence = "Lake Tanganyika is the second-largest lake in Africa."
    assert corrected("Lake Tanganyika is the largest lake in Africa.", evidence) == evidence
    assert corrected("Lake Tanganyika is the third largest lake in Africa.", evidence) == evidence
    assert not align("Lake Tanganyika is the second largest lake in Africa.", evidence).contradicts
    assert corrected("The Louvre is the second most visited museum in the world.",
                     "The Louvre is the world's most-visited art museum.") \
        == "The Louvre is the most-visited museum in the world."
    # "One of the largest" names no rank.
    assert not align("Lake Tanganyika is one of the largest lakes in Africa.", evidence).contradicts


def test_a_day_of_the_week_is_a_date_slot():
    evidence = "The meeting has been rescheduled for Thursday."
    assert corrected("The meeting was moved to Friday.", evidence) == "The meeting was moved to Thursday."
    [day] = [e for e in align("The shop is closed on Mondays.", "The shop does not open on Mondays.").edges
             if e.kind == "date"]
    assert day.op == "equal"


def test_an_opposite_spelt_alike_or_the_other_order_in_time_is_the_opposite():
    from truthometer.alignment.align import OPPOSITE

    a = align("Antibiotics are effective against viruses.", "Antibiotics are ineffective against viral infections.")
    [edge] = a.substituted
    assert (edge.claim_text, edge.evidence_text, edge.label) == ("effective", "ineffective", OPPOSITE)
    a = align("The treaty was signed before the war ended.", "The treaty was signed a year after the war ended.")
    assert [(e.claim_text, e.label) for e in a.substituted] == [("before", OPPOSITE)]


def test_no_longer_is_a_negation_and_its_corrections_read_as_english():
    from truthometer.judging.rules import polarity
    from truthometer import models

    stopped = "The shop stopped selling vinyl records in 2015."
    assert not align("The shop no longer sells vinyl records.", stopped).contradicts
    assert polarity(models.nlp()(stopped)[:]) == -1
    assert corrected("The shop still sells vinyl records.", stopped) == "The shop no longer sells vinyl records."
    assert corrected("The shop no longer sells vinyl records.", "The shop still sells vinyl records.") \
        == "The shop sells vinyl records."


def test_verbs_of_change_in_opposite_directions_contradict():
    evidence = "Last year the population increased by 5%."
    assert align("The population fell by 5 percent last year.", evidence).contradicts
    assert not align("The population grew by 5 percent last year.", evidence).contradicts


def test_who_aired_it_is_the_medium_the_evidence_names_after_on():
    evidence = "Giada at Home first aired on October 18, 2008 on the Food Network."
    a = align("HBO aired Giada at Home in 2008.", evidence)
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("HBO", "Food Network")]
    # "the" goes with the name, also at the start of the sentence.
    assert corrected("HBO aired Giada at Home in 2008.", evidence) == "The Food Network aired Giada at Home in 2008."
    assert not align("The Food Network aired Giada at Home in 2008.", evidence).contradicts
    # Only where what aired is the claim's object: another show on another channel says nothing of HBO.
    other = align("HBO aired Giada at Home in 2008.", "Her earlier cooking show aired on the Food Network.")
    assert not any(e.claim_text == "HBO" for e in other.substituted)


def test_the_network_that_aired_it_is_the_medium_too():
    # "X is the network that aired Y": X is the subject of the relative clause's verb; a show runs or
    # airs on its network alike, and "the series" (or "it") is the article's show.
    assert corrected("ABC is the network that aired The Millers.",
                     "The series aired from 2013 to 2015 and ran 34 episodes over two seasons on CBS.") \
        == "CBS is the network that aired The Millers."
    assert corrected("The Food Network is a channel that ran Giada at Home.",
                     "It first aired on October 18, 2008 on HBO.") == "HBO is a channel that ran Giada at Home."
    assert not align("CBS is the network that aired The Millers.", "The series aired on CBS.").contradicts
    # Another thing that aired on another network says nothing of this one's.
    assert not any(e.claim_text == "ABC" for e in
                   align("ABC aired The Millers.", "The company aired its ads on CBS.").substituted)
    # A relative clause about the noun, not the subject's doing: nothing is swapped.
    other = align("ABC is the network that owns The Millers studio.", "The series aired on CBS.")
    assert not any(e.claim_text == "ABC" and e.evidence_text == "CBS" for e in other.substituted)


def test_the_scale_after_degrees_is_the_numbers_unit_not_a_name():
    # The small model tags "Fahrenheit" here as an organisation; it is the unit of 32 degrees.
    a = align("Water freezes at 32 degrees Fahrenheit.", "Water freezes at 0 °C.")
    assert not a.contradicts and not any(e.kind == "entity" for e in a.edges)
    assert align("Water freezes at 10 degrees Fahrenheit.", "Water freezes at 0 °C.").contradicts


def test_a_complement_of_born_and_raised_completes_born_too():
    evidence = "Shakespeare was born and raised in Stratford-upon-Avon, Warwickshire, in 1564."
    a = align("Shakespeare was born in 1564 in London.", evidence)
    assert [e.claim_text for e in a.substituted] == ["London"] and not a.unconfirmed
    assert not align("Shakespeare was born in 1564.", evidence).contradicts
    # Each verb with a complement of its own dates its own event.
    assert align("Einstein was born in 1955.", "Einstein was born in 1879 in Ulm and died in 1955 in Princeton.").contradicts


def test_a_verb_of_ending_is_stated_by_the_end_of_a_period():
    # The small model tags "The Second World War ended in" as one name: no name ends in a verb.
    evidence = "World War II lasted from 1939 to 1945."
    assert not align("The Second World War ended in 1945.", evidence).contradicts
    assert not align("The Second World War began in 1939.", evidence).contradicts
    assert corrected("The Second World War ended in 1946.", evidence) == "The Second World War ended in 1945."
    assert corrected("The Second World War began in 1945.", evidence) == "The Second World War began in 1939."


def test_doing_something_without_doing_the_claims_verb_denies_it():
    from truthometer import models
    from truthometer.judging.rules import find_mismatches

    evidence = "Properly stored honey can last indefinitely without spoiling."
    assert not align("Honey never spoils if stored properly.", evidence).contradicts
    assert corrected("Honey spoils quickly.", evidence) == "Honey does not spoil quickly."
    nlp = models.nlp()
    assert find_mismatches(nlp("Honey never spoils if stored properly.")[:], nlp(evidence)[:]) == []


def test_a_hyphened_count_counts_the_noun_after_the_hyphen():
    evidence = "The Empire State Building is a 102-story skyscraper in Midtown Manhattan."
    assert not align("The Empire State Building has 102 floors.", evidence).contradicts
    assert corrected("The Empire State Building has 120 floors.", evidence) == "The Empire State Building has 102 floors."


def test_a_comparison_the_other_way_round_is_contradicted_and_its_opposite_confirmed():
    evidence = "Light travels much faster than sound."
    assert corrected("Sound travels faster than light.", evidence) == "Light travels faster than sound."
    assert corrected("Light travels slower than sound.", evidence) == "Light travels faster than sound."
    for same in ("Light travels faster than sound.", "Sound travels slower than light."):
        assert not align(same, evidence).contradicts, same
    assert corrected("The Amazon is longer than the Nile.", "The Nile is longer than the Amazon.") \
        == "The Nile is longer than the Amazon."


def test_a_count_is_of_the_counted_nouns_lemma():
    evidence = "Adult dogs have 42 permanent teeth."
    assert not align("Adult dogs have 42 teeth.", evidence).contradicts
    assert corrected("Adult dogs have 32 teeth.", evidence) == "Adult dogs have 42 teeth."


def test_a_title_of_the_same_place_is_another_title():
    evidence = "Angela Merkel served as Chancellor of Germany from 2005 to 2021."
    a = align("Angela Merkel was the President of Germany.", evidence)
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("President", "Chancellor")]
    assert not align("Angela Merkel was the Chancellor of Germany.", evidence).contradicts


def test_an_event_the_evidence_calls_off_by_its_noun_did_not_take_place():
    evidence = "Apollo 13 was a crewed mission of the Apollo program; the lunar landing was aborted after a failure."
    a = align("Apollo 13 landed on the Moon.", evidence)
    assert a.polarity_mismatch and a.evidence_negated
    assert corrected("Apollo 13 landed on the Moon.", evidence) == "Apollo 13 did not land on the Moon."
    assert not align("Apollo 13 landed on the Moon.", "The lunar landing of Apollo 13 was a success.").contradicts


def test_advice_against_what_the_claim_calls_safe_is_the_opposite_polarity():
    evidence = "Ibuprofen should be avoided in the third trimester of pregnancy."
    assert corrected("Ibuprofen is safe during the third trimester of pregnancy.", evidence) \
        == "Ibuprofen is not safe during the third trimester of pregnancy."
    # Said of another subject, the advice says nothing of this one.
    assert not align("Paracetamol is safe during pregnancy.", evidence).contradicts


# Designators and formulas: names told apart by a letter, a numeral or their element symbols.

def test_a_name_with_another_designator_is_the_designator_substituted():
    assert corrected("Vitamin C deficiency causes rickets.", "Rickets is caused by a lack of vitamin D.") \
        == "Vitamin D deficiency causes rickets."
    assert corrected("World War I ended in 1945.", "World War II ended in 1945.") == "World War II ended in 1945."
    a = align("Vitamin C deficiency causes scurvy.", "Scurvy results from a lack of vitamin C.")
    assert not a.substituted
    assert corrected("World War II ended in 1945.", "World War II ended in 1945.") is None


def test_a_formula_the_evidence_states_otherwise_is_substituted_and_an_acronym_is_no_formula():
    assert corrected("The chemical formula of table salt is KCl.",
                     "Sodium chloride, commonly known as table salt, has the chemical formula NaCl.") \
        == "The chemical formula of table salt is NaCl."
    a = align("The agency NASA was founded in 1958.", "The agency ESA was founded in 1958.")
    assert not [e for e in a.substituted if e.kind == "code"]


def test_a_date_after_a_name_the_evidence_repeats_is_the_date_after_that_name_there():
    evidence = "Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911."
    assert corrected("Marie Curie won the Nobel Prize in Chemistry in 1913.", evidence) \
        == "Marie Curie won the Nobel Prize in Chemistry in 1911."
    assert corrected("Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1913.", evidence) \
        == "Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911."


def test_a_word_said_of_another_named_subject_does_not_confirm_the_claims():
    evidence = "Neil Armstrong was the first person to walk on the Moon; Buzz Aldrin was the second."
    assert corrected("Neil Armstrong was the second person to walk on the Moon.", evidence) \
        == "Neil Armstrong was the first person to walk on the Moon."
    assert corrected("Buzz Aldrin was the second person to walk on the Moon.", evidence) is None


def test_an_order_of_events_is_read_from_the_years_the_evidence_gives_them():
    evidence = "Shakespeare wrote Romeo and Juliet around 1595 and Hamlet around 1600."
    assert corrected("Shakespeare wrote Hamlet before Romeo and Juliet.", evidence) \
        == "Shakespeare wrote Hamlet after Romeo and Juliet."
    assert corrected("Shakespeare wrote Hamlet after Romeo and Juliet.", evidence) is None
    # The contrary word the evidence itself uses is still read as before.
    assert corrected("The treaty was signed before the war ended.",
                     "The treaty was signed in 1919, a year after the war ended.") \
        == "The treaty was signed after the war ended."


def test_a_phrase_similarity_does_not_depend_on_the_phrases_embedded_before_it():
    from truthometer.alignment.align import PARAPHRASE_THRESHOLD, _Similarity

    alone = _Similarity(None, PARAPHRASE_THRESHOLD)
    crowded = _Similarity(None, PARAPHRASE_THRESHOLD)
    pairs = [("main flavour", "predominant flavour"), ("a dark atmosphere", "a darker setting"),
             ("a television series", "a television drama series")]
    # Embedded in one batch with a long phrase, as when a pair's phrases are embedded together.
    crowded.prime([w for pair in pairs for w in pair]
                  + ["the fifteenth and final studio album by the English rock band Pink Floyd released in 2014"])
    for a, b in pairs:
        assert alone.score(a, b) == crowded.score(a, b)


def test_coordinated_adjectives_go_with_the_noun_they_qualify():
    # Not "a dark setting": the claim's adjective is what the evidence's coordinated ones contradict.
    assert corrected("Princess Mononoke has a dark atmosphere.",
                     "Like other Ghibli films, Mononoke has a relaxing and joyful setting and tone.") == \
        "Princess Mononoke has a relaxing and joyful setting."


def test_evidence_about_another_participant_never_naming_the_subject():
    assert align("Tom Hanks starred in Big.", "Big is a 1988 American comedy film.").about_another_participant
    assert not align("Tom Hanks starred in Big.", "Big is a 1988 film starring Tom Hanks.").about_another_participant
    # A definite description of the subject ("The fire") is about the subject, not another participant.
    assert not align("The Great Fire of London began in a bakery on Pudding Lane.",
                     "The fire started in Thomas Farriner's bakery on Pudding Lane.").about_another_participant


def test_a_bare_noun_subject_is_replaced_by_a_bare_noun_but_a_name_is_not():
    # "The man" refers back to what the text is about when the claim names it ...
    assert suggest_correction("Ken Loach was directing a play in the garden.",
                              "The man was directing a play in the garden.") is None
    # ... but against "The woman" it is another person.
    assert corrected("The woman was directing a play in the garden.", "The man was directing a play in the garden.") \
        == "The man was directing a play in the garden."


def test_a_count_pairs_with_the_count_of_its_noun_though_a_name_stands_between():
    # "27 EU member states" counts states as "27 member states" does: the 27s pair, so a right draft is not
    # read as another wrong count (and withheld).
    evidence = "The euro is the official currency of 20 of the 27 member states of the European Union."
    a = align("The euro is used by 20 of the 27 EU member states.", evidence)
    assert [e.op for e in a.edges if e.kind == "number"] == ["equal", "equal"]
    assert corrected("The euro is used by 25 of the 27 EU member states.", evidence) \
        == "The euro is used by 20 of the 27 EU member states."
    a = align("The club won 5 Grammy awards.", "The club won 5 Grammy awards in a decade.")
    assert [e.op for e in a.edges if e.kind == "number"] == ["equal"]
    # "Two out of ten men": "Two" counts no noun of its own here; the ten is what differs.
    assert corrected("Two out of ten men are hugging.", "Two out of five men are hugging.") \
        == "Two out of five men are hugging."


def test_where_someone_finished_pairs_whatever_the_verb():
    a = align("Tyson Gay came third in that race.", "Tyson Gay of the United States finished second in 9.71 seconds.")
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("third", "second")]
    assert corrected("Hamilton finished fifth at Monza.", "Hamilton finished third at Monza after a late stop.") \
        == "Hamilton finished third at Monza."


def test_a_range_against_another_is_replaced_whole():
    assert corrected("Adults take 200 to 400 mg every 8 to 12 hours.", "Adults take 200 to 400 mg every 4 to 6 hours.") \
        == "Adults take 200 to 400 mg every 4 to 6 hours."
    a = align("The film runs 90 to 120 minutes.", "The film runs 90 to 100 minutes.")
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("90 to 120", "90 to 100")]
    assert not align("The dose is 200 to 400 mg.", "The usual dose is 200 to 400 mg.").substituted


def test_a_value_another_slot_of_the_claim_states_is_not_this_slots_counterpart():
    # Two months (or years) on each side: each pairs with its equal, not crosswise by position.
    a = align("Guided tours run from April to the end of September, when the gardens are in bloom.",
              "Between 1 April and 30 September, guided tours leave the main gate every afternoon.")
    assert [(e.claim_text, e.op) for e in a.edges if e.kind == "date"] == [("April", "equal"), ("September", "equal")]
    # A value the evidence does not state is still filled otherwise.
    b = align("Guided tours run from May to the end of September.", "Between 1 April and 30 September, guided tours run.")
    assert [(e.claim_text, e.op) for e in b.edges if e.kind == "date"][0] == ("May", "substituted")
    # Years: "an 1898 contract" pairs with "in 1898", not with the "since 1905" the claim states too.
    c = align("The company bought the mill under an 1898 contract, and it has housed the town archive since 1905.",
              "Under the terms of a contract signed in 1898 the mill passed to the company, and it has housed the town "
              "archive since 1905.")
    assert all(e.op == "equal" for e in c.edges if e.kind == "date")


def test_a_value_another_slot_states_is_that_slots_and_a_range_end_confirms_a_time():
    claim = "Buses leave every 15 minutes until 18:00, and every half hour at night."
    evidence = "Buses leave every 15 minutes between 7:00 and 18:00, and every hour at night."
    a = align(claim, evidence)
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("every half hour", "every hour")]
    assert corrected(claim, evidence) == "Buses leave every 15 minutes until 18:00, and every hour at night."


def test_a_verb_of_position_is_stated_by_a_copula_with_a_place():
    assert align("The old mill lies on the north bank of the river.",
                 "The old mill is on the north bank of the river.").confirms
    assert align("The old hut sits in the valley.", "The old hut is in the valley.").confirms
    # Without a place, "is" says something else.
    assert not align("The old mill lies on the north bank.", "The old mill is a museum on the north bank.").confirms
