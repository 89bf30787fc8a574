"""The engine against a brute-force reading of SEMANTICS.md on random small propositional programs.

The reference below enumerates every subset of Δ for arguments, tests disagreement by closing
Π ∪ {h1, h2}, takes sub-arguments as every argument over a subset of the rules, and enumerates every
H ⊆ F for generalized specificity (the engine reads activation sets off derivation trees). The
engine's memoised, candidate-pruned versions must agree on every literal's answer.
"""
import itertools
import random

import pytest

from truthometer.argumentation import DelpInconsistentProgram, parse_program, query

ATOMS = ["a", "b", "c", "d"]


def neg(lit):
    return lit[1:] if lit.startswith("~") else "~" + lit


def closure(start, rules):
    known = set(start)
    changed = True
    while changed:
        changed = False
        for head, body in rules:
            if head not in known and all(b in known for b in body):
                known.add(head)
                changed = True
    return known


def contradictory(lits):
    return any(neg(x) in lits for x in lits)


class Reference:
    def __init__(self, facts, strict, defeasible, labels, order, criterion):
        self.facts, self.strict, self.defeasible = facts, strict, defeasible
        self.labels, self.order, self.criterion = labels, order, criterion
        self.pi = closure(facts, strict)
        if contradictory(self.pi):
            raise DelpInconsistentProgram("reference: Π is contradictory")
        self.literals = sorted({x for a in ATOMS for x in (a, "~" + a)})
        self.args = {}
        for h in self.literals:
            self.args[h] = self._arguments(h)
        self.all_args = [(A, h) for h in self.literals for A in self.args[h]]
        everything = closure(facts, strict + [(hd, bd) for hd, bd in defeasible])
        self.F = sorted(everything)
        self._act = {}

    def derives(self, A, h):
        lits = closure(self.facts, self.strict + [self.defeasible[i] for i in A])
        return h in lits, lits

    def _arguments(self, h):
        if h in self.pi:
            return [frozenset()]
        found = []
        n = len(self.defeasible)
        for size in range(1, n + 1):
            for A in itertools.combinations(range(n), size):
                A = frozenset(A)
                ok, lits = self.derives(A, h)
                if not ok or contradictory(lits):
                    continue
                if any(B < A for B in found):
                    continue
                found.append(A)
        return found

    def disagree(self, h1, h2):
        return contradictory(closure(self.facts | {h1, h2}, self.strict))

    def activates(self, H, A, h):
        key = (H, A, h)
        if key not in self._act:
            self._act[key] = h in closure(H, self.strict + [self.defeasible[i] for i in A])
        return self._act[key]

    def nontrivial(self, H, A, h):
        return self.activates(H, A, h) and h not in closure(H, self.strict)

    def subsets_of_F(self):
        for size in range(len(self.F) + 1):
            for H in itertools.combinations(self.F, size):
                yield frozenset(H)

    def more_specific(self, A1, h1, A2, h2):
        some = False
        for H in self.subsets_of_F():
            if self.nontrivial(H, A1, h1) and not self.activates(H, A2, h2):
                return False
            if self.nontrivial(H, A2, h2) and not self.activates(H, A1, h1):
                some = True
        return some

    def better(self, x, y):
        (A1, h1), (A2, h2) = x, y
        if self.criterion == "priority":
            l1 = {self.labels[i] for i in A1 if self.labels[i]}
            l2 = {self.labels[i] for i in A2 if self.labels[i]}
            up = any((p, q) in self.order for p in l1 for q in l2)
            down = any((q, p) in self.order for p in l1 for q in l2)
            return 1 if up and not down else -1 if down and not up else 0
        if self.more_specific(A1, h1, A2, h2):
            return 1
        if self.more_specific(A2, h2, A1, h1):
            return -1
        return 0

    def defeaters(self, arg):
        A, h = arg
        if not A:
            return []
        subs = [(B, q) for (B, q) in self.all_args if B and B <= A]
        out = []
        for attacker in self.all_args:
            if not attacker[0]:
                continue
            kinds = [self.better(attacker, sub) for sub in subs if self.disagree(attacker[1], sub[1])]
            if 1 in kinds:
                out.append((attacker, "proper"))
            elif 0 in kinds:
                out.append((attacker, "blocking"))
        return out

    def undefeated(self, line, kinds):
        for d, kind in self.defeaters(line[-1]):
            if kinds[-1] == "blocking" and kind != "proper":
                continue
            if any(d[0] <= earlier[0] for earlier in line):
                continue
            side = line[len(line) % 2::2] + [d]
            rules = frozenset().union(*(x[0] for x in side))
            if contradictory(closure(self.facts, self.strict + [self.defeasible[i] for i in rules])):
                continue
            if self.undefeated(line + [d], kinds + [kind]):
                return False
        return True

    def warranted(self, h):
        return any(self.undefeated([(A, h)], [None]) for A in self.args[h])

    def answer(self, h):
        if self.warranted(h):
            return "YES"
        if self.warranted(neg(h)):
            return "NO"
        return "UNDECIDED"


