"""The knowledge base as an evidence source: approved entries within α of the claim, most reliable of all.

Pending entries (a correction a curator has not approved yet) are never evidence; one within α of a
claim is named in the claim's notes as awaiting review, so the editor knows it is coming.

Rule entries (``provenance={"kind": "rule"}``, ``argumentation/commonsense.py``) are never evidence
sentences: they reach the argumentation as rules, not as something a source says.
"""
from __future__ import annotations

from ..argumentation.commonsense import as_rules, is_rule_entry, rule_entries
from ..evidence.base import Candidates, Progress
from ..report import EvidenceSentence
from .refusal import DEFAULT_ALPHA, refuse


#: How many rule entries among a claim's nearest entries can be set aside without losing a fact.
RULE_ROOM = 4


class KnowledgeBaseSource:
    name = "knowledge_base"

    def __init__(self, kb, alpha: float = DEFAULT_ALPHA, k: int = 4):
        self.kb, self.alpha, self.k = kb, alpha, k

    def gather(self, claims: list[str], progress: Progress | None = None) -> Candidates:
        try:
            vectors = self.kb.embed(claims) if claims else []
            # A few more than k, so that rule entries near a claim leave k facts after they are set aside.
            hits = [[(e, d) for e, d in row if not is_rule_entry(e)][:self.k]
                    for row in self.kb.search_vectors(vectors, k=self.k + RULE_ROOM, status="approved")]
            waiting = [[(e, d) for e, d in row if not is_rule_entry(e)][:1]
                       for row in self.kb.search_vectors(vectors, k=1 + RULE_ROOM, status="pending")]
        except Exception as exc:  # a broken store must not stop the other sources
            return Candidates.empty(len(claims), f"knowledge base unavailable: {exc}")
        per_claim, notes = [], []
        for found, pending in zip(hits, waiting):
            awaiting = [f"awaiting review: knowledge entry #{e.id} ({e.text}), proposed by {e.created_by or 'someone'}, "
                        "is not evidence until a curator approves it" for e, d in pending if d <= self.alpha]
            nearest = found[0][1] if found else None
            if refuse(nearest, self.alpha):
                per_claim.append([])
                notes.append([f"outside the knowledge base (nearest entry at distance {nearest:.2f} > α={self.alpha})"
                              if nearest is not None else "outside the knowledge base (no approved entries)"] + awaiting)
                continue
            per_claim.append([EvidenceSentence(e.text, "knowledge_base", f"kb:{e.id}", confidence=e.confidence,
                                               title=e.source) for e, d in found if d <= self.alpha])
            notes.append(awaiting)
        return Candidates(per_claim, notes)

    def rules(self) -> list:
        """The approved commonsense rules (``CommonsenseRule``), checked once for a whole check; none where
        the store cannot be read (``gather`` says so in the claims' notes)."""
        try:
            return as_rules(rule_entries(self.kb))
        except Exception:  # a broken store must not stop the check
            return []
