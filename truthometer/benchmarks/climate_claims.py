"""CLIMATE-FEVER claims checked end to end: the pipeline's verdict per claim against the claim's label.

`bench climate-claims --data FILE.jsonl [--split heldout] [--methods nli,hybrid,cosine]`. Each claim is
checked as a text of its own with its five evidence sentences as the reference documents; its verdict
(contradicted if any of its sentences is, else supported if any is, else not enough information) is
scored against the claim's label: SUPPORTS, REFUTES, NOT_ENOUGH_INFO (DISPUTED claims are left out, as
the dataset's own claim-level task leaves them). This is the aggregate verdict of the whole pipeline —
retrieval, judge, rule tier, alignment, argumentation — on claims none of its rules were written from
(``heldout``: the judge never saw them either), where the judge benches score one pair at a time.
"""
from __future__ import annotations

import sys
from collections import Counter

from ..config import Config
from ..errors import InputError
from .common import print_table, read_jsonl
from .nli_common import accuracy, climate_heldout_ids, macro_f1
from ..vocabulary import Status

LABELS = ("SUPPORTS", "REFUTES", "NOT_ENOUGH_INFO")
VERDICT_LABEL = {"supported": "SUPPORTS", "contradicted": "REFUTES"}


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="CLIMATE-FEVER JSONL (claim, claim_label, evidences[])")
    parser.add_argument("--split", default="heldout", choices=["heldout", "all", "train"],
                        help="heldout: claims kept out of the judge's training; all: every claim in the file")
    parser.add_argument("--methods", default="nli,hybrid,cosine", help="comma-separated methods, ours first")
    parser.add_argument("--limit", type=int, default=0, help="check only the first N claims")


def load_claims(path: str, split: str) -> list[dict]:
    rows = read_jsonl(path)
    ids = [str(r.get("claim_id", i)) for i, r in enumerate(rows)]
    heldout = climate_heldout_ids(ids) if split != "all" else set()
    claims = []
    for number, (cid, row) in enumerate(zip(ids, rows), 1):
        if split == "heldout" and cid not in heldout or split == "train" and cid in heldout:
            continue
        if not isinstance(row.get("claim"), str) or not isinstance(row.get("evidences"), list):
            raise InputError(f"{path}:{number}: expected a claim and a list of evidences")
        if row.get("claim_label") not in LABELS:
            continue
        references = [(f"{ev.get('evidence_id', k)}", ev["evidence"]) for k, ev in enumerate(row["evidences"])
                      if isinstance(ev, dict) and isinstance(ev.get("evidence"), str)]
        claims.append({"id": cid, "claim": row["claim"], "label": row["claim_label"], "references": references})
    if not claims:
        raise InputError(f"{path}: no SUPPORTS / REFUTES / NOT_ENOUGH_INFO claims in split {split!r}")
    return claims


def claim_verdict(statuses: list[str]) -> str:
    """The claim's label from its sentences' statuses: a contradiction outweighs a support."""
    for status in ("contradicted", "supported"):
        if status in statuses:
            return VERDICT_LABEL[status]
    return "NOT_ENOUGH_INFO"


def scores(gold: list[str], pred: list[str]) -> dict:
    out = {"accuracy": accuracy(gold, pred), "macro_f1": macro_f1(gold, pred, LABELS)}
    for label in LABELS:
        tp = sum(g == p == label for g, p in zip(gold, pred))
        said = sum(p == label for p in pred)
        true = sum(g == label for g in gold)
        out[f"{label.lower()}_precision"] = tp / said if said else None
        out[f"{label.lower()}_recall"] = tp / true if true else None
    return out


def run(args) -> dict:
    from ..pipeline import Checker

    claims = load_claims(args.data, args.split)
    if args.limit:
        claims = claims[:args.limit]
    gold = [c["label"] for c in claims]
    figures: dict = {"claims": len(claims), "labels": dict(sorted(Counter(gold).items()))}
    rows = []
    majority = Counter(gold).most_common(1)[0][0]
    for method in [m.strip() for m in args.methods.split(",") if m.strip()]:
        checker = Checker(Config().with_(method=method))
        pred, skipped = [], 0
        for k, c in enumerate(claims):
            report = checker.check(c["claim"], c["references"])
            statuses = [s.status for s in report.sentences]
            skipped += all(s == Status.SKIPPED for s in statuses)
            pred.append(claim_verdict(statuses))
            if k % 50 == 0:
                print(f"\r{method}: {k}/{len(claims)} claims", end="", file=sys.stderr)
        print(file=sys.stderr)
        s = scores(gold, pred)
        s["skipped"] = skipped / len(claims)
        figures[method] = s
        rows.append([method, s["accuracy"], s["macro_f1"], s["supports_precision"], s["refutes_precision"],
                     s["refutes_recall"], s["skipped"]])
    base = scores(gold, [majority] * len(gold))
    figures["majority"] = {"label": majority, **base}
    rows.append([f"baseline: always {majority}", base["accuracy"], base["macro_f1"], base["supports_precision"],
                 base["refutes_precision"], base["refutes_recall"], 0.0])
    print_table(["method", "accuracy", "macro-F1", "supported: precision", "contradicted: precision",
                 "contradicted: recall", "skipped"], [[("-" if v is None else v) for v in r] for r in rows])
    return figures
