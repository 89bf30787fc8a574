"""The judge's alignment features: which slots of the claim the evidence covers, in other words or units."""
from truthometer import models
from truthometer.judging.nli.alignment import (FEATURE_NAMES, SPACY_DISABLE, matched_numbers, pair_features,
                                               sentence_info)


def info(text):
    return sentence_info(models.nlp()(text, disable=list(SPACY_DISABLE)))


def feature(claim, evidence, name):
    return float(pair_features(info(claim), info(evidence))[FEATURE_NAMES.index(name)])


def test_a_number_in_another_unit_is_matched_not_conflicting():
    claim = "Uhuru Peak stands about 19,340 feet above sea level."
    same = "Uhuru Peak rises to 5,895 metres above sea level."
    other = "Uhuru Peak rises to 4,100 metres above sea level."
    assert matched_numbers(info(claim), info(same)) == {19340.0}
    assert matched_numbers(info(claim), info(other)) == set()
    assert feature(claim, same, "num_conflict") == 0.0 and feature(claim, same, "num_match") > 0
    assert feature(claim, other, "num_conflict") > 0 and feature(claim, other, "num_match") == 0.0
    # The unit word is covered by the converted amount, so only the verb is left uncovered.
    assert feature(claim, same, "coverage") > feature(claim, other, "coverage")


def test_a_fraction_in_words_is_part_of_its_number():
    claim = "As much as one and a half litres of water may run out."
    assert matched_numbers(info(claim), info("Up to 1.5 litres of water may run out.")) == {1.5}
    assert matched_numbers(info(claim), info("Up to 2.5 litres of water may run out.")) == set()
    assert feature(claim, "Up to 1.5 litres of water may run out.", "num_conflict") == 0.0
    assert matched_numbers(info("The cycle takes half an hour."), info("The cycle takes 30 minutes.")) == {0.5}
    assert matched_numbers(info("Adults are about half a millimetre long."), info("Adults are about 0.5 mm long.")) \
        == {0.5}


def test_temperatures_convert_with_their_offset():
    assert matched_numbers(info("Titanium melts at about 3,034 °F."), info("Titanium melts at 1,668 °C.")) == {3034.0}
    assert matched_numbers(info("Titanium melts at about 1,034 °F."), info("Titanium melts at 1,668 °C.")) == set()


def features_with_synonyms(claim, evidence):
    from truthometer.judging.nli.features import WordSimilarity

    similarity = WordSimilarity()
    a, b = info(claim), info(evidence)
    similarity.prime([a, b])
    values = pair_features(a, b, similarity)
    return {name: float(values[FEATURE_NAMES.index(name)]) for name in FEATURE_NAMES}


def test_a_synonym_covers_a_claim_word_but_a_rival_word_does_not():
    # "website" / "site" (word-embedding cosine 0.92) are synonyms WordNet 3.0 does not list.
    synonym = features_with_synonyms("Reddit is a website.", "Reddit is a site launched in 2005.")
    assert synonym["synonym_covered"] > 0 and synonym["missing_after_synonyms"] == 0
    assert synonym["coverage_with_synonyms"] == 1.0 and synonym["conflict_noun"] == 0
    rival = features_with_synonyms("Reddit is a newspaper.", "Reddit is a site launched in 2005.")
    assert rival["synonym_covered"] == 0 and rival["missing_after_synonyms"] > 0
    assert rival["conflict_noun"] > 0
    # Without a similarity function no word counts as a synonym by its embedding...
    plain = pair_features(info("Reddit is a website."), info("Reddit is a site launched in 2005."))
    assert plain[FEATURE_NAMES.index("synonym_covered")] == 0
    # ...but WordNet's synonyms still do ("movie" / "film").
    wordnet = pair_features(info("The Mod Squad is a movie."), info("The Mod Squad is a film released in 1973."))
    assert wordnet[FEATURE_NAMES.index("wordnet_synonym")] > 0
    assert wordnet[FEATURE_NAMES.index("coverage_with_synonyms")] == 1.0


def test_a_light_verb_is_not_a_slot():
    values = features_with_synonyms("In 1986, Tatum O'Neal got married.", "In 1986, O'Neal married John McEnroe.")
    assert values["conflict_verb"] == 0 and values["missing_verb"] == 0


def test_training_pairs_are_recognised_by_fingerprint(tmp_path):
    import shutil

    from truthometer.judging.nli import BUNDLED_DIR, TRAINED_ON_FILE, BundledJudge, pair_fingerprint

    ptb = pair_fingerprint("Lost -LRB- TV -RRB- aired on ABC .", "Lost aired on ABC .")
    assert ptb == pair_fingerprint("Lost (TV) aired on ABC.", "Lost aired on ABC.")
    assert ptb != pair_fingerprint("Lost aired on ABC.", "Lost (TV) aired on ABC.")  # the order matters
    for name in ("head.npz", "head.json"):
        shutil.copy(BUNDLED_DIR / name, tmp_path / name)
    judge = BundledJudge(tmp_path)
    assert judge.trained_on() == frozenset()
    (tmp_path / TRAINED_ON_FILE).write_text(ptb + "\n\n", encoding="utf-8")
    assert judge.trained_on() == {ptb}


