"""swap-correct: minimal corrections of one-word swaps (Breaking NLI), a check of the correction stage on text its rules were not written from.

`bench swap-correct --data ../shared/data/nli/breaking-nli.jsonl [--limit N] [--no-nli] [--ablate]`.

Breaking NLI (Glockner, Shwartz and Goldberg 2018) builds each hypothesis from an SNLI premise by
swapping one word: a colour, a nationality, a noun for its sister kind, an antonym. For a contradiction
pair the hypothesis is a claim its premise refutes, and the minimal correction is known: the premise
itself. The premise is the only evidence, so the DelucionQA-style fix (replace the claim with the most
similar evidence sentence) is the answer by construction: it is printed as the upper bound it is here,
not as a rival. What the bench measures is how often the alignment finds the one slot and substitutes
it, and how often a correction it makes, or the pipeline proposes, is wrong.

Rows are split by a hash of the premise (``splits.part_of``; the swaps of one premise stay together) into
the development and validation parts, side by side; the calibration part is left out. The correction
stage's rules were written from FEVER-Symmetric and hand-made sentences; on 2026-11-27, 40 wrong drafts
of a sample of all parts were read (two of them prompted ``lexicon.sister_kinds``). From then on only the
development part is read. The judge that gates the proposed drafts was trained on every row of the file
(its cross-encoder: ``truthometer/data/nli/judge/judge.json``), so the every-draft figures are the ones free
of it.
"""
from __future__ import annotations

import sys

from ..errors import InputError
from .common import print_table, read_jsonl
from .fever_sym_correct import ablate_parts, exact, gate, token_f1
from .splits import part_of

REPORTED_PARTS = ("development", "validation")


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="Breaking NLI JSONL (premise, hypothesis, label)")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N contradiction pairs (0 = all)")
    parser.add_argument("--no-nli", action="store_true",
                        help="skip the entailment gate (every draft only), which needs the judge")
    parser.add_argument("--ablate", action="store_true",
                        help="also print what each alignment pass and each correction rule contributes to every "
                             "draft's exact match on both parts (each pass re-aligns every pair: about 15 minutes)")


def load_swaps(path: str, limit: int = 0) -> list[dict]:
    """The contradiction pairs of a JSONL file as corrections to make (``load_swaps_rows``)."""
    return load_swaps_rows(read_jsonl(path), limit, path)


def load_swaps_rows(rows, limit: int = 0, path: str = "rows") -> list[dict]:
    """The contradiction pairs as corrections to make: claim (the hypothesis), evidence and target (the
    premise), part (by the premise); a pair whose two sentences are the same is no swap."""
    cases = []
    for number, row in enumerate(rows, 1):
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in ("premise", "hypothesis", "label")):
            raise InputError(f"{path}:{number}: expected premise, hypothesis and label")
        if row["label"] != "contradiction" or row["premise"].strip() == row["hypothesis"].strip():
            continue
        cases.append({"claim": row["hypothesis"], "evidence": row["premise"], "target": row["premise"],
                      "part": part_of(f"breaking-nli:{row['premise']}")})
        if limit and len(cases) >= limit:
            break
    if not cases:
        raise InputError(f"{path}: no contradiction pairs")
    return cases


def run(args) -> dict:
    from ..alignment import align_many
    from ..corrections import suggest_correction

    cases = [c for c in load_swaps(args.data, args.limit) if c["part"] in REPORTED_PARTS]
    print(f"swap-correct: aligning {len(cases)} claims with their evidence", file=sys.stderr, flush=True)
    alignments = align_many([(c["claim"], c["evidence"]) for c in cases])
    drafts = []
    for case, alignment in zip(cases, alignments):
        # As the pipeline calls it: on a sentence already judged contradicted by this evidence.
        suggestion = suggest_correction(case["claim"], case["evidence"], alignment, contradicted=True)
        drafts.append(suggestion.corrected if suggestion else None)
    if args.no_nli:
        kept = None
    else:
        print(f"swap-correct: judging {sum(d is not None for d in drafts)} drafts", file=sys.stderr, flush=True)
        kept = gate([c["evidence"] for c in cases], drafts)

    figures: dict = {"pairs": {}, "ours": {}, "ours_every_draft": {}, "baseline_evidence_sentence": {}}
    rows = {name: [name] for name in ("ours, as the pipeline proposes (drafts the evidence entails)",
                                      "  every draft of the alignment", "baseline: no correction (claim unchanged)",
                                      "upper bound here: the evidence sentence (DelucionQA-style)")}
    for part in REPORTED_PARTS:
        ks = [k for k, c in enumerate(cases) if c["part"] == part]
        figures["pairs"][part] = len(ks)
        every = _scores([drafts[k] for k in ks], [cases[k]["target"] for k in ks])
        figures["ours_every_draft"][part] = every
        gated = _scores([drafts[k] if kept[k] else None for k in ks], [cases[k]["target"] for k in ks]) \
            if kept is not None else None
        figures["ours"][part] = gated
        upper = _scores([cases[k]["evidence"] for k in ks], [cases[k]["target"] for k in ks])
        figures["baseline_evidence_sentence"][part] = upper
        for name, s in zip(rows, (gated, every, {"exact_match": 0.0, "made": 0.0, "right_among_made": None}, upper)):
            rows[name] += ["-", "-", "-"] if s is None else [s["exact_match"], s["made"], _dash(s["right_among_made"])]
    print_table(["method", "dev exact match", "dev made", "dev right among made", "val exact match", "val made",
                 "val right among made"], list(rows.values()))
    print(f"pairs: development {figures['pairs']['development']}, validation {figures['pairs']['validation']} "
          f"(calibration part left out)")
    if getattr(args, "ablate", False):
        figures["ablation"] = ablate_parts({part: [c for c in cases if c["part"] == part] for part in REPORTED_PARTS})
    return figures


def _scores(predictions: list[str | None], targets: list[str]) -> dict:
    n = len(targets)
    made = [p for p in predictions if p is not None]
    right = sum(exact(p, t) for p, t in zip(predictions, targets))
    return {"exact_match": round(right / n, 4) if n else None, "made": round(len(made) / n, 4) if n else None,
            "right_among_made": round(right / len(made), 4) if made else None,
            "token_f1": round(sum(token_f1(p, t) for p, t in zip(predictions, targets)) / n, 4) if n else None}


def _dash(value):
    return "-" if value is None else value
