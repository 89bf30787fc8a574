"""Argumentation over conflicting evidence: a claim and its evidence become a DeLP program whose
answer settles the claim (García & Simari 2004; presumptions §6, rule priorities §4).

Each evidence sentence i that supports or contradicts the claim (or takes part in a pairwise relation)
is a presumption ``e{i}: e{i} -< true.`` - "source S says it" - labelled ``e{i}`` so that criteria can
order the evidence; support is ``claim -< e{i}.``, contradiction ``~claim -< e{i}.``. A pairwise
contradiction between i and j is the pair ``~e{j} -< e{i}.`` / ``~e{i} -< e{j}.`` (each attacks the
other's presumption) and a pairwise support ``e{j} -< e{i}.`` (i lends j an argument: what rests on j
survives an attack on j's own presumption). The relations come from the judge reading pairs of evidence
sentences (``relations.py``, called by the pipeline).

Three orders on the labels are declared, one criterion each (``criteria.py``):

- ``priority`` (plain ``e1 > e0.``): source reliability, verified knowledge base > user reference > web,
  then confidence; under it the most reliable undefeated evidence wins and equally reliable conflicting
  evidence blocks (UNDECIDED);
- ``recency`` (``recency: e2 > e0.``): a dated statement about a changing quantity over an older one;
- ``scope`` (``scope: e3 > e1.``): a statement about a narrower case over a general one
  (``evidence_order.py`` says how both are read off the text).

Criteria combine lexicographically by name (``"recency+priority"``).
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from .budget import Budget
from .criteria import canonical
from .errors import DelpBudgetExceeded
from .render import render_text, to_pyvis_html
from .syntax import parse_literal, parse_program
from .warrant import NO, UNDECIDED, UNKNOWN, YES, query
from ..vocabulary import Relation

SOURCE_RANK = {"knowledge_base": 0, "reference": 1, "web": 2}
SOURCE_NAMES = {"knowledge_base": "knowledge-base entry", "reference": "reference document", "web": "web page"}
CLAIM = "claim"
FULL_TREE_NODES = 5000
MAX_PER_SIDE = 12  # strongest supporting / contradicting evidence kept, so trees stay showable; the rest (no stronger) is listed in comments
VERDICTS = {YES: "supported", NO: "contradicted", UNDECIDED: "undecided", UNKNOWN: "undecided"}
#: The comparison ``argue`` uses unless told otherwise (names in ``criteria.py``), the pipeline's too: a dated
#: statement about a changing quantity over an older one first, then source reliability, then a narrower case
#: over a general one. Recency leads because a reliable source goes out of date (an approved knowledge entry on
#: a 2011 census against a 2023 figure); scope comes last because it is read off the wording, the least sure.
DEFAULT_CRITERION = "recency+priority+scope"
#: How the explanation says an opposing argument lost, per part of the criterion.
_WEAKER = {"priority": "less reliable", "recency": "older", "scope": "more general", "specificity": "less specific"}


@dataclass
class ArgumentationOutcome:
    verdict: str  # supported | contradicted | undecided
    answer: str  # YES | NO | UNDECIDED | UNKNOWN (for the literal ``claim``)
    program: str  # the DeLP program, one comment per evidence naming its source and locator
    trees: list[dict] = field(default_factory=list)  # JSON form, as `delp --json` prints
    winner: int | None = None  # index into the evidence list of the evidence the correction should use
    explanation: str = ""
    criterion: str = "priority"
    query: str = CLAIM
    pruned: bool = False  # True when the trees were too large to show in full
    #: the commonsense rules the program includes: {"text", "origin"} (a knowledge entry, an LLM, WordNet)
    rules: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _strength(ev) -> tuple:
    return (SOURCE_RANK.get(getattr(ev, "source", "web"), len(SOURCE_RANK)), -round(float(getattr(ev, "confidence", 1.0) or 0.0), 3))


def _comment(text: str) -> str:
    return re.sub(r"[\r\n\x00]+", " ", str(text)).strip()


def _describe(ev) -> str:
    name = SOURCE_NAMES.get(ev.source, ev.source)
    return f"{name} {ev.locator}".strip() if getattr(ev, "locator", "") else name


@dataclass(frozen=True)
class _ClaimSides:
    """The literal the claim's arguments conclude (``target``), its complement, and the claim's literal
    (None: the opaque ``claim``)."""
    target: str
    against: str
    literal: object


def build_program(claim: str, evidence: list, relations: dict | None = None, facts: dict | None = None,
                  rules: list | None = None) -> tuple[str, list[int]]:
    """The DeLP program text for ``claim`` and the evidence indices it uses. With ``facts`` ({text: Fact or
    None}, ``literals.facts_for``) the claim is the literal its text states (else the opaque ``claim``) and a
    source stating another value for the same subject and relation contradicts it by a strict rule; ``rules``
    (``commonsense.CommonsenseRule``) are added with the evidence literals their bodies use."""
    claim_literal, statements = _literals(claim, evidence, facts or {})
    target, against = str(claim_literal), str(claim_literal.complement) if claim_literal is not None else ""
    if claim_literal is None:
        target, against = CLAIM, "~" + CLAIM
    sides = _ClaimSides(target, against, claim_literal)
    rule_bodies = {lit.signature for r in rules or () for lit in r.body_literals}
    pairs, ignored = _evidence_pairs(relations or {}, len(evidence))
    # Evidence that states what a commonsense rule's body asks for takes part, whatever the judge said of it.
    linked = {i for i, lit in statements.items() if lit.signature in rule_bodies}
    used = sorted(set(_strongest(evidence)) | {i for i, j, _ in pairs} | {j for i, j, _ in pairs} | linked)
    lines = _evidence_lines(claim, evidence, used)
    lines += _argument_lines(evidence, used, statements, linked, sides)
    for rule in rules or ():
        lines.append(f"% commonsense rule{(' ' + _comment(rule.origin)) if rule.origin else ''}")
        lines.append(rule.text if rule.text.endswith(".") else rule.text + ".")
    lines += _relation_lines(pairs, ignored)
    lines += _order_lines(claim, evidence, used, pairs)
    return "\n".join(lines) + "\n", used


def _evidence_pairs(relations: dict, n: int) -> tuple[list, list]:
    """The relations between evidence sentences as (i, j, kind), and those with an unknown index or kind."""
    pairs = []
    ignored = []
    for (i, j), kind in sorted(relations.items()):
        if not (0 <= i < n and 0 <= j < n) or i == j or kind not in (Relation.SUPPORT, Relation.CONTRADICTION):
            ignored.append((i, j, kind))
            continue
        pairs.append((i, j, kind))
    return pairs, ignored


def _strongest(evidence: list) -> list[int]:
    """The MAX_PER_SIDE strongest supports, then the MAX_PER_SIDE strongest contradictions."""
    sides = []
    for relation in ("support", "contradiction"):
        side = [i for i, ev in enumerate(evidence) if ev.relation == relation]
        side.sort(key=lambda i: (_strength(evidence[i]), -float(getattr(evidence[i], "score", 0.0) or 0.0), i))
        sides += side[:MAX_PER_SIDE]
    return sides


def _evidence_lines(claim: str, evidence: list, used: list[int]) -> list[str]:
    """The header, one presumption per evidence sentence used, and a comment for each left out."""
    lines = [f"% claim: {_comment(claim)}",
             "% e<i> is evidence i; its presumption is labelled e<i>, and the orders below rank the labels"]
    for i in used:
        ev = evidence[i]
        lines.append(f"% e{i}: {ev.source} {_comment(ev.locator)} (confidence {float(ev.confidence):.3f}, "
                     f"{ev.relation}): {_comment(ev.text)[:300]}")
        lines.append(f"e{i}: e{i} -< true.")
    for i, ev in enumerate(evidence):
        if i not in used:
            why = ev.relation if ev.relation not in (Relation.SUPPORT, Relation.CONTRADICTION) \
                else f"{ev.relation}, beyond the {MAX_PER_SIDE} strongest"
            lines.append(f"% (not used, {why}) e{i}: {ev.source} {_comment(ev.locator)}")
    return lines


def _argument_lines(evidence: list, used: list[int], statements: dict, linked: set, sides: _ClaimSides) -> list[str]:
    """Each used sentence's rule for or against the claim (or for the other value it states), and the
    strict rules saying another value denies the claim's."""
    lines = []
    functional = []
    for i in used:
        stated = statements.get(i)
        if evidence[i].relation == Relation.SUPPORT:
            lines.append(f"{sides.target} -< e{i}.")
        elif evidence[i].relation == Relation.CONTRADICTION:
            if stated is not None and _another_value(stated, sides.literal):
                lines.append(f"{stated} -< e{i}.  % e{i} states another value")
                if (stated, sides.literal) not in functional:
                    functional.append((stated, sides.literal))
                continue
            lines.append(f"{sides.against} -< e{i}.")
        if stated is not None and i in linked and str(stated) != sides.target:
            lines.append(f"{stated} -< e{i}.  % what e{i} states, for the rules below")
    if functional:
        lines.append(_FUNCTIONAL)
        lines += [f"{sides.literal.complement} <- {stated}." for stated, _ in functional]
    return lines


