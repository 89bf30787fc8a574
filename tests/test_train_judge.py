"""scripts/train_judge.py on a tiny data folder the test writes: it trains, writes what the judge loads,
and a run stopped and resumed from its checkpoint ends with the same weights as one run straight through."""
import json
import subprocess
import sys
from pathlib import Path

from safetensors.numpy import load_file

ROOT = Path(__file__).resolve().parent.parent

PREMISES = ["The tower was completed in 1889.", "A woman is slicing an onion.", "The band formed in 2004.",
            "Paris is the capital of France.", "The river flows north into the sea.", "Cats sleep most of the day."]


def write_data(root: Path) -> Path:
    def jsonl(path, rows):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")

    nli = [{"premise": p, "hypothesis": h, "label": lab, "source": "tiny"}
           for p in PREMISES for h, lab in ((p, "entailment"), ("Nothing is known about it.", "neutral"))]
    for name in ("snli-test", "mnli-train-taxinli", "breaking-nli", "mnli-dev-matched", "factcheck-gpt-dev"):
        jsonl(root / "nli" / f"{name}.jsonl", nli)
    fever = [{"id": str(i), "claim": p, "evidence": p, "gold_label": "SUPPORTS"} for i, p in enumerate(PREMISES, 1)]
    jsonl(root / "fever-symmetric" / "v0.2-dev.jsonl", fever)
    jsonl(root / "fever-symmetric" / "v0.1-full-minus-v0.2-test.jsonl", fever[:2])
    jsonl(root / "fever-symmetric" / "v0.1-generated-minus-v0.2-test.jsonl", fever[:2])
    jsonl(root / "climate-fever" / "climate-fever-dev.jsonl",
          [{"claim_id": str(i), "claim": p, "claim_label": "SUPPORTS",
            "evidences": [{"evidence_id": "e", "evidence": p, "evidence_label": "SUPPORTS"}]} for i, p in enumerate(PREMISES)])
    jsonl(root / "wice" / "claim_dev.jsonl",
          [{"claim": f"{p} It is well known.", "label": label, "supporting_sentences": [[0, 1]],
            "evidence": [p, "It is well known.", "Unrelated words."]}
           for p in PREMISES for label in ("supported", "partially_supported")])
    (root / "sick").mkdir()
    (root / "sick" / "SICK-train-trial.txt").write_text(
        "pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set\n"
        "1\tA man is walking.\tA man is walking.\tENTAILMENT\tTRIAL\n", encoding="utf-8")
    return root


def write_articles(path: Path) -> Path:
    path.write_text(json.dumps([{"id": "tiny", "text": "The tower was completed in 1899. The band formed in 2004.",
                                 "references": ["The tower was completed in 1889. The band formed in 2004."],
                                 "expect": [{"contains": "completed in 1899", "status": "contradicted",
                                             "corrected_has": ["1889"]},
                                            {"contains": "band formed", "status": "supported"}]}]), encoding="utf-8")
    return path


def train(data: Path, out: Path, checkpoints: Path, *extra):
    cmd = [sys.executable, str(ROOT / "scripts" / "train_judge.py"), "--data", str(data), "--out", str(out),
           "--chunk-pairs", "--articles", str(write_articles(data / "articles.json")),
           "--checkpoints", str(checkpoints), "--epochs", "1", "--batch-size", "8", "--synthetic", "3",
           "--captions", "2", "--threads", "1", "--checkpoint-every", "1", *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def test_training_writes_a_judge_and_resumes_to_the_same_weights(tmp_path):
    data = write_data(tmp_path / "data")
    straight = train(data, tmp_path / "a", tmp_path / "ckpt-a")
    assert straight.returncode == 0, straight.stderr[-2000:]
    meta = json.loads((tmp_path / "a" / "judge.json").read_text())
    assert meta["labels"] == ["entailment", "neutral", "contradiction"] and meta["temperature"] > 0
    assert (tmp_path / "a" / "trained_on.txt").read_text().strip()
    # The chunk pairs are trained on: the article's two sentences give two pairs, WiCE's twelve claims more.
    assert "'articles': 2" in straight.stdout and "'wice': " in straight.stdout

    stopped = train(data, tmp_path / "b", tmp_path / "ckpt-b", "--limit-steps", "1")
    assert stopped.returncode == 0 and "run again to continue" in stopped.stdout
    assert not (tmp_path / "b").exists()
    resumed = train(data, tmp_path / "b", tmp_path / "ckpt-b")
    assert resumed.returncode == 0 and "resumed from" in resumed.stdout
    a, b = load_file(str(tmp_path / "a" / "model.safetensors")), load_file(str(tmp_path / "b" / "model.safetensors"))
    assert a.keys() == b.keys() and all((a[k] == b[k]).all() for k in a)
