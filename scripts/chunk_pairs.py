"""Chunk-level judge training pairs (issue 57): from articles with expected verdicts, and from WiCE.

Grounding models score a claim against chunks of evidence (Tang et al. 2024, "MiniCheck"; Laban et al. 2022,
"SummaC"), and learn it from chunk-level pairs, which no NLI corpus here holds.

Articles: the development halves of the blind article sets (``tests/data/blind_articles*_development.json``;
their validation halves are never read here), and of those only the articles that
``benchmarks.splits.judge_learns_article`` keeps (70%, by a hash of the id): the other 30% stay untrained,
so that the verdict stage's rules and thresholds can still be tuned on development articles the judge has
not learnt (``bench articles --part held``).

The small judge misread the articles' claims in the ways the verdict stage then has to repair (issue 56's
misses: a wrong colour, dose or place read as neutral beside a near-paraphrase), and no NLI corpus here is
written like them: an LLM's sentence against a short reference paragraph. Each expected sentence gives

- a chunk pair: the reference's three sentences most like the claim, in the reference's order, against
  the claim, labelled by its expected status (supported: entailment, unverifiable: neutral);
- for a contradicted sentence, the reference sentence that holds the correction's words (the evidence the
  expected correction comes from) against the claim: contradiction. A sentence chosen by similarity alone
  could be about another fact, and teaching contradiction on it would teach false alarms;
- for an unverifiable sentence, its most similar reference sentence: neutral.

Skipped sentences (opinions, advice) give none. A contradicted sentence gives no chunk pair: with one
contradiction per sentence pair, the label is balanced against the supported chunks.

WiCE (Kamoi et al. 2023): the development part of WiCE dev (``benchmarks.splits.part_of`` of the claim, as
``bench wice`` splits it; its validation and calibration parts are never read here) and WiCE train's
partially supported claims. A claim's supporting sentences, in the page's order, are a chunk: entailment
for a supported claim; the same chunk less one of its sentences, and the chunk of a partially supported
claim, neutral (it supports only part of the claim); the three sentences most like a not-supported claim,
neutral.
"""
from __future__ import annotations

import glob
import hashlib
import json
from pathlib import Path

import numpy as np

from truthometer import models
from truthometer.benchmarks.common import read_jsonl
from truthometer.benchmarks.nli_common import Pair
from truthometer.benchmarks.splits import judge_learns_article, part_of
from truthometer.segmentation.sentences import split_sentences

LABEL_OF = {"supported": "entailment", "contradicted": "contradiction", "unverifiable": "neutral"}
#: Reference sentences in a chunk.
CHUNK_SENTENCES = 3


def article_pairs(pattern: str) -> list[Pair]:
    """The pairs of every article in the files matching ``pattern`` (see the module's docstring)."""
    pairs: list[Pair] = []
    for path in sorted(glob.glob(pattern)):
        for article in json.loads(Path(path).read_text(encoding="utf-8")):
            if judge_learns_article(article["id"]):
                pairs += _pairs_of(article)
    return pairs


def _pairs_of(article: dict) -> list[Pair]:
    claims = [s.text for s in split_sentences(article["text"])]
    evidence = [s.text for r in article["references"] for s in split_sentences(r)]
    if not claims or not evidence:
        return []
    claim_vectors, evidence_vectors = models.embed(claims), models.embed(evidence)
    out = []
    for item in article["expect"]:
        label = LABEL_OF.get(item["status"])
        at = next((k for k, c in enumerate(claims) if item["contains"] in c), None)
        if label is None or at is None:
            continue
        claim = claims[at]
        group = "article:" + hashlib.sha1(f"{article['id']}:{claim}".encode()).hexdigest()[:10]
        ranked = list(np.argsort(-(evidence_vectors @ claim_vectors[at]), kind="stable"))
        chunk = " ".join(evidence[k] for k in sorted(ranked[:CHUNK_SENTENCES]))
        if label == "contradiction":
            words = item.get("corrected_has", [])
            holding = [k for k in ranked if words and all(w in evidence[k] for w in words)]
            if holding:
                out.append(Pair(evidence[holding[0]], claim, label, group))
            continue
        out.append(Pair(chunk, claim, label, group))
        if label == "neutral":
            out.append(Pair(evidence[ranked[0]], claim, label, group))
    return out


def wice_pairs(dev_path: Path, train_path: Path | None = None) -> list[Pair]:
    """Chunk pairs of WiCE dev's development part and of WiCE train's partially supported claims."""
    rows = [r for r in read_jsonl(dev_path) if part_of(r["claim"]) == "development"]
    if train_path is not None and train_path.is_file():
        rows += read_jsonl(train_path)
    out = []
    for row in rows:
        sentences = row["evidence"]
        group = "wice:" + hashlib.sha1(row["claim"].encode()).hexdigest()[:10]
        chosen = sorted({k for k in (row.get("supporting_sentences") or [[]])[0] if 0 <= k < len(sentences)})
        if row["label"] == "not_supported" or not chosen:
            if row["label"] == "supported":
                continue
            vectors = models.embed([row["claim"]] + sentences)
            chosen = sorted(np.argsort(-(vectors[1:] @ vectors[0]), kind="stable")[:CHUNK_SENTENCES].tolist())
        chunk = " ".join(sentences[k] for k in chosen)
        if row["label"] == "supported":
            out.append(Pair(chunk, row["claim"], "entailment", group))
            if len(chosen) > 1:  # one supporting sentence left out: no longer the whole claim
                out.append(Pair(" ".join(sentences[k] for k in chosen[:-1]), row["claim"], "neutral", group))
        else:
            out.append(Pair(chunk, row["claim"], "neutral", group))
    return out


if __name__ == "__main__":
    import collections
    import sys

    found = article_pairs("tests/data/blind_articles*_development.json")
    print("articles", len(found), collections.Counter(p.label for p in found))
    wice = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data") / "wice"
    found = wice_pairs(wice / "claim_dev.jsonl", wice / "non_supported_tokens_train.jsonl")
    print("wice", len(found), collections.Counter(p.label for p in found))
