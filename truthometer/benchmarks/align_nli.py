"""align-nli: how often the alignment alone confirms or contradicts NLI pairs of each gold label, a check of
the alignment on text its rules were not written from.

`bench align-nli --data ../shared/data/nli/snli-dev.jsonl [--limit N]`.

The alignment is what the correction gate trusts where the judge does not read a draft as entailed
(``Alignment.confirms``: every slot of the claim stated the same way in the evidence) and what places a
contradiction in a sentence (``Alignment.contradicts``). A rule written for one phenomenon can make it
confirm or contradict pairs it should not; this bench counts, for each frozen part (``splits.part_of`` of the
pair's group, as ``bench nli`` splits), how many pairs it confirms and contradicts and of which gold label.
Beside it, in the same run, the DelucionQA detectors' "supported" (cosine, overlap, hybrid at the
pipeline's thresholds) for the confirm side; DelucionQA has no detector of contradictions. And for the
contradiction pairs, every draft correction (no gate) and how many read as no sentence (``draft_flaws``: a
word said twice, a lower-case opening, a wrong "a"/"an"), a check of the correction rules on text they were
not written from.

Sets no rule was written from: SNLI dev (nothing is trained on it; its first 5,000 rows were read once,
on 2026-11-27, to find false confirmations), MultiNLI dev matched (the cross-encoder judge was trained on
part of it, the alignment never).
"""
from __future__ import annotations

import re
import sys

from ..config import Config
from .common import print_table
from .nli_common import baseline_scores, baseline_supported, nli_jsonl
from .splits import part_of

REPORTED_PARTS = ("development", "validation")


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="NLI JSONL (premise, hypothesis, label)")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N pairs of each part (0 = all)")


def _share(numerator: int, denominator: int) -> float:
    return round(numerator / denominator, 4) if denominator else 0.0


def score(said: list[bool], gold: list[str], label: str) -> dict:
    """How many pairs a method said ``label`` of, the share of them that have it (precision), and the share
    of the pairs that have it that it found (recall)."""
    hits = sum(1 for s, g in zip(said, gold) if s and g == label)
    return {"said": sum(said), "precision": _share(hits, sum(said)),
            "recall": _share(hits, sum(1 for g in gold if g == label))}


#: What makes a draft correction read as no sentence, each tested on the words the draft brings.
FLAWS = ("word said twice", "lower-case opening", "wrong a/an")


def draft_flaws(claim: str, draft: str) -> list[str]:
    """The ``FLAWS`` a draft has that its claim has not: a word said twice in a row ("Companies companies"),
    an opening in lower case where the claim opens with a capital, "a" or "an" before a word that takes the
    other."""
    from ..inflection import article_for

    def repeats(text):
        return {m.group(0).lower() for m in re.finditer(r"\b(\w+) \1\b", text, re.IGNORECASE)}

    def articles(text):
        return {m.group(0).lower() for m in re.finditer(r"\b(a|an) (\w[\w-]*)", text, re.IGNORECASE)
                if article_for(m.group(2)) != m.group(1).lower()}

    found = []
    if repeats(draft) - repeats(claim):
        found.append(FLAWS[0])
    if claim[:1].isupper() and draft[:1].islower():
        found.append(FLAWS[1])
    if articles(draft) - articles(claim):
        found.append(FLAWS[2])
    return found


def drafts_of_contradictions(pairs, alignments) -> dict:
    """Every draft correction (no gate) of the contradiction pairs, with how many have each flaw."""
    from ..corrections import suggest_correction

    out = {"contradiction pairs": 0, "drafts": 0, **{flaw: 0 for flaw in FLAWS}}
    for pair, alignment in zip(pairs, alignments):
        if pair.label != "contradiction":
            continue
        out["contradiction pairs"] += 1
        draft = suggest_correction(pair.hypothesis, pair.premise, alignment, contradicted=True)
        if draft is None:
            continue
        out["drafts"] += 1
        for flaw in draft_flaws(pair.hypothesis, draft.corrected):
            out[flaw] += 1
    return out


def run(args) -> dict:
    from ..alignment import align_many

    config = Config()
    pairs = nli_jsonl(args.data)
    figures: dict = {"bench": "align-nli", "data": args.data}
    rows, drafted = [], []
    for part in REPORTED_PARTS:
        mine = [p for p in pairs if part_of(p.group) == part]
        if args.limit:
            mine = mine[:args.limit]
        if not mine:
            continue
        print(f"{part}: aligning {len(mine)} pairs ...", file=sys.stderr, flush=True)
        alignments = align_many([(p.hypothesis, p.premise) for p in mine])
        gold = [p.label for p in mine]
        found = {"ours (alignment)": ([a.confirms for a in alignments], [a.contradicts for a in alignments])}
        drafted.append([part, *drafts_of_contradictions(mine, alignments).values()])
        cos, overlap = baseline_scores(mine, config)
        for name, supported in baseline_supported(cos, overlap, config).items():
            found[f"{name} (DelucionQA)"] = ([bool(s) for s in supported], None)
        figures[part] = {"pairs": len(mine), "labels": {label: gold.count(label) for label in sorted(set(gold))}}
        for name, (confirmed, contradicted) in found.items():
            entailed = score(confirmed, gold, "entailment")
            opposed = score(contradicted, gold, "contradiction") if contradicted is not None else None
            figures[part][name] = {"confirms": entailed, "contradicts": opposed}
            rows.append([part, name, entailed["said"], entailed["precision"], entailed["recall"],
                         opposed["said"] if opposed else "-", opposed["precision"] if opposed else "-",
                         opposed["recall"] if opposed else "-"])
    print_table(["part", "method", "confirmed", "of them entailment", "entailments confirmed", "contradicted",
                 "of them contradiction", "contradictions found"], rows)
    print()
    heading = ["part", "contradiction pairs", "drafts", *FLAWS]
    print_table(heading, drafted)
    for row in drafted:
        figures[row[0]]["drafts"] = dict(zip(heading[1:], row[1:]))
    return figures
