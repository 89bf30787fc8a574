"""A time and size budget for a query: large programs end with a clear error, never a hang.

García & Simari 2004 (§5) note that dialectical trees can grow exponentially; the engine memoises
derivations and arguments, and this budget bounds whatever is still too big.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .errors import DelpBudgetExceeded


@dataclass
class Budget:
    """``seconds`` of wall time from the first check; at most ``max_arguments`` arguments built,
    ``max_nodes`` dialectical-tree nodes, ``max_combinations`` body combinations per rule and
    ``max_ground_rules`` rule instances from grounding."""

    seconds: float = 10.0
    max_arguments: int = 200_000
    max_nodes: int = 200_000
    max_combinations: int = 100_000
    max_ground_rules: int = 2_000_000
    started: float | None = field(default=None, repr=False)
    arguments: int = field(default=0, repr=False)
    nodes: int = field(default=0, repr=False)

    def start(self) -> "Budget":
        if self.started is None:
            self.started = time.perf_counter()
        return self

    def elapsed(self) -> float:
        return 0.0 if self.started is None else time.perf_counter() - self.started

    def check(self, doing: str = "") -> None:
        self.start()
        if self.elapsed() > self.seconds:
            self._fail(f"more than {self.seconds:g} s", doing)

    def count_arguments(self, n: int = 1, doing: str = "building arguments") -> None:
        self.arguments += n
        if self.arguments > self.max_arguments:
            self._fail(f"more than {self.max_arguments} arguments", doing)
        self.check(doing)

    def count_node(self, doing: str = "building dialectical trees") -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self._fail(f"more than {self.max_nodes} dialectical-tree nodes", doing)
        if self.nodes % 64 == 0:
            self.check(doing)

    def check_ground_rules(self, n: int) -> None:
        if n > self.max_ground_rules:
            self._fail(f"more than {self.max_ground_rules} ground rule instances", "grounding")
        self.check(f"grounding ({n} rule instances)")

    def check_combinations(self, n: int, doing: str) -> None:
        if n > self.max_combinations:
            self._fail(f"{n} body combinations for one rule (limit {self.max_combinations})", doing)

    def _fail(self, what: str, doing: str) -> None:
        where = f" while {doing}" if doing else ""
        raise DelpBudgetExceeded(
            f"DeLP budget exceeded: {what}{where} (after {self.elapsed():.1f} s, {self.arguments} arguments, "
            f"{self.nodes} tree nodes); raise the budget (--budget-seconds) or split the program")
