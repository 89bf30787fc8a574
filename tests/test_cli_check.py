import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin: bytes | None = None):
    return subprocess.run([sys.executable, "-m", "truthometer", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=300)


def test_check_json_and_markdown(tmp_path):
    text = tmp_path / "in.txt"
    text.write_text("The tower was completed in 1899. I think it is lovely.", encoding="utf-8")
    ref = tmp_path / "ref.md"
    ref.write_text("The tower was completed in 1889 in Paris.", encoding="utf-8")
    out = run("check", str(text), "--reference", str(ref), "--no-kb", "-q")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [s["status"] for s in data["sentences"]] == ["contradicted", "skipped"]
    assert data["corrected_text"].startswith("The tower was completed in 1889.")
    md = run("check", "-", "--reference", str(ref), "--no-kb", "-q", "--format", "markdown",
             stdin=text.read_bytes())
    assert md.returncode == 0 and b"Suggested correction" in md.stdout


def test_bad_inputs_exit_2_without_traceback(tmp_path):
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\x00\x01\x02binary")
    latin = tmp_path / "latin.txt"
    latin.write_bytes("caf\xe9 au lait".encode("latin-1"))
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n")
    huge = tmp_path / "huge.txt"
    huge.write_text("word " * 200_000)
    cases = {"missing": [str(tmp_path / "nope.txt")], "binary": [str(binary)], "latin": [str(latin)],
             "empty": [str(empty)], "huge": [str(huge)],
             "bad reference": [str(latin), "--reference", str(binary)]}
    for name, args in cases.items():
        out = run("check", *args, "-q", "--no-kb")
        assert out.returncode == 2, name
        err = out.stderr.decode()
        assert err.startswith("error: ") and "Traceback" not in err, (name, err)
        assert len(err.strip().splitlines()) == 1, (name, err)


def test_the_judge_flag_chooses_how_pairs_are_read(tmp_path):
    text = tmp_path / "in.txt"
    text.write_text("A boy is playing the piano.", encoding="utf-8")
    ref = tmp_path / "ref.md"
    ref.write_text("A child is playing a guitar.", encoding="utf-8")
    probability = {}
    for judge in ("head", "cross-encoder"):
        out = run("check", str(text), "--reference", str(ref), "--method", "nli", "--no-kb", "-q", "--judge", judge)
        assert out.returncode == 0, out.stderr
        [sentence] = json.loads(out.stdout)["sentences"]
        assert sentence["status"] != "supported"  # another instrument: neither model calls it support
        probability[judge] = sentence["evidence"][0]["probability"]
    assert probability["head"] != probability["cross-encoder"]  # two models read it
    out = run("check", str(text), "--reference", str(ref), "--judge", "oracle", "-q", "--no-kb")
    assert out.returncode == 2 and "Traceback" not in out.stderr.decode()