"""`python -m truthometer kb ...` through a subprocess: files in and out, curation, filters, clear errors."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def kb(tmp_path, *args, stdin=None):
    # --kb after the action, as a user would type it last.
    return subprocess.run([sys.executable, "-m", "truthometer", "kb", *args, "--kb", str(tmp_path / "kb")],
                          cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300)


def test_cli_file_import_curation_and_export(tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps({"text": "The canal is 12 km long.", "source": "atlas", "confidence": 0.8}) + "\n"
                    + json.dumps({"text": "The dam was built in 1931.", "source": "web", "status": "approved"}) + "\n")
    out = kb(tmp_path, "import", str(data))
    assert out.returncode == 0, out.stderr
    assert "imported 2 entries" in out.stderr
    stats = json.loads(kb(tmp_path, "stats").stdout)
    seeded = stats["total"] - 2
    assert stats["pending"] == 1 and stats["approved"] == seeded + 1
    [canal] = [json.loads(l) for l in kb(tmp_path, "list", "--source", "atlas").stdout.splitlines()]
    assert canal["text"] == "The canal is 12 km long." and canal["status"] == "pending"
    assert kb(tmp_path, "approve", str(canal["id"]), "--by", "ann").returncode == 0
    edited = kb(tmp_path, "edit", str(canal["id"]), "--confidence", "0.9", "--by", "bob")
    assert edited.returncode == 0 and json.loads(edited.stdout)["confidence"] == 0.9
    actions = [json.loads(l)["action"] for l in kb(tmp_path, "history", str(canal["id"])).stdout.splitlines()]
    assert actions == ["create", "approve", "edit"]
    assert [json.loads(l)["id"] for l in kb(tmp_path, "list", "--reviewer", "bob").stdout.splitlines()] == [canal["id"]]
    target = tmp_path / "out.jsonl"
    assert kb(tmp_path, "export", "--status", "approved", "--out", str(target)).returncode == 0
    rows = [json.loads(l) for l in target.read_text().splitlines()]
    assert len(rows) == seeded + 2 and {r["status"] for r in rows} == {"approved"}
    assert not list(tmp_path.glob("out.jsonl.*.tmp"))


def test_cli_errors_are_one_line_exit_2(tmp_path):
    for args, needle in ((("import", str(tmp_path / "absent.jsonl")), "no such file"),
                         (("edit", "1", "--by", "x"), "nothing to edit"),
                         (("history", "424242"), "no entry"),
                         (("export", "--out", str(tmp_path)), "cannot write"),
                         (("list", "--limit", "-1"), "must not be negative")):
        out = kb(tmp_path, *args)
        assert out.returncode == 2, (args, out.stderr)
        assert needle in out.stderr and "Traceback" not in out.stderr
    bad = kb(tmp_path, "import", "-", stdin='{"text": "ok"}\n{"text": "also ok"}\n{"text": 5}\n')
    assert bad.returncode == 2 and "line 3" in bad.stderr
    assert json.loads(kb(tmp_path, "stats").stdout)["pending"] == 0  # nothing of the bad file was imported
