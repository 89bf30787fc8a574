"""Shared by the three NLI benchmarks and scripts/train_nli.py: data readers, the held-out split of
CLIMATE-FEVER, the DelucionQA similarity baselines, and the scoring.

Labels are mapped to the judge's LABELS: SUPPORTS/ENTAILMENT -> entailment, REFUTES/CONTRADICTION ->
contradiction, NOT_ENOUGH_INFO/NEUTRAL -> neutral.
"""
from __future__ import annotations

import csv
import hashlib
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from ..config import JUDGES, Config
from ..errors import InputError
from .common import machine, print_table, read_jsonl

LABELS = ("entailment", "neutral", "contradiction")
_MAP = {"SUPPORTS": "entailment", "ENTAILMENT": "entailment", "REFUTES": "contradiction",
        "CONTRADICTION": "contradiction", "NOT_ENOUGH_INFO": "neutral", "NEUTRAL": "neutral"}
#: Share of CLIMATE-FEVER claims held out (never trained on) for the dev figures; split by claim, seeded.
CLIMATE_HELDOUT_SHARE = 0.3
CLIMATE_SEED = 20201203


@dataclass(frozen=True)
class Pair:
    premise: str      # evidence
    hypothesis: str   # claim
    label: str        # one of LABELS
    group: str        # pairs sharing a claim (or a FEVER-Symmetric group of four) share a group


def fever_sym(path: str | Path) -> list[Pair]:
    """FEVER-Symmetric rows (v0.1: claim/evidence_sentence/label; v0.2: claim/evidence/gold_label)."""
    pairs = []
    for number, row in enumerate(read_jsonl(path), 1):
        evidence = row.get("evidence", row.get("evidence_sentence"))
        label = _MAP.get(str(row.get("gold_label", row.get("label", ""))).upper())
        if not isinstance(row.get("claim"), str) or not isinstance(evidence, str) or label is None:
            raise InputError(f"{path}:{number}: expected claim, evidence and a SUPPORTS/REFUTES label")
        pairs.append(Pair(evidence, row["claim"], label, fever_group(row.get("id", number))))
    return pairs


def fever_group(row_id) -> str:
    """A FEVER-Symmetric row's group key: ids N, N0000002, N0000003, N0000004 form one group of four."""
    rid = str(row_id)
    return "fever:" + (rid[:-7] if len(rid) > 7 and rid[-7:-1] == "000000" else rid)


def fever_sym_shared(root: str | Path) -> list[Pair]:
    """Every FEVER-Symmetric pair of the shared folder ``root``: v0.2-dev plus the v0.1 pairs not in it
    (v0.1's claim groups are all v0.2-dev's; the groups of the v0.2 test split are removed from both)."""
    folder = Path(root) / "fever-symmetric"
    fever = fever_sym(folder / "v0.2-dev.jsonl")
    seen = {(p.hypothesis, p.premise) for p in fever}
    for name in ("v0.1-full-minus-v0.2-test.jsonl", "v0.1-generated-minus-v0.2-test.jsonl"):
        fever += [p for p in fever_sym(folder / name) if (p.hypothesis, p.premise) not in seen]
    return fever


