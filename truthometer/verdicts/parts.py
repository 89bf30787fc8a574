"""Verdicts part by part: a sentence is supported only when every fact it states is.

The sentence-level judge reads "Born in 1909 in Los Angeles, she appeared in over fifty films" against
evidence that gives the films and not the birth as support: most of the words are there. Split into its
parts (``segmentation.parts``), each part is judged against the same evidence (the best sentences and the
passage around the best one), and the sentence keeps a span per part with the part's own verdict:

- a supported sentence with a part the evidence does not cover becomes *unverifiable* (partly supported),
  its unsupported span marked: WiCE's "partially supported" (Kamoi et al. 2023) is not support;
- a supported sentence with a part the evidence contradicts becomes *contradicted*, and so does one the
  argumentation left undecided (a sentence-level "support" that covered only the other parts);
- a contradicted sentence marks the parts that are contradicted (or, where no part alone is, the parts
  that are not supported), so the reviewer sees where the error is.

A part the judge reads as entailment first is covered, even under the decision threshold, unless some
evidence contradicts it at the threshold: the sentence as a whole is already entailed, and the judge (the
cross-encoder, trained on passages) is less sure of short hypotheses ("they can withstand brief heating to
roughly 150 °C" / "they can survive temperatures ... up to about 150 °C for short periods": 0.46). On WiCE
dev (the judge never trained on it), 2026-11-27: balanced accuracy 0.6429 -> 0.6461 on the development
part, 0.6242 -> 0.6329 on the validation part.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..report import ClaimSpan, Evidence, SentenceResult
from ..segmentation.parts import ClaimPart, claim_parts
from ..vocabulary import Relation, Status
from .flags import PART_CONTRADICTED_NOTE, PARTLY_NOTE, Flag, add_flag  # noqa: F401 - re-exported
from ..judging.nli import CONTRADICTION, DECISION_THRESHOLD, ENTAILMENT

#: Evidence sentences each part is read against (the most similar first), besides the passage.
PREMISES = 2


@dataclass
class PartCheck:
    """One sentence to check part by part."""

    result: SentenceResult
    claim: str              # the sentence as checked (pronoun resolved)
    span: object            # its spaCy parse
    premises: list[tuple[Evidence, str]]  # evidence and the text the judge reads for it
    #: each part's own nearest evidence (by part text: the evidence texts ranked for it,
    #: ``judging.part_rules``); a part is contradicted only by evidence about it. None: not ranked.
    own: dict[str, set[str]] | None = None

    def parts(self) -> list[ClaimPart]:
        return claim_parts(self.span) if self.span is not None else [ClaimPart(self.claim, 0, len(self.claim), "main")]

    def offset(self, position: int) -> int:
        """A position in the checked claim as an offset into the text the sentence came from."""
        shift = len(self.claim) - len(self.result.text)  # the antecedent put in for a leading pronoun
        if shift and position > 0:
            position = max(0, position - shift)
        return self.result.start + min(position, len(self.result.text))


def _whole_entailed(evidence: Evidence | None) -> bool:
    """Whether the judge read ``evidence`` as entailing the whole sentence (before its parts were read)."""
    return evidence is not None and evidence.relation == Relation.SUPPORT


def whole_span(result: SentenceResult, status: str | None = None, evidence: list[Evidence] | None = None) -> ClaimSpan:
    """The sentence as one span, with ``status`` and ``evidence`` (the result's own unless given)."""
    status = status or result.status
    evidence = result.evidence if evidence is None else evidence
    top = next((e for e in evidence if e.relation != Relation.RELATED), None)
    return ClaimSpan(result.start, result.end, status, result.claim or result.text,
                     top.locator if top and status != Status.UNVERIFIABLE else "",
                     top.probability if top and status != Status.UNVERIFIABLE else None)


def undecided(result: SentenceResult) -> bool:
    """Sources disagreed and the argumentation warranted neither side: a support of the whole sentence
    may be a support of one part of it, which the parts tell apart."""
    return result.status == Status.UNVERIFIABLE and result.argumentation is not None


def spans_agree(result: SentenceResult, status: str | None = None, spans: list[ClaimSpan] | None = None) -> bool:
    """Whether a sentence's spans say what its status says (the result's own unless given)."""
    status = status or result.status
    statuses = [s.status for s in (result.spans if spans is None else spans)]
    if status == Status.SKIPPED:
        return not statuses
    if not statuses:
        return False
    if status == Status.SUPPORTED:
        return all(s == Status.SUPPORTED for s in statuses)
    if status == Status.CONTRADICTED:
        return Status.CONTRADICTED in statuses
    return Status.UNVERIFIABLE in statuses and Status.CONTRADICTED not in statuses


def read_parts(checks: list[PartCheck], judge, embed=None) -> list[list[ClaimSpan] | None]:
    """Judge every part of every sentence in one batch: for each check, a span per part with the part's own
    verdict, or None where the sentence states one fact or has no evidence to read.

    ``embed`` (texts -> normalised vectors, the check's encoder): a part is contradicted only by a premise
    nearly as similar to the part as its most similar premise (``near_the_part``)."""
    out: list[list[ClaimSpan] | None] = [None] * len(checks)
    work = []
    premises, hypotheses, owners = [], [], []
    for position, check in enumerate(checks):
        parts = check.parts()
        if len(parts) < 2 or not check.premises:
            continue
        work.append((position, check, parts))
        for k, part in enumerate(parts):
            for ev, text in check.premises:
                premises.append(text)
                hypotheses.append(part.text)
                owners.append((len(work) - 1, k, ev))
    if not work:
        return out
    probs = np.asarray(judge.predict(premises, hypotheses))
    near = near_the_part(owners, premises, hypotheses, embed)
    best: dict[tuple[int, int], tuple[float, float, Evidence | None, Evidence | None]] = {}
    first: dict[tuple[int, int], tuple[float, Evidence]] = {}  # the surest reading with entailment first
    for (w, k, ev), p, about in zip(owners, probs, near):
        e, c, e_ev, c_ev = best.get((w, k), (0.0, 0.0, None, None))
        if p[ENTAILMENT] > e:
            e, e_ev = float(p[ENTAILMENT]), ev
        if p[CONTRADICTION] > c and about:
            c, c_ev = float(p[CONTRADICTION]), ev
        best[(w, k)] = (e, c, e_ev, c_ev)
        if int(p.argmax()) == ENTAILMENT and p[ENTAILMENT] > first.get((w, k), (0.0, None))[0]:
            first[(w, k)] = (float(p[ENTAILMENT]), ev)
    for w, (position, check, parts) in enumerate(work):
        spans = []
        for k, part in enumerate(parts):
            e, c, e_ev, c_ev = best[(w, k)]
            if e >= DECISION_THRESHOLD and (e >= c or e_ev is not c_ev and _whole_entailed(e_ev)):
                # Read as entailed by the evidence that entails the whole sentence, the part is supported,
                # whatever another sentence is read to say of it: a part is short, and the judge reads a
                # short hypothesis against an unrelated premise as contradiction often enough ("Casablanca
                # starred Humphrey Bogart" / "Set in Vichy-controlled Casablanca, it follows Rick Blaine").
                status, ev, p = Status.SUPPORTED, e_ev, e
            elif (w, k) in first and c < DECISION_THRESHOLD:
                # The sentence as a whole is entailed (only a supported sentence's parts can leave it
                # unverifiable), and the judge reads this part as entailment first: a part is short, and
                # the cross-encoder, trained on passages, is less sure of short hypotheses.
                (p, ev), status = first[(w, k)], Status.SUPPORTED
            elif c >= DECISION_THRESHOLD and _about_the_part(check, part, c_ev):
                status, ev, p = Status.CONTRADICTED, c_ev, c
            else:
                status, ev, p = Status.UNVERIFIABLE, None, max(e, c)
            spans.append(ClaimSpan(check.offset(part.start), check.offset(part.end), status, part.text,
                                   ev.locator if ev else "", round(p, 6)))
        out[position] = spans
    return out


def near_the_part(owners: list[tuple], premises: list[str], hypotheses: list[str], embed=None) -> list[bool]:
    """For each (premise, part) pair read, whether the premise is among the part's most similar premises
    (within ``ALIGNMENT_MARGIN`` of the best, by ``embed``'s cosine): only those may contradict the part.

    The sentence-level rule (``relations.judge_readings``: a contradiction counts only from the
    best-aligned evidence) for parts, whose premises were chosen for the whole sentence: a short part
    read against a premise about another of the sentence's facts is often read as contradicted ("The
    group played at the Glastonbury Festival in 2023" / "The band's third album ... was released in
    2019", beside "The group has toured North America twice"). Every pair counts where ``embed`` is None."""
    from .relations import ALIGNMENT_MARGIN

    if embed is None or not owners:
        return [True] * len(owners)
    texts = sorted(set(premises) | set(hypotheses))
    vectors = dict(zip(texts, np.asarray(embed(texts), dtype=np.float32)))
    cosine = [float(vectors[a] @ vectors[b]) for a, b in zip(premises, hypotheses)]
    nearest: dict[tuple[int, int], float] = {}
    for (w, k, _), similarity in zip(owners, cosine):
        nearest[(w, k)] = max(nearest.get((w, k), -1.0), similarity)
    return [similarity >= nearest[(w, k)] - ALIGNMENT_MARGIN for (w, k, _), similarity in zip(owners, cosine)]


def _about_the_part(check: PartCheck, part: ClaimPart, evidence: Evidence) -> bool:
    """Whether ``evidence`` is among the part's own nearest evidence: a short part read against a sentence
    about another of the facts is often read as contradicted ("The group played at Glastonbury in 2023" /
    "The third album was recorded in Reykjavik")."""
    if check.own is None or part.text not in check.own:
        return True
    return evidence.text in check.own[part.text]


@dataclass
class PartsOutcome:
    """What the parts say of a sentence's verdict."""

    status: str
    spans: list[ClaimSpan] | None  # None: the sentence as one span
    reason: str = ""  # "" where the parts leave the reason as it was
    flag: Flag | None = None
    #: the evidence (index) a contradicted part turns into contradicting evidence, with the part's probability
    contradicting: tuple[int, float] | None = None


def by_parts(status: str, undecided_: bool, spans: list[ClaimSpan], evidence: list[Evidence]) -> PartsOutcome:
    """A sentence's verdict in the light of its parts' (``read_parts``): a supported (or undecided) sentence
    with a contradicted part is contradicted, a supported one with a part not covered is unverifiable; a
    contradicted one marks the parts that are contradicted (or, where none alone is, the parts that are not
    supported)."""
    statuses = [s.status for s in spans]
    if status == Status.SUPPORTED or undecided_:
        if Status.CONTRADICTED in statuses:
            bad = next(s for s in spans if s.status == Status.CONTRADICTED)
            index = next(i for i, e in enumerate(evidence) if e.locator == bad.evidence)
            reason = f"contradicted: the part \u201c{bad.part}\u201d is contradicted by the " \
                     f"{evidence[index].source} evidence (p={bad.probability:.2f})"
            return PartsOutcome(Status.CONTRADICTED, spans, reason, Flag.PART_CONTRADICTED, (index, bad.probability))
        if Status.UNVERIFIABLE in statuses and status == Status.SUPPORTED:
            missing = [s.part for s in spans if s.status == Status.UNVERIFIABLE]
            reason = "only partly supported: the evidence does not cover " + \
                "; ".join(f"\u201c{m}\u201d" for m in missing)
            return PartsOutcome(Status.UNVERIFIABLE, spans, reason, Flag.PARTLY_SUPPORTED)
    elif status == Status.CONTRADICTED and Status.CONTRADICTED not in statuses:
        spans = [ClaimSpan(s.start, s.end, Status.CONTRADICTED if s.status != Status.SUPPORTED else s.status, s.part,
                           s.evidence, s.probability) for s in spans]
        if all(s.status == Status.SUPPORTED for s in spans):
            spans = None
    return PartsOutcome(status, spans)


def check_parts(checks: list[PartCheck], judge) -> None:
    """Judge every part of every supported, contradicted or undecided sentence in one batch; set each
    sentence's spans and settle its status in place (``read_parts`` and ``by_parts``; the pipeline's verdict
    stage takes the parts as one of its signals instead)."""
    todo = [c for c in checks if c.result.status in (Status.SUPPORTED, Status.CONTRADICTED) or undecided(c.result)]
    read = dict(zip(map(id, todo), read_parts(todo, judge)))
    for check in checks:
        result, spans = check.result, read.get(id(check))
        if spans is None:
            result.spans = [whole_span(result)]
            continue
        outcome = by_parts(result.status, undecided(result), spans, result.evidence)
        if outcome.contradicting is not None:
            index, probability = outcome.contradicting
            result.evidence[index].relation, result.evidence[index].probability = Relation.CONTRADICTION, probability
        result.status = outcome.status
        if outcome.reason:
            result.reason = outcome.reason
        if outcome.flag is not None:
            add_flag(result, outcome.flag)
        result.spans = outcome.spans if outcome.spans is not None else [whole_span(result)]
