import json

import pytest

from truthometer import check
from truthometer.errors import InputError
from truthometer.judging.rules import find_mismatches
from truthometer import models

REFERENCE = ("The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. "
             "It is named after the engineer Gustave Eiffel, whose company designed and built the tower. "
             "Constructed from 1887 to 1889 as the centrepiece of the 1889 World's Fair, it was initially "
             "criticised by some of France's leading artists.")
TEXT = ("The Eiffel Tower is a wrought-iron lattice tower in Paris. The tower was completed in 1899 for the "
        "World's Fair. I think it is the most beautiful building in Europe. Koalas sleep twenty hours a day.")


@pytest.fixture(scope="module")
def report():
    return check(TEXT, references=[("eiffel.md", REFERENCE)])


def test_statuses(report):
    statuses = [s.status for s in report.sentences]
    assert statuses == ["supported", "contradicted", "skipped", "unverifiable"]
    assert report.stats["contradicted"] == 1


def test_correction_is_minimal(report):
    fix = report.sentences[1].suggestion
    assert fix.corrected == "The tower was completed in 1889 for the World's Fair."
    [sub] = fix.substitutions
    assert (sub.from_, sub.to, sub.kind) == ("1899", "1889", "date")
    assert report.sentences[1].text[sub.start:sub.end] == "1899"
    assert "1889" in sub.evidence and "eiffel.md" in sub.evidence_locator
    assert report.corrected_text == TEXT.replace("1899", "1889")


def test_evidence_has_source_and_relation(report):
    evidence = report.sentences[1].evidence
    assert evidence and evidence[0].source == "reference"
    assert any(e.relation == "contradiction" for e in evidence)
    assert report.sentences[3].evidence == [] or report.sentences[3].evidence[0].score < 0.35


def test_json_form(report):
    data = json.loads(report.to_json())
    sentence = data["sentences"][1]
    for key in ("index", "text", "start", "end", "status", "reason", "score", "evidence", "suggestion"):
        assert key in sentence
    assert set(sentence["evidence"][0]) >= {"text", "source", "locator", "score", "relation"}
    assert sentence["suggestion"]["substitutions"][0]["from"] == "1899"
    assert data["corrected_text"].count("1889") == 1
    assert data["stats"]["total"] == 4


def test_deterministic(report):
    again = check(TEXT, references=[("eiffel.md", REFERENCE)])
    assert again.to_json() == report.to_json()


def test_no_references_means_unverifiable():
    r = check("The Eiffel Tower was completed in 1889.")
    assert [s.status for s in r.sentences] == ["unverifiable"]


def test_empty_text_is_refused():
    with pytest.raises(InputError):
        check("   \n ")


def test_rule_tier_units_and_entities():
    nlp = models.nlp()
    m = find_mismatches(nlp("The recommended pressure for the front tires is 40 psi.")[:],
                        nlp("The recommended pressure is 37 psi for the front and rear tires.")[:])
    assert [(x.kind, x.claim.text, x.evidence.text) for x in m] == [("number", "40", "37")]
    # A different unit is not a contradiction: the evidence does not cover the slot.
    assert find_mismatches(nlp("The spare holds 60 psi.")[:], nlp("The spare weighs 12 kilograms.")[:]) == []
    m = find_mismatches(nlp("Git is maintained by Linus Torvalds.")[:],
                        nlp("Git is maintained by Junio Hamano.")[:])
    assert [(x.kind, x.evidence.text) for x in m] == [("entity", "Junio Hamano")]


def test_rule_tier_two_members_of_one_kind_are_no_rivals():
    # "X is a <kind>" and "Y is a <kind>": two things of that kind, not two answers about one; a name in the
    # predicate still has rivals.
    nlp = models.nlp()
    assert find_mismatches(nlp("Lyon is a large city in France.")[:], nlp("Marseille is a large city in France.")[:]) == []
    m = find_mismatches(nlp("Lyon is a large city in Germany.")[:], nlp("Lyon is a large city in France.")[:])
    assert [(x.kind, x.evidence.text) for x in m] == [("entity", "France")]


def test_supporting_web_evidence_is_proposed_as_pending(tmp_path):
    from truthometer.evidence.base import Candidates
    from truthometer.knowledge import KnowledgeBase
    from truthometer.pipeline import Checker
    from truthometer.report import EvidenceSentence

    from kb_support import hash_embedder

    class FakeWeb:
        name = "web"

        def gather(self, claims, progress=None):
            page = EvidenceSentence("The Eiffel Tower was completed in 1889 in Paris.", "web",
                                    "http://example.test/eiffel#s1", confidence=0.7)
            return Candidates([[page] for _ in claims])

    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    report = Checker(sources=[FakeWeb()], propose_to=kb).check("The Eiffel Tower was completed in 1889 in Paris.")
    assert report.sentences[0].status == "supported"
    [entry] = kb.list()
    assert (entry.status, entry.source, entry.locator) == ("pending", "web", "http://example.test/eiffel#s1")
    Checker(sources=[FakeWeb()], propose_to=kb).check("The Eiffel Tower was completed in 1889 in Paris.")
    assert len(kb.list()) == 1  # not proposed twice


