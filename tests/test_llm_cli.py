"""`python -m truthometer revise` through a subprocess against the fake OpenAI-compatible server."""
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from fake_llm_server import FakeLLM, Garbage

ROOT = Path(__file__).resolve().parent.parent
WRONG = "The Eiffel Tower was completed in 1925. It is located in Paris.\n"
FIXED = "The Eiffel Tower was completed in 1889. It is located in Paris."
REFERENCE = ("The Eiffel Tower was completed in 1889. It is located in Paris. "
             "It was designed by the engineering company of Gustave Eiffel.\n")


def run_cli(*args, stdin=None, tmp_path=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRUTHOMETER_LLM_")}
    env["TRUTHOMETER_LLM_ALLOW_HOSTS"] = "127.0.0.1"  # the fake server is local: allowed by name
    if tmp_path is not None:
        env["TRUTHOMETER_KB"] = str(tmp_path / "kb")
    return subprocess.run([sys.executable, "-m", "truthometer", "revise", *args], cwd=ROOT, env=env,
                          input=stdin, capture_output=True, text=True, timeout=300)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "answer.txt").write_text(WRONG, encoding="utf-8")
    (tmp_path / "ref.txt").write_text(REFERENCE, encoding="utf-8")
    return tmp_path


def test_revise_text_then_json(files):
    with FakeLLM([FIXED]) as llm:
        done = run_cli(str(files / "answer.txt"), "-r", str(files / "ref.txt"), "--question", "When was it completed?",
                       "--llm-url", llm.url, "--model", "fake-model", "--no-kb", "--quiet", "--timeout", "5")
        assert done.returncode == 0, done.stderr
        assert "Authorization" not in llm.posts[0]["headers"]
        prompt = llm.posts[0]["json"]["messages"][-1]["content"]
        assert "The Eiffel Tower was completed in 1889." in prompt and "ref.txt" in prompt
        out = done.stdout
        assert out.index("Round 1") < out.index("[contradicted] The Eiffel Tower was completed in 1925.") \
            < out.index("Round 2") < out.index("Final text")
        assert out.rstrip().endswith(FIXED)  # the final text comes last
        assert done.stderr == ""


def test_revise_json_from_stdin(files, monkeypatch, capsys):
    # In process (models load once per test session); the subprocess path is covered above.
    import io

    from truthometer.cli import main

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(WRONG.encode())))
    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "127.0.0.1")
    with FakeLLM([FIXED]) as llm:
        code = main(["revise", "-", "-r", str(files / "ref.txt"), "--llm-url", llm.url + "/v1",
                     "--model", "fake-model", "--no-kb", "--quiet", "--format", "json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    record = json.loads(out.out)
    assert record["stop_reason"] == "verified" and record["verdict"] == "verified"
    assert len(record["rounds"]) == 2 and record["final_text"] == FIXED
    assert record["rounds"][1]["prompt"] and record["llm"]["calls"] == 1


def test_unreachable_endpoint_is_one_line(files):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = run_cli(str(files / "answer.txt"), "--llm-url", f"http://127.0.0.1:{port}", "--model", "m",
                   "--no-kb", "--quiet", "--timeout", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: LLM endpoint") and "unreachable" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_garbage_endpoint_is_one_line(files, capsys, monkeypatch):
    from truthometer.cli import main

    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "127.0.0.1")
    with FakeLLM([Garbage()]) as llm:
        code = main(["revise", str(files / "answer.txt"), "-r", str(files / "ref.txt"), "--llm-url", llm.url,
                     "--model", "m", "--no-kb", "--quiet", "--timeout", "5"])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert out.err.startswith("error: LLM endpoint") and "did not return JSON" in out.err
    assert "this is not JSON" not in out.err  # the body is never echoed
    assert len(out.err.strip().splitlines()) == 1


def test_missing_configuration_and_bad_input(files):
    done = run_cli(str(files / "answer.txt"), "--no-kb")
    assert done.returncode == 2 and "no LLM endpoint" in done.stderr and "Traceback" not in done.stderr
    done = run_cli(str(files / "nope.txt"), "--llm-url", "http://127.0.0.1:9", "--model", "m")
    assert done.returncode == 2 and "no such file" in done.stderr
