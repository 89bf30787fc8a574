"""WiCE (Kamoi et al. 2023): Wikipedia claims checked end to end against the web page they cite.

`bench wice --data claim_dev.jsonl [--methods nli,cosine,overlap,hybrid]`. Each claim is checked as a text
of its own, with the cited page's sentences as one reference document, as an editor would paste them. A
claim counts as reported supported when every sentence of it that was checked is supported (and at least
one was); it is scored right when that matches WiCE's "supported" (partially supported and not supported
are both "not supported"). The figure is balanced accuracy, the mean of the recall of the two classes, as
the LLM-AggreFact leaderboard reports it (published on WiCE test: MiniCheck-Flan-T5-L 0.722, HHEM-2.1
0.759, AlignScore 0.660, SummaC-ZS 0.628).

Figures are printed for the whole file and for its frozen parts (``splits``: by a hash of the claim):
the judge is never trained on WiCE, and no rule or threshold is read from the validation part.
"""
from __future__ import annotations

import sys
import time
from collections import Counter

from ..config import Config
from ..errors import InputError
from .common import machine, print_table, read_jsonl
from .splits import part_of
from ..vocabulary import Status

POSITIVE = "supported"


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="WiCE claim-level JSONL (claim, evidence[], label)")
    parser.add_argument("--methods", default="nli,cosine,overlap,hybrid", help="comma-separated methods, ours first")
    parser.add_argument("--limit", type=int, default=0, help="check only the first N claims")


def load_claims(path: str) -> list[dict]:
    claims = []
    for number, row in enumerate(read_jsonl(path), 1):
        evidence = row.get("evidence")
        if not isinstance(row.get("claim"), str) or not isinstance(evidence, list) or not isinstance(row.get("label"), str):
            raise InputError(f"{path}:{number}: expected a claim, a list of evidence sentences and a label")
        sentences = [s for s in evidence if isinstance(s, str) and s.strip()]
        claims.append({"claim": row["claim"], "label": row["label"], "document": "\n".join(sentences)})
    if not claims:
        raise InputError(f"{path}: no claims")
    return claims


def claim_supported(statuses: list[str]) -> bool:
    """Reported supported: every checked sentence supported (skipped ones are not checked), one at least."""
    checked = [s for s in statuses if s != Status.SKIPPED]
    return bool(checked) and all(s == Status.SUPPORTED for s in checked)


def balanced_accuracy(gold: list[bool], pred: list[bool]) -> float:
    recalls = []
    for cls in (True, False):
        idx = [i for i, g in enumerate(gold) if g == cls]
        if idx:
            recalls.append(sum(pred[i] == cls for i in idx) / len(idx))
    return sum(recalls) / len(recalls) if recalls else 0.0


def run(args) -> dict:
    from ..pipeline import Checker

    claims = load_claims(args.data)
    if args.limit:
        claims = claims[:args.limit]
    gold = [c["label"] == POSITIVE for c in claims]
    parts = {"all": list(range(len(claims)))}
    for i, c in enumerate(claims):
        parts.setdefault(part_of(c["claim"]), []).append(i)
    figures: dict = {"claims": len(claims), "labels": dict(sorted(Counter(c["label"] for c in claims).items())),
                     "metric": "balanced_accuracy"}
    rows = []
    for method in [m.strip() for m in args.methods.split(",") if m.strip()]:
        checker = Checker(Config().with_(method=method))
        checker.check(claims[0]["claim"], [("warm-up", claims[0]["document"])])  # models loaded before the clock
        pred = []
        start = time.perf_counter()
        for k, c in enumerate(claims):
            report = checker.check(c["claim"], [("cited page", c["document"])])
            pred.append(claim_supported([s.status for s in report.sentences]))
            if k % 25 == 0:
                print(f"\r{method}: {k}/{len(claims)} claims", end="", file=sys.stderr)
        print(file=sys.stderr)
        seconds = time.perf_counter() - start
        name = "ours (nli)" if method == "nli" else f"sim-{method}" if method in ("cosine", "overlap", "hybrid") else method
        figures[method] = {part: round(balanced_accuracy([gold[i] for i in idx], [pred[i] for i in idx]), 4)
                           for part, idx in sorted(parts.items())}
        figures[method]["claims_per_s"] = round(len(claims) / seconds, 2)
        figures[method]["reported_supported"] = sum(pred)
        rows.append([name] + [figures[method].get(p, "-") for p in ("all", "development", "validation")]
                    + [sum(pred), figures[method]["claims_per_s"]])
    print_table(["method", "balanced acc (all)", "development", "validation", "reported supported", "claims/s"], rows)
    print(f"wice: {len(claims)} claims ({', '.join(f'{k} {v}' for k, v in figures['labels'].items())}); "
          f"parts: {', '.join(f'{k} {len(v)}' for k, v in sorted(parts.items()))}")
    print("published on WiCE test (balanced accuracy): MiniCheck-Flan-T5-L 0.722, HHEM-2.1 0.759, AlignScore 0.660, "
          "SummaC-ZS 0.628; target on dev: ours >= 0.75")
    figures["machine"] = machine()
    return figures
