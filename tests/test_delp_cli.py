"""`python -m truthometer delp`: answers on the last line, JSON trees, clean errors (exit 2)."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NIXON = """has_a_gun(X) -< lives_in_chicago(X).
~has_a_gun(X) -< lives_in_chicago(X), pacifist(X).
pacifist(X) -< quaker(X).
~pacifist(X) -< republican(X).
lives_in_chicago(nixon).
quaker(nixon).
republican(nixon).
"""


def delp(*args):
    return subprocess.run([sys.executable, "-m", "truthometer", "delp", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_answers_and_json(tmp_path):
    path = tmp_path / "nixon.delp"
    path.write_text(NIXON)
    done = delp(path, "--query", "has_a_gun(nixon)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "YES"
    assert "Dialectical tree for has_a_gun(nixon)" in done.stdout
    done = delp(path, "--query", "pacifist(nixon)", "--json")
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "UNDECIDED"
    data = json.loads(lines[0])
    assert data["answer"] == "UNDECIDED" and len(data["trees"]) == 2
    node = data["trees"][0]
    assert set(node) >= {"rules", "conclusion", "mark", "defeat", "children"}
    assert node["children"][0]["defeat"] == "blocking"
    assert delp(path, "--query", "flies(nixon)").stdout.strip().splitlines()[-1] == "UNKNOWN"
    assert delp(path, "--query", "pacifist(nixon)", "--criterion", "priority").stdout.strip().splitlines()[-1] == "UNDECIDED"


def test_syntax_error_exits_2_with_location(tmp_path):
    path = tmp_path / "bad.delp"
    path.write_text("a -< b.\nb -< c\nc.\n")
    done = delp(path, "--query", "a")
    assert done.returncode == 2
    assert done.stderr.strip() == f"{path}:3:1: expected ',' or '.' after the body literal, found 'c'"
    assert "Traceback" not in done.stderr


def test_bad_files_and_queries_exit_2_without_traceback(tmp_path):
    binary = tmp_path / "binary.delp"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    for args in ([tmp_path / "missing.delp", "--query", "a"], [binary, "--query", "a"]):
        done = delp(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.startswith("error:")
    good = tmp_path / "good.delp"
    good.write_text("a.\n")
    done = delp(good, "--query", "p(")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    inconsistent = tmp_path / "inconsistent.delp"
    inconsistent.write_text("a.\n~a.\n")
    done = delp(inconsistent, "--query", "a")
    assert done.returncode == 2 and "strict part" in done.stderr and "Traceback" not in done.stderr


def test_budget_error_exits_2(tmp_path):
    path = tmp_path / "dense.delp"
    lines = []
    for i in range(300):
        lines += [f"s{i} -< true.", f"claim -< s{i}.", f"t{i} -< true.", f"~claim -< t{i}."]
    path.write_text("\n".join(lines) + "\n")
    done = delp(path, "--query", "claim", "--budget-seconds", "0.3")
    assert done.returncode == 2
    assert "budget exceeded" in done.stderr and "Traceback" not in done.stderr
