"""The verdict stage decides each sentence once, from hand-built signals (``truthometer.verdicts``)."""
import copy
from types import SimpleNamespace

from truthometer.config import Config
from truthometer.verdicts.parts import by_parts
from truthometer.judging.rules import Mismatch, Slot
from truthometer.report import ClaimSpan, Evidence, SentenceResult
from truthometer.verdicts import (MISPLACED_SUPPORT_NOTE, NOTES, PARTLY_NOTE, UNLOCATED_NOTE, Flag, Signals,
                                  add_flag, apply_verdict, reach_verdict, to_locate)

CONFIG = Config(method="nli")
CLAIM = "The lighthouse at Skerry Point was painted red in 1952."


def sentence(*evidence, claim=CLAIM, flags=()):
    return SentenceResult(0, claim, 100, 100 + len(claim), "unverifiable", "", 0.0, list(evidence), flags=list(flags))


def ev(text, relation, score=0.8, probability=0.9, source="reference", locator="harbour.md #1"):
    return Evidence(text, source, locator, score, relation, probability=probability)


class Aligned:
    """An alignment as the decision reads it."""

    def __init__(self, contradicts, confirms=False, evidence=""):
        self.contradicts, self.confirms, self.evidence = contradicts, confirms, evidence
        # A contradiction placed in a date the evidence states otherwise, or none.
        self.polarity_mismatch = False
        self.substituted = [SimpleNamespace(kind="date", claim_text="1952", evidence_text="1958", label="")] \
            if contradicts else []


def test_a_judged_support_is_supported_and_quotes_the_judge():
    v = reach_verdict(Signals(sentence(ev("The Skerry Point lighthouse was painted red in 1952.", "support"))), CONFIG)
    assert v.status == "supported" and "entails it (p=0.90)" in v.reason and not v.flags
    assert [s.status for s in v.spans] == ["supported"] and v.spans[0].start == 100


def test_the_decision_reads_the_sentence_and_writes_nothing():
    result = sentence(ev("The lighthouse was painted white in 1952.", "contradiction", score=0.5))
    before = copy.deepcopy(result)
    v = reach_verdict(Signals(result, located=Aligned(False)), CONFIG)
    assert v.status != "contradicted" and v.relations[0][0] == "related"
    assert result == before  # decided on copies: only apply_verdict writes
    apply_verdict(result, v)
    assert result.status == v.status and result.evidence[0].relation == "related" and Flag.UNLOCATED in result.flags


def test_a_rule_tier_mismatch_is_the_reason_of_a_contradiction_and_needs_no_alignment():
    evidence = ev("The lighthouse at Skerry Point was painted red in 1958.", "contradiction", probability=None)
    mismatch = Mismatch("date", Slot("date", "1952", 51, 55, "1952"), Slot("date", "1958", 51, 55, "1958"),
                        evidence.text)
    signals = Signals(sentence(evidence), mismatches=[mismatch])
    assert to_locate(signals) == []
    v = reach_verdict(signals, CONFIG)
    assert v.status == "contradicted" and "1958" in v.reason and not v.flags


def test_a_contradiction_only_the_judge_saw_stands_only_where_the_alignment_places_it():
    text = "Skerry Point's lighthouse got a coat of red paint in 1952."
    placed = reach_verdict(Signals(sentence(ev(text, "contradiction", score=0.5)), located=Aligned(True)), CONFIG)
    assert placed.status == "contradicted" and "p=0.90" in placed.reason
    unplaced = reach_verdict(Signals(sentence(ev(text, "contradiction", score=0.5)), located=Aligned(False)), CONFIG)
    assert unplaced.status == "unverifiable" and unplaced.flags == [Flag.UNLOCATED]
    assert UNLOCATED_NOTE in unplaced.reason
    # Every slot confirmed in that evidence: it is support.
    confirmed = reach_verdict(Signals(sentence(ev(text, "contradiction", score=0.5)),
                                      located=Aligned(False, confirms=True, evidence=text)), CONFIG)
    assert confirmed.status == "supported" and confirmed.flags == [Flag.CONFIRMED]
    assert confirmed.relations == [("support", None)] and "every slot" in confirmed.reason


def test_what_to_locate_is_the_contradicting_evidence_most_authoritative_first():
    web = ev("A blog says the lighthouse was painted blue in 1952.", "contradiction", source="web", locator="u")
    ref = ev("The lighthouse was painted blue in 1952.", "contradiction", probability=0.6)
    assert to_locate(Signals(sentence(web, ref))) == [ref, web]
    # Evidence on both sides goes to the argumentation instead.
    assert to_locate(Signals(sentence(ref, ev(CLAIM, "support")))) == []


