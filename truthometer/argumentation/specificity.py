"""Generalized specificity (García & Simari 2004, Def. 3.5; Simari & Loui 1992; minimal activation
sets after Stolzenburg, García, Chesñevar & Simari 2003, "Computing generalized specificity").

Π_G is Π's strict rules without the facts. H non-trivially activates ⟨A, h⟩ when Π_G ∪ H ∪ A derives h
and Π_G ∪ H alone does not. ⟨A1, h1⟩ is strictly more specific than ⟨A2, h2⟩ when (a) every set that
non-trivially activates A1 also activates A2 and (b) some set non-trivially activates A2 but not A1.
The candidate sets are the cuts of each argument's derivation tree (a literal kept as is, or replaced
by the body it is derived from); a cut that activates only through a strict rule is trivial and
dropped by the Π_G ∪ H test. Literals of Π's closure are leaves.
"""
from __future__ import annotations

import itertools

from .arguments import Argument, Derivation
from .budget import Budget
from .derivation import StrictClosure, derives_with
from .grounding import GroundProgram


def _cuts(root: Derivation, budget: Budget) -> list[frozenset]:
    """Every cut of the derivation tree: each node either kept as a literal or replaced by the cuts of
    its children (post-order, iterative: rule chains can be long)."""
    done: dict[int, list[frozenset]] = {}
    stack = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if id(node) in done:
            continue
        if not expanded and node.rule is not None and node.children:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
            continue
        own = [frozenset((node.literal,))]
        if node.rule is None:
            done[id(node)] = own
            continue
        parts = [done[id(child)] for child in node.children]
        total = 1
        for p in parts:
            total *= len(p)
        budget.check_combinations(total, f"enumerating activation sets of {node.literal}")
        # product order is deterministic; all/any over the sets does not depend on it anyway
        seen: set[frozenset] = set()
        cuts = list(own)
        for combo in itertools.product(*parts):
            cut = combo[0] if len(combo) == 1 else frozenset().union(*combo)
            if cut not in seen:
                seen.add(cut)
                cuts.append(cut)
        done[id(node)] = cuts
    return done[id(root)]


class Specificity:
    """The generalized-specificity comparison, memoised per pair of arguments."""

    name = "specificity"

    def __init__(self, ground: GroundProgram, closure: StrictClosure):
        self.ground = ground
        self.closure = closure
        self._activation: dict[Argument, list[frozenset]] = {}
        self._activates: dict[tuple, bool] = {}
        self._memo: dict[tuple, int] = {}

    def activation_sets(self, argument: Argument, budget: Budget) -> list[frozenset]:
        """Non-trivial activation sets read off the derivation tree (the root is always expanded)."""
        hit = self._activation.get(argument)
        if hit is None:
            root = argument.tree
            if root.rule is None:
                hit = []
            else:
                sets = _cuts(root, budget)[1:]
                hit = [h for h in sets if not self.closure.derives_from(set(h), argument.conclusion)]
            self._activation[argument] = hit
        return hit

    def activates(self, h: frozenset, argument: Argument) -> bool:
        key = (h, argument)
        hit = self._activates.get(key)
        if hit is None:
            rules = [self.ground.rules[r] for r in sorted(argument.rules)]
            hit = derives_with(self.closure, set(h), rules, argument.conclusion)
            self._activates[key] = hit
        return hit

    def more_specific(self, a1: Argument, a2: Argument, budget: Budget) -> bool:
        sets1 = self.activation_sets(a1, budget)
        sets2 = self.activation_sets(a2, budget)
        for n, h in enumerate(sets1):
            if n % 64 == 63:
                budget.check("comparing arguments by specificity")
            if not self.activates(h, a2):
                return False
        for n, h in enumerate(sets2):
            if n % 64 == 63:
                budget.check("comparing arguments by specificity")
            if not self.activates(h, a1):
                return True
        return False

    def compare(self, a1: Argument, a2: Argument, budget: Budget) -> int:
        """1 if a1 is strictly more specific, -1 if a2 is, 0 if neither (equi-specific or unrelated)."""
        key = (a1, a2)
        hit = self._memo.get(key)
        if hit is None:
            if self.more_specific(a1, a2, budget):
                hit = 1
            elif self.more_specific(a2, a1, budget):
                hit = -1
            else:
                hit = 0
            self._memo[key] = hit
            self._memo[(a2, a1)] = -hit
        return hit
