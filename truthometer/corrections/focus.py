"""Exclusive focus: "solely", "exclusively" go with the value they single out."""
from __future__ import annotations

from .registry import rule

#: Adverbs that say "this and nothing else": the evidence that names another value does not say that.
EXCLUSIVE_FOCUS = frozenset({"solely", "exclusively", "purely", "entirely", "wholly"})


@rule("exclusive-focus", "an exclusive adverb ('solely Australian') goes with the value it singles out",
      off=lambda alignment, edge, start: start)
def with_exclusive_focus(alignment, edge, start: int) -> int:
    """An exclusive adverb on the replaced value goes with it: the evidence states the new value, not that
    it is the only one ("a solely Australian film" -> "an American film")."""
    doc = alignment.claim_doc
    first = next((t for t in doc if t.idx >= start), None)
    if first is None or first.i == 0:
        return start
    before = doc[first.i - 1]
    if before.lower_ in EXCLUSIVE_FOCUS and before.head.i >= first.i:
        return before.idx
    return start