def test_sources_that_disagree_are_settled_by_the_argumentation():
    supporting = ev("The lighthouse at Skerry Point was painted red in 1952.", "support", source="reference")
    against = ev("The lighthouse at Skerry Point was painted red in 1955.", "contradiction", source="web",
                 locator="http://example.test/skerry")
    v = reach_verdict(Signals(sentence(supporting, against)), CONFIG)
    assert v.argumentation is not None and v.reason.startswith("sources disagree")
    assert v.status == "supported"  # the reference outranks the web page


def test_parts_refine_a_supported_sentence():
    text = "The lighthouse at Skerry Point was painted red."
    result = sentence(ev(text, "support"))
    painted = ClaimSpan(100, 140, "supported", "The lighthouse at Skerry Point was painted red", "harbour.md #1", 0.9)
    dated = ClaimSpan(141, 148, "unverifiable", "in 1952", "", 0.3)
    v = reach_verdict(Signals(result, parts=[painted, dated]), CONFIG)
    assert v.status == "unverifiable" and v.flags == [Flag.PARTLY_SUPPORTED] and "in 1952" in v.reason
    assert v.spans == [painted, dated]
    # A contradicted part: the evidence it names contradicts the sentence, once the alignment places it.
    wrong = ClaimSpan(141, 148, "contradicted", "in 1952", "harbour.md #1", 0.8)
    signals = Signals(sentence(ev(text, "support", score=0.5)), parts=[painted, wrong])
    assert [e.text for e in to_locate(signals)] == [text]
    signals.located = Aligned(True)
    v = reach_verdict(signals, CONFIG)
    assert v.status == "contradicted" and v.flags == [Flag.PART_CONTRADICTED] and v.relations == [("contradiction", 0.8)]
    signals.located = Aligned(False)
    v = reach_verdict(signals, CONFIG)
    assert v.status == "unverifiable" and v.flags == [Flag.PART_CONTRADICTED, Flag.UNLOCATED]
    assert [s.status for s in v.spans] == ["unverifiable"]  # the spans say what the status says


def test_by_parts_marks_where_a_contradicted_sentence_is_wrong():
    spans = [ClaimSpan(0, 10, "supported", "a"), ClaimSpan(11, 20, "unverifiable", "b")]
    outcome = by_parts("contradicted", False, spans, [])
    assert outcome.status == "contradicted" and [s.status for s in outcome.spans] == ["supported", "contradicted"]
    assert spans[1].status == "unverifiable"  # the parts read are not rewritten


def test_flags_set_before_the_decision_shape_its_reason():
    misplaced = sentence(ev("The lighthouse at Skerry Point was painted red in 1957.", "contradiction", probability=None),
                         flags=[Flag.MISPLACED_SUPPORT])
    v = reach_verdict(Signals(misplaced, located=Aligned(True)), CONFIG)
    assert v.status == "contradicted" and v.reason.endswith(MISPLACED_SUPPORT_NOTE)
    promoted = sentence(ev("The Skerry Point lighthouse was painted red in 1952.", "support", probability=None),
                        flags=[Flag.NEAR_PARAPHRASE])
    v = reach_verdict(Signals(promoted), CONFIG)
    assert "near-paraphrase" in v.reason and "neither entailed nor contradicted" in v.reason


def test_a_claim_with_no_evidence_near_it_is_unverifiable_and_says_why():
    far = ev("Tide tables are printed every spring.", "related", score=0.2, probability=None)
    v = reach_verdict(Signals(sentence(far), relevant=False, source_notes=["outside the knowledge base (no entries)"]),
                      CONFIG)
    assert v.status == "unverifiable" and "best similarity 0.20" in v.reason and "outside the knowledge base" in v.reason


def test_a_flag_renders_its_note_once_and_compares_as_its_name():
    result = sentence()
    add_flag(result, Flag.PARTLY_SUPPORTED)
    add_flag(result, Flag.PARTLY_SUPPORTED)
    add_flag(result, Flag.NEAR_PARAPHRASE)  # said by the reason, not by a note
    assert result.flags == ["partly-supported", "near-paraphrase"] and result.notes == [PARTLY_NOTE]
    assert NOTES[Flag.PARTLY_SUPPORTED] == PARTLY_NOTE and str(Flag.UNLOCATED) == "unlocated"
    assert '"partly-supported"' in __import__("json").dumps(result.flags)
