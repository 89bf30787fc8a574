"""The fever-sym-correct benchmark on a small hand-made file (never ../shared)."""
import argparse
import json

import pytest

from truthometer.benchmarks import fever_sym_correct as bench
from truthometer.errors import InputError

ROWS = [
    {"id": "7", "label": "REFUTES", "claim": "Savages was exclusively a German film .",
     "evidence_sentence": "Savages is a 2012 American crime thriller film directed by Oliver Stone ."},
    {"id": "70000002", "label": "SUPPORTS", "claim": "Savages was exclusively a German film .",
     "evidence_sentence": "Savages is a 2012 German crime thriller film directed by Oliver Stone ."},
    {"id": "70000003", "label": "SUPPORTS", "claim": "Savages was exclusively an American film .",
     "evidence_sentence": "Savages is a 2012 American crime thriller film directed by Oliver Stone ."},
    {"id": "70000004", "label": "REFUTES", "claim": "Savages was exclusively an American film .",
     "evidence_sentence": "Savages is a 2012 German crime thriller film directed by Oliver Stone ."},
]


def test_normalisation_and_scores():
    assert bench.norm_tokens("Mohra -LRB- Pawn -RRB- is a film .") == bench.norm_tokens("mohra (pawn) is a  film.")
    assert bench.exact("Savages was an American film.", "Savages was an American film .") == 1.0
    assert bench.exact(None, "x") == 0.0 and bench.token_f1(None, "x") == 0.0
    assert bench.token_f1("a b c", "a b d") == pytest.approx(2 / 3)


def test_targets_are_the_supports_claim_with_the_same_evidence():
    cases, supports = bench.refutes_with_targets(ROWS)
    assert [(c["id"], c["target"]) for c in cases] == [
        ("7", "Savages was exclusively an American film ."),
        ("70000004", "Savages was exclusively a German film .")]
    assert len(supports) == 2


def test_run_on_a_small_file(tmp_path, capsys):
    data = tmp_path / "fever.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n", encoding="utf-8")
    args = argparse.Namespace(data=str(data), limit=0, articles=None, threshold=None, no_nli=True, show=0)
    figures = bench.run(args)
    assert figures["refutes_rows"] == 2
    assert figures["exact_match"] == 1.0
    assert figures["flagged_alignment"] == 1.0
    assert figures["baseline_no_correction"]["exact_match"] == 0.0
    assert "DelucionQA" in capsys.readouterr().out


def test_bad_input_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    args = argparse.Namespace(data=str(bad), limit=0, articles=None, threshold=None, no_nli=True, show=0)
    with pytest.raises(InputError):
        bench.run(args)
    args.data = str(tmp_path / "missing.jsonl")
    with pytest.raises(InputError):
        bench.run(args)


def test_limit_and_skip_select_groups_for_a_held_out_check():
    second = [dict(r, id=r["id"].replace("7", "8", 1)) for r in ROWS]
    rows = ROWS + second
    dev, _ = bench.refutes_with_targets(rows, limit=1)
    held_out, supports = bench.refutes_with_targets(rows, skip=1)
    assert [c["id"] for c in dev] == ["7", "70000004"]
    assert [c["id"] for c in held_out] == ["8", "80000004"] and len(supports) == 2
