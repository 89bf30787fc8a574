"""Commonsense rules: strict (``h <- b.``) and defeasible (``h -< b.``) DeLP rules that link what the evidence
states to what a claim says ("if B then usually A"; García & Simari 2004, Def. 2.2-2.3), kept as knowledge
entries whose ``provenance`` has ``{"kind": "rule"}``.

    rule = check_rule("woman(X) <- lady(X).")          # RuleError / DelpSyntaxError with a clear message
    entry = add_rule(kb, "woman(X) <- lady(X).", source="curator")   # pending, like any new entry
    chosen = rules_for(literals, rule_entries(kb))      # the approved rules the program's literals reach
    argue(claim, evidence, rules=rule_entries(kb))      # argue picks them itself

A rule entry is curated like a fact (added, approved, edited, with history), but it is never evidence
(``knowledge/source.py`` leaves it out). A rule is checked on add: one rule, a body (no facts or
presumptions: those are what evidence is for), no label, every head variable bound in the body (so it
stands for finitely many instances over the program's constants), and none of the names the evidence
program gives a meaning to (``claim``, ``e0``, ``e1``...).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import DelpError, DelpSyntaxError
from .syntax import DEFEASIBLE, STRICT, Literal, Var, parse_program

#: Longest rule text accepted (a rule is one line of commonsense, not a program).
MAX_RULE_CHARS = 500
#: At most this many rules join one claim's program, and they are found at most this many links away.
MAX_RULES = 40
MAX_HOPS = 3
RULE_KIND = "rule"
_RESERVED = re.compile(r"^(?:claim|true|e\d+)$")


class RuleError(DelpError, ValueError):
    """A text that parses but is not a usable commonsense rule; the message says what to change."""


@dataclass(frozen=True)
class CommonsenseRule:
    """One checked rule: its text (ending in '.'), head, body, kind (strict | defeasible) and where it came
    from ("kb:12 (curator)", "llm", "wordnet")."""

    text: str
    head: Literal
    body: tuple
    kind: str
    origin: str = ""

    @property
    def body_literals(self) -> tuple:
        return self.body

    @property
    def literals(self) -> tuple:
        return (self.head, *self.body)


def _variables(literal: Literal) -> set[str]:
    return {a.name for a in literal.args if isinstance(a, Var)}


def check_rule(text: str, origin: str = "") -> CommonsenseRule:
    """The rule ``text`` states, checked; :class:`DelpSyntaxError` (line, column) or :class:`RuleError`."""
    if not isinstance(text, str) or not text.strip():
        raise RuleError("a rule needs a text, e.g. 'woman(X) <- lady(X).'")
    text = " ".join(text.split())
    if len(text) > MAX_RULE_CHARS:
        raise RuleError(f"a rule is at most {MAX_RULE_CHARS} characters; this one has {len(text)}")
    if not text.endswith("."):
        text += "."
    program = parse_program(text)
    if program.priorities or program.orders:
        raise RuleError("a rule entry is one rule; priorities between labels belong to a program")
    if len(program.rules) != 1:
        raise RuleError(f"a rule entry is exactly one rule; this text has {len(program.rules)} statements")
    rule = program.rules[0]
    if rule.kind not in (STRICT, DEFEASIBLE) or not rule.body:
        raise RuleError("a rule needs a body: 'head <- body.' (strict) or 'head -< body.' (defeasible); "
                        "a fact or presumption is what evidence states, not a rule")
    if rule.label:
        raise RuleError(f"a rule entry carries no label ({rule.label!r}): the evidence program labels evidence")
    for lit in (rule.head, *rule.body):
        if _RESERVED.match(lit.predicate):
            raise RuleError(f"{lit.predicate!r} is a name the evidence program uses; choose another predicate")
    unbound = _variables(rule.head) - set().union(*(_variables(b) for b in rule.body))
    if unbound:
        raise RuleError(f"variable(s) {', '.join(sorted(unbound))} of the head must appear in the body")
    return CommonsenseRule(str(rule) + ".", rule.head, tuple(rule.body), rule.kind, origin)


def is_rule_entry(entry) -> bool:
    """Whether a knowledge entry (or its dict form) is a rule rather than a fact."""
    provenance = entry.get("provenance") if isinstance(entry, dict) else getattr(entry, "provenance", None)
    return isinstance(provenance, dict) and provenance.get("kind") == RULE_KIND


def as_rules(items) -> list[CommonsenseRule]:
    """Checked rules from rule texts, :class:`CommonsenseRule` or knowledge entries (approved rule entries
    only: a pending or rejected rule, or a fact, is left out; so is an entry whose text no longer checks)."""
    out = []
    for item in items or ():
        if isinstance(item, CommonsenseRule):
            out.append(item)
            continue
        if isinstance(item, str):
            out.append(check_rule(item))
            continue
        if not is_rule_entry(item) or getattr(item, "status", "approved") != "approved":
            continue
        try:
            out.append(check_rule(item.text, f"kb:{item.id}" + (f" ({item.source})" if item.source else "")))
        except (DelpSyntaxError, RuleError):
            continue
    return out


def rules_for(literals, entries) -> list[CommonsenseRule]:
    """The rules among ``entries`` (see :func:`as_rules`) whose literals the program uses: those sharing a
    predicate and arity with ``literals`` (the claim's and the evidence's), then those sharing one with a
    rule already taken, up to ``MAX_HOPS`` links and ``MAX_RULES`` rules, in the order given."""
    rules = as_rules(entries)
    wanted = {(lit.predicate, len(lit.args)) for lit in literals if lit is not None}
    chosen: list[CommonsenseRule] = []
    for _ in range(MAX_HOPS):
        new = [r for r in rules if r not in chosen and any(lit.signature in wanted for lit in r.literals)]
        if not new:
            break
        for rule in new[:MAX_RULES - len(chosen)]:
            chosen.append(rule)
            wanted |= {lit.signature for lit in rule.literals}
        if len(chosen) >= MAX_RULES:
            break
    seen, out = set(), []
    for rule in chosen:
        if rule.text not in seen:
            seen.add(rule.text)
            out.append(rule)
    return out


def rule_entries(kb, status: str | None = "approved", limit: int = 10_000) -> list:
    """The knowledge base's rule entries (of ``status``; None for any), found by their arrows."""
    found = {}
    for arrow in ("<-", "-<"):
        for entry in kb.store.list(status, None, None, None, arrow, limit, 0):
            if is_rule_entry(entry):
                found[entry.id] = entry
    return [found[k] for k in sorted(found)]


def add_rule(kb, text: str, source: str = "", locator: str = "", confidence: float = 1.0, status: str = "pending",
             created_by: str = "", provenance: dict | None = None):
    """Check ``text`` and add it as a rule entry (pending unless told): raises before anything is stored."""
    rule = check_rule(text)
    return kb.add(rule.text, source, locator, confidence, status, created_by,
                  {**(provenance or {}), "kind": RULE_KIND})
