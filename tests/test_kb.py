"""The verified knowledge base: store, index, refusal, curation, and nothing lost."""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from truthometer.errors import InputError
from truthometer.knowledge import KnowledgeBase, KnowledgeBaseSource, open_kb, refuse
from truthometer.knowledge.base import SEED

from kb_support import hash_embedder

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def real_kb(tmp_path_factory):
    """A knowledge base with real MiniLM embeddings and the shipped seed."""
    return open_kb(tmp_path_factory.mktemp("kb"))


def test_seed_imported_once_as_approved(real_kb, tmp_path):
    seed_lines = [l for l in SEED.read_text().splitlines() if l.strip()]
    assert real_kb.stats()["approved"] == len(seed_lines) >= 30
    again = open_kb(real_kb.directory)
    assert again.stats()["total"] == len(seed_lines)
    # An emptied knowledge base is not re-seeded behind the curator's back.
    kb = KnowledgeBase(tmp_path, embedder=hash_embedder)
    kb.reject([e.id for e in kb.list(limit=1000)], "curator")
    assert KnowledgeBase(tmp_path, embedder=hash_embedder).stats()["total"] == len(seed_lines)


def test_search_by_meaning_and_refusal(real_kb):
    [hits] = real_kb.search(["When did the Eiffel Tower get finished?"], k=4)
    assert "Eiffel" in hits[0][0].text and hits[0][1] < 0.75
    assert [d for _, d in hits] == sorted(d for _, d in hits)
    source = KnowledgeBaseSource(real_kb, alpha=0.75)
    found = source.gather(["The Eiffel Tower was completed in 1889.", "My cat prefers the blue cushion."])
    assert found.per_claim[0] and found.per_claim[0][0].source == "knowledge_base"
    assert found.per_claim[0][0].locator.startswith("kb:")
    assert found.per_claim[1] == [] and "outside the knowledge base" in found.notes[1][0]
    assert refuse(0.8, 0.75) and not refuse(0.5, 0.75) and refuse(None)


def test_curation_changes_search_and_is_recorded(tmp_path):
    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    e = kb.propose("The bridge opened in 1932.", source="web", locator="http://example.test/a", confidence=0.6)
    assert e.status == "pending"
    assert kb.search(["The bridge opened in 1932."], k=1) == [[]]
    kb.approve([e.id], "ann")
    [[(hit, distance)]] = kb.search(["The bridge opened in 1932."], k=1)
    assert hit.id == e.id and distance < 1e-3 and hit.reviewed_by == "ann"
    kb.edit(e.id, "bob", text="The bridge opened in 1933.", confidence=0.9)
    kb.reject([e.id], "cy")
    assert kb.search(["The bridge opened in 1933."], k=1) == [[]]
    assert [h["action"] for h in kb.history(e.id)] == ["create", "approve", "edit", "reject"]
    assert json.loads(kb.history(e.id)[2]["old"]) == {"text": "The bridge opened in 1932.", "confidence": 0.6}
    with pytest.raises(InputError):
        kb.approve([e.id], "")


def test_correction_written_back_with_provenance(tmp_path):
    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    entry = kb.record_correction("The tower was completed in 1889.", "The tower was completed in 1899.",
                                 "Constructed from 1887 to 1889.", "reference: eiffel.md #3", "editor1")
    # Pending until a curator approves it: never evidence before that.
    assert (entry.status, entry.confidence, entry.created_by) == ("pending", 1.0, "editor1")
    assert kb.search(["The tower was completed in 1889."], k=1) == [[]]
    assert entry.provenance["original"] == "The tower was completed in 1899."
    assert entry.provenance["evidence_locator"] == "reference: eiffel.md #3"
    assert entry.provenance["accepted_by"] == "editor1" and entry.provenance["accepted_at"]


def test_a_curator_cannot_approve_their_own_proposal(tmp_path, monkeypatch):
    monkeypatch.delenv("TRUTHOMETER_SELF_APPROVAL", raising=False)
    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    entry = kb.record_correction("The tower was completed in 1889.", "The tower was completed in 1899.",
                                 "Constructed from 1887 to 1889.", "eiffel.md #3", "Ann")
    with pytest.raises(InputError, match="another curator"):
        kb.approve([entry.id], "ann")  # the same person, whatever the case
    assert kb.get(entry.id).status == "pending"
    kb.approve([entry.id], "ann", allow_own=True)  # configured for a one-person team
    assert kb.get(entry.id).status == "approved"
    other = kb.record_correction("The bridge opened in 1937.", "The bridge opened in 1933.", "It opened in 1937.",
                                 "gg.md #1", "Ann")
    monkeypatch.setenv("TRUTHOMETER_SELF_APPROVAL", "1")
    assert kb.approve([other.id], "ann") == 1


