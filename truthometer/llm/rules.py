"""LLM-proposed commonsense rules (Truth-O-Meter, Galitsky: the LLM supplies the commonsense that links a
claim to its evidence; the argumentation decides what follows).

    proposal = propose_rules(claim, evidence, client)      # ProposedRules: accepted, rejected, error
    argue(claim, evidence, rules=[*rule_entries(kb), *proposal.accepted])   # used for this check
    propose_to_curators(kb, proposal, claim)               # pending rule entries a curator reviews

The claim and its evidence are read as literals (``argumentation/literals.py``); the LLM is shown them and
answers DeLP rules, one a line. Each is checked as a curator's rule is (``commonsense.check_rule``) and must
also be plain - no quoted strings, nothing beyond DeLP's identifiers, numbers and punctuation - and use a
predicate of the claim or the evidence (a rule about something else cannot take part). What fails is
rejected with the reason, never used. A claim with no literal asks nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..argumentation.commonsense import (CommonsenseRule, RuleError, add_rule, check_rule, is_rule_entry,
                                         rule_entries)
from ..argumentation.errors import DelpSyntaxError
from .client import LLMError
from .prompts import rule_lines, rules_messages

MAX_RULES = 5
#: What a proposed rule may contain: DeLP identifiers, numbers, arrows, commas, parentheses, '~' and '.'.
_PLAIN = re.compile(r"^[A-Za-z0-9_~(),.\s<\-]+$")


@dataclass
class ProposedRules:
    claim_literal: str = ""
    accepted: list[CommonsenseRule] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)  # (text, why)
    error: str = ""  # the LLM could not be asked (unavailable, budget spent): nothing was proposed


def check_proposed(text: str, signatures: set[tuple[str, int]], model: str = "") -> CommonsenseRule:
    """One LLM-proposed rule, checked: RuleError / DelpSyntaxError says why it is rejected."""
    if not _PLAIN.match(text):
        raise RuleError("only DeLP identifiers, numbers and punctuation are accepted from an LLM")
    rule = check_rule(text, f"llm {model}".strip())
    if not any(lit.signature in signatures for lit in rule.literals):
        raise RuleError("it uses none of the claim's or the evidence's predicates")
    return rule


def propose_rules(claim: str, evidence: list, client, parsed: dict | None = None,
                  max_rules: int = MAX_RULES) -> ProposedRules:
    """Ask ``client`` (``LLMClient``) for rules linking ``evidence`` (``report.Evidence``) to ``claim``."""
    from ..argumentation.literals import facts_for

    facts = facts_for([claim] + [ev.text for ev in evidence], parsed)
    fact = facts.get(claim)
    if fact is None:
        return ProposedRules()
    claim_literal = fact.literal()
    stated = []
    for ev in evidence:
        f = facts.get(ev.text)
        if f is not None:
            stated.append((ev.text, str(f.literal())))
    signatures = {claim_literal.signature} | {facts[ev.text].literal().signature for ev in evidence
                                              if facts.get(ev.text) is not None}
    out = ProposedRules(str(claim_literal))
    try:
        reply = client.chat(rules_messages(claim, str(claim_literal), stated, max_rules))
    except LLMError as exc:
        out.error = str(exc)
        return out
    seen = set()
    for text in rule_lines(reply):
        try:
            rule = check_proposed(text, signatures, getattr(client, "model", ""))
        except (RuleError, DelpSyntaxError) as exc:
            out.rejected.append((text[:300], str(exc)))
            continue
        if rule.text in seen:
            continue
        if len(out.accepted) >= max_rules:
            out.rejected.append((rule.text, f"more than {max_rules} rules proposed"))
            continue
        seen.add(rule.text)
        out.accepted.append(rule)
    return out


def propose_to_curators(kb, proposal: ProposedRules, claim: str, created_by: str = "llm") -> list:
    """Add the accepted rules as *pending* rule entries (source ``llm``; provenance names the claim), leaving
    out those already in the knowledge base; the entries added are returned."""
    there = {e.text for e in rule_entries(kb, status=None) if is_rule_entry(e)}
    added = []
    for rule in proposal.accepted:
        if rule.text in there:
            continue
        added.append(add_rule(kb, rule.text, source="llm", confidence=0.5, status="pending", created_by=created_by,
                              provenance={"claim": claim, "proposed_by": rule.origin}))
        there.add(rule.text)
    return added
