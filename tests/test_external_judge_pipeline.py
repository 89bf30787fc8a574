"""An external judge in a whole check: through `check --external-judge` to a fake server on 127.0.0.1, and,
where the server is not there, the bundled reading standing with a note on the sentence."""
from __future__ import annotations

import json
import socket

from fake_llm_server import FakeLLM
from truthometer.cli import main
from truthometer.config import Config
from truthometer.pipeline import Checker

TEXT = "The Eiffel Tower was completed in 1889. It is made of wrought iron."
REFERENCE = ("The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 for the World's "
             "Fair. Gustave Eiffel's company designed and built it.")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_check_sends_the_unsure_pairs_to_the_server(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_CACHE", str(tmp_path / "cache"))
    (tmp_path / "text.txt").write_text(TEXT)
    (tmp_path / "ref.txt").write_text(REFERENCE)
    with FakeLLM(["Yes"]) as server:
        rc = main(["check", str(tmp_path / "text.txt"), "-r", str(tmp_path / "ref.txt"), "--no-kb", "-q",
                   "--external-judge", f"openai:{server.url}", "--external-model", "bespoke-minicheck",
                   "--external-below", "1", "--external-allow-host", "127.0.0.1"])
        posts = server.posts
    assert rc == 0
    report = json.loads(capsys.readouterr().out)
    assert posts and all(p["json"]["model"] == "bespoke-minicheck" for p in posts)
    claims = {p["json"]["messages"][1]["content"].split("\nClaim: ")[1] for p in posts}
    assert "The Eiffel Tower was completed in 1889." in claims
    assert report["sentences"][0]["status"] == "supported"
    assert not any("external judge" in n for s in report["sentences"] for n in s.get("notes", []))


def test_an_unreachable_server_leaves_the_bundled_reading_with_a_note(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_CACHE", str(tmp_path / "cache"))
    plain = Checker(Config(kb_dir=str(tmp_path / "kb"))).check(TEXT, [("ref", REFERENCE)])
    config = Config(kb_dir=str(tmp_path / "kb"), external_judge=f"openai:http://127.0.0.1:{_closed_port()}",
                    external_model="m", external_below=1.0, external_allow_hosts=("127.0.0.1",), external_timeout=2)
    report = Checker(config).check(TEXT, [("ref", REFERENCE)])
    assert [s.status for s in report.sentences] == [s.status for s in plain.sentences]
    assert [[e.relation for e in s.evidence] for s in report.sentences] == \
        [[e.relation for e in s.evidence] for s in plain.sentences]
    for sentence in report.sentences:
        if sentence.status != "skipped":
            assert any("external judge is unreachable" in n and "bundled judge's reading stands" in n
                       for n in sentence.notes)
