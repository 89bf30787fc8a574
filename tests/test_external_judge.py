"""The escalation to an external judge (truthometer/judging/nli/external.py): which pairs go, how a two-way
reading becomes three relations, what is counted, and how it is configured."""
from __future__ import annotations

import numpy as np
import pytest

from truthometer.config import Config
from truthometer.errors import ConfigError
from truthometer.judging.nli.external import (EscalatingJudge, Reading, external_stats, merge, parse_spec,
                                              to_escalate)


class TableJudge:
    """A judge that gives each hypothesis the row a table holds for it (the bundled judge's place)."""

    name = "table"

    def __init__(self, rows: dict, cross=None):
        self.rows, self.asked, self.cross_encoder = rows, [], cross
        self.precision = "int8"

    def predict(self, premises, hypotheses, progress=None):
        self.asked.append(list(hypotheses))
        return np.array([self.rows[h] for h in hypotheses], dtype=np.float64).reshape(-1, 3)


class TableExternal:
    """A two-way external judge: P(supported) from a table; a hypothesis it has no entry for is not read."""

    name = "table-external"
    three_way = False

    def __init__(self, scores: dict):
        self.scores, self.asked = scores, []

    def read(self, premises, hypotheses):
        self.asked.append(list(hypotheses))
        values = np.array([self.scores.get(h, np.nan) for h in hypotheses], dtype=np.float64)
        notes = [None if h in self.scores else "not read: test" for h in hypotheses]
        return Reading(values, notes, calls=len(hypotheses))


ROWS = {"sure": (0.97, 0.02, 0.01), "unsure": (0.40, 0.35, 0.25), "leaning no": (0.10, 0.30, 0.60),
        "unknown": (0.5, 0.3, 0.2)}


def test_only_unsure_pairs_are_escalated():
    base, external = TableJudge(ROWS), TableExternal({"unsure": 0.9, "leaning no": 0.2})
    judge = EscalatingJudge(base, external, below=0.9)
    probs = judge.predict(["e"] * 3, ["sure", "unsure", "leaning no"])
    assert external.asked == [["unsure", "leaning no"]]
    np.testing.assert_allclose(probs[0], ROWS["sure"])  # the bundled judge was sure: its reading stands
    np.testing.assert_allclose(probs[1, 0], 0.9)
    assert judge.stats.pairs == 3 and judge.stats.escalated == 2 and judge.stats.read == 2


def test_threshold_one_sends_every_pair_and_blank_pairs_never_go():
    external = TableExternal({"sure": 0.1, "unsure": 0.9})
    judge = EscalatingJudge(TableJudge({**ROWS, "  ": (0.0, 1.0, 0.0)}), external, below=1.0)
    probs = judge.predict(["e", "e", "e"], ["sure", "unsure", "  "])
    assert external.asked == [["sure", "unsure"]]
    assert probs[0].argmax() != 0  # a confident bundled support is overruled when the external judge reads all


def test_two_way_support_keeps_the_bundled_ratio_of_neutral_to_contradiction():
    bundled = np.array([[0.10, 0.30, 0.60], [0.2, 0.0, 0.0]])
    rows = merge(bundled, np.array([0.2, 0.6]))
    np.testing.assert_allclose(rows[0], [0.2, 0.8 * 0.3 / 0.9, 0.8 * 0.6 / 0.9])
    np.testing.assert_allclose(rows[1], [0.6, 0.4, 0.0])  # nothing in neutral or contradiction: neutral
    np.testing.assert_allclose(rows.sum(axis=1), 1.0)
    three = merge(bundled, np.array([[2.0, 1.0, 1.0], [0.0, 0.0, 1.0]]))
    np.testing.assert_allclose(three, [[0.5, 0.25, 0.25], [0.0, 0.0, 1.0]])


def test_a_pair_not_read_keeps_the_bundled_reading_with_its_note():
    judge = EscalatingJudge(TableJudge(ROWS), TableExternal({"unsure": 0.95}), below=0.9)
    probs, notes = judge.predict_with_notes(["e"] * 3, ["unsure", "unknown", "sure"])
    np.testing.assert_allclose(probs[1], ROWS["unknown"])
    assert notes == [None, "not read: test", None]
    assert judge.stats.read == 1 and judge.stats.not_read == {"not read: test": 1}
    assert "1 not read: test" in judge.stats.line()


def test_escalation_by_threshold():
    probs = np.array([[0.95, 0.03, 0.02], [0.5, 0.3, 0.2], [0.2, 0.1, 0.7]])
    blank = np.zeros(3, bool)
    assert to_escalate(probs, blank, 0.9).tolist() == [1, 2]
    assert to_escalate(probs, blank, 0.6).tolist() == [1]
    assert to_escalate(probs, np.array([False, True, False]), 1.0).tolist() == [0, 2]


def test_passages_and_parts_go_through_the_same_door():
    cross = TableJudge(ROWS)
    external = TableExternal({"unsure": 0.9})
    judge = EscalatingJudge(TableJudge(ROWS, cross=cross), external, below=0.9)
    reader = judge.cross_encoder
    assert isinstance(reader, EscalatingJudge) and reader.base is cross and reader is judge.cross_encoder
    reader.predict(["e"], ["unsure"])
    assert cross.asked == [["unsure"]] and judge.stats.escalated == 1  # one count for the whole judge
    assert EscalatingJudge(TableJudge(ROWS), external, 0.9).cross_encoder is None
    assert judge.precision == "int8" and judge.name == "table+table-external"
    assert external_stats(judge) is judge.stats and external_stats(cross) is None


def test_spec_and_settings_are_checked():
    assert parse_spec("hf-grounding:/models/minicheck") == ("hf-grounding", "/models/minicheck")
    assert parse_spec("openai:http://gpu:8000/v1") == ("openai", "http://gpu:8000/v1")
    for bad in ("minicheck", "hf-grounding:", "tgi:http://x"):
        with pytest.raises(ConfigError, match="expected one of"):
            parse_spec(bad)
    with pytest.raises(ConfigError, match="at most 1"):
        Config(external_below=1.5)
    with pytest.raises(ConfigError, match="budget"):
        Config(external_budget=-1)


def test_settings_from_the_environment(monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_EXTERNAL_JUDGE", "openai:http://127.0.0.1:11434")
    monkeypatch.setenv("TRUTHOMETER_EXTERNAL_BELOW", "0.8")
    monkeypatch.setenv("TRUTHOMETER_EXTERNAL_ALLOW_HOSTS", "127.0.0.1, gpu")
    config = Config()
    assert config.external_judge == "openai:http://127.0.0.1:11434"
    assert config.external_below == 0.8 and config.external_allow_hosts == ("127.0.0.1", "gpu")
    monkeypatch.setenv("TRUTHOMETER_EXTERNAL_BELOW", "most")
    with pytest.raises(ConfigError, match="not a number"):
        Config()
