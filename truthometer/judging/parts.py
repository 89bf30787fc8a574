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
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..report import ClaimSpan, Evidence, SentenceResult
from ..segmentation.parts import ClaimPart, claim_parts
from .nli import CONTRADICTION, DECISION_THRESHOLD, ENTAILMENT

#: Evidence sentences each part is read against (the most similar first), besides the passage.
PREMISES = 2
PARTLY_NOTE = "only partly supported: a part of the sentence is not covered by the evidence"
PART_CONTRADICTED_NOTE = "a part of the sentence is contradicted by the evidence"


@dataclass
class PartCheck:
    """One sentence to check part by part."""

    result: SentenceResult
    claim: str              # the sentence as checked (pronoun resolved)
    span: object            # its spaCy parse
    premises: list[tuple[Evidence, str]]  # evidence and the text the judge reads for it

    def parts(self) -> list[ClaimPart]:
        return claim_parts(self.span) if self.span is not None else [ClaimPart(self.claim, 0, len(self.claim), "main")]

    def offset(self, position: int) -> int:
        """A position in the checked claim as an offset into the text the sentence came from."""
        shift = len(self.claim) - len(self.result.text)  # the antecedent put in for a leading pronoun
        if shift and position > 0:
            position = max(0, position - shift)
        return self.result.start + min(position, len(self.result.text))


def whole_span(result: SentenceResult) -> ClaimSpan:
    top = next((e for e in result.evidence if e.relation != "related"), None)
    return ClaimSpan(result.start, result.end, result.status, result.claim or result.text,
                     top.locator if top and result.status != "unverifiable" else "",
                     top.probability if top and result.status != "unverifiable" else None)


def undecided(result: SentenceResult) -> bool:
    """Sources disagreed and the argumentation warranted neither side: a support of the whole sentence
    may be a support of one part of it, which the parts tell apart."""
    return result.status == "unverifiable" and result.argumentation is not None


def spans_agree(result: SentenceResult) -> bool:
    """Whether a sentence's spans still say what its status says (a later stage may settle it otherwise)."""
    statuses = [s.status for s in result.spans]
    if result.status == "skipped":
        return not statuses
    if not statuses:
        return False
    if result.status == "supported":
        return all(s == "supported" for s in statuses)
    if result.status == "contradicted":
        return "contradicted" in statuses
    return "unverifiable" in statuses and "contradicted" not in statuses


def check_parts(checks: list[PartCheck], judge) -> None:
    """Judge every part of every sentence in one batch; set each sentence's spans and settle its status."""
    work = []
    premises, hypotheses, owners = [], [], []
    for check in checks:
        parts = check.parts()
        if len(parts) < 2 or not check.premises or not (check.result.status in ("supported", "contradicted")
                                                        or undecided(check.result)):
            check.result.spans = [whole_span(check.result)]
            continue
        work.append((check, parts))
        for k, part in enumerate(parts):
            for ev, text in check.premises:
                premises.append(text)
                hypotheses.append(part.text)
                owners.append((len(work) - 1, k, ev))
    if not work:
        return
    probs = np.asarray(judge.predict(premises, hypotheses))
    best: dict[tuple[int, int], tuple[float, float, Evidence | None, Evidence | None]] = {}
    for (w, k, ev), p in zip(owners, probs):
        e, c, e_ev, c_ev = best.get((w, k), (0.0, 0.0, None, None))
        if p[ENTAILMENT] > e:
            e, e_ev = float(p[ENTAILMENT]), ev
        if p[CONTRADICTION] > c:
            c, c_ev = float(p[CONTRADICTION]), ev
        best[(w, k)] = (e, c, e_ev, c_ev)
    for w, (check, parts) in enumerate(work):
        result = check.result
        spans = []
        for k, part in enumerate(parts):
            e, c, e_ev, c_ev = best[(w, k)]
            if e >= DECISION_THRESHOLD and e >= c:
                status, ev, p = "supported", e_ev, e
            elif c >= DECISION_THRESHOLD:
                status, ev, p = "contradicted", c_ev, c
            else:
                status, ev, p = "unverifiable", None, max(e, c)
            spans.append(ClaimSpan(check.offset(part.start), check.offset(part.end), status, part.text,
                                   ev.locator if ev else "", round(p, 6)))
        statuses = [s.status for s in spans]
        if result.status == "supported" or undecided(result):
            if "contradicted" in statuses:
                bad = next(s for s in spans if s.status == "contradicted")
                result.status = "contradicted"
                evidence = next(e for e in result.evidence if e.locator == bad.evidence)
                evidence.relation, evidence.probability = "contradiction", bad.probability
                result.reason = f"contradicted: the part \u201c{bad.part}\u201d is contradicted by the " \
                                f"{evidence.source} evidence (p={bad.probability:.2f})"
                result.notes.append(PART_CONTRADICTED_NOTE)
            elif "unverifiable" in statuses and result.status == "supported":
                missing = [s.part for s in spans if s.status == "unverifiable"]
                result.status = "unverifiable"
                result.reason = "only partly supported: the evidence does not cover " + \
                    "; ".join(f"\u201c{m}\u201d" for m in missing)
                result.notes.append(PARTLY_NOTE)
        elif result.status == "contradicted" and "contradicted" not in statuses:
            for s in spans:
                if s.status != "supported":
                    s.status = "contradicted"
            if all(s.status == "supported" for s in spans):
                spans = [whole_span(result)]
        result.spans = spans
