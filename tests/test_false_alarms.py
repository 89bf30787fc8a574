"""Where a contradiction is reported only with a reason to: the guards an editor's false alarms taught
(issue 56). Each test builds the situation by hand and checks the guard both ways: the false alarm goes,
and the contradiction it resembles stays."""
from types import SimpleNamespace

import numpy as np

from truthometer import models
from truthometer.config import Config
from truthometer.judging.nli import CONTRADICTION_THRESHOLD, DECISION_THRESHOLD
from truthometer.judging.rule_slots import extract_slots
from truthometer.judging.rules import find_mismatches
from truthometer.report import Evidence, SentenceResult
from truthometer.verdicts import Signals, reach_verdict, relate_by_judge
from truthometer.verdicts.parts import PartCheck, near_the_part, read_parts
from truthometer.verdicts.relations import overrules_support, places_a_conflict, stated_alike
from truthometer.vocabulary import SlotKind


def test_a_contradiction_the_judge_alone_reads_needs_a_margin_over_a_split_reading():
    assert DECISION_THRESHOLD < CONTRADICTION_THRESHOLD < 0.6
    ferry = Evidence("On Saturdays and Sundays, the first departure from Halsund is at 08:00.", "reference",
                     "f.md #2", 0.81)
    relate_by_judge([ferry], [(ferry, ferry.score)], [[0.20, 0.27, 0.53]])
    assert ferry.relation == "related"  # a near split of neutral and contradiction says nothing
    relate_by_judge([ferry], [(ferry, ferry.score)], [[0.10, 0.25, 0.65]])
    assert ferry.relation == "contradiction" and ferry.probability == 0.65
    # Support keeps the plain majority threshold.
    relate_by_judge([ferry], [(ferry, ferry.score)], [[0.53, 0.27, 0.20]])
    assert ferry.relation == "support"


def _edge(kind, claim_text, evidence_text, label=""):
    return SimpleNamespace(kind=kind, claim_text=claim_text, evidence_text=evidence_text, label=label, op="substituted")


def _alignment(claim, evidence, *edges, polarity=False):
    return SimpleNamespace(claim=claim, evidence=evidence, substituted=list(edges), polarity_mismatch=polarity)


def test_a_name_the_evidence_states_as_the_claim_does_is_no_substitution():
    claim = "In the women's race, Hiwot Alemu of Ethiopia won in 2:23:10."
    race = ("The women's race was won by Hiwot Alemu of Ethiopia in 2:23:10; Clara Dunmore of Great Britain "
            "was runner-up in 2:24:37.")
    paired_wrongly = _alignment(claim, race, _edge(SlotKind.ENTITY, "Ethiopia", "Great Britain"))
    assert not overrules_support(paired_wrongly) and not places_a_conflict(paired_wrongly)
    kenya = claim.replace("Ethiopia", "Kenya")
    other_country = _alignment(kenya, race, _edge(SlotKind.ENTITY, "Kenya", "Great Britain"))
    assert overrules_support(other_country) and places_a_conflict(other_country)
    # Named by the evidence in another place, the claim's name is still substituted.
    volcano = _alignment("Mount Kilimanjaro is a dormant volcano located in Kenya.",
                         "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania, close to the border with Kenya.",
                         _edge(SlotKind.ENTITY, "Kenya", "Tanzania"))
    assert overrules_support(volcano) and places_a_conflict(volcano)
    # Numbers and dates are not excused by appearing elsewhere: "1,393 km" may be the inner border's.
    assert overrules_support(_alignment("The wall was 1,393 km long.", "The inner border was 1,393 km long, while the "
                                        "wall was 155 km", _edge(SlotKind.NUMBER, "1,393", "155")))
    assert places_a_conflict(_alignment(claim, race, polarity=True))


def test_stated_alike_reads_whole_words_after_the_same_word():
    assert stated_alike("the Scottish Album", "shortlisted for the Scottish Album of the Year Award",
                        "was shortlisted for the Scottish Album of the Year Award")
    assert stated_alike("a Nobel Prize", "She won a Nobel Prize.", "She won the Nobel Prize in Physics.")
    assert not stated_alike("a Nobel Prize", "She won a Nobel Prize.", "She shared the 1903 Nobel Prize.")
    assert not stated_alike("Ethiopia", "runners of Ethiopia", "runners of Ethiopian clubs")
    assert not stated_alike("", "anything", "anything")


