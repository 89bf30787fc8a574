"""The align-nli benchmark on a small hand-made file (never ../shared): the alignment's confirmations and
contradictions counted by gold label and part, beside the DelucionQA detectors."""
import argparse
import json

from truthometer.benchmarks import align_nli as bench
from truthometer.corrections import suggest_correction
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


def test_draft_flaws_are_those_the_draft_brings():
    assert bench.draft_flaws("Dutch merchants paid taxes.", "Merchants merchants paid taxes.") == ["word said twice"]
    assert bench.draft_flaws("A brass plaque hangs there.", "graffiti hangs there.") == ["lower-case opening"]
    assert bench.draft_flaws("She is a Dutch painter.", "She is a Austrian painter.") == ["wrong a/an"]
    assert bench.draft_flaws("She is a Dutch painter.", "She is an Austrian painter.") == []
    # A flaw the claim has already is not the draft's.
    assert bench.draft_flaws("It was a apple pie.", "It was a apple tart.") == []


def test_run_counts_the_drafts_of_the_contradiction_pairs(tmp_path):
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"premise": p, "hypothesis": h, "label": label, "source": "handmade"}) + "\n"
                            for p, h, label in PAIRS))
    figures = bench.run(argparse.Namespace(data=str(data), limit=0))
    drafts = [figures[part]["drafts"] for part in ("development", "validation")]
    assert sum(d["contradiction pairs"] for d in drafts) == sum(1 for *_, label in PAIRS if label == "contradiction")
    made = [suggest_correction(h, p, contradicted=True) for p, h, label in PAIRS if label == "contradiction"]
    assert sum(d["drafts"] for d in drafts) == sum(m is not None for m in made) >= 1  # "empty" -> "full"
    assert all(d[flaw] == 0 for d in drafts for flaw in bench.FLAWS)
