"""Counter-arguments and defeaters (García & Simari 2004, Def. 3.4, 4.1 and 4.2).

⟨A1, h1⟩ counter-argues ⟨A2, h2⟩ at the sub-argument ⟨A, h⟩ of ⟨A2, h2⟩ when h1 and h disagree. It is
a *proper* defeater when it is strictly preferred to ⟨A, h⟩ under the comparison criterion, and a
*blocking* defeater when neither is preferred. An attack may hit several sub-arguments: the attacker is
proper if it is strictly preferred at one of them, else blocking if it is unrelated at one of them,
else no defeater (this existential reading makes the result independent of any iteration order).
"""
from __future__ import annotations

from .arguments import Argument, ArgumentTable
from .budget import Budget
from .disagreement import Disagreement

PROPER, BLOCKING = "proper", "blocking"


class Defeat:
    def __init__(self, table: ArgumentTable, disagreement: Disagreement, criterion):
        self.table = table
        self.disagreement = disagreement
        self.criterion = criterion
        self._memo: dict[Argument, tuple[tuple[Argument, str], ...]] = {}

    def defeaters(self, argument: Argument, budget: Budget) -> tuple[tuple[Argument, str], ...]:
        """Every defeater of ``argument`` with its kind, sorted by the defeater's canonical key."""
        hit = self._memo.get(argument)
        if hit is not None:
            return hit
        kinds: dict[Argument, str] = {}
        if argument.rules:
            for point in self.table.subarguments(argument, budget):
                for literal in self.disagreement.disagreeing(point.conclusion):
                    for attacker in self.table.arguments(literal, budget):
                        if not attacker.rules or kinds.get(attacker) == PROPER:
                            continue
                        order = self.criterion.compare(attacker, point, budget)
                        if order > 0:
                            kinds[attacker] = PROPER
                        elif order == 0:
                            kinds.setdefault(attacker, BLOCKING)
        hit = tuple(sorted(kinds.items(), key=lambda item: item[0].key))
        self._memo[argument] = hit
        return hit
