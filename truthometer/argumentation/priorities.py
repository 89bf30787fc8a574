"""Comparison by rule priorities (García & Simari 2004, §4, the criterion after specificity).

Given a strict partial order ``>`` on defeasible rules, ⟨A1, h1⟩ is preferred to ⟨A2, h2⟩ when some
rule of A1 is above some rule of A2 and no rule of A2 is above any rule of A1. The order is declared
on labels (``r1 > r2.``) and closed transitively; every ground instance of a labelled rule carries
its label. This is how source reliability enters evidence programs.
"""
from __future__ import annotations

from .arguments import Argument
from .budget import Budget
from .grounding import GroundProgram


def priority_closure(pairs: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """Transitive closure of the declared ``a > b`` pairs."""
    above: dict[str, set[str]] = {}
    for a, b in pairs:
        above.setdefault(a, set()).add(b)
    closure: set[tuple[str, str]] = set()
    for start in sorted(above):
        seen: set[str] = set()
        stack = sorted(above[start])
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(sorted(above.get(x, ())))
        closure.update((start, x) for x in seen)
    return closure


class RulePriority:
    """The rule-priority comparison over one order of labels: the program's ``a > b.`` statements
    (``priority``, source reliability in evidence programs) or one of its named orders (``recency: a > b.``).
    A named order the program does not declare is empty: it prefers nothing, so every conflict it is asked
    to settle stays a blocking one."""

    def __init__(self, ground: GroundProgram, closure=None, order: str = "priority"):
        self.ground = ground
        self.name = order
        pairs = ground.priorities if order == "priority" else getattr(ground, "orders", {}).get(order, [])
        self.order = priority_closure(pairs)

    def _labels(self, argument: Argument) -> set[str]:
        return {self.ground.rules[r].label for r in argument.rules if self.ground.rules[r].label}

    def _above(self, l1: set[str], l2: set[str]) -> bool:
        return any((a, b) in self.order for a in l1 for b in l2)

    def compare(self, a1: Argument, a2: Argument, budget: Budget | None = None) -> int:
        if not self.order:
            return 0
        l1, l2 = self._labels(a1), self._labels(a2)
        up, down = self._above(l1, l2), self._above(l2, l1)
        if up and not down:
            return 1
        if down and not up:
            return -1
        return 0
