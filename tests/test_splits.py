"""Frozen development / calibration / validation parts of the dev sets."""
from collections import Counter

import pytest

from truthometer.benchmarks.splits import PARTS, part_of, select


def test_a_key_always_falls_in_the_same_part():
    assert all(part_of(f"claim {i}") == part_of(f"claim {i}") for i in range(50))


def test_the_parts_have_about_their_shares():
    counts = Counter(part_of(f"group-{i}") for i in range(5000))
    assert set(counts) == set(PARTS)
    assert 0.17 < counts["validation"] / 5000 < 0.23
    assert 0.08 < counts["calibration"] / 5000 < 0.12


def test_select_keeps_rows_of_one_part_and_refuses_an_unknown_one():
    rows = [f"r{i}" for i in range(200)]
    validation = select(rows, str, "validation")
    assert validation and all(part_of(r) == "validation" for r in validation)
    assert select(rows, str, "all") == rows
    with pytest.raises(ValueError, match="unknown part"):
        select(rows, str, "test")