def _judged(score, relation="contradiction"):
    from truthometer.report import Evidence, SentenceResult

    evidence = [Evidence("With typical use, the battery lasts about ten days.", "reference", "band.md #2", score,
                         relation, probability=0.6)]
    return SentenceResult(0, "With typical use, one charge lasts up to ten days.", 0, 50, "contradicted",
                          "contradicted: the reference evidence contradicts it (p=0.60)", score, evidence)


class _Aligned:
    def __init__(self, contradicts, confirms=False):
        from types import SimpleNamespace

        self.contradicts, self.confirms, self.evidence, self.polarity_mismatch = contradicts, confirms, "", False
        self.substituted = [SimpleNamespace(kind="number", claim_text="4", evidence_text="5", label="")] \
            if contradicts else []


def _settled(result, alignment):
    from truthometer.config import Config
    from truthometer.verdicts import Signals, apply_verdict, reach_verdict

    apply_verdict(result, reach_verdict(Signals(result, located=alignment), Config(method="nli")))
    return result


def test_a_judge_contradiction_no_slot_explains_is_treated_as_unsure():
    from truthometer.verdicts import UNLOCATED_NOTE

    near = _settled(_judged(0.82), _Aligned(False))
    assert near.status == "supported" and near.evidence[0].relation == "support"
    assert UNLOCATED_NOTE in near.notes and UNLOCATED_NOTE in near.reason and "unlocated" in near.flags
    # Less similar than a near-paraphrase: the checker refuses to guess.
    far = _settled(_judged(0.45), _Aligned(False))
    assert far.status == "unverifiable" and far.evidence[0].relation == "related"
    # A slot the evidence fills differently keeps the contradiction.
    located = _settled(_judged(0.82), _Aligned(True))
    assert located.status == "contradicted" and located.evidence[0].relation == "contradiction"
    assert UNLOCATED_NOTE not in located.notes and not located.flags


def test_the_cross_encoder_reads_the_evidence_nearest_as_read_with_its_antecedent():
    from truthometer.pipeline import nearest_as_read
    from truthometer.report import EvidenceSentence

    pairs = [(EvidenceSentence(t, "reference", "reference 1"), score) for t, score in [
        ("Quillpad is a note-taking application.", 0.61), ("Since 2019 Oren Sato has maintained Quillpad.", 0.55),
        ("It is free software released under the Apache 2.0 license.", 0.38), ("It has a dark theme.", 0.30)]]
    # By its own words the licence sentence ranks third; read as "Quillpad is free software ...", second.
    assert nearest_as_read(pairs, {pairs[2][0].text: 0.58, pairs[3][0].text: 0.35}, 2) == {0, 2}
    # Read with its antecedent it is no nearer than its own words: the ranking stands.
    assert nearest_as_read(pairs, {pairs[2][0].text: 0.30}, 2) == {0, 1}
    # Equally near: the earlier rank is read.
    assert nearest_as_read(pairs, {pairs[3][0].text: 0.55}, 2) == {0, 1}


def test_a_judge_contradiction_the_alignment_confirms_in_full_is_support():
    from truthometer.alignment import Alignment, align
    from truthometer.verdicts import CONFIRMED_NOTE, UNLOCATED_NOTE
    from truthometer.report import Evidence, SentenceResult

    claim, text = "It melts at about 3,034 °F.", "Titanium melts at 1,668 °C."
    alignment = align(claim, text)
    assert alignment.confirms  # the temperature in another unit, the same verb
    evidence = [Evidence(text, "reference", "ti.md #3", 0.45, "contradiction", probability=0.7)]
    result = SentenceResult(0, claim, 0, len(claim), "contradicted", "contradicted", 0.45, evidence)
    _settled(result, alignment)
    assert result.status == "supported" and evidence[0].relation == "support"
    assert CONFIRMED_NOTE in result.notes and UNLOCATED_NOTE not in result.notes
    assert "every slot" in result.reason and "near-paraphrase" not in result.reason
    # A slot the evidence leaves unsaid is no confirmation: unsure, as before.
    partial = align("It melts at about 3,034 °F in a vacuum furnace.", text)
    assert not partial.confirms and not partial.contradicts
    # Nor is an alignment with no slot at all, nor one whose slots are all there but not the claim's verb.
    assert not Alignment("It is.", "It is.").confirms
    married = "In 1986, O'Neal married professional tennis player John McEnroe, with whom she had three children."
    assert not align("In 1986, Tatum O'Neal died.", married).confirms
    assert align("In 1986, Tatum O'Neal got married.", married).confirms


