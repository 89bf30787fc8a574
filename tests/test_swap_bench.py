"""The swap-correct benchmark on a small hand-made file (never ../shared): one-word swaps corrected back."""
import argparse
import json

import pytest

from truthometer.benchmarks import swap_correct as bench
from truthometer.errors import InputError

ROWS = [
    # validation part (by the premise's hash)
    {"premise": "A boy in a green jacket is feeding the ducks.",
     "hypothesis": "A boy in a red jacket is feeding the ducks.", "label": "contradiction"},
    # development part
    {"premise": "A girl is riding a brown horse along the beach.",
     "hypothesis": "A girl is riding a brown horse along the beach in Peru.", "label": "neutral"},
    {"premise": "Two women are carrying baskets of apples to the market.",
     "hypothesis": "Two women are carrying baskets of oranges to the market.", "label": "contradiction"},
    {"premise": "An old man is reading a newspaper on a bench.",
     "hypothesis": "An old man is reading a newspaper on a bench.", "label": "contradiction"},  # no swap
    # calibration part: left out
    {"premise": "A woman is painting a fence white.",
     "hypothesis": "A woman is painting a fence black.", "label": "contradiction"},
]


def _args(path, **kw):
    return argparse.Namespace(data=str(path), limit=0, no_nli=True, **kw)


def test_contradictions_become_corrections_back_to_the_premise_by_part():
    cases = bench.load_swaps_rows(ROWS)
    assert [(c["claim"], c["target"], c["part"]) for c in cases] == [
        (ROWS[0]["hypothesis"], ROWS[0]["premise"], "validation"),
        (ROWS[2]["hypothesis"], ROWS[2]["premise"], "development"),
        (ROWS[4]["hypothesis"], ROWS[4]["premise"], "calibration")]


def test_run_on_a_small_file(tmp_path, capsys):
    data = tmp_path / "swaps.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n", encoding="utf-8")
    figures = bench.run(_args(data))
    assert figures["pairs"] == {"development": 1, "validation": 1}
    for part in ("development", "validation"):
        assert figures["ours_every_draft"][part]["exact_match"] == 1.0  # the swapped word put back
        assert figures["baseline_evidence_sentence"][part]["exact_match"] == 1.0
        assert figures["ours"][part] is None  # no gate without the judge
    assert "upper bound" in capsys.readouterr().out


def test_bad_input_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"premise": "A dog runs.", "label": "contradiction"}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="premise, hypothesis and label"):
        bench.run(_args(bad))
    none = tmp_path / "none.jsonl"
    none.write_text(json.dumps(ROWS[1]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="no contradiction pairs"):
        bench.run(_args(none))


def test_ablation_shows_what_each_pass_and_rule_contributes_on_each_part(tmp_path, capsys):
    rows = ROWS + [  # a development-part quantifier swap (by the premise's hash)
        {"premise": "Every child in the class is wearing a hat.",
         "hypothesis": "No child in the class is wearing a hat.", "label": "contradiction"}]
    data = tmp_path / "swaps.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    cases = bench.load_swaps_rows(rows)
    assert cases[-1]["part"] == "development"
    figures = bench.run(_args(data, ablate=True))
    passes, rules = figures["ablation"]["passes"], figures["ablation"]["rules"]
    assert passes["all passes on"]["development"] == 1.0
    assert passes["quantifiers"]["development"] < 1.0  # the quantifier swap is missed without its pass
    assert rules["slot-values"]["validation"] == 0.0  # without substitution no draft is right
    assert "without quantifiers" in capsys.readouterr().out