def _relation_lines(pairs: list, ignored: list) -> list[str]:
    lines = []
    for i, j, kind in pairs:
        if kind == Relation.CONTRADICTION:
            lines += [f"~e{j} -< e{i}.  % e{i} and e{j} contradict each other",
                      f"~e{i} -< e{j}."]
        else:
            lines.append(f"e{j} -< e{i}.  % e{i} supports e{j}")
    for i, j, kind in ignored:
        lines.append(f"% ignored relation ({i}, {j}) {_comment(kind)}: unknown index or relation")
    return lines


def _order_lines(claim: str, evidence: list, used: list[int], pairs: list) -> list[str]:
    """The orders over the presumptions' labels: source reliability, recency, scope."""
    from .evidence_order import recency_order, scope_order

    lines = []
    groups = sorted({_strength(evidence[i]) for i in used})
    members = [[i for i in used if _strength(evidence[i]) == g] for g in groups]
    if len(groups) > 1:
        lines.append("% priority: source reliability (knowledge base > reference > web, then confidence)")
        for upper, lower in zip(members, members[1:]):
            lines += [f"e{a} > e{b}." for a in upper for b in lower]
    relation_kinds = {(i, j): kind for i, j, kind in pairs}
    recency = recency_order(evidence, used, claim, relation_kinds)
    scope = scope_order(evidence, used, relation_kinds, claim)
    if recency:
        lines.append("% recency: a dated statement about a changing quantity over an older one")
        lines += [f"recency: e{a} > e{b}.  % {why}" for a, b, why in recency]
    if scope:
        lines.append("% scope: a statement about a narrower case over a general one")
        lines += [f"scope: e{a} > e{b}.  % {_comment(why)}" for a, b, why in scope]
    return lines


