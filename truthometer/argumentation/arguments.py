"""Arguments and sub-arguments (García & Simari 2004, Def. 3.1 and 3.2).

⟨A, h⟩ is an argument when A ⊆ Δ, Π ∪ A derives h, Π ∪ A is non-contradictory and no proper subset
of A does both. If Π alone derives h the argument is ⟨∅, h⟩. ⟨B, q⟩ is a sub-argument of ⟨A, h⟩ when
B ⊆ A.

Arguments for a literal are built backwards and memoised per literal: every way of deriving the body
literals of a rule with head h (from their own arguments), plus the rule if it is defeasible; the
non-contradictory candidates are kept and those with a candidate strictly inside them dropped (exact:
any derivation of h from a subset contains one built from minimal body arguments). Literals that
depend on each other through rules are solved together (strongly connected components, fixpoint).
"""
from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field

from .budget import Budget
from .derivation import StrictClosure
from .grounding import GroundProgram, GroundRule
from .syntax import DEFEASIBLE, STRICT, Literal


@dataclass(frozen=True, eq=False)
class Derivation:
    """A derivation tree: ``literal`` from ``rule`` (None for a literal of Π's closure) and children."""

    literal: Literal
    rule: int | None
    children: tuple = ()


@dataclass(frozen=True, eq=False)
class Argument:
    """⟨A, h⟩: ``rules`` are ids of ground defeasible rules; ``tree`` one derivation of h from Π ∪ A."""

    rules: frozenset
    conclusion: Literal
    tree: Derivation = field(compare=False)

    @property
    def key(self) -> tuple:
        return (tuple(sorted(self.rules)), str(self.conclusion))

    def __eq__(self, other) -> bool:
        return isinstance(other, Argument) and self.rules == other.rules and self.conclusion == other.conclusion

    def __hash__(self) -> int:
        return hash((self.rules, self.conclusion))

    def ordered_rules(self) -> list[int]:
        """Defeasible rule ids top-down along the derivation (the order people read an argument in)."""
        order: list[int] = []
        seen: set[int] = set()
        stack = [self.tree]  # pre-order, children left to right (iterative: chains can be long)
        while stack:
            node = stack.pop()
            if node.rule is not None and node.rule in self.rules and node.rule not in seen:
                seen.add(node.rule)
                order.append(node.rule)
            stack.extend(reversed(node.children))
        order += [rid for rid in sorted(self.rules) if rid not in seen]
        return order

    def is_subargument_of(self, other: "Argument") -> bool:
        return self.rules <= other.rules


def heads_of(rules: frozenset, ground: GroundProgram) -> frozenset:
    return frozenset(ground.rules[r].head for r in rules)


