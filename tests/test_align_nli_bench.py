"""The align-nli benchmark on a small hand-made file (never ../shared): the alignment's confirmations and
contradictions counted by gold label and part, beside the DelucionQA detectors."""
import argparse
import json

from truthometer.benchmarks import align_nli as bench
from truthometer.benchmarks.nli_common import nli_group
from truthometer.benchmarks.splits import part_of

PAIRS = [
    ("The tank in the garden is full of rain water.", "The tank in the garden is full of rain water.", "entailment"),
    ("The tank in the garden is full of rain water.", "The tank in the garden is empty.", "contradiction"),
    ("Three students passed the final exam.", "No students passed the final exam.", "contradiction"),
    ("A woman is painting a fence white in the sun.", "A woman is painting a fence.", "entailment"),
    ("A man is reading a newspaper on a bench.", "A man is reading a newspaper on a bench in Rome.", "neutral"),
]


def test_score_counts_precision_and_recall_of_one_label():
    gold = ["entailment", "neutral", "entailment", "contradiction"]
    assert bench.score([True, True, False, False], gold, "entailment") == {"said": 2, "precision": 0.5, "recall": 0.5}
    assert bench.score([False] * 4, gold, "contradiction") == {"said": 0, "precision": 0.0, "recall": 0.0}


def test_run_counts_each_part_beside_the_baselines(tmp_path, capsys):
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"premise": p, "hypothesis": h, "label": label, "source": "handmade"}) + "\n"
                            for p, h, label in PAIRS))
    figures = bench.run(argparse.Namespace(data=str(data), limit=0))
    parts = {part_of(nli_group("handmade", p, h)) for p, h, _ in PAIRS}
    assert parts == {"development", "validation"} and parts <= set(figures)  # the pairs fall in both parts
    total = sum(figures[part]["pairs"] for part in parts)
    assert total == sum(1 for p, h, _ in PAIRS if part_of(nli_group("handmade", p, h)) in parts)
    ours = [figures[part]["ours (alignment)"] for part in parts]
    # Identical sentences and a dropped detail are confirmed; full / empty and no / three are contradicted.
    expected_confirms = sum(1 for p, h, label in PAIRS if label == "entailment"
                            and part_of(nli_group("handmade", p, h)) in parts)
    expected_contradicts = sum(1 for p, h, label in PAIRS if label == "contradiction"
                               and part_of(nli_group("handmade", p, h)) in parts)
    assert sum(o["confirms"]["said"] for o in ours) == expected_confirms
    assert sum(o["contradicts"]["said"] for o in ours) == expected_contradicts
    assert all(figures[part]["sim-cosine (DelucionQA)"]["contradicts"] is None for part in parts)
    out = capsys.readouterr().out
    assert "ours (alignment)" in out and "sim-cosine (DelucionQA)" in out
