"""Human review of suggested corrections: per-substitution decisions, the corrected text, write-back.

A reviewer accepts or rejects each substitution of a suggestion, or replaces the whole sentence with
their own edit. Pure functions: the app keeps a ``Review`` in its session, the CLI could keep one in a
file; saving goes through the knowledge base's ``record_correction``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .alignment.correct import apply_substitutions
from .report import Report, SentenceResult

ACCEPT, REJECT, PENDING = "accepted", "rejected", "pending"




@dataclass
class Review:
    """The reviewer's decisions on one report."""

    #: (sentence index, substitution index) -> ACCEPT | REJECT
    decisions: dict[tuple[int, int], str] = field(default_factory=dict)
    #: sentence index -> the reviewer's own wording (overrides the substitutions)
    edits: dict[int, str] = field(default_factory=dict)

    def decide(self, sentence: int, substitution: int, decision: str) -> None:
        if decision not in (ACCEPT, REJECT, PENDING):
            raise ValueError(f"unknown decision {decision!r}")
        if decision == PENDING:
            self.decisions.pop((sentence, substitution), None)
        else:
            self.decisions[(sentence, substitution)] = decision

    def decision(self, sentence: int, substitution: int) -> str:
        return self.decisions.get((sentence, substitution), PENDING)

    def edit(self, sentence: int, text: str | None) -> None:
        if text is None or not text.strip():
            self.edits.pop(sentence, None)
        else:
            self.edits[sentence] = text

    def sentence_text(self, result: SentenceResult) -> str:
        """The sentence as the reviewer has decided it so far."""
        if result.index in self.edits:
            return self.edits[result.index]
        if not result.suggestion:
            return result.text
        accepted = [s for i, s in enumerate(result.suggestion.substitutions)
                    if self.decision(result.index, i) == ACCEPT]
        return apply_substitutions(result.text, accepted)

    def changed(self, report: Report) -> list[SentenceResult]:
        return [s for s in report.sentences if self.sentence_text(s) != s.text]

    def corrected_text(self, report: Report) -> str:
        out = report.text
        for s in sorted(report.sentences, key=lambda s: s.start, reverse=True):
            new = self.sentence_text(s)
            if new != s.text:
                out = out[: s.start] + new + out[s.end:]
        return out

    def save(self, report: Report, kb, reviewer: str) -> list:
        """Write every changed sentence to the knowledge base as a verified entry with provenance."""
        if not reviewer or not reviewer.strip():
            raise ValueError("a reviewer name is required to save to the knowledge base")
        saved = []
        for s in self.changed(report):
            evidence = _source_evidence(s)
            saved.append(kb.record_correction(
                corrected=self.sentence_text(s), original=s.text,
                evidence_text=evidence[0], evidence_locator=evidence[1], reviewer=reviewer.strip()))
        return saved


def _source_evidence(result: SentenceResult) -> tuple[str, str]:
    if result.suggestion and result.suggestion.substitutions:
        first = result.suggestion.substitutions[0]
        if first.evidence:
            return first.evidence, first.evidence_locator
    for e in result.evidence:
        if e.relation == "contradiction":
            return e.text, f"{e.source}: {e.locator}"
    if result.evidence:
        return result.evidence[0].text, f"{result.evidence[0].source}: {result.evidence[0].locator}"
    return "", ""