def test_an_acronym_and_its_spelt_out_name_are_one_name():
    from truthometer.alignment import align

    nlp = models.nlp()
    spelt = "The National Aeronautics and Space Administration launched the Voyager 1 probe in 1977."
    for claim, evidence in (("NASA launched the Voyager 1 probe in 1977.", spelt),
                            (spelt, "NASA launched the Voyager 1 probe in 1977.")):
        assert find_mismatches(nlp(claim)[:], nlp(evidence)[:]) == []
        assert not align(claim, evidence).flagged
    # Inside a longer name, and not for another agency.
    assert not align("It was named after the Chechen-Ingush ASSR.",
                     "It was named after the Chechen-Ingush Autonomous Soviet Socialist Republic.").flagged
    other = "The European Space Agency launched the Voyager 1 probe in 1977."
    assert [m.kind for m in find_mismatches(nlp("NASA launched the Voyager 1 probe in 1977.")[:], nlp(other)[:])] \
        == ["entity"]
    assert align("NASA launched the Voyager 1 probe in 1977.", other).contradicts
    report = check("The WHO declared a pandemic in 2020.",
                   references=[("who.md", "The World Health Organization declared a pandemic in 2020.")])
    assert report.sentences[0].status == "supported"


def test_numbers_written_another_way_agree():
    from truthometer.alignment import align

    nlp = models.nlp()
    agree = [("The company employs roughly 10,000 people.", "The company employs 9,800 people."),  # hedged
             ("It was the first ascent of the peak.", "It was the 1st ascent of the peak."),  # ordinal
             ("The city has 1.5 million residents.", "The city has 1,500,000 residents.")]  # scale word
    for claim, evidence in agree:
        assert find_mismatches(nlp(claim)[:], nlp(evidence)[:]) == [], claim
        assert not align(claim, evidence).contradicts, claim
    disagree = [("The company employs roughly 10,000 people.", "The company employs 15,000 people."),
                ("The company employs 10,000 people.", "The company employs 9,800 people."),  # not hedged
                # Rounded as written: "about 97%" is 96.5-97.5%, not 93%.
                ("A single dose prevents measles in about 97% of people.", "A single dose is about 93% effective."),
                ("It was the second ascent of the peak.", "It was the 1st ascent of the peak."),
                ("The city has 1.5 million residents.", "The city has 2,100,000 residents.")]
    for claim, evidence in disagree:
        assert align(claim, evidence).contradicts, claim
    assert [m.kind for m in find_mismatches(nlp(disagree[0][0])[:], nlp(disagree[0][1])[:])] == ["number"]
    # The scaled number is confirmed, not merely left unsaid.
    assert [e.op for e in align(*agree[2]).edges if e.kind == "number"] == ["equal"]


def test_a_bound_is_met_by_an_amount_inside_it_and_a_limit_is_compared_with_a_limit():
    from truthometer.alignment import align

    nlp = models.nlp()
    met = ("The Great Wall is over 21,000 kilometres long.", "The Great Wall of China is 21,196 km long.")
    assert find_mismatches(nlp(met[0])[:], nlp(met[1])[:]) == []
    assert [e.op for e in align(*met).edges if e.kind == "number"] == ["equal"]
    missed = ("Mozart composed more than 600 works.", "Mozart composed 512 works.")
    assert [m.kind for m in find_mismatches(nlp(missed[0])[:], nlp(missed[1])[:])] == ["number"]
    assert align(*missed).contradicts
    # An amount a bound leaves open is unconfirmed, not contradicted.
    open_ = ("Mozart composed 900 works.", "Mozart composed over 800 works.")
    assert find_mismatches(nlp(open_[0])[:], nlp(open_[1])[:]) == []
    assert [e.op for e in align(*open_).edges if e.kind == "number"] == ["unconfirmed"]
    # Two limits of one kind state their values: "should not go above 4,000 mg" is not "no more than
    # 1,200 mg", and a dose of "200 to 400 mg" is no counterpart of the limit.
    claim = "Without a doctor's advice, you should not go above 4,000 mg in a single day."
    evidence = ("The usual dose is 200 to 400 mg every 4 to 6 hours, and no more than 1,200 mg should be taken in "
                "24 hours without medical advice.")
    [m] = find_mismatches(nlp(claim)[:], nlp(evidence)[:])
    assert (m.claim.text, m.evidence.text) == ("4,000", "1,200")
    assert [(e.op, e.evidence_text) for e in align(claim, evidence).edges if e.kind == "number"] == \
        [("substituted", "1,200")]


def test_a_rule_tier_correction_does_not_double_the_article():
    from truthometer.judging.rules import Mismatch, Slot
    from truthometer.corrections.proposals import suggestion_from_mismatches
    from truthometer.report import EvidenceSentence, SentenceResult

    text = "The USSR launched Sputnik 1 in 1957."
    evidence = EvidenceSentence("The Soviet Union launched Sputnik 1 on 4 October 1957.", "reference", "r.md #1")
    mismatch = Mismatch("entity", Slot("entity", "USSR", 4, 8, "ussr", label="GPE"),
                        Slot("entity", "The Soviet Union", 0, 16, "the soviet union", label="GPE"), evidence.text)
    result = SentenceResult(0, text, 0, len(text), "contradicted", "", 0.9, [])
    assert suggestion_from_mismatches(result, text, [mismatch], evidence).corrected == \
        "The Soviet Union launched Sputnik 1 in 1957."


