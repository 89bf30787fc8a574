"""FEVER-Symmetric (Schuster et al. 2019): claim vs evidence sentence, SUPPORTS/REFUTES, accuracy.

`bench fever-sym --data FILE.jsonl`. The bundled judge was trained on every FEVER-Symmetric pair in
../shared (v0.2 dev, of which the shared v0.1 files are a subset; the groups of the public v0.2 test split
are not among them): on those files the bench says how many pairs it was trained on, and its held-out
figure is the grouped cross-validation in models/nli/MODEL_CARD.md. The public v0.2 test file is its
test split.
"""
from __future__ import annotations

from ..config import Config
from .nli_common import fever_sym, run_bench


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="FEVER-Symmetric JSONL (v0.1 or v0.2 rows)")
    parser.add_argument("--limit", type=int, default=0, help="evaluate only the first N pairs")


def run(args) -> dict:
    pairs = fever_sym(args.data)
    if args.limit:
        pairs = pairs[:args.limit]
    figures = run_bench("fever-sym", pairs, Config(), three_way=False, metric="accuracy")
    print("target: ours >= 0.80 accuracy, >= 200 pairs/s")
    return figures