def random_program(rng, with_strict):
    lits = [x for a in ATOMS for x in (a, "~" + a)]
    facts = set()
    for lit in rng.sample(lits, rng.randint(1, 3)):
        if neg(lit) not in facts:
            facts.add(lit)
    strict = []
    if with_strict:
        for _ in range(rng.randint(1, 2)):
            strict.append((rng.choice(lits), tuple(rng.sample(lits, rng.randint(1, 2)))))
    defeasible, labels = [], []
    for _ in range(rng.randint(5, 8)):
        head = rng.choice(lits)
        body = tuple(x for x in rng.sample(lits, rng.randint(0, 2)) if x != head and neg(x) != head)
        label = rng.choice([None, "l1", "l2", "l3"])
        if (head, body) in defeasible and labels[defeasible.index((head, body))] == label:
            continue  # the engine reads a rule written twice as one rule
        defeasible.append((head, body))
        labels.append(label)
    return facts, strict, defeasible, labels


def program_text(facts, strict, defeasible, labels):
    lines = [f"{f}." for f in sorted(facts)]
    lines += [f"{h} <- {', '.join(b)}." for h, b in strict]
    for (h, b), label in zip(defeasible, labels):
        lines.append((f"{label}: " if label else "") + f"{h} -< {', '.join(b) if b else 'true'}.")
    present = {lab for lab in labels if lab}
    lines += [f"{p} > {q}." for p, q in (("l1", "l2"), ("l2", "l3")) if p in present and q in present]
    return "\n".join(lines) + "\n", present


def order_of(present):
    pairs = {(p, q) for p, q in (("l1", "l2"), ("l2", "l3")) if p in present and q in present}
    if ("l1", "l2") in pairs and ("l2", "l3") in pairs:
        pairs.add(("l1", "l3"))
    return pairs


@pytest.mark.parametrize("seed", range(300))
def test_random_programs_match_brute_force(seed):
    rng = random.Random(seed)
    with_strict = seed % 2 == 1
    facts, strict, defeasible, labels = random_program(rng, with_strict)
    text, present = program_text(facts, strict, defeasible, labels)
    criteria = ["priority", "specificity"]
    for criterion in criteria:
        try:
            ref = Reference(facts, strict, defeasible, labels, order_of(present), criterion)
        except DelpInconsistentProgram:
            with pytest.raises(DelpInconsistentProgram):
                query(parse_program(text), ATOMS[0])
            return
        program = parse_program(text)
        language = {x.lstrip("~") for f in facts for x in [f]} | {x.lstrip("~") for h, b in strict + defeasible
                                                                   for x in (h, *b)}
        for atom in ATOMS:
            for lit in (atom, "~" + atom):
                got = query(program, lit, criterion=criterion).answer
                expected = ref.answer(lit) if atom in language else "UNKNOWN"
                assert got == expected, f"{criterion} {lit}\n{text}"


def naive_grounding(rules, constants):
    """Every instance of every rule over every constant (the definition, without relevance pruning)."""
    out = []
    for head, body, arrow in rules:
        names = sorted({t for lit in (head, *body) for t in lit[1] if t[0].isupper()})
        for values in itertools.product(constants, repeat=len(names)):
            theta = dict(zip(names, values))

            def lit_text(lit):
                pred, args = lit
                return pred + ("(" + ", ".join(theta.get(a, a) for a in args) + ")" if args else "")

            text = lit_text(head)
            if arrow:
                text += f" {arrow} " + (", ".join(lit_text(b) for b in body) if body else "true")
            out.append(text + ".")
    return out


@pytest.mark.parametrize("seed", range(40))
def test_grounding_matches_full_instantiation(seed):
    rng = random.Random(1000 + seed)
    constants = ["k1", "k2", "k3"][: rng.randint(2, 3)]
    preds = {"p": 1, "q": 1, "r": 2, "s": 1}
    terms = constants + ["X", "Y"]

    def lit(var_ok=True):
        pred = rng.choice(sorted(preds))
        args = tuple(rng.choice(terms if var_ok else constants) for _ in range(preds[pred]))
        return (("~" if rng.random() < 0.3 else "") + pred, args)

    rules = [(lit(False), (), "") for _ in range(rng.randint(2, 4))]
    rules += [(lit(), tuple(lit() for _ in range(rng.randint(1, 2))), "<-") for _ in range(rng.randint(0, 1))]
    rules += [(lit(), tuple(lit() for _ in range(rng.randint(0, 2))), "-<") for _ in range(rng.randint(3, 6))]
    def show(literal):
        return literal[0] + ("(" + ", ".join(literal[1]) + ")" if literal[1] else "")

    text_rules = []
    for head, body, arrow in rules:
        t = show(head) + ((f" {arrow} " + (", ".join(show(b) for b in body) if body else "true")) if arrow else "")
        text_rules.append(t + ".")
    schematic_text = "\n".join(text_rules) + "\n"
    schematic_program = parse_program(schematic_text)
    ground_program = parse_program("\n".join(naive_grounding(rules, constants)) + "\n")
    for pred in sorted(preds):
        for args in itertools.product(constants, repeat=preds[pred]):
            for sign in ("", "~"):
                literal = sign + pred + "(" + ", ".join(args) + ")"
                try:
                    expected = query(ground_program, literal).answer
                except DelpInconsistentProgram:
                    with pytest.raises(DelpInconsistentProgram):
                        query(schematic_program, literal)
                    return
                got = query(schematic_program, literal).answer
                if expected == "UNKNOWN" or got == "UNKNOWN":
                    continue  # the full instantiation mentions every constant; the language differs
                assert got == expected, f"{literal}\n{schematic_text}"
