"""CLIMATE-FEVER claims whose evidence conflicts, settled by the argumentation: the answer against the claim label.

`bench conflicts --data climate-fever-dev.jsonl [--select labelled,judged] [--limit N] [--facts FILE]`.

Each claim comes with five evidence sentences, each labelled SUPPORTS / REFUTES / NOT_ENOUGH_INFO by the
annotators. Two selections of claims:

- ``labelled`` (the issue's definition): claims whose evidence labels include both SUPPORTS and REFUTES.
  In CLIMATE-FEVER a claim with both is by construction DISPUTED, so every gold answer here is
  "undecided": the selection measures how often a method *refrains* from taking a side where the
  annotators saw both, and macro-F1 over its one gold class is the F1 of "undecided".
- ``judged``: claims where the project's judge reads at least one evidence sentence as support and one as
  contradiction (the conflicts the argumentation actually receives), whatever the annotators said; the
  gold answers are then mixed.

Gold answers: SUPPORTS -> supported, REFUTES -> contradicted, DISPUTED -> undecided, NOT_ENOUGH_INFO ->
undecided (neither side warranted; none has mixed labelled evidence, some have mixed judged evidence).

The relations of the evidence to the claim are the judge's (``load_judge``, one batched call, the label of
highest probability when it reaches DECISION_THRESHOLD, else related), the same for every method:

- **ours**: the DeLP program of the evidence (``argumentation.argue``) with the relations between pairs
  of evidence sentences read by the judge (``argumentation.relations``, one batched call), under the
  pipeline's criterion (``verdicts.ARGUMENT_CRITERION``); ablations in the same run: without the pairwise
  relations, and under other criteria. All evidence is from Wikipedia: one source, one reliability, so
  ``priority`` orders nothing here and only recency, scope and the pairwise relations can break a tie;
- **majority vote** of the evidence relations (more supports: supported; more contradictions:
  contradicted; a tie, none included: undecided);
- **most similar**: the relation of the evidence sentence most similar to the claim (MiniLM cosine):
  support -> supported, contradiction -> contradicted, related -> undecided.

Development and validation parts (``splits.part_of`` of the claim id) side by side; the calibration part
is left out. Nothing was tuned on the validation part. The judge was trained on CLIMATE-FEVER's training
claims (``truthometer/data/nli/judge/trained_on.txt``): the bench prints how many of the scored claim-evidence
pairs it was trained on, per part, so a figure on trained pairs is not read as a held-out one.

With ``--relations labels`` the relations of the evidence to the claim are the annotators' evidence labels
(SUPPORTS -> support, REFUTES -> contradiction, NOT_ENOUGH_INFO -> related) instead of the judge's: an oracle
judge, for every method alike, which measures the argumentation apart from the judge's reading (the relations
between pairs of evidence are still the judge's). Not a figure of the pipeline: no user has the labels.

With ``--facts`` (default: ``tests/data/changing_facts.json``, hand-written changing facts with dated
sources that disagree, relations given), it also prints how many of those the recency criterion gets
right against source reliability alone.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..config import PROJECT_ROOT, Config
from ..errors import InputError
from .common import machine, print_table, read_jsonl
from .nli_common import accuracy, macro_f1
from .splits import part_of
from ..vocabulary import Relation

GOLD = {"SUPPORTS": "supported", "REFUTES": "contradicted", "DISPUTED": "undecided", "NOT_ENOUGH_INFO": "undecided"}
ANSWERS = ("supported", "contradicted", "undecided")
SELECTIONS = ("labelled", "judged")
REPORTED_PARTS = ("development", "validation")
DEFAULT_FACTS = PROJECT_ROOT / "tests" / "data" / "changing_facts.json"
#: Where the relations of the evidence to the claim come from (``--relations``).
RELATIONS = ("judge", "labels")
#: The annotators' evidence labels read as relations (``--relations labels``).
LABEL_RELATIONS = {"SUPPORTS": "support", "REFUTES": "contradiction", "NOT_ENOUGH_INFO": "related"}
#: Ablation criteria printed beside ours (the pipeline's criterion).
OTHER_CRITERIA = ("priority", "recency+priority", "priority+scope", "specificity")


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="CLIMATE-FEVER JSONL (claim_id, claim, claim_label, evidences[])")
    parser.add_argument("--select", default="labelled,judged",
                        help="comma-separated selections: labelled (evidence labels include SUPPORTS and REFUTES), "
                             "judged (the judge reads a support and a contradiction)")
    parser.add_argument("--limit", type=int, default=0, help="read only the first N claims of the file")
    parser.add_argument("--relations", choices=RELATIONS, default="judge",
                        help="where the relations of the evidence to the claim come from: the judge (the pipeline's), "
                             "or the annotators' evidence labels (an oracle judge, to measure the argumentation apart "
                             "from the judge)")
    parser.add_argument("--facts", default=str(DEFAULT_FACTS),
                        help="hand-written changing facts (JSON) to count recency against priority on; '' to skip")


def load_rows(path: str, limit: int = 0) -> list[dict]:
    rows = []
    for number, row in enumerate(read_jsonl(path), 1):
        evidences = row.get("evidences")
        if not isinstance(row.get("claim"), str) or not isinstance(evidences, list) \
                or row.get("claim_label") not in GOLD:
            raise InputError(f"{path}:{number}: expected claim, claim_label (SUPPORTS, REFUTES, DISPUTED or "
                             f"NOT_ENOUGH_INFO) and a list of evidences")
        evidence = [e for e in evidences if isinstance(e, dict) and isinstance(e.get("evidence"), str)]
        rows.append({"id": str(row.get("claim_id", number)), "claim": row["claim"], "label": row["claim_label"],
                     "evidence": evidence})
        if limit and len(rows) >= limit:
            break
    if not rows:
        raise InputError(f"{path}: no claims")
    return rows


def labelled_conflict(row: dict) -> bool:
    labels = {e.get("evidence_label") for e in row["evidence"]}
    return "SUPPORTS" in labels and "REFUTES" in labels


def judged_conflict(evidence: list) -> bool:
    relations = {e.relation for e in evidence}
    return Relation.SUPPORT in relations and Relation.CONTRADICTION in relations


def majority_vote(evidence: list) -> str:
    votes = Counter(e.relation for e in evidence)
    if votes["support"] > votes["contradiction"]:
        return "supported"
    if votes["contradiction"] > votes["support"]:
        return "contradicted"
    return "undecided"


def most_similar(evidence: list) -> str:
    if not evidence:
        return "undecided"
    top = max(evidence, key=lambda e: e.score)
    return {"support": "supported", "contradiction": "contradicted"}.get(top.relation, "undecided")


def relation_of(row) -> tuple[str, float]:
    from ..judging.nli import DECISION_THRESHOLD

    best = int(np.argmax(row))
    if row[best] < DECISION_THRESHOLD:
        return "related", float(row[best])
    return ("support", "related", "contradiction")[best], float(row[best])


def build_evidence(rows: list[dict], config: Config, relations: str = "judge"):
    """Evidence objects per claim with the judge's relations (or, with ``relations="labels"``, the annotators'
    evidence labels) and the claim-evidence cosine, and the judge."""
    from .. import models
    from ..judging.nli import load_judge
    from ..report import Evidence

    judge = load_judge(config)
    premises = [e["evidence"] for r in rows for e in r["evidence"]]
    hypotheses = [r["claim"] for r in rows for _ in r["evidence"]]
    print(f"conflicts: judging {len(premises)} claim-evidence pairs", file=sys.stderr, flush=True)
    start = time.perf_counter()
    probs = judge.predict(premises, hypotheses) if premises else np.zeros((0, 3))
    judge_seconds = time.perf_counter() - start
    texts = sorted(set(premises) | {r["claim"] for r in rows})
    vectors = models.embed(texts, config)
    index = {t: i for i, t in enumerate(texts)}
    out, at = [], 0
    for r in rows:
        evidence = []
        for k, e in enumerate(r["evidence"]):
            relation, p = relation_of(probs[at])
            at += 1
            if relations == "labels":
                relation = LABEL_RELATIONS.get(e.get("evidence_label"), "related")
            cos = float(np.dot(vectors[index[r["claim"]]], vectors[index[e["evidence"]]]))
            evidence.append(Evidence(e["evidence"], "reference", f"{e.get('evidence_id', k)}", cos, relation,
                                     confidence=1.0, title=str(e.get("article", "")), probability=p))
        out.append(evidence)
    return out, judge, judge_seconds


def scores(gold: list[str], pred: list[str]) -> dict:
    labels = [a for a in ANSWERS if a in gold]
    return {"macro_f1": round(macro_f1(gold, pred, labels), 4) if gold else None,
            "accuracy": round(accuracy(gold, pred), 4) if gold else None,
            "answers": dict(sorted(Counter(pred).items()))}


def _p95(values: list[float]) -> float | None:
    return float(np.percentile(values, 95)) if values else None


def count_facts(path: str) -> dict | None:
    """How many hand-written changing facts each criterion settles as the most recent source says."""
    from ..argumentation import argue
    from ..report import Evidence
    from ..verdicts import ARGUMENT_CRITERION

    if not path:
        return None
    file = Path(path)
    if not file.is_file():
        print(f"conflicts: no changing-facts file at {path}: skipped", file=sys.stderr)
        return None
    items = json.loads(file.read_text(encoding="utf-8"))["items"]
    out = {"items": len(items)}
    for criterion in dict.fromkeys(("priority", "recency+priority", ARGUMENT_CRITERION, "priority+recency")):
        right = 0
        for item in items:
            evidence = [Evidence(e["text"], e["source"], f"{e['source']}:{k}", 0.8, e["relation"],
                                 confidence=e["confidence"]) for k, e in enumerate(item["evidence"])]
            right += argue(item["claim"], evidence, criterion=criterion).verdict == item["current"]
        out[criterion] = right
    return out


@dataclass
class _Run:
    """What the bench read and predicted, shared by the tables of every selection."""
    rows: list
    evidence: list
    source: str
    chosen: dict
    relations: dict
    seen: frozenset
    methods: list
    predictions: dict = field(default_factory=dict)
    argue_seconds: list = field(default_factory=list)
    depths: Counter = field(default_factory=Counter)


def run(args) -> dict:
    from ..argumentation.relations import judge_relations
    from ..verdicts import ARGUMENT_CRITERION

    selections = _selections(args)
    config = Config()
    rows = load_rows(args.data, args.limit)
    if "judged" not in selections:
        rows = [r for r in rows if labelled_conflict(r)]
    source = getattr(args, "relations", "judge")
    if source not in RELATIONS:
        raise InputError(f"unknown --relations {source!r}: choose from {', '.join(RELATIONS)}")
    evidence, judge, judge_seconds = build_evidence(rows, config, source)
    chosen = {"labelled": [k for k, r in enumerate(rows) if labelled_conflict(r)],
              "judged": [k for k, ev in enumerate(evidence) if judged_conflict(ev)]}
    wanted = sorted({k for s in selections for k in chosen[s]})
    seen = judge.trained_on() if hasattr(judge, "trained_on") else frozenset()

    # The relations between pairs of evidence sentences, for every claim in any selection, in one call.
    start = time.perf_counter()
    found = judge_relations([evidence[k] for k in wanted], judge.predict)
    relation_seconds = time.perf_counter() - start
    bench = _Run(rows, evidence, source, chosen, dict(zip(wanted, found)), seen, _methods(ARGUMENT_CRITERION))
    _predict(bench, wanted, ARGUMENT_CRITERION)

    figures: dict = {"criterion": ARGUMENT_CRITERION, "relations": source, "claims_read": len(rows), "selections": {}}
    if source == "labels":
        print("relations of the evidence to the claim: the annotators' evidence labels (an oracle judge, the same "
              "for every method); relations between evidence: the judge's")
    for selection in selections:
        figures["selections"][selection] = _selection_block(bench, selection)
    _timings(figures, bench, judge_seconds, relation_seconds)
    facts = count_facts(args.facts)
    if facts:
        figures["changing_facts"] = facts
        print(f"changing facts ({args.facts}): right of {facts['items']}: "
              + ", ".join(f"{c} {n}" for c, n in facts.items() if c != "items"))
    return figures


def _selections(args) -> list[str]:
    selections = [s.strip() for s in args.select.split(",") if s.strip()]
    for s in selections:
        if s not in SELECTIONS:
            raise InputError(f"unknown selection {s!r}: choose from {', '.join(SELECTIONS)}")
    return selections


def _methods(criterion: str) -> list[str]:
    """Ours first, then ours without relations between evidence, the other criteria, the two baselines last."""
    methods = [f"ours ({criterion}, relations between evidence)", "ours without relations between evidence"]
    methods += [f"ours ({c}, relations between evidence)" for c in OTHER_CRITERIA if c != criterion]
    methods += ["baseline: majority vote of the evidence relations", "baseline: most similar evidence sentence"]
    return methods


def _predict(bench: _Run, wanted: list[int], criterion: str) -> None:
    """Every method's verdict on every wanted claim, timing our argumentation."""
    from ..argumentation import argue

    methods, predictions = bench.methods, bench.predictions
    predictions.update({m: {} for m in methods})
    for k in wanted:
        claim, ev = bench.rows[k]["claim"], bench.evidence[k]
        start = time.perf_counter()
        outcome = argue(claim, ev, relations=bench.relations[k], criterion=criterion)
        bench.argue_seconds.append(time.perf_counter() - start)
        bench.depths[max((_depth(t) for t in outcome.trees), default=0)] += 1
        predictions[methods[0]][k] = outcome.verdict
        predictions[methods[1]][k] = argue(claim, ev, criterion=criterion).verdict
        for c in OTHER_CRITERIA:
            if c != criterion:
                predictions[f"ours ({c}, relations between evidence)"][k] = \
                    argue(claim, ev, relations=bench.relations[k], criterion=c).verdict
        predictions[methods[-2]][k] = majority_vote(ev)
        predictions[methods[-1]][k] = most_similar(ev)


