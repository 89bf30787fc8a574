"""Defeasible Logic Programming (García & Simari 2004, "Defeasible logic programming: an argumentative
approach", TPLP 4:95-138) and argumentation over conflicting evidence.

The engine follows ``SEMANTICS.md`` of the project's shared material: parser (:mod:`.syntax`),
grounding, memoised derivations, arguments and sub-arguments, disagreement through strict rules,
generalized specificity and rule priorities, proper/blocking defeat, acceptable argumentation lines,
full dialectical trees with U/D marking, warrant and the answers YES / NO / UNDECIDED / UNKNOWN.

Text syntax: ``%`` comments; literals ``[~]name`` or ``[~]name(t1, ..., tn)`` (upper-case terms are
variables, quoted strings constants); facts ``p(a).``; strict rules ``h <- b1, b2.``; defeasible rules
``h -< b1, b2.``; presumptions ``h -< true.``.

Extension for rule priorities (the ``priority`` criterion): a defeasible rule may be labelled,
``r1: h -< b.``, and ``r1 > r2.`` (or a chain ``r1 > r2 > r3.``) declares that rules labelled r1 are
preferred to rules labelled r2 (transitively closed; cycles and unknown labels are syntax errors).
Programs without labels are unchanged. Further orders on the labels may be named, ``recency: r1 > r2.``;
each is a criterion of its own, and criteria combine lexicographically by name, ``"recency+priority"``
(:mod:`.criteria`). Evidence programs declare ``priority`` (source reliability), ``recency`` and ``scope``
(:mod:`.evidence_order`) on their evidence, and carry the relations between pieces of evidence the judge
finds (:mod:`.relations`).

Public API::

    program = parse_program(text)                       # DelpSyntaxError with line/column
    result = query(program, "flies(tina)", criterion="specificity", budget=10.0)  # or "priority+recency"...
    result.answer                                       # "YES" | "NO" | "UNDECIDED" | "UNKNOWN"
    result.trees                                        # JSON-form trees; render_text / to_networkx / to_pyvis_html
    outcome = argue(claim, evidence, relations={(0, 1): "contradiction"})  # ArgumentationOutcome
    outcome = argue(claim, evidence, rules=rule_entries(kb))  # + the approved commonsense rules it uses
    extract_fact(doc).literal()                         # "completed in 1889" -> complete(eiffel_tower, 1889)

Facts from text (:mod:`.literals`): the claim and its evidence are literals with arguments where a pattern
fits, so sources conflict on the literal itself. Commonsense rules (:mod:`.commonsense`) are knowledge
entries with ``provenance={"kind": "rule"}``, checked on add and chosen per claim by ``rules_for``.
"""
from .budget import Budget
from .commonsense import CommonsenseRule, RuleError, add_rule, check_rule, is_rule_entry, rule_entries, rules_for
from .errors import DelpBudgetExceeded, DelpError, DelpInconsistentProgram, DelpSyntaxError
from .evidence_program import ArgumentationOutcome, annotate_evidence, argue, outcome_html, outcome_text
from .literals import Fact, extract_fact
from .render import render_text, to_networkx, to_pyvis_html
from .syntax import Literal, Program, Rule, parse_literal, parse_program
from .warrant import ANSWERS, NO, UNDECIDED, UNKNOWN, YES, QueryResult, query

__all__ = [
    "ANSWERS", "ArgumentationOutcome", "Budget", "CommonsenseRule", "DelpBudgetExceeded", "DelpError", "DelpInconsistentProgram",
    "DelpSyntaxError", "Fact", "Literal", "RuleError", "add_rule", "check_rule", "extract_fact",
    "is_rule_entry", "rule_entries", "rules_for", "NO", "Program", "QueryResult", "Rule", "UNDECIDED", "UNKNOWN", "YES",
    "annotate_evidence", "argue", "outcome_html", "outcome_text", "parse_literal", "parse_program", "query", "render_text",
    "to_networkx", "to_pyvis_html",
]
