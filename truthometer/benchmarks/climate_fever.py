"""CLIMATE-FEVER (Diggelmann et al. 2020): claim-evidence pairs, SUPPORTS/REFUTES/NOT_ENOUGH_INFO, macro-F1.

`bench climate-fever --data FILE.jsonl [--split heldout|all]`. ``heldout`` is the seeded 30% of claims
the bundled judge never saw in training (split by claim); use ``all`` for a file it was not trained on
at all (the public test part).
"""
from __future__ import annotations

from ..config import Config
from .nli_common import climate_fever, run_bench


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="CLIMATE-FEVER JSONL (claim, evidences[])")
    parser.add_argument("--split", default="heldout", choices=["heldout", "all", "train"],
                        help="heldout: claims kept out of training; all: every claim in the file")
    parser.add_argument("--limit", type=int, default=0, help="evaluate only the first N pairs")


def run(args) -> dict:
    pairs = climate_fever(args.data, args.split)
    if args.limit:
        pairs = pairs[:args.limit]
    figures = run_bench(f"climate-fever ({args.split})", pairs, Config(), three_way=True, metric="macro_f1")
    print("target: ours >= 0.65 macro-F1")
    return figures