def _selection_block(bench: _Run, selection: str) -> dict:
    """One selection's figures by part, printed as a table with what each part holds."""
    rows = bench.rows
    by_part = {p: [k for k in bench.chosen[selection] if part_of(rows[k]["id"]) == p] for p in REPORTED_PARTS}
    left_out = len(bench.chosen[selection]) - sum(len(v) for v in by_part.values())
    block = {"claims": {p: len(v) for p, v in by_part.items()}, "calibration_left_out": left_out}
    _describe_parts(bench, block, by_part)
    table = []
    for m in bench.methods:
        row = [m]
        for p, ks in by_part.items():
            s = scores([GOLD[rows[k]["label"]] for k in ks], [bench.predictions[m][k] for k in ks])
            block.setdefault(_key(m), {})[p] = s
            row += [s["macro_f1"], s["accuracy"]]
        table.append(row)
    print(f"\n{selection}: {_describe(selection)}; claims: development {len(by_part['development'])}, "
          f"validation {len(by_part['validation'])} (calibration part left out: {left_out})")
    print_table(["method", "dev macro-F1", "dev accuracy", "val macro-F1", "val accuracy"],
                [[("-" if v is None else v) for v in r] for r in table])
    for p in REPORTED_PARTS:
        print(f"  {p}: gold {block['gold'][p]}; {block['pairs'][p]} claim-evidence pairs, the judge was trained "
              f"on {block['pairs_trained_on'][p]} of them; {block['evidence_pairs_judged'][p]} pairs of evidence "
              f"read, {block['evidence_relations_found'][p]} relations found; "
              f"{'the labels read' if bench.source == 'labels' else 'the judge reads'} {block['judge_reads'][p]}")
    ours = _key(bench.methods[0])
    for p in REPORTED_PARTS:
        base = max(block[_key(m)][p]["macro_f1"] or 0.0 for m in bench.methods[-2:])
        margin = (block[ours][p]["macro_f1"] or 0.0) - base
        block.setdefault("margin_over_best_baseline", {})[p] = round(margin, 4)
    print(f"  ours minus the better baseline, macro-F1: development "
          f"{block['margin_over_best_baseline']['development']:+.4f}, validation "
          f"{block['margin_over_best_baseline']['validation']:+.4f} (target: +0.10)")
    return block