def test_the_nli_method_still_flags_a_wrong_year():
    from truthometer.config import Config

    report = check("The tower was completed in 1899.", references=[("ref.md", "The tower was completed in 1889.")],
                   config=Config(method="nli"))
    assert report.sentences[0].status == "contradicted"
    assert report.sentences[0].suggestion and "1889" in report.sentences[0].suggestion.corrected


def test_a_wrong_year_stated_in_a_sentence_opening_with_a_pronoun_is_still_found():
    from truthometer.config import Config

    # Written, "It was completed in 1889" is far from the claim; read as the judge reads it, it is the claim.
    report = check("The Eiffel Tower was completed in 1899.", config=Config(method="nli"), references=[
        ("ref.md", "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It was completed in 1889.")])
    result = report.sentences[0]
    assert result.status == "contradicted"
    assert result.suggestion and result.suggestion.corrected == "The Eiffel Tower was completed in 1889."
    assert any(e.relation == "contradiction" and e.text == "It was completed in 1889." for e in result.evidence)


def test_a_near_paraphrase_without_any_date_does_not_support_a_dated_claim():
    from truthometer.config import Config
    from truthometer.verdicts import UNSTATED_DATE_NOTE

    config = Config(method="nli")
    undated = check("The Eiffel Tower was completed in 1899.", config=config,
                    references=[("ref.md", "The Eiffel Tower is a wrought-iron lattice tower in Paris, France.")])
    assert undated.sentences[0].status == "unverifiable"
    assert UNSTATED_DATE_NOTE in undated.sentences[0].notes
    # The same sentence still vouches for what it does say.
    located = check("The Eiffel Tower is a lattice tower in Paris.", config=config,
                    references=[("ref.md", "The Eiffel Tower is a wrought-iron lattice tower in Paris, France.")])
    assert located.sentences[0].status == "supported"


def test_evidence_about_another_participant_that_never_names_the_subject_supports_nothing_of_it():
    from truthometer.config import Config
    from truthometer.verdicts import OTHER_PARTICIPANT_NOTE

    config = Config(method="nli")
    report = check("ABC is the network that aired The Millers.", config=config,
                   references=[("ref.md", "The Millers is an American sitcom.")])
    result = report.sentences[0]
    assert result.status != "supported" and OTHER_PARTICIPANT_NOTE in result.notes
    # Evidence naming the subject still vouches for it.
    named = check("CBS aired The Millers.", config=config,
                  references=[("ref.md", "The Millers is an American sitcom that CBS aired from 2013 to 2015.")])
    assert OTHER_PARTICIPANT_NOTE not in named.sentences[0].notes


def test_an_unsure_judge_label_is_no_relation_and_a_contradiction_needs_the_best_aligned_evidence():
    from truthometer.verdicts import relate_by_judge
    from truthometer.report import Evidence

    best = Evidence("Titanium has atomic number 22.", "reference", "t.md #1", 0.89)
    weak = Evidence("Zirconium has atomic number 40.", "reference", "t.md #5", 0.77)
    far = Evidence("Titanium melts at 1,668 °C.", "reference", "t.md #3", 0.40)
    pairs = [(best, best.score), (weak, weak.score), (far, far.score)]
    relate_by_judge([best, weak, far], pairs, [[0.10, 0.05, 0.85], [0.37, 0.35, 0.28], [0.05, 0.05, 0.90]])
    assert [e.relation for e in (best, weak, far)] == ["contradiction", "related", "related"]
    relate_by_judge([weak], [(weak, weak.score)], [[0.62, 0.30, 0.08]])
    assert weak.relation == "support" and weak.probability == 0.62
    # Far as written ("It melts at ..."), near as read with its antecedent: its contradiction counts.
    relate_by_judge([best, far], [(best, best.score), (far, far.score)], [[0.10, 0.05, 0.85], [0.05, 0.05, 0.90]],
                    as_read={far.text: 0.86})
    assert far.relation == "contradiction"