def test_a_judge_contradiction_placed_only_in_a_name_the_evidence_states_alike_is_unlocated():
    claim = "The Sydney Harbour Bridge carries trains and cars."
    text = "The Sydney Harbour Bridge, the city's landmark, carries rail and vehicle traffic."
    result = SentenceResult(0, claim, 0, len(claim), "unverifiable", "", 0.0,
                            [Evidence(text, "reference", "s.md #1", 0.5, "contradiction", probability=0.7)])
    named = _alignment(claim, text, _edge(SlotKind.ENTITY, "The Sydney Harbour Bridge", "the city's landmark"))
    named.confirms = False
    assert reach_verdict(Signals(result, located=named), Config(method="nli")).status != "contradicted"
    other = _alignment(claim, text, _edge(SlotKind.ENTITY, "The Tower Bridge", "the city's landmark"))
    other.confirms = False
    assert reach_verdict(Signals(result, located=other), Config(method="nli")).status == "contradicted"


def test_no_slot_of_the_antecedent_put_in_for_a_pronoun_is_compared():
    nlp = models.nlp()
    # "It is often held up as a model ..." checked as "A 1998 environmental protocol is often held up ...":
    # the sentence as written states no year.
    claim = nlp("A 1998 environmental protocol is often held up as a model of international cooperation.")[:]
    evidence = nlp("The 1991 environmental protocol is often held up as a model of international cooperation.")[:]
    put_in = len("A 1998 environmental protocol")
    assert [m.kind for m in find_mismatches(claim, evidence)] == ["date"]
    assert find_mismatches(claim, evidence, context_chars=put_in) == []


def test_a_decade_is_a_date_of_ten_years():
    nlp = models.nlp()
    claim = nlp("The firm moved to Leeds in the 1940s.")[:]
    dates = [s for s in extract_slots(claim) if s.kind == SlotKind.DATE]
    assert len(dates) == 1 and dates[0].value[0] == tuple(str(y) for y in range(1940, 1950))
    assert [m.kind for m in find_mismatches(claim, nlp("The firm moved to Leeds in the 1930s.")[:])] == ["date"]
    assert find_mismatches(claim, nlp("The firm moved to Leeds in 1947.")[:]) == []
    assert find_mismatches(nlp("The firm moved to Leeds in 1947.")[:], claim) == []


def _embed_by_table(table):
    def embed(texts):
        return np.asarray([table[t] for t in texts], dtype=np.float32)
    return embed


def test_a_part_is_contradicted_only_by_a_premise_about_it():
    part = "The group played at the Glastonbury Festival in 2023."
    toured, album = "The group has toured North America twice.", "The third album was released in 2019."
    owners = [(0, 0, "toured"), (0, 0, "album")]
    unit = lambda *v: np.asarray(v, dtype=np.float32) / np.linalg.norm(v)  # noqa: E731
    near = _embed_by_table({part: unit(1, 0), toured: unit(0.45, 0.89), album: unit(0.3, 0.95)})
    assert near_the_part(owners, [toured, album], [part, part], near) == [True, False]
    close = _embed_by_table({part: unit(1, 0), toured: unit(0.45, 0.89), album: unit(0.42, 0.91)})
    assert near_the_part(owners, [toured, album], [part, part], close) == [True, True]
    assert near_the_part(owners, [toured, album], [part, part], None) == [True, True]


class _Judge:
    """Reads every part against the second premise as contradiction, against the first as neutral."""

    def predict(self, premises, hypotheses):
        return [[0.05, 0.15, 0.80] if "album" in p else [0.2, 0.7, 0.1] for p in premises]


def test_read_parts_drops_a_contradiction_from_a_premise_far_from_the_part():
    claim = "The group has toured North America twice, in 2016 and 2022, and played at the Glastonbury Festival in 2023."
    toured = Evidence("The group has toured North America twice, in 2016 and 2022.", "reference", "b.md #7", 0.85,
                      "support", 0.9)
    album = Evidence("The band's third album, Northern Quiet, was recorded in Reykjavik, Iceland, and released in 2019.",
                     "reference", "b.md #6", 0.39)
    result = SentenceResult(0, claim, 0, len(claim), "supported", "", 0.85, [toured, album])
    check = PartCheck(result, claim, models.nlp()(claim)[:], [(toured, toured.text), (album, album.text)])
    assert len(check.parts()) == 2
    plain = read_parts([check], _Judge())[0]
    assert "contradicted" in [s.status for s in plain]
    config = Config()
    guarded = read_parts([check], _Judge(), lambda texts: models.embed(texts, config))[0]
    assert "contradicted" not in [s.status for s in guarded]