def sick(path: str | Path, split: str | None = "TRIAL") -> list[Pair]:
    """SICK rows of one SemEval_set (TRAIN, TRIAL, TEST; None or 'all' for every row)."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file (pass the SICK file with --data)")
    pairs = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t")
        needed = {"sentence_A", "sentence_B", "entailment_label"}
        if not reader.fieldnames or not needed <= set(reader.fieldnames):
            raise InputError(f"{path}: not a SICK file (needs tab-separated columns {', '.join(sorted(needed))})")
        for row in reader:
            if split and split.lower() != "all" and row.get("SemEval_set", "").upper() != split.upper():
                continue
            label = _MAP.get(row["entailment_label"].upper())
            if label is None:
                raise InputError(f"{path}: pair {row.get('pair_ID')}: unknown label {row['entailment_label']!r}")
            pairs.append(Pair(row["sentence_A"], row["sentence_B"], label, f"sick:{row.get('pair_ID')}"))
    if not pairs:
        raise InputError(f"{path}: no rows in split {split!r}")
    return pairs


def climate_heldout_ids(claim_ids: list[str], share: float = CLIMATE_HELDOUT_SHARE, seed: int = CLIMATE_SEED) -> set[str]:
    """The claims held out for dev figures: a seeded shuffle of the sorted claim ids."""
    ids = sorted(set(claim_ids))
    random.Random(seed).shuffle(ids)
    return set(ids[:round(len(ids) * share)])


def climate_fever(path: str | Path, split: str = "heldout") -> list[Pair]:
    """CLIMATE-FEVER claim-evidence pairs. split: 'heldout' (dev claims never trained on), 'train' (the
    rest), or 'all' (every claim, e.g. the public test file)."""
    if split not in ("heldout", "train", "all"):
        raise InputError(f"unknown split {split!r}: choose heldout, train or all")
    rows = read_jsonl(path)
    for number, row in enumerate(rows, 1):
        if not isinstance(row.get("claim"), str) or not isinstance(row.get("evidences"), list):
            raise InputError(f"{path}:{number}: expected a claim and a list of evidences")
    ids = [str(r.get("claim_id", i)) for i, r in enumerate(rows)]
    heldout = climate_heldout_ids(ids) if split != "all" else set()
    pairs = []
    for cid, row in zip(ids, rows):
        if split == "heldout" and cid not in heldout or split == "train" and cid in heldout:
            continue
        for ev in row["evidences"]:
            label = _MAP.get(str(ev.get("evidence_label", "")).upper())
            if label is not None and isinstance(ev.get("evidence"), str):
                pairs.append(Pair(ev["evidence"], row["claim"], label, f"climate:{cid}"))
    return pairs


def nli_group(source: str, premise: str, hypothesis: str) -> str:
    """The group key of an NLI pair: the claim for claim-vs-evidence sets (one claim is checked against
    several evidence passages), else the premise (MultiNLI and SNLI write several hypotheses per premise)."""
    key = hypothesis if source.startswith("factcheck") else premise
    return f"{source}:{hashlib.sha1(key.encode('utf-8')).hexdigest()[:12]}"


def nli_jsonl(path: str | Path, part: str | None = None) -> list[Pair]:
    """Pairs of an NLI file (one JSON object a line: premise, hypothesis, label entailment / neutral /
    contradiction, source), optionally only one frozen part (``splits.part_of`` of the group key)."""
    from .splits import select

    pairs = []
    for number, row in enumerate(read_jsonl(path), 1):
        label = str(row.get("label", "")).lower()
        if not isinstance(row.get("premise"), str) or not isinstance(row.get("hypothesis"), str) or label not in LABELS:
            raise InputError(f"{path}:{number}: expected premise, hypothesis and a label "
                             f"(entailment, neutral or contradiction)")
        source = str(row.get("source") or Path(path).stem)
        pairs.append(Pair(row["premise"], row["hypothesis"], label, nli_group(source, row["premise"], row["hypothesis"])))
    if not pairs:
        raise InputError(f"{path}: no pairs")
    return select(pairs, lambda p: p.group, part)


# --- DelucionQA baselines --------------------------------------------------------------------------

def baseline_scores(pairs: list[Pair], config: Config) -> tuple[np.ndarray, np.ndarray]:
    """(cosine, overlap ratio) per pair, with the lead's DelucionQA detectors' definitions."""
    from .. import models
    from ..judging.delucionqa import longest_overlap_ratio, tokens

    texts = sorted({p.premise for p in pairs} | {p.hypothesis for p in pairs})
    vectors = models.embed(texts, config)
    index = {t: i for i, t in enumerate(texts)}
    cos = np.array([float(np.dot(vectors[index[p.hypothesis]], vectors[index[p.premise]])) for p in pairs])
    overlap = np.array([longest_overlap_ratio(tokens(p.hypothesis), tokens(p.premise)) for p in pairs])
    return cos, overlap


def baseline_supported(cos: np.ndarray, overlap: np.ndarray, config: Config) -> dict[str, np.ndarray]:
    return {
        "sim-cosine": cos >= config.cosine_threshold,
        "sim-overlap": overlap >= config.overlap_threshold,
        "sim-hybrid": (overlap >= config.hybrid_overlap) | (cos >= config.hybrid_cosine),
    }


def accuracy(gold: list[str], pred: list[str]) -> float:
    return float(np.mean([g == p for g, p in zip(gold, pred)])) if gold else 0.0


def macro_f1(gold: list[str], pred: list[str], labels=LABELS) -> float:
    scores = []
    for label in labels:
        tp = sum(1 for g, p in zip(gold, pred) if g == label and p == label)
        fp = sum(1 for g, p in zip(gold, pred) if g != label and p == label)
        fn = sum(1 for g, p in zip(gold, pred) if g == label and p != label)
        scores.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return float(np.mean(scores))


def judge_pairs(pairs: list[Pair], config: Config) -> tuple[np.ndarray, float]:
    """Our judge's probabilities and its pairs/s (models loaded before the clock starts).

    The pairs go to the judge in one call, as the pipeline sends an article's pairs: the judge batches
    them itself (texts of one length in word pieces together), so chunks of a few hundred pairs would
    only measure smaller batches (about 130 against 155 pairs/s on CLIMATE-FEVER)."""
    from tqdm import tqdm

    from ..judging.nli import load_judge

    judge = load_judge(config)
    # Warm up on real pairs: every model and table the judge touches is loaded before the clock starts.
    judge.predict([p.premise for p in pairs[:32]], [p.hypothesis for p in pairs[:32]])
    # Outside a check, each call parses and embeds in a context of its own: the rate counts every distinct
    # text parsed and embedded once.
    start = time.perf_counter()
    with tqdm(total=100, unit="%", desc=f"judge ({judge.name})", leave=False) as bar:
        def progress(fraction: float, stage: str) -> None:
            bar.set_postfix_str(stage)
            bar.update(max(0, round(100 * fraction) - bar.n))

        out = judge.predict([p.premise for p in pairs], [p.hypothesis for p in pairs], progress=progress)
    seconds = time.perf_counter() - start
    return out, len(pairs) / max(seconds, 1e-9)


def predictions(probs: np.ndarray, three_way: bool) -> list[str]:
    """Labels from probabilities: the argmax, or for two-way data (FEVER-Symmetric) the larger of
    P(entailment) and P(contradiction)."""
    if three_way:
        return [LABELS[i] for i in probs.argmax(axis=1)]
    return ["entailment" if e >= c else "contradiction" for e, c in zip(probs[:, 0], probs[:, 2])]


def run_bench(name: str, pairs: list[Pair], config: Config, three_way: bool, metric: str,
              combine: Callable | None = None, given: np.ndarray | None = None) -> dict:
    """Judge the pairs, compute the baselines on the same pairs, print one table, return the figures.

    Two-way tasks (FEVER-Symmetric): ours predicts the larger of P(entailment) and P(contradiction); a
    baseline's 'supported' is SUPPORTS and 'not supported' REFUTES. Three-way tasks: a baseline cannot say
    neutral from contradiction, so its 'not supported' is mapped to the most frequent non-entailment
    label in the evaluated data (stated in the table) - the most favourable single mapping for it.
    """
    if not pairs:
        raise InputError(f"{name}: no pairs to evaluate")
    gold = [p.label for p in pairs]
    # ``given``: probabilities from elsewhere (cross-validated ones), in place of the shipped judge's.
    probs, rate = (given, None) if given is not None else judge_pairs(pairs, config)
    ours = predictions(probs, three_way)
    non_support = [g for g in gold if g != "entailment"]
    fallback = max(sorted(set(non_support)), key=non_support.count) if non_support else "contradiction"
    cos, overlap = baseline_scores(pairs, config)
    score = macro_f1 if metric == "macro_f1" else accuracy
    rows, figures = [], {"bench": name, "pairs": len(pairs), "metric": metric}
    for base, supported in baseline_supported(cos, overlap, config).items():
        pred = ["entailment" if s else fallback for s in supported]
        value = score(gold, pred)
        rows.append([base, round(value, 4), f"not supported -> {fallback}", ""])
        figures[base.replace("-", "_")] = round(value, 4)
    value = score(gold, ours)
    label = "ours (grouped cross-validation, scripts/train_nli.py)" if given is not None \
        else f"ours (nli:{load_judge_name(config)})"
    rows.append([label, round(value, 4), "argmax" if three_way else "E vs C", round(rate, 1) if rate else "-"])
    figures["ours"] = round(value, 4)
    figures["ours_accuracy"] = round(accuracy(gold, ours), 4)
    figures["ours_macro_f1"] = round(macro_f1(gold, ours, sorted(set(gold))), 4)
    figures["pairs_per_s"] = round(rate, 1) if rate else None
    if given is None and not config.nli_path:
        # The bundled judge's other settings, on the same pairs: what each model of the cascade does alone.
        for other in JUDGES:
            if other == config.judge:
                continue
            other_probs, other_rate = judge_pairs(pairs, config.with_(judge=other))
            other_pred = predictions(other_probs, three_way)
            rows.append([f"ours (nli:bundled, judge={other})", round(score(gold, other_pred), 4),
                         "argmax" if three_way else "E vs C", round(other_rate, 1)])
            key = other.replace("-", "_")
            figures[f"ours_{key}"] = round(score(gold, other_pred), 4)
            figures[f"ours_{key}_macro_f1"] = round(macro_f1(gold, other_pred, sorted(set(gold))), 4)
            figures[f"ours_{key}_pairs_per_s"] = round(other_rate, 1)
    if combine is not None:
        # ``combine`` (two-way only) returns a row label, its predictions and its own extra seconds.
        label, combined, seconds = combine(pairs, ours, cos, config)
        value = score(gold, combined)
        combined_rate = len(pairs) / (len(pairs) / max(rate, 1e-9) + seconds) if rate else None
        rows.append([label, round(value, 4), "E vs C", round(combined_rate, 1) if combined_rate else "-"])
        figures["ours_with_alignment"] = round(value, 4)
        figures["ours_with_alignment_pairs_per_s"] = round(combined_rate, 1) if combined_rate else None
    seen = 0 if given is not None else trained_on_count(pairs, config)
    figures["pairs_trained_on"] = seen
    print_table(["method", metric, "mapping", "pairs/s"], rows)
    if seen:
        print(f"note: the judge was trained on {seen} of these {len(pairs)} pairs: ours is not a held-out "
              f"figure here (see truthometer/data/nli/MODEL_CARD.md for the cross-validated one)")
    counts = {label: gold.count(label) for label in LABELS if gold.count(label)}
    print(f"{name}: {len(pairs)} pairs, gold {counts}")
    if rate:
        figures["machine"] = machine()
        print(f"pairs/s measured on: {figures['machine']}")
    return figures


def trained_on_count(pairs: list[Pair], config: Config) -> int:
    """How many of ``pairs`` the bundled judge was trained on (0 for a judge given by path)."""
    from ..judging.nli import load_judge, pair_fingerprint

    judge = load_judge(config)
    seen = judge.trained_on() if hasattr(judge, "trained_on") else frozenset()
    return sum(pair_fingerprint(p.premise, p.hypothesis) in seen for p in pairs) if seen else 0


def _judge(config: Config):
    from ..judging.nli import load_judge
    return load_judge(config)


def load_judge_name(config: Config) -> str:
    judge = _judge(config)
    return f"{judge.name}, judge={config.judge}" if not config.nli_path else judge.name
