"""The knowledge-base benchmarks on small data built here: kb-scale and truthfulqa-refusal (real MiniLM)."""
import argparse
import csv
import json

import pytest

from truthometer.benchmarks import kb_scale, truthfulqa_refusal
from truthometer.errors import InputError

# Question, best answer, MC1 options (correct first, as in mc_task.json).
QUESTIONS = [
    ("Where is the Eiffel Tower?", "The Eiffel Tower is in Paris, France.",
     ["The Eiffel Tower is in Paris.", "The Eiffel Tower is in Rome.", "The Eiffel Tower is in Berlin."]),
    ("What colour is the sky on a clear day?", "On a clear day the sky is blue.",
     ["The sky is blue.", "The sky is green.", "The sky is purple."]),
    ("How many legs does a spider have?", "A spider has eight legs.",
     ["Spiders have eight legs.", "Spiders have six legs.", "Spiders have ten legs."]),
    ("What do bees make?", "Bees make honey.",
     ["Bees make honey.", "Bees make milk.", "Bees make silk."]),
    ("Which planet is the largest in the Solar System?", "Jupiter is the largest planet in the Solar System.",
     ["Jupiter is the largest planet.", "Mars is the largest planet.", "Venus is the largest planet."]),
    ("What is the boiling point of water at sea level?", "Water boils at 100 degrees Celsius at sea level.",
     ["Water boils at 100 degrees Celsius.", "Water boils at 50 degrees Celsius.", "Water boils at 10 degrees."]),
    ("Who wrote Hamlet?", "Hamlet was written by William Shakespeare.",
     ["William Shakespeare wrote Hamlet.", "Charles Dickens wrote Hamlet.", "Jane Austen wrote Hamlet."]),
    ("What is the capital of Japan?", "Tokyo is the capital of Japan.",
     ["Tokyo is the capital of Japan.", "Kyoto is the capital of Japan.", "Osaka is the capital of Japan."]),
]


@pytest.fixture(scope="module")
def truthfulqa_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("truthfulqa")
    mc = [{"question": q, "mc1_targets": {o: int(i == 0) for i, o in enumerate(opts)}} for q, _, opts in QUESTIONS]
    (d / "mc_task.json").write_text(json.dumps(mc), encoding="utf-8")
    with (d / "TruthfulQA.csv").open("w", encoding="utf-8-sig", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(["Type", "Category", "Question", "Best Answer", "Correct Answers", "Incorrect Answers", "Source"])
        for q, best, opts in QUESTIONS:
            w.writerow(["Adversarial", "Test", q, best, opts[0], "; ".join(opts[1:]), "test"])
    return d


def test_truthfulqa_refusal_on_gold_knowledge(truthfulqa_dir, tmp_path):
    args = argparse.Namespace(data=str(truthfulqa_dir), k=2, seed=0, limit=0, out_dir=str(tmp_path / "art"))
    figures = truthfulqa_refusal.run(args)
    n = len(QUESTIONS)
    assert figures["questions"] == n
    full = figures["ratio1_alphanone"]
    assert full == {"answered": n, "accuracy": 1.0}  # every best answer is in the knowledge base
    # Refusal only ever removes questions, and a smaller knowledge base answers fewer at a fixed α.
    counts = [figures[f"ratio1_alpha{a}"]["answered"] for a in ("0.5", "0.75", "1")]
    assert counts == sorted(counts) and counts[-1] <= n
    assert figures["ratio0.25_alpha0.75"]["answered"] <= figures["ratio1_alpha0.75"]["answered"]
    assert figures["ratio0.25_alpha0.75"]["answered"] < n
    png = tmp_path / "art" / "truthfulqa-refusal-alpha.png"
    assert png.is_file() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_truthfulqa_refusal_missing_files(tmp_path):
    with pytest.raises(InputError, match="mc_task.json"):
        truthfulqa_refusal.load(tmp_path)


def test_kb_scale_small_run():
    args = argparse.Namespace(n=300, batch=128, queries=25, k=4, embed_sample=0, dir=None, seed=1)
    figures = kb_scale.run(args)
    assert figures["n"] == 300 and figures["index_type"] == "flat"
    assert figures["recall_at_1"] == 1.0  # exact search finds the source of every noisy copy
    assert figures["add_entries_per_s"] > 0 and figures["kb_search_p95_ms"] >= figures["kb_search_p50_ms"]
    assert "random" in figures["vectors"] and figures["reopen_rebuilt"] is False


def test_kb_scale_refuses_bad_sizes():
    with pytest.raises(InputError):
        kb_scale.run(argparse.Namespace(n=0, batch=10, queries=5, k=4, embed_sample=0, dir=None, seed=1))
