"""Bounds of amounts: a number is replaced with the word bounding it ("over 50 years" -> "30 years")."""
from __future__ import annotations

import re

from ..text.numbers import BOUND_SENSE as LIMIT_SENSE, HEDGES
from ..text.quantities import bound_at
from .registry import rule

#: A word bounding or hedging an amount -> its sense, from the text layer's tables: ">" a lower bound ("over
#: 50 years"), "<" an upper bound ("up to 400"), "~" a rounded value ("about 30"). It goes with its number.
BOUND_SENSE = {**LIMIT_SENSE, **{word: "~" for word in HEDGES}}
BOUND = re.compile(r"(?:^|(?<=\s))(" + "|".join(re.escape(w) for w in sorted(BOUND_SENSE, key=len, reverse=True))
                   + r")\s+$", re.I)


@rule("bounds", "a number goes with the word bounding it ('over 50 years', 'more than 400')",
      off=lambda claim, alignment, edge, start, new: (start, new))
def with_bounds(claim: str, alignment, edge, start: int, new: str) -> tuple[int, str]:
    """A number is replaced with its bound, the claim's going and the evidence's coming: "for over 50
    years" / "for three decades" -> "for 30 years", "sold 30 copies" / "sold more than 400" -> "sold
    more than 400 copies"."""
    mine = BOUND.search(claim[:start])
    theirs = BOUND.search(alignment.evidence[:edge.evidence_start]) if edge.evidence_start > 0 else None
    if mine is not None and theirs is not None and BOUND_SENSE[mine.group(1).lower()] == \
            BOUND_SENSE[theirs.group(1).lower()]:
        return start, new  # "about" / "around": the same bound in other words, the claim's wording stays
    if mine is not None and theirs is None and _same_bound_otherwise_worded(alignment, edge):
        return start, new  # "no more than 8 tablets" / "do not exceed 6 tablets": the claim's words stay
    if mine is not None:
        start = mine.start(1)
    if theirs is not None:
        new = theirs.group(1).lower() + " " + new
    return start, new


def _same_bound_otherwise_worded(alignment, edge) -> bool:
    """Whether the text layer reads the evidence's number, stated with no bound word before it, as the same
    kind of bound as the claim's ("do not exceed 6" is at most 6, as "no more than 8" is at most 8)."""
    cdoc, edoc = alignment.claim_doc, alignment.evidence_doc
    c = next((t for t in cdoc if t.idx == edge.claim_start), None)
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if c is None or e is None:
        return False
    mine = bound_at(cdoc, c.i)
    return mine in ("<", ">") and bound_at(edoc, e.i) == mine
