"""NLI pairs (MultiNLI, SNLI, Factcheck-GPT...): 3-way entailment, accuracy and macro-F1.

`bench nli --data FILE.jsonl [--part validation]`. One JSON object a line: premise, hypothesis, label
(entailment / neutral / contradiction). The shipped judge was trained on the *development* part of
MultiNLI dev-matched and Factcheck-GPT (``splits``, by a hash of the premise, resp. the claim): on those
files pass ``--part validation`` for a figure on pairs it never saw; the bench says how many of the scored
pairs it was trained on, whatever the file.
"""
from __future__ import annotations

from ..config import Config
from .nli_common import nli_jsonl, run_bench
from .splits import PARTS


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="NLI JSONL (premise, hypothesis, label)")
    parser.add_argument("--part", default="all", choices=("all", *PARTS),
                        help="score only this frozen part of the file (validation: never trained on, never tuned on)")
    parser.add_argument("--limit", type=int, default=0, help="evaluate only the first N pairs")


def run(args) -> dict:
    pairs = nli_jsonl(args.data, args.part)
    if args.limit:
        pairs = pairs[:args.limit]
    figures = run_bench(f"nli ({args.part})", pairs, Config(), three_way=True, metric="accuracy")
    figures["part"] = args.part
    print("target: ours >= 0.78 accuracy on a MultiNLI part the judge was not trained on")
    return figures