def test_a_judge_support_whose_alignment_substitutes_a_number_or_name_is_a_contradiction():
    from truthometer.verdicts import MISPLACED_SUPPORT_NOTE, settle_misplaced_support
    from truthometer.report import Evidence, SentenceResult

    def supported(claim, evidence_text, score=0.8):
        evidence = [Evidence(evidence_text, "reference", "r.md #1", score, "support", probability=0.7)]
        return SentenceResult(0, claim, 0, len(claim), "supported", "", score, evidence)

    # The claim's number is in the evidence, but bound to another subject: the alignment pairs the roles.
    bound = supported("The canal itself runs for about 640 kilometres.",
                      "The river basin is about 640 km long, while the canal itself is about 85 km long.")
    # A paraphrase with the same slots stays a support.
    same = supported("The canal runs for about 85 kilometres.", "The canal is about 85 km long.")
    # A common word filled differently is as often a paraphrase: the judge's support stands.
    reworded = supported("Nausea is its most common side effect.", "Nausea is its most frequent side effect.")
    settle_misplaced_support([(r, None) for r in (bound, same, reworded)])
    assert bound.evidence[0].relation == "contradiction" and MISPLACED_SUPPORT_NOTE in bound.notes \
        and bound.flags == ["misplaced-support"]
    assert same.evidence[0].relation == "support" and not same.notes
    assert reworded.evidence[0].relation == "support"


def test_a_near_paraphrase_the_judge_was_unsure_of_is_no_support_when_a_slot_is_filled_differently():
    from truthometer.config import Config
    from truthometer.verdicts import MISPLACED_SUPPORT_NOTE, settle_misplaced_support, support_near_paraphrase
    from truthometer.report import Evidence, SentenceResult

    def unsure(claim, evidence_text, score=0.8):
        evidence = [Evidence(evidence_text, "reference", "r.md #1", score, "related", probability=0.55)]
        return SentenceResult(0, claim, 0, len(claim), "supported", "", score, evidence)

    config = Config(method="nli")
    bound = unsure("The canal itself runs for about 640 kilometres.",
                   "The river basin is about 640 km long, while the canal itself is about 85 km long.")
    same = unsure("The canal runs for about 85 kilometres.", "The canal is about 85 km long.")
    untouched = unsure("The canal itself runs for about 640 kilometres.",
                       "The river basin is about 640 km long, while the canal itself is about 85 km long.")
    settle_misplaced_support([(r, None) for r in (bound, same)], config)
    settle_misplaced_support([(untouched, None)])  # without the config, only the judge's supports are read
    for r in (bound, same, untouched):
        support_near_paraphrase(r.evidence, config)
    assert bound.evidence[0].relation == "contradiction" and MISPLACED_SUPPORT_NOTE in bound.notes
    assert same.evidence[0].relation == "support" and not same.notes
    assert untouched.evidence[0].relation == "support"
    # A whole phrase filled otherwise under the claim's preposition and verb outweighs an unsure judge only:
    evidence = "Insulin is a peptide hormone produced by beta cells of the pancreatic islets."
    phrase = unsure("Insulin is produced by the liver.", evidence)
    settle_misplaced_support([(phrase, None)], config)
    assert phrase.evidence[0].relation == "contradiction"
    listed = unsure("The three primary colours of paint are red, blue and green.",
                    "The traditional primary colours of paint are red, yellow and blue.")
    settle_misplaced_support([(listed, None)], config)
    assert listed.evidence[0].relation == "contradiction"
    judged = unsure("Insulin is produced by the liver.", evidence)
    judged.evidence[0].relation = "support"
    settle_misplaced_support([(judged, None)], config)
    assert judged.evidence[0].relation == "support"


def test_a_number_bound_to_another_subject_in_the_reference_is_flagged_and_corrected():
    from truthometer.config import Config
    from truthometer.verdicts import MISPLACED_SUPPORT_NOTE

    report = check("The canal itself runs for about 640 kilometres.",
                   references=[("ref.md", "The river basin is about 640 km long, while the canal itself is about "
                                          "85 km long.")], config=Config(method="nli"))
    [s] = report.sentences
    assert s.status == "contradicted"
    assert s.suggestion and "85" in s.suggestion.corrected and "640" not in s.suggestion.corrected
    # The reason says why, and shows no judge probability: the judge's was for support.
    assert MISPLACED_SUPPORT_NOTE in s.reason and "p=" not in s.reason
    assert s.evidence[0].relation == "contradiction" and s.evidence[0].probability is None


def test_a_support_about_another_subject_does_not_hold_a_contradiction_to_a_draw():
    from truthometer.verdicts import OVERRULED_SUPPORT_NOTE, settle_misplaced_support
    from truthometer.report import Evidence, SentenceResult

    claim = "Copper has the chemical symbol Cu and the atomic number 47."
    against = Evidence("Copper is a chemical element with the symbol Cu and atomic number 29.", "reference",
                       "r.md #1", 0.9, "contradiction", probability=0.7)

    def result(*evidence):
        return SentenceResult(0, claim, 0, len(claim), "supported", "", 0.9, list(evidence))

    # Far from the best match (cosine 0.75 against 0.9), so only read because a contradiction was found.
    silver = Evidence("Silver, which sits directly below copper in the periodic table, has atomic number 47.",
                      "reference", "r.md #2", 0.75, "support", probability=0.55)
    dropped = result(against, silver)
    settle_misplaced_support([(dropped, None)])
    assert silver.relation == "related" and silver.probability is None and OVERRULED_SUPPORT_NOTE in dropped.notes
    # A support that agrees with the claim on every slot stays: the argumentation settles that conflict.
    agreeing = Evidence("Copper, a chemical element, has atomic number 47.", "reference", "r.md #3", 0.75,
                        "support", probability=0.6)
    kept = result(Evidence(against.text, "reference", "r.md #1", 0.9, "contradiction", probability=0.7), agreeing)
    settle_misplaced_support([(kept, None)])
    assert agreeing.relation == "support" and not kept.notes
    # Nor does a support that never names the claim's subject, however sure the judge was of it.
    elsewhere = Evidence("Some elements of this group have atomic number 47.", "reference",
                         "r.md #4", 0.6, "support", probability=0.9)
    unnamed = result(Evidence(against.text, "reference", "r.md #1", 0.9, "contradiction", probability=0.7), elsewhere)
    settle_misplaced_support([(unnamed, None)])
    assert elsewhere.relation == "related" and OVERRULED_SUPPORT_NOTE in unnamed.notes