def _literals(claim: str, evidence: list, facts: dict):
    """The claim's literal (None: opaque ``claim``) and {evidence index: the literal it states}, an evidence
    literal about the claim's subject written with the claim's subject constant so the two can meet."""
    from .literals import same_subject

    fact = facts.get(claim)
    if fact is None or not _usable(fact.relation):
        return None, {}
    claim_literal = fact.literal()
    statements = {}
    for i, ev in enumerate(evidence):
        stated = facts.get(ev.text)
        if stated is None or not _usable(stated.relation):
            continue
        if same_subject(stated.subject, fact.subject):
            time = fact.time if (not stated.time or not fact.time or stated.time == fact.time) else stated.time
            statements[i] = stated.literal(subject=fact.subject, time=time if stated.value else None)
        else:
            statements[i] = stated.literal()
    return claim_literal, statements


def _usable(predicate: str) -> bool:
    # Names the program already gives a meaning to cannot be a fact's relation.
    return bool(predicate) and predicate not in (CLAIM, "true") and not re.match(r"^e\d+$", predicate)


def _another_value(stated, claim_literal) -> bool:
    """Whether ``stated`` gives the claim's (functional) relation of the same subject and time another value."""
    if claim_literal is None or stated.negated or claim_literal.negated:
        return False
    return (stated.predicate == claim_literal.predicate and len(stated.args) == len(claim_literal.args) >= 2
            and stated.args[0] == claim_literal.args[0] and stated.args[2:] == claim_literal.args[2:]
            and stated.args[1] != claim_literal.args[1])


