"""The verdict of one sentence, decided once from its signals.

The pipeline gathers each sentence's ``Signals``: the relation of each evidence sentence (the judge's, as
the rule tier, the alignment and the trusted source settled it: ``relations.py``), the rule tier's
mismatches, the similarity detector's reading (for the methods without a judge), the relations between
pieces of evidence for the argumentation, the parts check, and the alignment of the claim with the
evidence only the judge found contradicting. ``reach_verdict`` turns them into a ``Verdict`` (status,
score, reason, flags, the final relation of each evidence sentence, the argumentation, the spans); nothing
after it changes the verdict: corrections are drafted for the sentences it found contradicted.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

from ..argumentation.evidence_program import DEFAULT_CRITERION, SOURCE_RANK
from ..config import Config
from ..judging.rules import Mismatch
from ..report import ClaimSpan, Evidence, SentenceResult
from ..vocabulary import Relation, Status
from .flags import MISPLACED_SUPPORT_NOTE, NOTES, Flag, add_flag
from .relations import _timed, places_a_conflict, support_near_paraphrase

#: How the argumentation compares conflicting evidence (names in ``argumentation/criteria.py``): a dated
#: statement about a changing quantity over an older one first, then source reliability, then a narrower
#: case over a general one; ``argue``'s default, so the trees page opens on the same.
ARGUMENT_CRITERION = DEFAULT_CRITERION


@dataclass
class Signals:
    """Everything the verdict of one sentence is decided from."""

    #: the sentence, with each evidence sentence's relation as settled before the decision (read, not written)
    sentence: SentenceResult
    #: whether any evidence is near enough the claim to be about it (``Config.relevance_floor``)
    relevant: bool = True
    #: the rule tier's slots filled differently (by the evidence it found them in, or a trusted entry)
    mismatches: list[Mismatch] = field(default_factory=list)
    #: the similarity detector's reading (``delucionqa.detect``), for the methods without a judge
    detection: Any = None
    #: relations between pieces of evidence (``relations.relate_conflicting_evidence``), for the argumentation
    between: dict | None = None
    #: each part's own verdict (``verdicts.parts.read_parts``); None where not read
    parts: list[ClaimSpan] | None = None
    #: the alignment of the sentence with the evidence only the judge found contradicting
    #: (``located_evidence``), where the decision needs it (``to_locate``)
    located: Any = None
    #: the sources' notes, shown in the reason where no evidence is about the claim
    source_notes: list[str] = field(default_factory=list)
    #: commonsense rules for the argumentation (``argumentation.commonsense``: approved rule entries of the
    #: knowledge base, rules the LLM proposed for this claim); ``argue`` takes those whose literals it uses
    rules: list = field(default_factory=list)


@dataclass
class Verdict:
    status: str
    score: float
    reason: str
    #: the flags the decision adds (those the relations set are on the sentence already)
    flags: list[Flag] = field(default_factory=list)
    #: the final (relation, probability) of each evidence sentence, in the sentence's order
    relations: list[tuple[str, float | None]] = field(default_factory=list)
    argumentation: dict | None = None
    spans: list[ClaimSpan] = field(default_factory=list)


def reach_verdict(signals: Signals, config: Config | None = None) -> Verdict:
    """The verdict from the signals: the evidence's relations (DeLP settles the claim where the evidence
    disagrees, García & Simari 2004), refined by the parts (``verdicts.parts.by_parts``), and a contradiction
    only the judge saw set aside where the alignment cannot place it (``_unlocated``)."""
    from .parts import by_parts, spans_agree, whole_span

    config = config or Config()
    result = signals.sentence
    if not signals.relevant:
        return _no_evidence(signals, config)
    evidence = [replace(e) for e in result.evidence]  # the decision's own copies: the sentence is only read
    flags: list[Flag] = []
    status, score, reason, argumentation = _by_relations(result, evidence, signals.detection, signals.mismatches,
                                                         signals.between, signals.rules)
    if status == Status.SUPPORTED and Flag.NEAR_PARAPHRASE in result.flags:
        reason += "; the entailment judge found it neither entailed nor contradicted"
    if status == Status.CONTRADICTED and Flag.MISPLACED_SUPPORT in result.flags:
        reason += f"; {MISPLACED_SUPPORT_NOTE}"
    spans = None
    if signals.parts is not None:
        undecided = status == Status.UNVERIFIABLE and argumentation is not None
        outcome = by_parts(status, undecided, signals.parts, evidence)
        if outcome.contradicting is not None:
            index, probability = outcome.contradicting
            evidence[index].relation, evidence[index].probability = Relation.CONTRADICTION, probability
        status, spans = outcome.status, outcome.spans
        reason = outcome.reason or reason
        if outcome.flag is not None:
            flags.append(outcome.flag)
    if status == Status.CONTRADICTED and not signals.mismatches and argumentation is None:
        unlocated = _unlocated(result, evidence, signals.located, config)
        if unlocated is not None:
            (status, score, reason), flag = unlocated
            flags.append(flag)
    if spans is None or not spans_agree(result, status, spans):
        spans = [whole_span(result, status, evidence)]
    return Verdict(status, score, reason, flags, [(e.relation, e.probability) for e in evidence], argumentation,
                   spans)


def apply_verdict(result: SentenceResult, verdict: Verdict) -> None:
    """Write a verdict onto its sentence: status, reason, relations, flags and their notes, spans."""
    result.status, result.score, result.reason = verdict.status, verdict.score, verdict.reason
    result.argumentation = verdict.argumentation
    for ev, (relation, probability) in zip(result.evidence, verdict.relations):
        ev.relation, ev.probability = relation, probability
    for flag in verdict.flags:
        add_flag(result, flag)
    result.spans = verdict.spans


def decide(result: SentenceResult, detection=None, mismatches: list[Mismatch] | None = None,
           relations: dict | None = None, config: Config | None = None) -> None:
    """Decide ``result`` in place from its evidence's relations (``reach_verdict`` on signals with no parts
    and no alignment), with ``relations`` between pieces of evidence for the argumentation."""
    apply_verdict(result, reach_verdict(Signals(result, mismatches=list(mismatches or []), detection=detection,
                                                between=relations), config))


def to_locate(signals: Signals) -> list[Evidence]:
    """The evidence sentences (most authoritative first) whose alignment with the sentence the decision
    needs: where it will be contradicted with no slot the rule tier found and no argumentation, by the
    evidence the judge found contradicting or by the one a contradicted part names."""
    from .parts import by_parts

    evidence = signals.sentence.evidence
    if signals.mismatches or not signals.relevant:
        return []
    relations = {e.relation for e in evidence}
    if Relation.CONTRADICTION in relations and Relation.SUPPORT not in relations:
        return sorted((e for e in evidence if e.relation == Relation.CONTRADICTION),
                      key=lambda e: (SOURCE_RANK.get(e.source, 9), -(e.probability or 0), -e.score))
    if Relation.SUPPORT in relations and Relation.CONTRADICTION not in relations and signals.parts is not None:
        outcome = by_parts(Status.SUPPORTED, False, signals.parts, evidence)
        if outcome.contradicting is not None:
            return [evidence[outcome.contradicting[0]]]
    return []


def _by_relations(result: SentenceResult, evidence: list[Evidence], detection, mismatches: list[Mismatch],
                  between: dict | None, rules: list | None = None) -> tuple[str, float, str, dict | None]:
    """Status, score, reason and argumentation from the evidence's relations alone."""
    supporting = [e for e in evidence if e.relation == Relation.SUPPORT]
    contradicting = [e for e in evidence if e.relation == Relation.CONTRADICTION]
    if supporting and contradicting:
        outcome = _argue(result, evidence, between, rules)
        status = _STATUS.get(outcome.verdict, Status.UNVERIFIABLE)
        score = max(e.score for e in (supporting if status == Status.SUPPORTED else contradicting + supporting))
        return status, score, f"sources disagree; argumentation: {outcome.explanation}", outcome.to_dict()
    linked = _linked_by_rules(result, evidence, between, rules) if supporting or contradicting else None
    if linked is not None:
        return linked
    if contradicting:
        top = contradicting[0]
        reason = "contradicted: " + ("; ".join(m.describe() for m in mismatches) if mismatches else
                                     f"the {top.source} evidence contradicts it"
                                     + (f" (p={top.probability:.2f})" if top.probability else ""))
        return Status.CONTRADICTED, top.score, reason, None
    if supporting:
        top = supporting[0]
        reason = detection.reason if detection else (
            f"the {top.source} evidence entails it (p={top.probability:.2f})" if top.probability is not None
            else near_paraphrase_reason(top))
        return Status.SUPPORTED, top.score, reason, None
    score = detection.score if detection else evidence[0].score
    why = detection.reason if detection else "the judge finds no evidence that entails or contradicts it"
    return Status.UNVERIFIABLE, score, f"the evidence is about this claim but does not confirm it ({why})", None