def _describe_parts(bench: _Run, block: dict, by_part: dict) -> None:
    """What each part holds: gold labels, pairs (and how many the judge was trained on), relations found."""
    from ..judging.nli import pair_fingerprint

    rows, evidence = bench.rows, bench.evidence
    for p, ks in by_part.items():
        pairs = [(e.text, rows[k]["claim"]) for k in ks for e in evidence[k]]
        block.setdefault("gold", {})[p] = dict(sorted(Counter(rows[k]["label"] for k in ks).items()))
        block.setdefault("pairs", {})[p] = len(pairs)
        block.setdefault("pairs_trained_on", {})[p] = sum(pair_fingerprint(a, b) in bench.seen for a, b in pairs)
        block.setdefault("evidence_pairs_judged", {})[p] = sum(len(_pairs_of(evidence[k])) for k in ks)
        block.setdefault("evidence_relations_found", {})[p] = sum(len(bench.relations[k]) for k in ks)
        block.setdefault("judge_reads", {})[p] = dict(sorted(Counter(_reads(evidence[k]) for k in ks).items()))


def _timings(figures: dict, bench: _Run, judge_seconds: float, relation_seconds: float) -> None:
    argue_seconds = bench.argue_seconds
    figures["argue_p95_s"] = round(_p95(argue_seconds), 4) if argue_seconds else None
    figures["argue_max_s"] = round(max(argue_seconds), 4) if argue_seconds else None
    figures["tree_depths"] = {str(d): n for d, n in sorted(bench.depths.items())}
    figures["judge_seconds"] = round(judge_seconds, 1)
    figures["relations_seconds"] = round(relation_seconds, 1)
    figures["machine"] = machine()
    print(f"\nargumentation per claim: p95 {figures['argue_p95_s']} s, max {figures['argue_max_s']} s "
          f"({len(argue_seconds)} claims); deepest tree per claim (levels below the root): {figures['tree_depths']}; "
          f"judge: {figures['judge_seconds']} s for the claim-evidence pairs, {figures['relations_seconds']} s for "
          f"the pairs of evidence; on {figures['machine']}")


