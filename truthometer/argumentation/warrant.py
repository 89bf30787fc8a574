"""Warrant and answers (García & Simari 2004, Def. 5.1 and 5.3).

h is warranted when some argument for h is the root of a dialectical tree marked U. The answer to a
query h is YES when h is warranted, NO when its complement is, UNDECIDED when neither is (with or
without arguments), and UNKNOWN when h is not in the program's language (a predicate, arity or
constant the program never mentions) - an answer, not an exception.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .arguments import Argument, ArgumentTable
from .budget import Budget
from .defeat import Defeat
from .derivation import StrictClosure
from .dialectics import UNDEFEATED, Node, TreeBuilder
from .disagreement import Disagreement
from .errors import DelpError
from .grounding import GroundProgram, ground
from .criteria import CRITERIA, canonical, comparison
from .syntax import Literal, Program, Var, complement, parse_literal

YES, NO, UNDECIDED, UNKNOWN = "YES", "NO", "UNDECIDED", "UNKNOWN"
ANSWERS = (YES, NO, UNDECIDED, UNKNOWN)


class Engine:
    """A grounded program with its memoised closures, arguments and, per criterion, defeats."""

    def __init__(self, program: Program, budget: Budget):
        self.program = program
        self.ground: GroundProgram = ground(program, budget)
        self.closure = StrictClosure(self.ground)
        self.table = ArgumentTable(self.ground, self.closure)
        self.disagreement = Disagreement(self.ground, self.closure)
        self._builders: dict[str, TreeBuilder] = {}

    @classmethod
    def of(cls, program: Program, budget: Budget) -> "Engine":
        engine = program._cache.get("engine")
        if engine is None:
            engine = cls(program, budget)
            program._cache["engine"] = engine
        return engine

    def builder(self, criterion: str) -> TreeBuilder:
        """The tree builder for a criterion name (``criteria.py``: a built-in, a named order of the
        program, or several joined by '+'); DelpError for an unknown name."""
        criterion = canonical(criterion, self.ground.orders)
        hit = self._builders.get(criterion)
        if hit is None:
            compare = comparison(criterion, self.ground, self.closure)
            hit = TreeBuilder(self.table, Defeat(self.table, self.disagreement, compare))
            self._builders[criterion] = hit
        return hit

    def rule_text(self, rule_id: int) -> str:
        return str(self.ground.rules[rule_id])

    def argument_dict(self, argument: Argument) -> dict[str, Any]:
        rules = [self.rule_text(r) for r in argument.ordered_rules()]
        return {"rules": rules, "conclusion": str(argument.conclusion),
                "labels": [self.ground.rules[r].label for r in argument.ordered_rules()],
                "text": argument_text(rules, str(argument.conclusion))}

    def node_dict(self, node: Node) -> dict[str, Any]:
        d = self.argument_dict(node.argument)
        d.update(mark=node.mark, defeat=node.defeat, children=[self.node_dict(c) for c in node.children])
        return d


def argument_text(rules: list[str], conclusion: str) -> str:
    """``<{r1, r2}, h>``; rules are separated by '; ' when a rule body has several literals."""
    separator = "; " if any(", " in r.split(" -< ", 1)[-1] for r in rules) else ", "
    return "<{" + separator.join(rules) + "}, " + conclusion + ">"


@dataclass
class QueryResult:
    query: str
    answer: str
    criterion: str
    trees: list[dict] = field(default_factory=list)  # JSON form, trees for the query then its complement
    pruned: bool = False
    nodes: list[Node] = field(default_factory=list, repr=False)
    warranted: str | None = None  # the literal that is warranted, if any

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "answer": self.answer, "criterion": self.criterion,
                "warranted": self.warranted, "pruned": self.pruned, "trees": self.trees}


def in_language(program: Program, literal: Literal) -> bool:
    return literal.signature in program.signatures and all(a in program.constants for a in literal.args)


def _as_budget(budget) -> Budget:
    if budget is None:
        return Budget()
    if isinstance(budget, Budget):
        return budget
    return Budget(seconds=float(budget))


def query(program: Program, literal: str | Literal, criterion: str = "specificity",
          budget: Budget | float | None = None, prune: bool = False) -> QueryResult:
    """Answer ``literal`` (text or :class:`Literal`) against ``program``: YES / NO / UNDECIDED / UNKNOWN,
    with every dialectical tree for the literal and for its complement (``prune``: stop expanding a
    node once it is known to be D - same answer, partial trees)."""
    budget = _as_budget(budget).start()
    lit = parse_literal(literal) if isinstance(literal, str) else literal
    if any(isinstance(a, Var) for a in lit.args):
        raise DelpError(f"the query {lit} has variables; ask about a ground literal")
    criterion = canonical(criterion, program.orders)  # DelpError for an unknown name, before any work
    engine = Engine.of(program, budget)
    if not in_language(program, lit):
        return QueryResult(str(lit), UNKNOWN, criterion)
    builder = engine.builder(criterion)
    nodes: list[Node] = []
    warranted = {}
    for target in (lit, complement(lit)):
        found = False
        for argument in engine.table.arguments(target, budget):
            tree = builder.build(argument, budget, prune=prune)
            nodes.append(tree)
            found = found or tree.mark == UNDEFEATED
        warranted[target] = found
    if warranted[lit]:
        answer, winner = YES, str(lit)
    elif warranted[complement(lit)]:
        answer, winner = NO, str(complement(lit))
    else:
        answer, winner = UNDECIDED, None
    return QueryResult(str(lit), answer, criterion, [engine.node_dict(n) for n in nodes], prune, nodes, winner)