class ArgumentTable:
    """All arguments of a ground program, computed on demand per literal and memoised."""

    def __init__(self, ground: GroundProgram, closure: StrictClosure):
        self.ground = ground
        self.closure = closure
        self.by_head: dict[Literal, list[GroundRule]] = defaultdict(list)
        for rule in ground.rules:
            if rule.kind in (STRICT, DEFEASIBLE):
                self.by_head[rule.head].append(rule)
        self._args: dict[Literal, tuple[Argument, ...]] = {}
        self._derived: dict[frozenset, frozenset] = {}

    # --- memoised queries ----------------------------------------------------------------------
    def heads(self, rules: frozenset) -> frozenset:
        return heads_of(rules, self.ground)

    def consistent(self, rules: frozenset) -> bool:
        """Π ∪ A non-contradictory. Every rule of a candidate fires, so its closure is Π's closure plus
        the strict closure of the rules' heads."""
        return self.closure.consistent_with(self.heads(rules))

    def derived(self, argument: Argument) -> frozenset:
        """Literals Π ∪ A derives beyond Π's closure: the conclusions of A's sub-arguments."""
        hit = self._derived.get(argument.rules)
        if hit is None:
            hit = self.closure.extend(self.heads(argument.rules))[0]
            self._derived[argument.rules] = hit
        return hit

    def arguments(self, literal: Literal, budget: Budget) -> tuple[Argument, ...]:
        """Every argument for ``literal``, sorted by canonical key."""
        hit = self._args.get(literal)
        if hit is not None:
            return hit
        if literal in self.closure.base:
            result = (Argument(frozenset(), literal, Derivation(literal, None)),)
            self._args[literal] = result
            return result
        if literal not in self.ground.possible:
            self._args[literal] = ()
            return ()
        for component in self._components(literal):
            self._solve(component, budget)
        return self._args[literal]

    def subarguments(self, argument: Argument, budget: Budget) -> list[Argument]:
        """Non-empty sub-arguments ⟨B, q⟩ of ``argument`` (B ⊆ A), sorted: the possible points of attack."""
        out = []
        for q in sorted(self.derived(argument), key=str):
            for sub in self.arguments(q, budget):
                if sub.rules and sub.rules <= argument.rules:
                    out.append(sub)
        return out

    # --- construction ----------------------------------------------------------------------------
    def _dependencies(self, literal: Literal) -> list[Literal]:
        deps = []
        for rule in self.by_head.get(literal, ()):
            for b in rule.body:
                if b not in self._args and b not in self.closure.base:
                    deps.append(b)
        return deps

    def _components(self, root: Literal) -> list[list[Literal]]:
        """Tarjan's strongly connected components of the literals ``root`` needs, dependencies first
        (iterative: long rule chains must not hit Python's recursion limit)."""
        index: dict[Literal, int] = {}
        low: dict[Literal, int] = {}
        on_stack: set[Literal] = set()
        stack: list[Literal] = []
        out: list[list[Literal]] = []
        counter = 0
        work = [(root, iter(self._dependencies(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for dep in it:
                if dep not in index:
                    index[dep] = low[dep] = counter
                    counter += 1
                    stack.append(dep)
                    on_stack.add(dep)
                    work.append((dep, iter(self._dependencies(dep))))
                    advanced = True
                    break
                if dep in on_stack:
                    low[node] = min(low[node], index[dep])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                out.append(sorted(component, key=str))
        return out

    def _candidates(self, literal: Literal, current: dict, budget: Budget) -> tuple[Argument, ...]:
        found: dict[frozenset, Argument] = {}
        for rule in self.by_head.get(literal, ()):
            options = []
            for b in rule.body:
                if b in self.closure.base:
                    options.append((Argument(frozenset(), b, Derivation(b, None)),))
                else:
                    options.append(current.get(b) if b in current else self._args.get(b, ()))
            if any(not o for o in options):
                continue
            total = 1
            for o in options:
                total *= len(o)
            budget.check_combinations(total, f"combining arguments for {literal}")
            own = frozenset((rule.id,)) if rule.kind == DEFEASIBLE else frozenset()
            for combo in itertools.product(*options):
                rules = own.union(*(a.rules for a in combo)) if combo else own
                if rules in found:
                    continue
                if not rules:
                    continue  # Π alone derives it: handled as ⟨∅, h⟩ before we get here
                if not self.consistent(rules):
                    continue
                found[rules] = Argument(rules, literal, Derivation(literal, rule.id, tuple(a.tree for a in combo)))
        budget.count_arguments(len(found), f"building arguments for {literal}")
        keep = [a for a in found.values()
                if not any(other.rules < a.rules for other in found.values())]
        return tuple(sorted(keep, key=lambda a: a.key))

    def _solve(self, component: list[Literal], budget: Budget) -> None:
        members = set(component)
        cyclic = len(component) > 1 or any(
            b in members for rule in self.by_head.get(component[0], ()) for b in rule.body)
        current: dict[Literal, tuple[Argument, ...]] = {lit: () for lit in component}
        while True:
            changed = False
            for lit in component:
                new = self._candidates(lit, current, budget)
                if {a.rules for a in new} != {a.rules for a in current[lit]}:
                    current[lit] = new
                    changed = True
            if not cyclic or not changed:
                break
        self._args.update(current)