_FUNCTIONAL = "% one value per subject, relation and time: another value contradicts the claim's"
_PRESUMPTION = re.compile(r"^e(\d+) -< true$")


def _evidence_in(node: dict) -> set[int]:
    return {int(m.group(1)) for r in node["rules"] if (m := _PRESUMPTION.match(r))}


def annotate_evidence(node: dict, evidence: list) -> None:
    """Name, on every node of a tree of an evidence program, the evidence sentences its argument rests on
    (index, source, locator, text: for tooltips, labels and the analyst's table)."""
    node["evidence"] = [{"index": i, "source": evidence[i].source, "locator": evidence[i].locator,
                         "text": str(evidence[i].text)[:300]} for i in sorted(_evidence_in(node))]
    for child in node["children"]:
        annotate_evidence(child, evidence)


def argue(claim: str, evidence: list, relations: dict[tuple[int, int], str] | None = None,
          criterion: str = DEFAULT_CRITERION, budget: Budget | float | None = None, *, literals: bool = True,
          parsed: dict | None = None, rules: list | None = None, taxonomy: bool = True) -> ArgumentationOutcome:
    """Settle ``claim`` from conflicting ``evidence`` (``truthometer.report.Evidence``) by DeLP, with
    ``relations`` between pieces of evidence (``{(i, j): "support" | "contradiction"}``: i supports /
    contradicts j) and a comparison ``criterion`` by name (``criteria.py``: "priority", "recency",
    "scope", "specificity" or several joined by '+').

    ``literals``: read the claim and its evidence as literals with arguments (``literals.py``; ``parsed``,
    {text: spaCy Doc}, saves parsing again), falling back to the opaque ``claim`` where no fact is read.
    ``rules``: commonsense rules (rule texts or knowledge entries, ``commonsense.py``); those whose literals
    the program uses are added to it. ``taxonomy``: WordNet's hypernymy between the claim's attribute and
    an evidence attribute as strict rules (``taxonomy.py``: a lady is a woman)."""
    from .commonsense import as_rules, rules_for

    facts = {}
    if literals or rules:
        from .literals import facts_for

        facts = facts_for([claim] + [ev.text for ev in evidence], parsed)
    chosen = []
    if rules or (literals and taxonomy):
        claim_literal, statements = _literals(claim, evidence, facts)
        if rules:
            chosen = rules_for([claim_literal, *statements.values()] if claim_literal is not None else [],
                               as_rules(rules))
        if literals and taxonomy:
            from .taxonomy import taxonomy_rules

            taken = {r.text for r in chosen}
            chosen += [r for r in taxonomy_rules(claim_literal, statements.values()) if r.text not in taken]
    if not literals:
        facts = {t: f for t, f in facts.items() if t != claim}  # the opaque claim, as before
    text, used = build_program(claim, evidence, relations, facts, chosen)
    used_rules = [{"text": r.text, "origin": r.origin} for r in chosen]
    program = parse_program(text)
    claim_literal, _ = _literals(claim, evidence, facts)
    goal = str(claim_literal) if claim_literal is not None else CLAIM
    criterion = canonical(criterion, program.orders)
    pruned = False
    try:
        # Full trees for the analyst when they are of a showable size...
        result = query(program, goal, criterion=criterion,
                       budget=budget if budget is not None else Budget(seconds=3.0, max_nodes=FULL_TREE_NODES))
    except DelpBudgetExceeded:
        # ...else the same answer from pruned trees (a node stops at its first undefeated defeater).
        try:
            result = query(program, goal, criterion=criterion, budget=Budget(seconds=5.0), prune=True)
            pruned = True
        except DelpBudgetExceeded as exc:
            return ArgumentationOutcome("undecided", UNDECIDED, text, [], None,
                                        f"Undecided: the argumentation was too large to settle ({exc}).", criterion,
                                        query=goal, rules=used_rules)
    for tree in result.trees:
        annotate_evidence(tree, evidence)
    answer = result.answer
    verdict = VERDICTS[answer]
    winner = None
    if answer in (YES, NO):
        target = goal if answer == YES else str(parse_literal(goal).complement)
        candidates = set()
        for tree in result.trees:
            if tree["conclusion"] == target and tree["mark"] == "U":
                candidates |= _evidence_in(tree)
        wanted = "support" if answer == YES else "contradiction"
        direct = [i for i in candidates if evidence[i].relation == wanted] or sorted(candidates)
        if direct:
            winner = min(direct, key=lambda i: (_strength(evidence[i]), i))
    declared = {"priority": bool(program.priorities), "specificity": True,
                **{name: bool(pairs) for name, pairs in program.orders.items()}}
    explanation = _explain(answer, evidence, used, winner, criterion, declared)
    if claim_literal is not None and _FUNCTIONAL in text:
        explanation += f" The sources disagree on the value in {goal}."
    if pruned:
        explanation += " (The trees shown are pruned: each node stops at its first undefeated defeater.)"
    return ArgumentationOutcome(verdict, answer, text, result.trees, winner, explanation, criterion, query=goal,
                                pruned=pruned, rules=used_rules)