def test_the_nli_method_embeds_each_claim_and_evidence_sentence_once(monkeypatch):
    # Retrieval embeds with the precision the judge's head was trained on, and the judge reuses those
    # vectors: embedding every sentence twice cost a sixth of a check.
    from truthometer.config import Config
    from truthometer.pipeline import Checker

    checker = Checker(Config(method="nli"))
    calls = []
    real = models.embed

    def spy(texts, config=None):
        calls.append(list(texts))
        return real(texts, config)

    monkeypatch.setattr(models, "embed", spy)
    claims = ["The bridge over the Tagus was opened in 1966.", "It carries both cars and trains."]
    reference = "The bridge over the Tagus opened in 1966. It carries a road deck and a railway below it."
    report = checker.check(" ".join(claims), [("ref.md", reference)])
    assert report.sentences[0].status == "supported"
    embedded = [t for call in calls for t in call]
    assert embedded.count(claims[0]) == 1
    assert embedded.count("The bridge over the Tagus opened in 1966.") == 1


def test_a_correction_comes_from_evidence_about_the_claims_subject():
    # The sentence about liothyronine contradicts more confidently, but it is about another drug: the
    # correction takes the levothyroxine sentence's T4, not the other drug's name.
    from truthometer.config import Config

    reference = ("Levothyroxine is a synthetic form of the thyroid hormone thyroxine (T4) and is used to treat "
                 "hypothyroidism. Liothyronine is a synthetic form of the other main thyroid hormone, "
                 "triiodothyronine (T3).")
    report = check("Levothyroxine is a man-made version of the thyroid hormone T3.",
                   references=[("ref.md", reference)], config=Config(method="nli"))
    s = report.sentences[0]
    assert s.status == "contradicted"
    assert s.alignment["evidence"].startswith("Levothyroxine is a synthetic form")
    assert any(e["claim_text"] == "T3" and e["evidence_text"] == "T4" and e["op"] == "substituted"
               for e in s.alignment["edges"])
    # Proposed only if the judge reads "a man-made version" as entailed by "a synthetic form"; never the other
    # drug's hormone.
    assert s.suggestion is None or s.suggestion.corrected == "Levothyroxine is a man-made version of the thyroid hormone T4."


def test_the_correction_note_does_not_call_a_slot_another_reference_sentence_states_uncovered():
    from truthometer.config import Config

    reference = ("The Great Barrier Reef is the world's largest coral reef system, composed of over 2,900 "
                 "individual reefs stretching for over 2,300 kilometres. The reef is located in the Coral Sea, "
                 "off the coast of Queensland, Australia.")
    report = check("The Great Barrier Reef lies off the coast of Queensland, Australia, and stretches for about "
                   "1,400 kilometres.", references=[("ref.md", reference)], config=Config(method="nli"))
    s = report.sentences[0]
    assert s.status == "contradicted"
    assert "2,300 kilometres" in s.suggestion.corrected
    assert "Queensland" not in s.suggestion.note and "Australia" not in s.suggestion.note


def test_a_support_that_fills_a_slot_otherwise_does_not_hold_a_contradiction_to_a_draw():
    from truthometer.config import Config

    report = check("Canberra is the largest city in Australia.",
                   references=[("ref.md", "Sydney is the largest city in Australia. Canberra is the capital of "
                                          "Australia.")], config=Config(method="nli"))
    s = report.sentences[0]
    assert s.status == "contradicted"
    assert s.suggestion.corrected == "Sydney is the largest city in Australia."


def test_a_support_that_ranks_the_subject_otherwise_is_a_contradiction():
    from truthometer.config import Config

    report = check("Neil Armstrong was the second person to walk on the Moon.",
                   references=[("ref.md", "Neil Armstrong was the first person to walk on the Moon; Buzz Aldrin "
                                          "was the second.")],
                   config=Config(method="nli"))
    s = report.sentences[0]
    assert s.status == "contradicted"
    assert s.suggestion.corrected == "Neil Armstrong was the first person to walk on the Moon."


