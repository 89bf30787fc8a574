"""FEVER-Symmetric (Schuster et al. 2019): claim vs evidence sentence, SUPPORTS/REFUTES, accuracy.

`bench fever-sym --data FILE.jsonl`. The bundled judge was trained on every FEVER-Symmetric pair in
../shared (v0.2 dev, of which the shared v0.1 files are a subset; the groups of the public v0.2 test split
are not among them): on those files the bench says how many pairs it was trained on, and its held-out
figure is the grouped cross-validation in truthometer/data/nli/MODEL_CARD.md. The cross-encoder was trained on the
development part of the claim groups only (``benchmarks.splits``): ``--part validation`` scores the groups
it never saw. The public v0.2 test file is its test split.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from ..config import Config
from ..errors import InputError
from .common import read_jsonl
from .nli_common import accuracy, fever_sym, run_bench
from .splits import PARTS, select

#: The alignment's rules were written while reading groups 1-120 of v0.2-dev; the later ones are held out.
HELD_OUT_AFTER = 120


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="FEVER-Symmetric JSONL (v0.1 or v0.2 rows)")
    parser.add_argument("--limit", type=int, default=0, help="evaluate only the first N pairs")
    parser.add_argument("--part", default="all", choices=("all", *PARTS),
                        help="score only this frozen part of the claim groups (validation: the cross-encoder "
                             "never trained on it, and no threshold was tuned on it; the head trained on every group)")
    parser.add_argument("--no-alignment", action="store_true",
                        help="leave out the row of the judge as the pipeline combines it with the alignment")
    parser.add_argument("--cv-predictions", metavar="FILE",
                        help="score the grouped cross-validated probabilities that `scripts/train_nli.py --dump-cv "
                             "FILE` wrote for the shipped head's settings, instead of the shipped judge (which was "
                             "trained on these pairs): the held-out figure, with the alignment combined as the "
                             "pipeline does, and on groups 121-177, which no alignment rule was written from")


def as_the_pipeline_combines(pairs, ours: list[str], cos, config) -> tuple[str, list[str], float]:
    """The judge's E-vs-C labels as ``truthometer.pipeline`` combines them with the alignment: a support
    the alignment overrules (a name, number, date or code substituted, or the opposite polarity) is a
    contradiction; a contradiction it cannot place in any slot is unsure, and then a near-paraphrase
    (cosine at or above ``paraphrase_threshold``) is support, and so is evidence that states every slot of
    the claim the same way. Returns the row label, the labels and the alignment's seconds."""
    from ..alignment import align_many
    from ..judging.nli.alignment import normalise
    from ..verdicts import overrules_support

    start = time.perf_counter()
    alignments = align_many([(normalise(p.hypothesis), normalise(p.premise)) for p in pairs])
    out = []
    for label, alignment, similarity in zip(ours, alignments, cos):
        if label == "entailment" and overrules_support(alignment):
            label = "contradiction"
        elif label == "contradiction" and not alignment.contradicts and (
                alignment.confirms or similarity >= config.paraphrase_threshold):
            label = "entailment"
        out.append(label)
    return "ours + alignment, as the pipeline combines them", out, time.perf_counter() - start


def cross_validated(path: str, pairs) -> np.ndarray:
    """The probabilities ``scripts/train_nli.py --dump-cv`` wrote for the shipped head's candidate, in the
    order of ``pairs``; InputError when the file lacks one of them."""
    from ..judging.nli import BUNDLED_DIR

    chosen = json.loads((Path(BUNDLED_DIR) / "head.json").read_text(encoding="utf-8"))["chosen"]
    by_pair = {}
    for row in read_jsonl(path, "--cv-predictions"):
        if isinstance(row, dict) and chosen.startswith(str(row.get("candidate"))):
            by_pair[(row.get("claim"), row.get("evidence"))] = row.get("probs")
    missing = [p for p in pairs if (p.hypothesis, p.premise) not in by_pair]
    if missing:
        raise InputError(f"{path}: no cross-validated probabilities of {chosen!r} for {len(missing)} of the "
                         f"{len(pairs)} pairs (dump them with scripts/train_nli.py --dump-cv {path})")
    return np.array([by_pair[(p.hypothesis, p.premise)] for p in pairs], dtype=float)


def _held_out_groups(pairs, given: np.ndarray, combined: list[str]) -> dict:
    """Accuracy on groups 121 and after (in file order), which no alignment rule was written from, of the
    cross-validated judge and of its combination with the alignment (``combined``, as run_bench made it)."""
    order: dict = {}
    for p in pairs:
        order.setdefault(p.group, len(order) + 1)
    keep = [i for i, p in enumerate(pairs) if order[p.group] > HELD_OUT_AFTER]
    if not keep:
        return {}
    gold = [pairs[i].label for i in keep]
    ours = ["entailment" if e >= c else "contradiction" for e, c in zip(given[keep, 0], given[keep, 2])]
    return {"groups_121_on_pairs": len(keep), "groups_121_on_ours": round(accuracy(gold, ours), 4),
            "groups_121_on_ours_with_alignment": round(accuracy(gold, [combined[i] for i in keep]), 4)}


def run(args) -> dict:
    pairs = select(fever_sym(args.data), lambda p: p.group, getattr(args, "part", "all"))
    if args.limit:
        pairs = pairs[:args.limit]
    given = cross_validated(args.cv_predictions, pairs) if getattr(args, "cv_predictions", None) else None
    combined: list[str] = []

    def combine(*arguments):
        # Kept for the held-out groups' figure, so the alignment runs once.
        label, out, seconds = as_the_pipeline_combines(*arguments)
        combined.extend(out)
        return label, out, seconds

    figures = run_bench(f"fever-sym ({getattr(args, 'part', 'all')})", pairs, Config(), three_way=False, metric="accuracy",
                        combine=None if getattr(args, "no_alignment", False) else combine, given=given)
    if given is not None:
        figures["cross_validated"] = True
        if combined:
            held = _held_out_groups(pairs, given, combined)
            figures.update(held)
            if held:
                print(f"groups {HELD_OUT_AFTER + 1}+ ({held['groups_121_on_pairs']} pairs): ours "
                      f"{held['groups_121_on_ours']}, ours + alignment {held['groups_121_on_ours_with_alignment']}")
    if "ours_with_alignment" in figures:
        print("note: the alignment's rules were written while reading FEVER-Symmetric v0.2-dev pairs; groups "
              "121-177 were a held-out check until some of their misses were read too: on that file neither "
              "alignment row is a clean held-out figure")
    print("target: ours >= 0.80 accuracy, >= 200 pairs/s")
    figures["part"] = getattr(args, "part", "all")
    return figures