#: The argumentation's answer (its own vocabulary, ``ArgumentationOutcome.verdict``) -> the sentence's status
#: (an undecided one is unverifiable).
_STATUS = {"supported": Status.SUPPORTED, "contradicted": Status.CONTRADICTED}


def _argue(result: SentenceResult, evidence: list[Evidence], between: dict | None, rules: list | None):
    """DeLP over the sentence's evidence under the pipeline's criterion, timed for the benches."""
    from ..argumentation import argue

    start = time.perf_counter()
    outcome = argue(result.claim or result.text, evidence, relations=between, criterion=ARGUMENT_CRITERION,
                    rules=rules or None)
    _timed("argue", time.perf_counter() - start)
    return outcome


def _linked_by_rules(result: SentenceResult, evidence: list[Evidence], between: dict | None,
                     rules: list | None) -> tuple[str, float, str, dict] | None:
    """Where the judge read the evidence on one side only, a commonsense rule (an approved knowledge entry, an
    LLM's) can bring an evidence sentence it read as merely related in on the other ("Tina is a lady" and
    ``woman(X) <- lady(X)`` for "Tina is a woman"): the argumentation then settles the claim. None where no
    curated or proposed rule joins the program (WordNet's alone change nothing the judge did not see)."""
    if not rules or not any(e.relation == Relation.RELATED for e in evidence):
        return None
    from ..argumentation.commonsense import as_rules

    given = {rule.text for rule in as_rules(rules)}
    outcome = _argue(result, evidence, between, rules)
    if not any(r["text"] in given for r in outcome.rules):
        return None
    # Compared with the argumentation's answer (supported | contradicted | undecided), not a Status.
    one_sided = "supported" if any(e.relation == Relation.SUPPORT for e in evidence) else "contradicted"
    if outcome.verdict == one_sided:
        return None  # the rules agree with what the judge saw: decided as without them
    status = _STATUS.get(outcome.verdict, Status.UNVERIFIABLE)
    score = max(e.score for e in evidence)
    return (status, score, f"a commonsense rule brings in other evidence; argumentation: {outcome.explanation}",
            outcome.to_dict())


