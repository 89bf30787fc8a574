"""Bounds of amounts: a number is replaced with the word bounding it ("over 50 years" -> "30 years")."""
from __future__ import annotations

import re

from .registry import rule

#: Words bounding an amount ("over 50 years", "more than 400"): they go with the number they bound.
BOUND = re.compile(r"(?:^|(?<=\s))(more than|less than|fewer than|at least|at most|up to|over|under|about|around|"
                   r"nearly|almost|approximately|roughly)\s+$", re.I)

BOUND_SENSE = {"more than": ">", "over": ">", "at least": ">", "less than": "<", "fewer than": "<", "under": "<",
               "at most": "<", "up to": "<", "nearly": "<", "almost": "<", "about": "~", "around": "~",
               "approximately": "~", "roughly": "~"}


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
    if mine is not None:
        start = mine.start(1)
    if theirs is not None:
        new = theirs.group(1).lower() + " " + new
    return start, new