def _explain(answer: str, evidence: list, used: list[int], winner: int | None, criterion: str = DEFAULT_CRITERION,
             declared: dict | None = None) -> str:
    supporting = [i for i in used if evidence[i].relation == Relation.SUPPORT]
    contradicting = [i for i in used if evidence[i].relation == Relation.CONTRADICTION]
    if answer == UNKNOWN:
        return "Undecided: no evidence supports or contradicts the claim."
    if answer == UNDECIDED or winner is None:
        return (f"Undecided: {len(supporting)} supporting and {len(contradicting)} contradicting evidence "
                "sentences are equally reliable or defeat each other, so neither side is warranted.")
    other = contradicting if answer == YES else supporting
    verb = "supports" if answer == YES else "contradicts"
    against = ("the opposing evidence" if not other else
               f"the opposing {', '.join(sorted({SOURCE_NAMES.get(evidence[i].source, evidence[i].source) for i in other}))}"
               f" evidence")
    # Only the orders that rank some evidence of this program can be why the opposing side lost.
    weaker = [_WEAKER[p] for p in criterion.split("+") if p in _WEAKER and (declared or {}).get(p, p == "priority")]
    return (f"{'Supported' if answer == YES else 'Contradicted'}: the {_describe(evidence[winner])} {verb} the claim "
            f"and is not defeated, while {against} is {', '.join(weaker) + ' or' if weaker else ''} defeated"
            f"{'' if criterion == DEFAULT_CRITERION else f' (comparison: {criterion})'}.")


def _as_outcome(outcome) -> ArgumentationOutcome:
    """Accept the dataclass or its ``to_dict()`` form (what reports store in ``argumentation``)."""
    if isinstance(outcome, ArgumentationOutcome):
        return outcome
    if isinstance(outcome, dict):
        known = {k: outcome[k] for k in ArgumentationOutcome.__dataclass_fields__ if k in outcome}
        return ArgumentationOutcome(**known)
    raise TypeError("expected an ArgumentationOutcome or its to_dict() form")


def outcome_text(outcome: ArgumentationOutcome | dict) -> str:
    """Every tree of the outcome as plain text, then the answer."""
    outcome = _as_outcome(outcome)
    parts = [render_text(t) for t in outcome.trees]
    parts.append(f"{outcome.answer} ({outcome.verdict}): {outcome.explanation}\n")
    return "\n".join(parts)


def outcome_html(outcome: ArgumentationOutcome | dict, tree_index: int | None = None) -> str:
    """One tree of the outcome as self-contained interactive HTML (default: the first tree whose
    root is undefeated, else the first). Empty string when there is no tree."""
    outcome = _as_outcome(outcome)
    if not outcome.trees:
        return ""
    if tree_index is None:
        tree_index = next((n for n, t in enumerate(outcome.trees) if t["mark"] == "U"), 0)
    tree = outcome.trees[tree_index]
    return to_pyvis_html(tree, title=f"{outcome.verdict}: dialectical tree for {tree['conclusion']}")
