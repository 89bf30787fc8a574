#!/usr/bin/env python
"""Train the check-worthiness model (truthometer/data/checkworthiness/model.json).

    python scripts/train_checkworthiness.py [--data ../shared/data] [--out truthometer/data/checkworthiness]

A logistic regression over all-MiniLM-L6-v2 embeddings (the encoder the pipeline already runs on every
claim), so reading it costs one dot product a sentence. Trained on:
- ``sentences.jsonl`` beside the model: sentences in the style of generated articles, written for this
  purpose and labelled ``checkable`` or ``skip`` (opinions, value judgements, generic advice, predictions,
  questions, transitions); no sentence of a benchmark;
- with ``--data``: factual claims as more ``checkable`` examples, from FEVER-Symmetric v0.1 and the
  *development* part of Factcheck-GPT's claims (``benchmarks.splits``); never WiCE, CLIMATE-FEVER or the
  validation parts.

The threshold is set so that at most ``--max-false-skips`` of the held-out factual claims (a fifth of the
written checkable sentences by a hash of the text, which training never sees, and the validation part of
FEVER-Symmetric v0.2-dev's claims) would be skipped: skipping a fact loses it, keeping an opinion costs a
reviewer one look. Deterministic: no sampling, a fixed solver.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from truthometer import models  # noqa: E402
from truthometer.benchmarks.splits import part_of  # noqa: E402
from truthometer.config import Config  # noqa: E402
from truthometer.segmentation.checkworthy_model import MODEL_FILE, CheckworthinessModel, features  # noqa: E402

OUT = ROOT / "truthometer" / "data" / "checkworthiness"


def held_out(text: str) -> bool:
    """A fifth of the written sentences, by a hash of the text: never trained on, the threshold's check."""
    return int(hashlib.sha1(f"checkworthiness:{text}".encode()).hexdigest()[:8], 16) % 5 == 0


def written(path: Path) -> list[tuple[str, int]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(r["text"].strip(), int(r["label"] == "skip")) for r in rows]


def factual_claims(data: Path) -> tuple[list[str], list[str]]:
    """(claims to train on, claims held out): FEVER-Symmetric v0.1 and Factcheck-GPT's development part;
    v0.2-dev's validation part held out."""
    train, test = set(), set()
    fever = data / "fever-symmetric"
    for name in ("v0.1-full-minus-v0.2-test.jsonl", "v0.1-generated-minus-v0.2-test.jsonl"):
        for line in (fever / name).read_text(encoding="utf-8").splitlines():
            train.add(json.loads(line)["claim"].replace(" .", ".").strip())
    for line in (data / "nli" / "factcheck-gpt-dev.jsonl").read_text(encoding="utf-8").splitlines():
        claim = json.loads(line)["hypothesis"].strip()
        if part_of(claim) == "development":
            train.add(claim)
    from truthometer.benchmarks.nli_common import fever_group

    for line in (fever / "v0.2-dev.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if part_of(fever_group(row["id"])) == "validation":
            test.add(row["claim"].replace(" .", ".").strip())
    return sorted(train - test), sorted(test)


def rows_of(texts: list[str], config: Config) -> np.ndarray:
    """Each sentence's embedding followed by its parse features: what the model reads."""
    docs = list(models.nlp().pipe(texts))
    return np.hstack([models.embed(texts, config), np.stack([features(d) for d in docs])])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sentences", default=str(OUT / "sentences.jsonl"))
    parser.add_argument("--data", default=None, help="../shared/data: add factual claims (see above)")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--c", type=float, default=1.0, help="inverse regularisation strength")
    parser.add_argument("--max-false-skips", type=float, default=0.005)
    args = parser.parse_args(argv)
    from sklearn.linear_model import LogisticRegression

    rows = written(Path(args.sentences))
    train = [(t, y) for t, y in rows if not held_out(t)]
    test = [(t, y) for t, y in rows if held_out(t)]
    extra_train, extra_test = factual_claims(Path(args.data)) if args.data else ([], [])
    texts = [t for t, _ in train] + extra_train
    labels = np.array([y for _, y in train] + [0] * len(extra_train))
    config = Config().with_(precision="float32")
    print(f"embedding {len(texts)} training sentences ({int(labels.sum())} skip)", file=sys.stderr)
    vectors = rows_of(texts, config)
    model = LogisticRegression(C=args.c, class_weight="balanced", max_iter=2000, solver="lbfgs")
    model.fit(vectors, labels)

    test_texts = [t for t, _ in test]
    test_labels = np.array([y for _, y in test])
    p_test = model.predict_proba(rows_of(test_texts, config))[:, 1]
    p_facts = model.predict_proba(rows_of(extra_test, config))[:, 1] if extra_test else np.zeros(0)
    facts = np.concatenate([p_test[test_labels == 0], p_facts])
    # The lowest threshold that skips at most the allowed share of held-out facts.
    allowed = int(np.floor(args.max_false_skips * len(facts)))
    threshold = float(np.sort(facts)[::-1][allowed]) + 1e-6 if len(facts) > allowed else 0.5
    threshold = max(threshold, 0.5)
    skipped = p_test >= threshold
    opinions = test_labels == 1
    figures = {
        "trained_on": {"written": len(train), "factual_claims": len(extra_train), "skip": int(labels.sum())},
        "held_out": {"written": len(test), "written_skip": int(opinions.sum()), "factual_claims": len(extra_test)},
        "threshold": round(threshold, 4),
        "held_out_skip_recall": round(float(skipped[opinions].mean()) if opinions.any() else 0.0, 4),
        "held_out_skip_precision": round(float(opinions[skipped].mean()) if skipped.any() else 0.0, 4),
        "held_out_false_skips_written": round(float(skipped[~opinions].mean()) if (~opinions).any() else 0.0, 4),
        "held_out_false_skips_claims": round(float((p_facts >= threshold).mean()) if len(p_facts) else 0.0, 4),
    }
    out = CheckworthinessModel(model.coef_[0].astype(np.float32), float(model.intercept_[0]), round(threshold, 4))
    Path(args.out).mkdir(parents=True, exist_ok=True)
    (Path(args.out) / MODEL_FILE).write_text(out.to_json(figures=figures) + "\n", encoding="utf-8")
    for missed in [t for t, y, p in zip(test_texts, test_labels, p_test) if (p >= threshold) != bool(y)]:
        print("  held-out miss:", missed, file=sys.stderr)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
