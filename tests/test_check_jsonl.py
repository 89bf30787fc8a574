"""`check --format jsonl` and the streamed check behind it: sentences come out as they are decided, and the
report is the one an unstreamed check gives."""
import json
import subprocess
import sys
from pathlib import Path

from truthometer import pipeline
from truthometer.config import Config
from truthometer.pipeline import FIRST_CHUNK, Checker

ROOT = Path(__file__).resolve().parent.parent

# Six claims (more than FIRST_CHUNK) and an opinion; "the tower" of the last ones names the entity the
# first correction substitutes, so a correction may carry over from the first chunk to the second.
TEXT = ("The Eiffel Tower was completed in 1899. It stands in Lyon. The tower is 330 metres tall. "
        "I think it is lovely. Gustave Eiffel's company built the tower. The tower has three levels. "
        "The tower was painted in 1968.")
REFERENCE = ("The Eiffel Tower was completed in 1889. It stands on the Champ de Mars in Paris. The tower is "
             "330 metres tall. Gustave Eiffel's company designed and built the tower. The tower has three "
             "levels for visitors. The tower is repainted every seven years.")


def _rounded(value):
    """The report with every float to 9 decimals: a probability's last bits depend on which pairs were judged
    in one batch (numpy's float64 sums are blocked by the number of rows), and a streamed check judges the
    first claims' pairs apart from the rest (measured: 3e-16 on this text). Statuses, spans, reasons and
    corrections are compared exactly."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def test_streamed_check_is_the_unstreamed_one_and_comes_early(monkeypatch):
    checker = Checker(Config())
    plain = checker.check(TEXT, [("ref", REFERENCE)])
    events = []
    checking = pipeline.Checker._check_claims

    def recorded(self, report, claims, *args):
        events.append(("check", [c.result.index for c in claims]))
        return checking(self, report, claims, *args)

    monkeypatch.setattr(pipeline.Checker, "_check_claims", recorded)
    streamed = checker.check(TEXT, [("ref", REFERENCE)], on_sentence=lambda r: events.append(("out", r.index)))
    assert _rounded([s.to_dict() for s in streamed.sentences]) == _rounded([s.to_dict() for s in plain.sentences])
    assert _rounded(streamed.to_dict()) == _rounded(plain.to_dict())
    checks = [e for e in events if e[0] == "check"]
    assert len(checks) == 2 and len(checks[0][1]) == FIRST_CHUNK
    # Every sentence once, in order; the first chunk's sentences before the second chunk is checked.
    assert [i for kind, i in events if kind == "out"] == list(range(len(plain.sentences)))
    second = events.index(checks[1])
    assert [i for kind, i in events[:second] if kind == "out"] == list(range(checks[1][1][0]))


def test_check_format_jsonl(tmp_path):
    text = tmp_path / "in.txt"
    text.write_text(TEXT, encoding="utf-8")
    ref = tmp_path / "ref.txt"
    ref.write_text(REFERENCE, encoding="utf-8")
    args = [sys.executable, "-m", "truthometer", "check", str(text), "-r", str(ref), "--no-kb", "-q"]
    lines = subprocess.run([*args, "--format", "jsonl"], cwd=ROOT, capture_output=True, timeout=600)
    assert lines.returncode == 0, lines.stderr
    rows = [json.loads(line) for line in lines.stdout.decode().splitlines()]
    whole = subprocess.run(args, cwd=ROOT, capture_output=True, timeout=600)
    report = json.loads(whole.stdout)
    assert _rounded(rows[:-1]) == _rounded(report["sentences"])
    assert _rounded(rows[-1]) == _rounded({k: v for k, v in report.items() if k != "sentences"})
    assert "sentences" not in rows[-1] and rows[-1]["stats"] == report["stats"]
