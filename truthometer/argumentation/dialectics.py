"""Acceptable argumentation lines, dialectical trees and their marking (García & Simari 2004,
Def. 4.3-4.7 and the marking procedure of §4.2).

A line [A0, A1, ...] where each argument defeats its predecessor is acceptable when (1) it is finite,
(2) the supporting arguments (A0, A2, ...) are concordant - the union of their rules with Π is
non-contradictory - and so are the interfering ones (A1, A3, ...), (3) no argument is a sub-argument
of one earlier in the line, and (4) a blocking defeater is followed by a proper one. A node's children
are every defeater that keeps the line acceptable; trees are built in full (no pruning) so that people
can see them. Leaves are U; an inner node is D if some child is U, else U.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .arguments import Argument, ArgumentTable
from .budget import Budget
from .defeat import BLOCKING, PROPER, Defeat

UNDEFEATED, DEFEATED = "U", "D"


@dataclass
class Node:
    argument: Argument
    defeat: str | None  # how it defeats its parent: proper | blocking (None at the root)
    mark: str = UNDEFEATED
    children: list["Node"] = field(default_factory=list)


class TreeBuilder:
    def __init__(self, table: ArgumentTable, defeat: Defeat, max_depth: int = 400):
        self.table = table
        self.defeat = defeat
        self.max_depth = max_depth
        self._concordant: dict[frozenset, bool] = {}

    def concordant(self, rules: frozenset) -> bool:
        hit = self._concordant.get(rules)
        if hit is None:
            hit = self.table.consistent(rules) if rules else True
            self._concordant[rules] = hit
        return hit

    def acceptable_extension(self, line: list[Argument], kinds: list[str | None],
                             candidate: Argument, kind: str) -> bool:
        """Would [line..., candidate] (candidate defeating line[-1] as ``kind``) be acceptable?"""
        if kinds[-1] == BLOCKING and kind != PROPER:  # condition (4)
            return False
        if any(candidate.rules <= earlier.rules for earlier in line):  # condition (3)
            return False
        same_side = line[len(line) % 2::2]  # condition (2): concordance of its side of the line
        union = candidate.rules.union(*(a.rules for a in same_side))
        return self.concordant(union)

    def build(self, root: Argument, budget: Budget, prune: bool = False) -> Node:
        """The full dialectical tree rooted in ``root``, marked. With ``prune`` a node's remaining
        defeaters are skipped once one child is U (the node is D whatever follows): the marks of the
        nodes kept, and so warrant, are unchanged (García & Simari 2004, §5), but the tree is partial."""
        budget.count_node()
        top = Node(root, None)
        # explicit stack: (node, line, kinds, pending defeaters iterator)
        stack = [[top, [root], [None], iter(self.defeat.defeaters(root, budget))]]
        while stack:
            node, line, kinds, pending = stack[-1]
            descended = False
            for defeater, kind in pending:
                if not self.acceptable_extension(line, kinds, defeater, kind):
                    continue
                budget.count_node()
                if len(line) >= self.max_depth:
                    budget._fail(f"an argumentation line longer than {self.max_depth}", "building a tree")
                child = Node(defeater, kind)
                node.children.append(child)
                stack.append([child, line + [defeater], kinds + [kind],
                              iter(self.defeat.defeaters(defeater, budget))])
                descended = True
                break
            if descended:
                continue
            stack.pop()
            node.mark = DEFEATED if any(c.mark == UNDEFEATED for c in node.children) else UNDEFEATED
            if prune and stack and node.mark == UNDEFEATED:
                stack[-1][3] = iter(())
        return top
