"""Relations between pieces of evidence, decided by the entailment judge reading pairs of evidence
sentences, for the program ``evidence_program.build_program`` writes (``relations={(i, j): kind}``).

Only the pairs that matter are read, and at most ``MAX_PAIRS`` per claim, strongest sources first:

- one sentence supports the claim and the other contradicts it: if they **contradict each other**, each
  attacks the other's presumption (``~e{j} -< e{i}.`` and ``~e{i} -< e{j}.``), so the more reliable,
  newer or narrower one defeats the other outright and not only its conclusion about the claim;
- both are on the same side: if the stronger **entails** the weaker, it lends the weaker its argument
  (``e{j} -< e{i}.``), which then survives an attack on the weaker's own presumption.

A pair is read once, premise = the stronger source (reliability, then confidence, then similarity to
the claim): contradiction is symmetric enough for the judge, and support matters only in the direction
from the stronger to the weaker. A relation that disagrees with the sides the judge gave the two
sentences towards the claim (an entailment across sides, a contradiction within one) is not used: one of
the two readings is wrong, and the argumentation would only repeat the judge's error both ways.
"""
from __future__ import annotations

from typing import Callable

MAX_PAIRS = 8
#: The judge's label must reach this probability to count (the pipeline's DECISION_THRESHOLD).
THRESHOLD = 0.5
_ENTAILMENT, _CONTRADICTION = 0, 2


def _strength(ev) -> tuple:
    from .evidence_program import _strength as strength

    return (*strength(ev), -float(getattr(ev, "score", 0.0) or 0.0))


def candidate_pairs(evidence: list, cap: int = MAX_PAIRS) -> list[tuple[int, int]]:
    """(premise, hypothesis) index pairs worth judging: across the sides first, then within each side;
    strongest sources first; at most ``cap``."""
    order = {}
    sides = {}
    for relation in ("support", "contradiction"):
        side = sorted((i for i, ev in enumerate(evidence) if ev.relation == relation),
                      key=lambda i: (_strength(evidence[i]), i))
        sides[relation] = side
        order.update((i, rank) for rank, i in enumerate(side))
    if not sides["support"] or not sides["contradiction"]:
        return []

    def directed(a: int, b: int) -> tuple[int, int]:
        return (a, b) if (_strength(evidence[a]), a) <= (_strength(evidence[b]), b) else (b, a)

    across = sorted((directed(s, c) for s in sides["support"] for c in sides["contradiction"]),
                    key=lambda p: (max(order[p[0]], order[p[1]]), order[p[0]] + order[p[1]], p))
    within = sorted((directed(a, b) for side in sides.values() for n, a in enumerate(side) for b in side[n + 1:]),
                    key=lambda p: (max(order[p[0]], order[p[1]]), order[p[0]] + order[p[1]], p))
    return (across + within)[:max(0, cap)]


def relations_from(evidence: list, pairs: list[tuple[int, int]], probabilities) -> dict[tuple[int, int], str]:
    """``{(i, j): "support" | "contradiction"}`` from the judge's rows for ``pairs`` (premise i, hypothesis
    j), keeping only relations consistent with the two sentences' sides towards the claim."""
    out = {}
    for (i, j), row in zip(pairs, probabilities):
        best = max(range(len(row)), key=lambda k: row[k])
        if row[best] < THRESHOLD:
            continue
        same_side = evidence[i].relation == evidence[j].relation
        if best == _ENTAILMENT and same_side:
            out[(i, j)] = "support"
        elif best == _CONTRADICTION and not same_side:
            out[(i, j)] = "contradiction"
    return out


def judge_relations(claims_evidence: list[list], predict: Callable, cap: int = MAX_PAIRS) -> list[dict]:
    """The relations for the evidence of each claim, every pair of every claim read in ONE call of
    ``predict(premises, hypotheses) -> rows of (P(entailment), P(neutral), P(contradiction))``."""
    wanted = [candidate_pairs(evidence, cap) for evidence in claims_evidence]
    premises = [evidence[i].text for evidence, pairs in zip(claims_evidence, wanted) for i, _ in pairs]
    hypotheses = [evidence[j].text for evidence, pairs in zip(claims_evidence, wanted) for _, j in pairs]
    rows = list(predict(premises, hypotheses)) if premises else []
    out, at = [], 0
    for evidence, pairs in zip(claims_evidence, wanted):
        out.append(relations_from(evidence, pairs, rows[at:at + len(pairs)]))
        at += len(pairs)
    return out
