"""Grounding: a rule with variables stands for its ground instances (García & Simari 2004, §2,
"schematic rules").

Instantiating every rule over every constant is exponential in the number of variables, so the
instances are built bottom-up: an instance is kept only when each body literal is the head of some
kept instance or a fact (semi-naive evaluation, ignoring consistency). Instances whose body can never
be derived cannot take part in any derivation, argument, activation set or strict-rule disagreement,
so dropping them changes no answer. Head variables not bound by the body range over the program's
constants (the Herbrand universe).
"""
from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field

from .budget import Budget
from .syntax import DEFEASIBLE, FACT, STRICT, Literal, Program, Rule, Var, is_presumption, rule_text


@dataclass(frozen=True)
class GroundRule:
    """A ground rule; ``id`` is its canonical rank (source order, then text)."""

    id: int
    head: Literal
    body: tuple
    kind: str
    label: str | None
    source: int  # index of the schematic rule it instantiates

    @property
    def is_presumption(self) -> bool:
        return is_presumption(self)

    def __str__(self) -> str:
        return rule_text(self)


@dataclass
class GroundProgram:
    rules: list[GroundRule]  # by id
    facts: list[Literal]
    strict: list[GroundRule]
    defeasible: list[GroundRule]
    possible: set[Literal]  # every literal with some derivation from Π ∪ Δ (consistency ignored)
    signatures: set[tuple[str, int]]
    constants: set[str]
    priorities: list[tuple[str, str]] = field(default_factory=list)
    orders: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # named orders (``recency: a > b.``)


def _variables(lit: Literal) -> list[Var]:
    return [a for a in lit.args if isinstance(a, Var)]


def _match(pattern: Literal, ground: Literal, theta: dict) -> dict | None:
    if pattern.negated != ground.negated or pattern.predicate != ground.predicate \
            or len(pattern.args) != len(ground.args):
        return None
    out = theta
    for p, g in zip(pattern.args, ground.args):
        if isinstance(p, Var):
            bound = out.get(p.name)
            if bound is None:
                if out is theta:
                    out = dict(theta)
                out[p.name] = g
            elif bound != g:
                return None
        elif p != g:
            return None
    return out


def _substitute(lit: Literal, theta: dict) -> Literal:
    if not lit.args:
        return lit
    return Literal(lit.negated, lit.predicate,
                   tuple(theta[a.name] if isinstance(a, Var) else a for a in lit.args))


def _key(lit: Literal) -> tuple:
    return (lit.negated, lit.predicate, len(lit.args))


def ground(program: Program, budget: Budget | None = None) -> GroundProgram:
    """The relevant ground instances of ``program``'s rules, in canonical order."""
    grounder = _Grounder(budget or Budget(), sorted(program.constants))
    grounder.index_rules(program.rules)
    grounder.saturate()
    ordered = sorted(grounder.instances.values(), key=lambda t: (t[0], str(t[2]), tuple(str(b) for b in t[3])))
    rules: list[GroundRule] = []
    for i, (_, rule, head, body) in enumerate(ordered):
        rules.append(GroundRule(i, head, body, rule.kind, rule.label, rule.index))
    return GroundProgram(
        rules=rules,
        facts=[r.head for r in rules if r.kind == FACT],
        strict=[r for r in rules if r.kind == STRICT],
        defeasible=[r for r in rules if r.kind == DEFEASIBLE],
        possible=grounder.known,
        signatures=program.signatures,
        constants=program.constants,
        priorities=list(program.priorities),
        orders={name: list(pairs) for name, pairs in program.orders.items()},
    )


@dataclass
class _Grounder:
    """Bottom-up grounding: every literal derivable so far, indexed by predicate and by argument, and the
    rule instances fired. A rule fires only on literals some rule can derive, so the grounding stays
    relevant instead of spanning every constant of the universe."""
    budget: Budget
    universe: list
    known: set = field(default_factory=set)
    by_key: dict = field(default_factory=lambda: defaultdict(list))
    by_arg: dict = field(default_factory=lambda: defaultdict(list))
    agenda: list = field(default_factory=list)
    instances: dict = field(default_factory=dict)  # (kind, head, body, label) -> (index, rule, head, body)
    waiting: dict = field(default_factory=lambda: defaultdict(list))  # ground rules waiting for a body literal
    pattern_rules: dict = field(default_factory=lambda: defaultdict(list))  # key -> [(rule, body position)]

    def add(self, lit: Literal) -> None:
        if lit not in self.known:
            self.known.add(lit)
            k = _key(lit)
            self.by_key[k].append(lit)
            for i, a in enumerate(lit.args):
                self.by_arg[(k, i, a)].append(lit)
            self.agenda.append(lit)

    def fire(self, rule: Rule, theta: dict) -> None:
        free = sorted({v.name for v in _variables(rule.head) if v.name not in theta})
        combos = itertools.product(self.universe, repeat=len(free)) if free else [()]
        for values in combos:
            full = dict(theta)
            full.update(zip(free, values))
            head = _substitute(rule.head, full)
            body = tuple(_substitute(b, full) for b in rule.body)
            ikey = (rule.kind, head, body, rule.label)  # a rule written twice is one rule (same label)
            if ikey not in self.instances:
                self.instances[ikey] = (rule.index, rule, head, body)
                if len(self.instances) % 4096 == 0:
                    self.budget.check_ground_rules(len(self.instances))
                self.add(head)

    def candidates(self, pattern: Literal, theta: dict) -> list[Literal]:
        """The known literals that may match ``pattern``: those of its most selective bound argument."""
        k = _key(pattern)
        best = None
        for i, a in enumerate(pattern.args):
            value = theta.get(a.name) if isinstance(a, Var) else a
            if value is not None:
                found = self.by_arg.get((k, i, value), ())
                if best is None or len(found) < len(best):
                    best = found
        return list(self.by_key.get(k, ())) if best is None else list(best)

    def join(self, body: tuple, skip: int, theta: dict, position: int = 0):
        """Every extension of ``theta`` matching the body's literals with known ones (``skip`` is matched)."""
        if position == len(body):
            yield theta
            return
        if position == skip:
            yield from self.join(body, skip, theta, position + 1)
            return
        pattern = body[position]
        for lit in self.candidates(pattern, theta):
            extended = _match(pattern, lit, theta)
            if extended is not None:
                yield from self.join(body, skip, extended, position + 1)

    def index_rules(self, rules) -> None:
        """Fire the facts; a ground body waits for its literals, a body with variables for matching ones."""
        for rule in rules:
            if not rule.body:
                self.fire(rule, {})
            elif all(b.is_ground() for b in rule.body):
                counter = [len(set(rule.body)), rule]
                for b in set(rule.body):
                    self.waiting[b].append(counter)
            else:
                for pos, b in enumerate(rule.body):
                    self.pattern_rules[_key(b)].append((rule, pos))

    def saturate(self) -> None:
        """Fire every rule each new literal completes, until nothing new is derived."""
        processed = 0
        while self.agenda:
            lit = self.agenda.pop()
            processed += 1
            if processed % 4096 == 0:
                self.budget.check(f"grounding ({len(self.instances)} rule instances)")
            for counter in self.waiting.pop(lit, ()):
                counter[0] -= 1
                if counter[0] == 0:
                    self.fire(counter[1], {})
            for rule, pos in self.pattern_rules.get(_key(lit), ()):
                theta = _match(rule.body[pos], lit, {})
                if theta is None:
                    continue
                for full in list(self.join(rule.body, pos, theta)):
                    self.fire(rule, full)