def test_a_formula_written_with_a_spaced_subscript_is_the_same_name():
    nlp = models.nlp()
    claim = nlp("There is no question whatsoever that the CO2 increase is human-caused.")[:]
    evidence = nlp("The increase in atmospheric CO 2 since the industrial revolution is caused by human activity.")[:]
    assert not [m for m in find_mismatches(claim, evidence) if m.kind == "entity"]


def test_names_a_few_letters_apart_are_one_spelling_and_more_are_two_names():
    from truthometer.alignment.align import _spelt_alike

    assert _spelt_alike("hickman", "hickam") and _spelt_alike("faroe", "faeroes")
    assert not _spelt_alike("levothyroxine", "liothyronine")


def test_a_support_the_cascade_promoted_says_so_instead_of_quoting_the_judge():
    # The judge's probability was for "neutral": quoting it as "entails it (p=0.55)" would misstate it.
    from truthometer.verdicts import decide, support_near_paraphrase
    from truthometer.config import Config
    from truthometer.report import Evidence, SentenceResult

    claim = "The canal runs for about 85 kilometres."
    result = SentenceResult(0, claim, 0, len(claim), "unverifiable", "", 0.8,
                            [Evidence("The canal is about 85 km long.", "reference", "r.md #1", 0.8, "related",
                                      probability=0.55)])
    assert support_near_paraphrase(result.evidence, Config(method="nli"))
    decide(result, None, [])
    assert result.status == "supported" and result.evidence[0].probability is None
    assert "near-paraphrase" in result.reason and "entails" not in result.reason


def test_a_contradicted_sentence_whose_evidence_fills_no_slot_is_offered_its_negation():
    from truthometer.config import Config
    from truthometer.corrections.proposals import ToCorrect, draft_corrections
    from truthometer.judging.nli import load_judge
    from truthometer.report import Evidence, SentenceResult
    from truthometer.verdicts import overrules_support

    def suggest(result):
        draft_corrections([ToCorrect(result, result.text)], load_judge(Config()), overrules_support)

    claim = "In 1986, Tatum O'Neal got married."
    evidence = Evidence("In 1986, O'Neal lost her life in a car accident.", "reference", "oneal.md #1", 0.7,
                        "contradiction", probability=0.8)
    result = SentenceResult(0, claim, 0, len(claim), "contradicted", "contradicted", 0.7, [evidence])
    suggest(result)
    assert result.status == "contradicted"  # drafting a correction never changes the verdict
    assert result.suggestion is not None and result.suggestion.corrected == "In 1986, Tatum O'Neal did not get married."
    assert result.suggestion.substitutions[0].evidence_locator == "reference: oneal.md #1"
    # Evidence that merely relates to the sentence is no ground for negating it.
    related = SentenceResult(0, claim, 0, len(claim), "contradicted", "contradicted", 0.7,
                             [Evidence(evidence.text, "reference", "oneal.md #1", 0.7, "related")])
    suggest(related)
    assert related.suggestion is None


def test_the_nli_cascade_takes_a_paraphrase_only_above_its_own_threshold():
    from truthometer.config import Config
    from truthometer.verdicts import support_near_paraphrase
    from truthometer.report import Evidence

    def evidence(score):
        return [Evidence("Metformin is the usual first-line treatment for type 2 diabetes.", "reference", "m.md #1",
                         score, "related", probability=0.4)]

    config = Config(method="nli")
    # Above DelucionQA's T1 (0.6), below the cascade's threshold: the judge was unsure, and so is the checker.
    assert config.cosine_threshold < 0.62 < config.paraphrase_threshold
    below = evidence(0.62)
    assert not support_near_paraphrase(below, config) and below[0].relation == "related"
    above = evidence(config.paraphrase_threshold + 0.01)
    assert support_near_paraphrase(above, config)
    assert above[0].relation == "support" and above[0].probability is None
    # The threshold is configuration, not a constant.
    assert support_near_paraphrase(evidence(0.62), config.with_(paraphrase_threshold=0.6))


def test_the_rule_tier_finds_an_opposite_quality_of_the_same_thing_in_the_same_event():
    nlp = models.nlp()

    def mismatches(claim, evidence):
        return find_mismatches(nlp(claim)[:], nlp(evidence)[:])

    [m] = mismatches("A strong westerly wind drove the flames, and the fire kept burning until 6 September.",
                     "Driven by a strong easterly wind, it burned until Thursday, 6 September, destroying 13,200 houses.")
    assert m.kind == "quality" and (m.claim.text, m.evidence.text) == ("westerly", "easterly")
    assert "westerly" in m.describe() and "easterly" in m.describe()
    # Another time ("switched to a cool phase" / "changed to a warm phase"), a scene that may be another
    # one ("A young woman" / "An old woman"), both qualities in the claim: no mismatch.
    assert not mismatches("When the PDO last switched to a cool phase, global temperatures were stable.",
                          "In 1925 the PDO changed to a warm phase.")
    assert not mismatches("A young woman is covered in paint.", "An old woman is covered in paint.")
    assert not mismatches("A big brown dog and a small grey dog stand on a rock.",
                          "A small brown dog and a big grey dog stand on a rock.")
    # In a check, with any method, the opposite is a contradiction and its correction the evidence's word.
    report = check("The film received positive reviews.", references=[("f.md", "The film received negative reviews.")])
    s = report.sentences[0]
    assert s.status == "contradicted" and s.suggestion.corrected == "The film received negative reviews."


