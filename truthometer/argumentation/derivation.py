"""Strict and defeasible derivation (García & Simari 2004, Def. 2.4-2.6), memoised.

A derivation is a sequence of ground literals, each a fact or the head of a rule whose body occurs
earlier. Everything here is forward chaining over strict rules indexed by body literal, started from
the closure of Π (computed once): a set of extra literals is closed incrementally, so the cost is the
size of what is new, not of the program.
"""
from __future__ import annotations

from collections import defaultdict

from .errors import DelpInconsistentProgram
from .grounding import GroundProgram, GroundRule
from .syntax import Literal, complement


class StrictClosure:
    """Closure under Π's strict rules, from Π's facts (``base``) or from any set of literals."""

    def __init__(self, ground: GroundProgram):
        self.by_body: dict[Literal, list[GroundRule]] = defaultdict(list)
        for rule in ground.strict:
            for b in set(rule.body):
                self.by_body[b].append(rule)
        self.strict_heads = {r.head for r in ground.strict}
        base, conflict = self.close(set(), ground.facts)
        if conflict:
            raise DelpInconsistentProgram(
                f"the strict part of the program (facts and '<-' rules) derives both {conflict} and "
                f"{complement(conflict)}; DeLP needs a consistent strict part")
        self.base: frozenset[Literal] = frozenset(base)
        self._memo: dict[frozenset, tuple[frozenset, Literal | None]] = {}

    def close(self, known: set | frozenset, extra) -> tuple[set[Literal], Literal | None]:
        """Literals newly derived from ``known`` ∪ ``extra`` by strict rules (``extra`` included), and
        one literal whose complement is also derived, if any (a contradiction)."""
        new: set[Literal] = set()
        conflict = None
        agenda = []
        for lit in extra:
            if lit not in known and lit not in new:
                new.add(lit)
                agenda.append(lit)
        while agenda:
            lit = agenda.pop()
            for rule in self.by_body.get(lit, ()):
                head = rule.head
                if head in known or head in new:
                    continue
                if all(b in known or b in new for b in rule.body):
                    new.add(head)
                    agenda.append(head)
        clashes = [lit for lit in new if complement(lit) in new or complement(lit) in known]
        if clashes:
            conflict = min(clashes, key=str)  # deterministic choice for the message
        return new, conflict

    def extend(self, literals: frozenset) -> tuple[frozenset, Literal | None]:
        """Memoised closure of Π ∪ ``literals``: (literals new beyond Π's closure, conflict or None)."""
        hit = self._memo.get(literals)
        if hit is None:
            new, conflict = self.close(self.base, literals)
            hit = (frozenset(new), conflict)
            if len(self._memo) > 200_000:
                self._memo.clear()
            self._memo[literals] = hit
        return hit

    def consistent_with(self, literals: frozenset) -> bool:
        return self.extend(literals)[1] is None

    def derives_from(self, start: set, goal: Literal) -> bool:
        """Π_G ∪ start ⊢ goal: strict rules only, no facts (used by activation sets)."""
        if goal in start:
            return True
        new, _ = self.close(frozenset(), start)
        return goal in new


def derives_with(closure: StrictClosure, start: set, rules: list[GroundRule], goal: Literal) -> bool:
    """Π_G ∪ start ∪ rules ⊢ goal: strict rules plus the given defeasible rules, no facts."""
    known = set(start)
    new, _ = closure.close(frozenset(), known)
    known |= new
    pending = list(rules)
    changed = True
    while changed and goal not in known:
        changed = False
        rest = []
        for rule in pending:
            if all(b in known for b in rule.body):
                if rule.head not in known:
                    added, _ = closure.close(known, [rule.head])
                    known |= added
                changed = True
            else:
                rest.append(rule)
        pending = rest
    return goal in known
