"""Comparison criteria by name, and their combinations (García & Simari 2004, §3-4: the comparison of
arguments is a parameter of DeLP; generalized specificity is the default, rule priorities the other one
the paper discusses).

A criterion is named by one of

- ``specificity``: generalized specificity (``specificity.py``);
- ``priority``: the program's rule priorities, ``a > b.`` (source reliability in evidence programs);
- ``recency``, ``scope`` or any other named order the program declares (``recency: a > b.``): rule
  priorities over that order. Evidence programs (``evidence_program.build_program``) declare ``recency``
  (a dated statement about a changing quantity is preferred to an older one) and ``scope`` (a statement
  about a narrower case is preferred to a general one) on the presumptions of their evidence. A program
  that declares no such order is still asked: the order is empty and prefers nothing.

Names joined by ``+`` combine lexicographically: ``priority+recency`` compares by priority, and where
priority prefers neither argument (equal or unrelated), by recency. Each part is a strict partial order
on arguments; the combination is the comparison the defeat relation uses (Def. 4.1-4.2 need nothing more
than "strictly preferred" and "neither preferred"). It is not in general transitive across parts, which
no definition of the paper relies on.
"""
from __future__ import annotations

from .errors import DelpError

BUILT_IN = ("specificity", "priority")
#: The named orders evidence programs declare.
EVIDENCE_ORDERS = ("recency", "scope")
#: What interfaces offer (the trees page, ``delp --criterion``); any '+' combination of known names works.
CRITERIA = ("specificity", "priority", "recency", "scope", "priority+recency", "priority+scope",
            "priority+recency+scope", "recency+priority", "recency+priority+scope")


def criterion_parts(criterion: str, orders=()) -> tuple[str, ...]:
    """The names a criterion combines, checked: built-in names, the evidence orders and ``orders`` (the
    named orders of the program at hand). DelpError for an unknown or repeated name."""
    if not isinstance(criterion, str) or not criterion.strip():
        raise DelpError("the comparison criterion must be a name such as 'priority' or 'priority+recency'")
    parts = tuple(p.strip() for p in criterion.split("+"))
    known = (*BUILT_IN, *EVIDENCE_ORDERS, *sorted(set(orders) - set(EVIDENCE_ORDERS)))
    for part in parts:
        if part not in known:
            raise DelpError(f"unknown comparison criterion {part!r} (use one of {', '.join(known)}, "
                            f"or several joined by '+')")
    if len(set(parts)) != len(parts):
        raise DelpError(f"the criterion {criterion!r} names a part twice")
    return parts


def canonical(criterion: str, orders=()) -> str:
    return "+".join(criterion_parts(criterion, orders))


class Lexicographic:
    """Several comparisons, the first that prefers one argument deciding."""

    def __init__(self, comparisons: list):
        self.comparisons = comparisons
        self.name = "+".join(c.name for c in comparisons)
        self._memo: dict[tuple, int] = {}

    def compare(self, a1, a2, budget=None) -> int:
        key = (a1, a2)
        hit = self._memo.get(key)
        if hit is None:
            hit = 0
            for comparison in self.comparisons:
                hit = comparison.compare(a1, a2, budget)
                if hit:
                    break
            self._memo[key] = hit
            self._memo[(a2, a1)] = -hit
        return hit


def comparison(criterion: str, ground, closure):
    """The comparison object (``compare(a1, a2, budget) -> 1 | 0 | -1``) for a criterion name."""
    from .priorities import RulePriority
    from .specificity import Specificity

    parts = criterion_parts(criterion, getattr(ground, "orders", {}))
    made = [Specificity(ground, closure) if p == "specificity" else RulePriority(ground, closure, order=p)
            for p in parts]
    return made[0] if len(made) == 1 else Lexicographic(made)
