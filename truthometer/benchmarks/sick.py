"""SICK (Marelli et al. 2014): 3-way entailment between sentence pairs, accuracy.

`bench sick --data FILE [--split TRIAL]`. The shipped judge is not trained on SICK (its CC BY-NC-SA
licence would pass to the weights), so every split is unseen by it.
"""
from __future__ import annotations

from ..config import Config
from .nli_common import run_bench, sick


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="SICK tab-separated file")
    parser.add_argument("--split", default="TRIAL", help="SemEval_set to evaluate: TRIAL, TRAIN, TEST or all")
    parser.add_argument("--limit", type=int, default=0, help="evaluate only the first N pairs")


def run(args) -> dict:
    pairs = sick(args.data, args.split)
    if args.limit:
        pairs = pairs[:args.limit]
    figures = run_bench(f"sick ({args.split})", pairs, Config(), three_way=True, metric="accuracy")
    print("target: ours >= 0.88 accuracy")
    return figures
