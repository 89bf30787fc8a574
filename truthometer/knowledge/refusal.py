"""Hard refusal (Cao 2023, "Learn to Refuse: Making Large Language Models More Controllable and
Reliable through Knowledge Scope Limitation and Refusal Mechanism", §3.3).

The knowledge base bounds what the system may assert: a question (here, a claim) whose nearest
approved entry lies farther than α in L2 distance between normalised embeddings is outside the
knowledge scope and is refused — marked unverifiable — rather than judged.
"""
from __future__ import annotations

DEFAULT_ALPHA = 0.75


def refuse(nearest_distance: float | None, alpha: float = DEFAULT_ALPHA) -> bool:
    """True when the claim is outside the knowledge base: no entry, or the nearest is farther than α."""
    return nearest_distance is None or nearest_distance > alpha