def test_an_indefinite_participant_is_not_a_named_one():
    caption = info("A man is playing a guitar in a park.")
    assert caption.generic_subject and {"man", "guitar", "park"} <= caption.indefinite
    assert info("There is no dog running in the snow.").generic_subject
    # A predicate nominal is an attribute of a named subject, not a participant.
    named = info("Lost is a political party.")
    assert not named.generic_subject and "party" not in named.indefinite
    assert not info("His dogs are barking.").indefinite


def test_another_unidentified_participant_is_a_different_kind_of_conflict():
    other_man = features_with_synonyms("A woman is playing a guitar.", "A man is playing a guitar.")
    assert other_man["conflict_indefinite"] > 0 and other_man["conflict_specific"] == 0
    assert other_man["generic_claim"] == 1.0 and other_man["generic_evidence"] == 1.0
    named = features_with_synonyms("Lost is a political party.", "Lost is a television series.")
    assert named["conflict_indefinite"] == 0 and named["conflict_specific"] > 0


def test_a_more_general_word_is_covered_and_a_more_specific_one_is_not():
    general = features_with_synonyms("A person is playing an instrument.", "A man is playing a guitar.")
    assert general["hypernym_covered"] > 0 and general["more_specific_claim"] == 0
    assert general["coverage_with_synonyms"] == 1.0
    specific = features_with_synonyms("A man is playing a guitar.", "A person is playing an instrument.")
    assert specific["hypernym_covered"] == 0 and specific["more_specific_claim"] > 0
    assert specific["coverage_with_synonyms"] < 1.0


def test_the_word_table_gives_the_encoders_own_word_vectors(tmp_path, monkeypatch):
    import numpy as np

    from truthometer import word_table as wt

    monkeypatch.setattr(wt, "TABLE_DIR", tmp_path / "words")
    monkeypatch.setattr(wt, "vocabulary_words", lambda config=None: ["begin", "film", "movie", "start"])
    monkeypatch.setattr(wt, "_tables", {})
    table = wt.word_table()
    assert len(table) == 4 and wt.table_path().is_file()
    expected = models.embed(["film", "movie"], wt.word_config())
    # The table's words are embedded in per-token int8, so a word's vector is the one it gets alone.
    assert np.array_equal(table.get("film"), expected[0].astype(np.float16))
    assert table.get("cinema") is None
    # A second process loads the file instead of building it again.
    monkeypatch.setattr(wt, "_tables", {})
    monkeypatch.setattr(wt, "build", lambda config=None: (_ for _ in ()).throw(AssertionError("rebuilt")))
    assert wt.word_table().get("movie") is not None
    # A corrupt file is rebuilt, not a crash; an unwritable cache means no table.
    wt.table_path().write_bytes(b"not an npz")
    monkeypatch.setattr(wt, "_tables", {})
    monkeypatch.setattr(wt, "build", lambda config=None: wt.WordTable(["film"], expected[:1].astype(np.float16)))
    assert len(wt.word_table()) == 1
    monkeypatch.setattr(wt, "_tables", {})
    monkeypatch.setattr(wt, "_writable", lambda directory: False)
    wt.table_path().unlink()
    assert wt.word_table() is None


def test_an_entity_both_sentences_name_is_no_rival_and_a_pronoun_stands_for_the_subject():
    claim = "Christa McAuliffe taught physical education at Concord High School."
    evidence = "She took a teaching position as a physical education teacher at Concord High School in 1983."
    values = features_with_synonyms(claim, evidence)
    assert values["ent_conflict_agent"] == 0 and values["subject_by_pronoun"] == 1.0
    # Named differently, the subject is a rival filler again.
    rival = features_with_synonyms(claim, "Sharon Jones took a teaching position at Concord High School in 1983.")
    assert rival["ent_conflict_agent"] > 0 and rival["subject_by_pronoun"] == 0.0


def test_a_sentence_span_reads_like_its_own_doc():
    doc = models.nlp()("Lost aired on ABC. There is a man playing a guitar. He is best known for it.")
    spans = list(doc.sents)
    alone = info("There is a man playing a guitar.")
    span = sentence_info(spans[1])
    assert span.indefinite == alone.indefinite and span.generic_subject == alone.generic_subject
    assert sentence_info(spans[2]).pronoun_subject and not span.pronoun_subject


