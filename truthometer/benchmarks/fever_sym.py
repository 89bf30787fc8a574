"""FEVER-Symmetric (Schuster et al. 2019): claim vs evidence sentence, SUPPORTS/REFUTES, accuracy.

`bench fever-sym --data FILE.jsonl`. The bundled judge was trained on every FEVER-Symmetric pair in
../shared (v0.2 dev, of which the shared v0.1 files are a subset; the groups of the public v0.2 test split
are not among them): on those files the bench says how many pairs it was trained on, and its held-out
figure is the grouped cross-validation in models/nli/MODEL_CARD.md. The public v0.2 test file is its
test split.
"""
from __future__ import annotations

import time

from ..config import Config
from .nli_common import fever_sym, run_bench


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="FEVER-Symmetric JSONL (v0.1 or v0.2 rows)")
    parser.add_argument("--limit", type=int, default=0, help="evaluate only the first N pairs")
    parser.add_argument("--no-alignment", action="store_true",
                        help="leave out the row of the judge as the pipeline combines it with the alignment")


def as_the_pipeline_combines(pairs, ours: list[str], cos, config) -> tuple[str, list[str], float]:
    """The judge's E-vs-C labels as ``truthometer.pipeline`` combines them with the alignment: a support
    the alignment overrules (a name, number, date or code substituted, or the opposite polarity) is a
    contradiction; a contradiction it cannot place in any slot is unsure, and then a near-paraphrase
    (cosine at or above ``paraphrase_threshold``) is support. Returns the row label, the labels and the alignment's seconds."""
    from ..alignment import align_many
    from ..judging.nli.alignment import normalise
    from ..pipeline import overrules_support

    start = time.perf_counter()
    alignments = align_many([(normalise(p.hypothesis), normalise(p.premise)) for p in pairs])
    out = []
    for label, alignment, similarity in zip(ours, alignments, cos):
        if label == "entailment" and overrules_support(alignment):
            label = "contradiction"
        elif label == "contradiction" and not alignment.contradicts and similarity >= config.paraphrase_threshold:
            label = "entailment"
        out.append(label)
    return "ours + alignment, as the pipeline combines them", out, time.perf_counter() - start


def run(args) -> dict:
    pairs = fever_sym(args.data)
    if args.limit:
        pairs = pairs[:args.limit]
    figures = run_bench("fever-sym", pairs, Config(), three_way=False, metric="accuracy",
                        combine=None if getattr(args, "no_alignment", False) else as_the_pipeline_combines)
    if "ours_with_alignment" in figures:
        print("note: the alignment's rules were written while reading FEVER-Symmetric v0.2-dev pairs (groups "
              "121-177 only as a held-out check since they were set apart): on that file its row is not a "
              "held-out figure either")
    print("target: ours >= 0.80 accuracy, >= 200 pairs/s")
    return figures