def _unlocated(result: SentenceResult, evidence: list[Evidence], alignment, config: Config):
    """A contradiction only the judge saw, which the alignment cannot place in any slot, is not reported.

    The rule tier found no number, date, name or polarity that differs, and aligning the claim with the
    contradicting evidence finds no slot filled differently: the reviewer would be shown a flag with
    nothing to correct. On LLM-written text such flags are mostly paraphrases the small judge misreads
    ("one charge lasts ten days" / "the battery lasts ten days"), so the judge counts as unsure there,
    and the cascade decides as it does for a neutral judge (a near-paraphrase is support).

    A name substituted that the evidence states after the same word as the claim does places nothing
    (``relations.substitutions``): the alignment paired it with another of the evidence's names.

    Where the alignment does more than fail to place it, and confirms the claim in full in that evidence
    (each slot found and none filled otherwise, the claim's verb stated, the same polarity), that evidence
    is support. On FEVER-Symmetric such judge contradictions are wrong 14 times in 18 (grouped
    cross-validated judge). Returns the new (status, score, reason) and its flag, or None where the
    alignment places the contradiction. ``evidence`` (the decision's copies) is relabelled.
    """
    if alignment is not None and places_a_conflict(alignment):
        return None
    confirmed = alignment is not None and alignment.confirms
    for ev in evidence:
        if ev.relation == Relation.CONTRADICTION:
            ev.relation = Relation.RELATED
            if confirmed and ev.text == alignment.evidence:
                ev.relation, ev.probability = Relation.SUPPORT, None
    support_near_paraphrase(evidence, config)
    status, score, reason, _ = _by_relations(result, evidence, None, [], None)
    flag = Flag.UNLOCATED
    if confirmed and status == Status.SUPPORTED:
        top = next(e for e in evidence if e.relation == Relation.SUPPORT)
        reason = f"the {top.source} evidence states every slot of the claim the same way (alignment)"
        flag = Flag.CONFIRMED
    return (status, score, f"{reason}; {NOTES[flag]}"), flag


def _no_evidence(signals: Signals, config: Config) -> Verdict:
    from .parts import whole_span

    result = signals.sentence
    best = result.evidence[0].score if result.evidence else 0.0
    reason = "no evidence about this claim" + (f" (best similarity {best:.2f} < {config.relevance_floor})"
                                               if result.evidence else "")
    if signals.source_notes:
        reason += "; " + "; ".join(signals.source_notes)
    return Verdict(Status.UNVERIFIABLE, best, reason, [], [(e.relation, e.probability) for e in result.evidence], None,
                   [whole_span(result, Status.UNVERIFIABLE)])


def near_paraphrase_reason(evidence: Evidence) -> str:
    return f"a near-paraphrase of the {evidence.source} evidence (similarity {evidence.score:.2f})"
