"""`bench nli` and `bench wice` on small files the test writes."""
import argparse
import json

import pytest

from truthometer.benchmarks import nli, nli_common, wice
from truthometer.benchmarks.splits import part_of
from truthometer.errors import InputError

NLI_ROWS = [
    {"premise": "The tower was completed in 1889.", "hypothesis": "The tower was completed in 1899.", "label": "contradiction"},
    {"premise": "A woman is slicing an onion.", "hypothesis": "A person is cutting a vegetable.", "label": "entailment"},
    {"premise": "The band formed in 2004.", "hypothesis": "The band has four members.", "label": "neutral"},
    {"premise": "Paris is the capital of France.", "hypothesis": "Paris is in France.", "label": "entailment"},
]


def write_jsonl(path, rows):
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_nli_reader_groups_by_premise_and_selects_a_part(tmp_path):
    path = write_jsonl(tmp_path / "nli.jsonl", NLI_ROWS + [dict(NLI_ROWS[0], hypothesis="It was finished in 1889.", label="entailment")])
    pairs = nli_common.nli_jsonl(path)
    assert pairs[0].group == pairs[-1].group  # one premise, one group
    for part in ("development", "validation"):
        assert all(part_of(p.group) == part for p in nli_common.nli_jsonl(path, part))
    write_jsonl(path, [{"premise": "x", "hypothesis": "y", "label": "maybe"}])
    with pytest.raises(InputError, match="entailment, neutral or contradiction"):
        nli_common.nli_jsonl(path)


def test_nli_bench_prints_baselines_and_ours(tmp_path, capsys):
    path = write_jsonl(tmp_path / "nli.jsonl", NLI_ROWS)
    figures = nli.run(argparse.Namespace(data=str(path), part="all", limit=0))
    out = capsys.readouterr().out
    for name in ("sim-cosine", "sim-overlap", "sim-hybrid", "ours"):
        assert name in out
    assert figures["pairs"] == 4 and 0.0 <= figures["ours"] <= 1.0 and figures["pairs_per_s"] > 0
    assert 0.0 <= figures["ours_macro_f1"] <= 1.0 and figures["pairs_trained_on"] == 0


def test_wice_bench_scores_balanced_accuracy_per_part(tmp_path, capsys):
    rows = [
        {"claim": "The Golden Gate Bridge opened in 1937.", "label": "supported",
         "evidence": ["The Golden Gate Bridge is a suspension bridge.", "It opened to traffic on May 27, 1937."]},
        {"claim": "The Golden Gate Bridge opened in 1933.", "label": "not_supported",
         "evidence": ["The Golden Gate Bridge is a suspension bridge.", "It opened to traffic on May 27, 1937."]},
        {"claim": "Thomas Arnold, the publisher of Media Play News, was born in Ohio.", "label": "partially_supported",
         "evidence": ["Thomas K. Arnold is the publisher of Media Play News.", "He lives in San Diego."]},
    ]
    path = write_jsonl(tmp_path / "wice.jsonl", rows)
    figures = wice.run(argparse.Namespace(data=str(path), methods="nli,cosine", limit=0))
    out = capsys.readouterr().out
    assert "ours (nli)" in out and "sim-cosine" in out and "MiniCheck" in out
    for method in ("nli", "cosine"):
        assert 0.0 <= figures[method]["all"] <= 1.0 and figures[method]["claims_per_s"] > 0
    assert figures["claims"] == 3 and figures["labels"]["supported"] == 1


def test_wice_claim_is_supported_only_when_every_checked_sentence_is():
    assert wice.claim_supported(["supported", "skipped"])
    assert not wice.claim_supported(["supported", "unverifiable"])
    assert not wice.claim_supported(["skipped"])
    assert wice.balanced_accuracy([True, False, False], [True, True, False]) == pytest.approx(0.75)
