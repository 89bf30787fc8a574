"""The one interface every evidence source implements.

A source receives the claims (check-worthy sentences, pronouns resolved) and returns, per claim, the
candidate evidence sentences it found plus notes (e.g. "web search unavailable"). Ranking by
similarity, judging and argumentation happen downstream, the same for every source.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from ..report import EvidenceSentence

Progress = Callable[[float, str], None]  # (fraction done 0-1, message)


@dataclass
class Candidates:
    per_claim: list[list[EvidenceSentence]]
    notes: list[list[str]] = field(default_factory=list)

    def __post_init__(self):
        if not self.notes:
            self.notes = [[] for _ in self.per_claim]

    @classmethod
    def empty(cls, n: int, note: str | None = None) -> "Candidates":
        return cls([[] for _ in range(n)], [[note] if note else [] for _ in range(n)])


class EvidenceSource(Protocol):
    #: one of report.SOURCES: "knowledge_base", "reference", "web"
    name: str

    def gather(self, claims: list[str], progress: Progress | None = None) -> Candidates:
        """Candidate evidence for each claim. Must not raise for an unreachable backend: return
        Candidates.empty(len(claims), "<source> unavailable: <why>") instead."""
        ...

    # A source may also offer ``rules() -> list[CommonsenseRule]``: commonsense rules the argumentation may
    # use for every claim of a check (the knowledge base's approved rule entries); optional, so not declared.