def test_a_date_the_claim_itself_states_is_no_rival_for_its_other_date():
    nlp = models.nlp()
    claim = nlp("If global warming caused the 2014 Queensland heat wave, why was it not as severe as the 1972 "
                "Queensland heat wave?")[:]
    assert not find_mismatches(claim, nlp("The 2014 Queensland heat wave was the most severe in Queensland.")[:])
    # A year of its own still conflicts.
    found = find_mismatches(claim, nlp("The 1971 Queensland heat wave was the most severe in Queensland.")[:])
    assert found and {m.kind for m in found} == {"date"} and {m.evidence.text for m in found} == {"1971"}


def test_a_resolved_pronoun_sentence_is_aligned_as_checked_and_a_judged_support_is_its_reason():
    from truthometer.config import Config

    reference = ("The Eiffel Tower was completed in 1889. It is located in Paris. It was designed by the "
                 "engineering company of Gustave Eiffel.")
    report = check("The Eiffel Tower was completed in 1889. It is located in Paris.",
                   references=[("eiffel.txt", reference)], config=Config(method="nli"))
    located = report.sentences[1]
    assert located.claim == "The Eiffel Tower is located in Paris."
    # Aligned as written ("It is located in Paris"), the most similar sentence looked like another subject's
    # and turned into a contradiction that held the judge's support to a draw.
    assert located.status == "supported" and "entails it" in located.reason
    assert not any(e.relation == "contradiction" for e in located.evidence)


def test_the_entailment_judge_is_the_default_method():
    report = check("The tower was finished in 1889.", references=[("ref.md", "The tower was completed in 1889.")])
    s = report.sentences[0]
    assert s.method == "nli" and s.status == "supported" and "entails it" in s.reason


def test_the_judge_reads_a_reference_sentence_with_its_antecedent(monkeypatch):
    # "It should be taken before breakfast" is about the drug the document named: the judge is given that
    # reading, while the evidence shown stays as written.
    import numpy as np

    from truthometer.config import Config
    from truthometer.evidence.references import ReferenceDocument, reference_sentences
    from truthometer.judging import nli
    from truthometer.pipeline import Checker

    reference = "Levothyroxine is a thyroid hormone. It should be taken before breakfast."
    sentences = reference_sentences([ReferenceDocument("ref.md", reference)])
    assert [s.checked_as for s in sentences] == ["", "Levothyroxine should be taken before breakfast."]

    seen = []

    class Judge:
        def predict(self, premises, hypotheses, progress=None):
            seen.extend(premises)
            return np.tile([0.1, 0.8, 0.1], (len(premises), 1))

    monkeypatch.setattr(nli, "load_judge", lambda config=None: Judge())
    report = Checker(Config(method="nli")).check("Take levothyroxine together with a large breakfast every day.",
                                               [("ref.md", reference)])
    assert "Levothyroxine should be taken before breakfast." in seen
    assert "It should be taken before breakfast." not in seen
    assert any(e.text == "It should be taken before breakfast." for e in report.sentences[0].evidence)


def test_warm_up_loads_what_a_check_uses_and_leaves_errors_to_the_check(tmp_path):
    from truthometer.config import Config
    from truthometer.errors import ModelNotAvailable
    from truthometer.judging import nli
    from truthometer.text import lexicon
    from truthometer.pipeline import Checker, warm_up

    warm_up(Config())
    assert lexicon._wordnet.cache_info().currsize == 1 and models._spacy.cache_info().currsize == 1
    assert any(key[0] is None for key in nli._cache)  # the bundled judge
    # A judge that cannot load: warming up says nothing, the check says what to do.
    broken = Config().with_(nli_path=str(tmp_path / "no-such-model"))
    warm_up(broken)
    with pytest.raises(ModelNotAvailable):
        Checker(broken).check("The tower was completed in 1889.", [("ref", "The tower was completed in 1899.")])


def test_the_reports_diff_shows_the_suggested_substitution_whole():
    report = check("The wall stretches for about 1,400 km.", [("ref", "The wall stretches for over 2,300 km.")])
    s = report.sentences[0]
    assert s.status == "contradicted" and s.suggestion.corrected == "The wall stretches for over 2,300 km."
    assert '<del class="tom-sub" title="number">about</del>' in s.alignment["html"]
    assert ">over 2,300</ins>" in s.alignment["html"]
