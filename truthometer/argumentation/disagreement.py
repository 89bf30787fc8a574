"""Disagreement (García & Simari 2004, Def. 3.3): h1 and h2 disagree when Π ∪ {h1, h2} is
contradictory, directly (complementary literals) or through strict rules.

Testing every literal against every other would be quadratic, so candidates come from the strict
rules' dependency graph: whatever Π ∪ {h, h1} derives beyond Π ∪ {h} is reachable from h1 through
strict rules, so h1 can only disagree with h if it reaches the complement of a literal of
Π ∪ {h}'s closure, or reaches both a literal and its complement. Each candidate is then tested
exactly with the memoised closure.
"""
from __future__ import annotations

from collections import defaultdict

from .derivation import StrictClosure
from .grounding import GroundProgram
from .syntax import Literal, complement


class Disagreement:
    def __init__(self, ground: GroundProgram, closure: StrictClosure):
        self.closure = closure
        self.possible = ground.possible
        self.feeds: dict[Literal, list[Literal]] = defaultdict(list)  # head -> body literals
        for rule in ground.strict:
            for b in set(rule.body):
                self.feeds[rule.head].append(b)
        self._reach: dict[Literal, frozenset] = {}
        self._memo: dict[Literal, tuple[Literal, ...]] = {}
        # Candidates that reach the complement of something Π already derives (the same for every h).
        base_candidates: set[Literal] = set()
        for lit in closure.base:
            c = complement(lit)
            if c in self.feeds or c in self.possible:
                base_candidates |= self.reaching(c)
        # Candidates that reach both a literal and its complement.
        for head in list(self.feeds):
            c = complement(head)
            if c in self.feeds or c in self.possible:
                base_candidates |= self.reaching(head) & self.reaching(c)
        # A literal that contradicts Π on its own has no argument, so it never needs testing.
        self.base_candidates = frozenset(x for x in base_candidates
                                         if x in self.possible and closure.consistent_with(frozenset((x,))))

    def reaching(self, target: Literal) -> frozenset:
        """Literals from which ``target`` is reachable through strict rules (``target`` included)."""
        hit = self._reach.get(target)
        if hit is None:
            if target not in self.feeds:
                hit = frozenset((target,))
            else:
                seen = {target}
                stack = [target]
                while stack:
                    x = stack.pop()
                    for b in self.feeds.get(x, ()):
                        if b not in seen:
                            seen.add(b)
                            stack.append(b)
                hit = frozenset(seen)
            self._reach[target] = hit
        return hit

    def disagree(self, h1: Literal, h2: Literal) -> bool:
        return self.closure.extend(frozenset((h1, h2)))[1] is not None

    def disagreeing(self, h: Literal) -> tuple[Literal, ...]:
        """Every possibly-derivable literal that disagrees with ``h``, sorted."""
        hit = self._memo.get(h)
        if hit is None:
            new, conflict = self.closure.extend(frozenset((h,)))
            if conflict is not None:
                hit = ()  # Π ∪ {h} is already contradictory: h has no argument
            else:
                candidates = set(self.base_candidates)
                for x in new:
                    candidates |= self.reaching(complement(x))
                hit = tuple(sorted((c for c in candidates if c in self.possible and c != h
                                    and self.disagree(h, c)), key=str))
            self._memo[h] = hit
        return hit