def test_export_import_round_trip_and_malformed_line(tmp_path):
    kb = KnowledgeBase(tmp_path / "a", embedder=hash_embedder, seed=None)
    kb.add("Fact one.", "s", status="approved")
    kb.add("Fact two.", "s", status="rejected")
    kb.add("Fact three.", "s")
    lines = list(kb.export_jsonl())
    assert [json.loads(l)["status"] for l in lines] == ["approved", "rejected", "pending"]
    other = KnowledgeBase(tmp_path / "b", embedder=hash_embedder, seed=None)
    other.import_jsonl(lines)
    assert [e.status for e in other.list()] == ["approved", "rejected", "pending"]
    bad = ['{"text": "fine"}', '{"text": "no status given, defaults to pending"}', '{"text": ', '{"text": "x"}']
    with pytest.raises(InputError, match="line 3"):
        other.import_jsonl(bad)
    assert other.stats()["total"] == 3  # all or nothing
    added = other.import_jsonl(bad[:2])
    assert [e.status for e in added] == ["pending", "pending"]


WRITER = textwrap.dedent("""
    import sys
    sys.path[:0] = [{root!r}, {tests!r}]
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase
    from truthometer.knowledge.store import NewEntry
    kb = KnowledgeBase(sys.argv[1], embedder=hash_embedder, seed=None)
    for batch in range(10):
        kb.add_many([NewEntry(f"{{sys.argv[2]}} fact {{batch}}-{{i}}.", "test") for i in range(100)])
""")


def test_two_processes_adding_at_once_lose_nothing(tmp_path):
    KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    script = WRITER.format(root=str(ROOT), tests=str(TESTS))
    procs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path), name]) for name in ("alpha", "beta")]
    assert [p.wait(timeout=300) for p in procs] == [0, 0]
    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    assert kb.stats()["total"] == 2000
    assert kb.index.size == 2000
    kb.approve([e.id for e in kb.list(limit=5000)], "t")
    for name in ("alpha", "beta"):
        [[(hit, d)]] = kb.search([f"{name} fact 7-42."], k=1)
        assert hit.text == f"{name} fact 7-42." and d < 1e-3


IMPORTER = textwrap.dedent("""
    import sys
    sys.path[:0] = [{root!r}, {tests!r}]
    import kb_support
    from truthometer.knowledge import KnowledgeBase

    def slow_signal_embedder(texts):
        out = kb_support.hash_embedder(texts)
        if len(texts) > 100:
            print("EMBEDDED", flush=True)
        return out

    kb = KnowledgeBase(sys.argv[1], embedder=slow_signal_embedder, seed=None)
    kb.import_jsonl(open(sys.argv[2]).read().splitlines())
    print("DONE", flush=True)
""")


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.3])
def test_killed_import_leaves_database_consistent(tmp_path, delay):
    KnowledgeBase(tmp_path / "kb", embedder=hash_embedder, seed=None).add("Before.", "t")
    data = tmp_path / "big.jsonl"
    data.write_text("".join(json.dumps({"text": f"Imported fact {i}."}) + "\n" for i in range(5000)))
    proc = subprocess.Popen([sys.executable, "-c", IMPORTER.format(root=str(ROOT), tests=str(TESTS)),
                             str(tmp_path / "kb"), str(data)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "EMBEDDED"
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kb = KnowledgeBase(tmp_path / "kb", embedder=hash_embedder, seed=None)
    total = kb.stats()["total"]
    assert total in (1, 5001)  # all or nothing
    assert kb.index.size == total  # the index was rebuilt if it was stale


def test_cli(tmp_path):
    def run(*args, stdin=None):
        return subprocess.run([sys.executable, "-m", "truthometer", "kb", "--kb", str(tmp_path), *args],
                              cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300)

    out = run("add", "The Rhine flows into the North Sea.", "--status", "approved", "--by", "t")
    assert out.returncode == 0, out.stderr
    assert run("import", "-", stdin='{"text": "Pending fact."}\n').returncode == 0
    exported = [json.loads(l) for l in run("export").stdout.splitlines()]
    seeded = len([l for l in SEED.read_text().splitlines() if l.strip()])
    assert len(exported) == seeded + 2 and exported[-1]["status"] == "pending"
    assert len(run("export", "--status", "pending").stdout.splitlines()) == 1
    hit = json.loads(run("search", "The river Rhine flows into the North Sea", "-k", "1").stdout)
    assert hit["text"].startswith("The Rhine") and hit["distance"] < 0.75
    bad = run("import", "-", stdin='{"text": "ok"}\nnot json\n')
    assert bad.returncode == 2 and "line 2" in bad.stderr and "Traceback" not in bad.stderr
    assert run("approve", "999999", "--by", "t").returncode == 2