def _reads(evidence: list) -> str:
    """What the judge made of a claim's evidence: no relation, one side only, or both sides."""
    sides = {e.relation for e in evidence} & {"support", "contradiction"}
    return {0: "no relation", 1: "one side", 2: "both sides"}[len(sides)]


def _pairs_of(evidence: list) -> list:
    from ..argumentation.relations import candidate_pairs

    return candidate_pairs(evidence)


def _depth(node: dict) -> int:
    return 1 + max((_depth(c) for c in node["children"]), default=-1) if node.get("children") else 0


def _key(method: str) -> str:
    if method.startswith("baseline: majority"):
        return "majority_vote"
    if method.startswith("baseline: most similar"):
        return "most_similar"
    if method == "ours without relations between evidence":
        return "ours_without_relations"
    if method.startswith("ours (") and method.endswith("relations between evidence)"):
        criterion = method[len("ours ("):-len(", relations between evidence)")]
        from ..verdicts import ARGUMENT_CRITERION
        return "ours" if criterion == ARGUMENT_CRITERION else f"ours_{criterion}"
    return method


def _describe(selection: str) -> str:
    return {"labelled": "claims whose evidence labels include SUPPORTS and REFUTES (gold: all DISPUTED)",
            "judged": "claims where the judge reads a support and a contradiction"}[selection]