def test_a_topic_the_evidence_leaves_unsaid_is_not_a_missing_fact_but_a_rival_subject_is():
    claim = "Mount Rushmore was carved by the sculptor Gutzon Borglum."
    elided = "The sculptor Gutzon Borglum carved it between 1927 and 1941 with his son."
    assert feature(claim, elided, "topic_elided") == 1.0 and feature(claim, elided, "missing_propn") == 0.0
    rival = "Stone Mountain was carved by the sculptor Gutzon Borglum."
    assert feature(claim, rival, "topic_elided") == 0.0 and feature(claim, rival, "missing_propn") > 0.0
    # Part of a name the evidence uses covers the whole name's words.
    assert feature("Brad Wilk co-founded the band.", "Wilk co-founded the band in 1991.", "coverage") == 1.0
    assert feature("Brad Wilk co-founded the band.", "Tom Morello co-founded the band in 1991.", "coverage") < 1.0


def test_a_bound_or_a_decade_is_met_by_a_number_inside_it_and_violated_by_one_outside():
    claim = "The album sold more than 100,000 copies."
    assert feature(claim, "The album sold 258,000 copies in its first week.", "bound_met") == 1.0
    assert feature(claim, "The album sold 258,000 copies in its first week.", "num_conflict") == 0.0
    assert feature(claim, "The album sold 40,000 copies in its first week.", "bound_violated") == 1.0
    assert feature(claim, "The album reached number 3 in 2014.", "bound_met") == 0.0  # no copies to compare
    assert feature("Carlos Santana was born in the 1940s.", "Carlos Santana (born July 20, 1947) is a guitarist.",
                   "bound_met") == 1.0
    assert feature("Carlos Santana was born in the fifties.", "Carlos Santana (born July 20, 1947) is a guitarist.",
                   "bound_violated") == 1.0


def test_calendar_dates_match_across_formats_and_conflict_on_month_or_day():
    evidence = "Aleister Crowley (born 12 October 1875 - 1 December 1947) was an English occultist."
    assert info(evidence).dates == {(1875, 10, 12), (1947, 12, 1)}
    assert feature("Crowley was born on October 12th, 1875.", evidence, "date_match") == 1.0
    assert feature("Crowley was born on June 12, 1875.", evidence, "date_conflict") == 1.0
    assert feature("Crowley was born in October of 1875.", evidence, "date_match") == 1.0
    assert feature("Crowley was born on 12 October 1876.", evidence, "date_conflict") == 0.0  # another year: no claim on it


def test_a_name_of_the_topics_kind_in_the_evidence_stops_the_topic_being_taken_as_given():
    claim = "The Battle of Hastings was fought on 25 September 1066."
    assert feature(claim, "On 14 October 1066 the Normans defeated the English army.", "topic_elided") == 1.0
    other = "Less than three weeks earlier, on 25 September 1066, Harold won the Battle of Stamford Bridge."
    assert feature(claim, other, "topic_elided") == 0.0


def test_a_decade_word_met_by_a_year_is_covered_and_disbanding_is_the_opposite_of_forming():
    evidence = "Carlos Santana (born July 20, 1957) is a guitarist."
    assert feature("Carlos Santana was born in the fifties.", evidence, "all_covered") == 1.0
    assert feature("Carlos Santana was born in the forties.", evidence, "all_covered") == 0.0
    assert feature("Paramore formed in 2004.", "Paramore is a rock band that disbanded in 2004.",
                   "antonym_claim_to_evidence") > 0


def test_a_words_vector_does_not_depend_on_the_words_embedded_beside_it():
    import numpy as np

    from truthometer.judging.nli import features

    words = ["anthropocene", "biofuel", "borehole", "bushfire"]
    alone = models.embed(words[:1], features.WordSimilarity().config)[0]
    together = models.embed(words[::-1], features.WordSimilarity().config)[-1]
    assert np.array_equal(alone, together)


def test_the_word_backlog_embeds_every_batch_once_whichever_thread_takes_it():
    import threading

    from truthometer.judging.nli.features import _WordBacklog

    primed, lock = [], threading.Lock()
    took = {"encoder": threading.Event(), "MainThread": threading.Event()}

    class Recorder:
        def prime(self, infos):
            me = threading.current_thread().name
            took[me].set()
            # Each thread's first batch waits until the other has one too: both take part.
            other = "MainThread" if me == "encoder" else "encoder"
            assert took[other].wait(10)
            with lock:
                primed.append((me, tuple(infos)))

    backlog = _WordBacklog(Recorder())
    added = threading.Event()
    worker = threading.Thread(target=backlog.after, args=(added.wait,), name="encoder")
    worker.start()
    for i in range(12):
        backlog.add([i])
    added.set()
    backlog.finish()
    # finish() returned only when every batch was embedded, by one thread or the other, each once.
    assert sorted(batch for _, batch in primed) == [(i,) for i in range(12)]
    assert {name for name, _ in primed} == {"encoder", "MainThread"}
    worker.join()
