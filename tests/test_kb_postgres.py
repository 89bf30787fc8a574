"""The knowledge base on both backends (SQLite, PostgreSQL): the same behaviour, several writers at once,
a writer killed mid-import, malformed and failing imports (all or nothing), PostgreSQL's migrations.

The PostgreSQL cases need $TRUTHOMETER_TEST_PG (see kb_backends.py); without it they are skipped.
"""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from truthometer.errors import InputError
from truthometer.knowledge import KnowledgeBase
from truthometer.knowledge.store import NewEntry

from kb_backends import PG, backend, kb_location, needs_pg, new_kb_location, pg_databases  # noqa: F401
from kb_support import hash_embedder

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
PRELUDE = f"import sys\nsys.path[:0] = [{str(ROOT)!r}, {str(TESTS)!r}]\n"


def kb_at(location, **kw):
    return KnowledgeBase(location, embedder=hash_embedder, seed=kw.pop("seed", None), **kw)


def script(body: str) -> str:
    return PRELUDE + textwrap.dedent(body)


# -- the knowledge base's behaviour, on each backend ------------------------------------------------------
def test_add_search_curate_history(kb_location):
    kb = kb_at(kb_location)
    e = kb.propose("The bridge opened in 1932.", source="web", locator="http://example.test/a", confidence=0.6)
    assert e.status == "pending" and e.confidence == 0.6
    assert kb.search(["The bridge opened in 1932."], k=1) == [[]]
    kb.approve([e.id], "ann")
    [[(hit, distance)]] = kb.search(["The bridge opened in 1932."], k=1)
    assert hit.id == e.id and distance < 1e-3 and hit.reviewed_by == "ann"
    kb.edit(e.id, "bob", text="The bridge opened in 1933.", confidence=0.9)
    [[(hit, distance)]] = kb.search(["The bridge opened in 1933."], k=1)
    assert hit.text == "The bridge opened in 1933." and distance < 1e-3  # found by its new meaning
    kb.reject([e.id], "cy")
    assert kb.search(["The bridge opened in 1933."], k=1) == [[]]
    assert [h["action"] for h in kb.history(e.id)] == ["create", "approve", "edit", "reject"]
    assert json.loads(kb.history(e.id)[2]["old"]) == {"text": "The bridge opened in 1932.", "confidence": 0.6}
    assert json.loads(kb.history(e.id)[3]["old"]) == {"status": "approved"}
    with pytest.raises(InputError):
        kb.approve([e.id], "")
    with pytest.raises(InputError, match="no entry"):
        kb.approve([424242], "ann")
    # Filters (case-insensitive substrings, as SQLite's LIKE), counts, lookups.
    kb.add("The Dam was built in 1931.", "Atlas 2", status="approved", created_by="Dee")
    assert [x.text for x in kb.text_search("dam WAS")] == ["The Dam was built in 1931."]
    assert [x.source for x in kb.list(source="atlas")] == ["Atlas 2"]
    assert [x.created_by for x in kb.list(reviewer="dee")] == ["Dee"]
    assert kb.text_search("100%") == [] and kb.text_search("_") == []  # wildcards taken literally
    assert kb.stats()["total"] == 2 and kb.stats()["rejected"] == 1 and kb.stats()["index_size"] == 2
    assert kb.store.find("The Dam was built in 1931.", "Atlas 2").created_by == "Dee"


def test_correction_is_stored_once_with_provenance(kb_location):
    kb = kb_at(kb_location)
    first = kb.record_correction("The tower was completed in 1889.", "The tower was completed in 1899.",
                                 "Constructed from 1887 to 1889.", "reference: eiffel.md #3", "editor1")
    again = kb.record_correction("The tower was completed in 1889.", "The tower was completed in 1899.",
                                 "Constructed from 1887 to 1889.", "reference: eiffel.md #3", "editor2")
    assert again.id == first.id and kb.stats()["total"] == 1
    assert (first.status, first.created_by) == ("pending", "editor1")
    assert first.provenance["evidence_locator"] == "reference: eiffel.md #3"


def test_audit_trail_has_every_decision_in_order(kb_location):
    kb = kb_at(kb_location)
    entry = kb.record_correction("The tower was completed in 1889.", "The tower was completed in 1899.",
                                 "Constructed from 1887 to 1889.", "eiffel.md #3", "ed")
    kb.record("ed", "correction accepted", "sentence 1", {"decision": "pending"}, {"decision": "accepted"})
    kb.approve([entry.id], "cy")
    kb.import_jsonl(['{"text": "Fact one.", "source": "s"}'], actor="cy")
    trail = kb.trail()
    assert [(r["actor"], r["action"]) for r in trail] == [
        ("ed", "create"), ("ed", "correction accepted"), ("cy", "approve"), ("cy", "create"), ("cy", "import")]
    assert trail[2]["subject"] == f"entry #{entry.id}"
    assert json.loads(trail[1]["new"]) == {"decision": "accepted"}
    today = trail[0]["at"][:10]
    assert len(kb.trail(since=today, until=today)) == 5
    assert kb.trail(since="2999-01-01") == []
    assert len(kb.store.trail(limit=2)) == 2
    with pytest.raises(InputError, match="not a date"):
        kb.trail(until="2026-13-45")


def test_export_import_round_trip_and_malformed_file(new_kb_location):
    kb = kb_at(new_kb_location())
    kb.add("Fact one.", "s", status="approved", provenance={"b": 1, "a": [2]})
    kb.add("Fact two.", "s", status="rejected")
    kb.add("Fact three.", "s", confidence=0.25)
    lines = list(kb.export_jsonl())
    other = kb_at(new_kb_location())
    other.import_jsonl(lines)
    assert [(e.text, e.status, e.confidence, e.provenance) for e in other.list()] == \
        [("Fact one.", "approved", 1.0, {"a": [2], "b": 1}), ("Fact two.", "rejected", 1.0, {}),
         ("Fact three.", "pending", 0.25, {})]
    assert other.import_jsonl(lines) == []  # the same file twice adds nothing
    generation = other.store.generation()
    for bad in (['{"text": "fine"}', '{"text": '], ['{"text": "fine"}', '{"text": "x", "confidence": 2}'],
                ['{"text": "fine"}', '{"text": "x", "colour": 1}'], ['{"text": "fine"}', '["text"]']):
        with pytest.raises(InputError, match="line 2"):
            other.import_jsonl(bad)
    assert other.stats()["total"] == 3 and other.store.generation() == generation  # nothing written
    assert [r["action"] for r in other.trail()].count("import") == 2


def test_an_import_failing_inside_the_transaction_leaves_nothing(kb_location, monkeypatch):
    kb = kb_at(kb_location)
    kb.add("Before.", "t", status="approved")
    generation, trail = kb.store.generation(), kb.trail()
    real_write = kb.store._write

    def failing_write(work):
        def half_then_fail(conn):
            work(conn)  # every row of the import written, then the connection "fails" before commit
            raise RuntimeError("connection lost")
        return real_write(half_then_fail)

    monkeypatch.setattr(kb.store, "_write", failing_write)
    with pytest.raises(RuntimeError, match="connection lost"):
        kb.import_jsonl([json.dumps({"text": f"Imported {i}."}) for i in range(50)])
    monkeypatch.setattr(kb.store, "_write", real_write)
    assert kb.stats()["total"] == 1 and kb.store.generation() == generation and kb.trail() == trail
    assert kb.index.size == 1
    # The store is usable at once (no transaction left open or aborted).
    added = kb.import_jsonl([json.dumps({"text": f"Imported {i}.", "status": "approved"}) for i in range(50)])
    assert len(added) == 50 and kb.stats()["total"] == 51 and kb.index.size == 51
    [[(hit, _)]] = kb.search(["Imported 42."], k=1)
    assert hit.text == "Imported 42."


def test_other_writers_are_caught_up_and_edits_rebuild(kb_location):
    a, b = kb_at(kb_location), kb_at(kb_location)
    b.index.rebuilt = False
    added = a.add("The ferry sails at noon.", "t", status="approved")
    [[(hit, distance)]] = b.search(["The ferry sails at noon."], k=1)
    assert hit.id == added.id and distance < 1e-3
    assert b.index.caught_up == 1 and not b.index.rebuilt
    a.reject([added.id], "cy")
    assert b.search(["The ferry sails at noon."], k=1) == [[]] and not b.index.rebuilt
    e = a.add("The lighthouse is red.", "t", status="approved")
    b.search(["The lighthouse is red."], k=1)
    a.edit(e.id, "ed", text="The lighthouse is white.")
    for kb in (a, b):
        [[(hit, distance)]] = kb.search(["The lighthouse is white."], k=1)
        assert hit.text == "The lighthouse is white." and distance < 1e-3
    assert b.index.rebuilt  # a changed vector cannot be caught up
    a.close()
    c = kb_at(kb_location)  # a third process-alike opening the saved index: current, not rebuilt
    assert c.index.size == 2 and not c.index.rebuilt


def test_vectors_are_stored_with_entries_and_read_back(kb_location):
    kb = kb_at(kb_location)
    entries = kb.add_many([NewEntry(f"Block {i}.", "t", status="approved" if i % 2 else "pending")
                           for i in range(120)])
    ids, vectors = kb.store.vectors(after_id=entries[99].id)
    assert list(ids) == [e.id for e in entries[100:]]
    assert np.allclose(vectors, hash_embedder([e.text for e in entries[100:]]))
    ids, _ = kb.store.vectors(status="approved")
    assert list(ids) == [e.id for e in entries[1::2]]
    assert np.allclose(kb.store.vectors_of([entries[7].id, entries[5].id]), hash_embedder(["Block 7.", "Block 5."]))
    assert kb.store.vector_count() == 120


# -- several processes ------------------------------------------------------------------------------------
WRITER = script("""
    import json, time
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase
    from truthometer.knowledge.store import NewEntry
    location, name, writers = sys.argv[1], sys.argv[2], int(sys.argv[3])
    kb = KnowledgeBase(location, embedder=hash_embedder, seed=None)
    for batch in range(8):
        kb.add_many([NewEntry(f"{name} fact {batch}-{i}.", "test", status="approved") for i in range(50)])
    expected = writers * 8 * 50
    deadline = time.time() + 240
    while kb.store.counts()["total"] < expected and time.time() < deadline:
        time.sleep(0.1)
    # Every writer's entries, found by this process's own index after catching up.
    found = {other: kb.search([f"{other} fact 7-42."], k=1)[0][0][0].text == f"{other} fact 7-42."
             for other in sys.argv[4].split(",")}
    print(json.dumps({"index": kb.index.size, "total": kb.store.counts()["total"], "found": found}), flush=True)
""")


def test_several_processes_writing_at_once_lose_nothing(kb_location):
    kb_at(kb_location)  # created (and migrated) once before the race
    names = ["alpha", "beta", "gamma"]
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, kb_location, name, str(len(names)), ",".join(names)],
                              stdout=subprocess.PIPE, text=True) for name in names]
    outputs = [p.communicate(timeout=400)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0]
    for out in outputs:
        seen = json.loads(out.strip().splitlines()[-1])
        assert seen == {"index": 1200, "total": 1200, "found": {n: True for n in names}}
    kb = kb_at(kb_location)
    entries = kb.list(limit=5000)
    assert len(entries) == 1200 and len({e.text for e in entries}) == 1200
    assert [e.id for e in entries] == sorted(e.id for e in entries) and kb.index.size == 1200
    assert kb.store.generation() == 3 * 8


SAME_IMPORT = script("""
    import os, time
    from pathlib import Path
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase
    kb = KnowledgeBase(sys.argv[1], embedder=hash_embedder, seed=None)
    lines = open(sys.argv[2]).read().splitlines()
    barrier = Path(sys.argv[3])
    (barrier / str(os.getpid())).touch()
    while len(list(barrier.iterdir())) < int(sys.argv[4]):  # all start importing at the same moment
        time.sleep(0.005)
    print(len(kb.import_jsonl(lines)), flush=True)
""")


def test_the_same_file_imported_by_several_processes_at_once_is_stored_once(kb_location, tmp_path):
    kb_at(kb_location)
    data = tmp_path / "same.jsonl"
    data.write_text("".join(json.dumps({"text": f"Shared fact {i}.", "source": "s"}) + "\n" for i in range(2000)))
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    procs = [subprocess.Popen([sys.executable, "-c", SAME_IMPORT, kb_location, str(data), str(barrier), "3"],
                              stdout=subprocess.PIPE, text=True) for _ in range(3)]
    added = [int(p.communicate(timeout=300)[0].strip()) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0]
    assert sorted(added) == [0, 0, 2000]  # the uniqueness check runs inside each writer's transaction
    kb = kb_at(kb_location)
    assert kb.stats()["total"] == kb.index.size == 2000


SEEDER = script("""
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase
    KnowledgeBase(sys.argv[1], embedder=hash_embedder, seed=sys.argv[2])
""")


def test_several_first_starts_at_once_seed_once(kb_location, tmp_path):
    seed = tmp_path / "seed.jsonl"
    seed.write_text("".join(json.dumps({"text": f"Seed fact {i}.", "source": "seed"}) + "\n" for i in range(25)))
    procs = [subprocess.Popen([sys.executable, "-c", SEEDER, kb_location, str(seed)]) for _ in range(3)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0, 0]
    kb = kb_at(kb_location, seed=seed)
    assert kb.stats()["approved"] == kb.stats()["total"] == 25
    kb.reject([e.id for e in kb.list(limit=100)], "curator")  # emptied of evidence: never re-seeded
    assert kb_at(kb_location, seed=seed).stats()["total"] == 25


IMPORTER = script("""
    import time
    import kb_support
    from truthometer.knowledge import KnowledgeBase

    def signalling_embedder(texts):
        out = kb_support.hash_embedder(texts)
        if len(texts) > 100:
            print("EMBEDDED", flush=True)
        return out

    kb = KnowledgeBase(sys.argv[1], embedder=signalling_embedder, seed=None)
    if sys.argv[3] == "inside":
        real_write = kb.store._write

        def stalled_write(work):
            def written_not_committed(conn):
                result = work(conn)
                print("INSIDE", flush=True)  # every row written, the transaction still open
                time.sleep(120)
                return result
            return real_write(written_not_committed)

        kb.store._write = stalled_write
    kb.import_jsonl(open(sys.argv[2]).read().splitlines())
    print("DONE", flush=True)
""")


@pytest.mark.parametrize("when", ["0.0", "0.05", "0.3", "inside"])
def test_a_writer_killed_mid_import_leaves_all_or_nothing(kb_location, tmp_path, when):
    kb_at(kb_location).add("Before.", "t")
    data = tmp_path / "big.jsonl"
    data.write_text("".join(json.dumps({"text": f"Imported fact {i}."}) + "\n" for i in range(5000)))
    proc = subprocess.Popen([sys.executable, "-c", IMPORTER, kb_location, str(data), when],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "EMBEDDED"
    if when == "inside":
        while (line := proc.stdout.readline().strip()) == "EMBEDDED":  # one line per batch embedded
            pass
        assert line == "INSIDE"
    else:
        time.sleep(float(when))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kb = kb_at(kb_location)
    total = kb.stats()["total"]
    if when == "inside":
        assert total == 1  # written but not committed: nothing
    assert total in (1, 5001)  # all or nothing
    assert kb.index.size == total
    assert len(kb.history(1)) == 1 and [r["action"] for r in kb.trail()].count("create") == total
    # The killed writer holds no lock: the next write goes through at once.
    kb.add("After.", "t")
    assert kb.stats()["total"] == total + 1


# -- PostgreSQL only --------------------------------------------------------------------------------------
OPENER = script("""
    from truthometer.knowledge.postgres_store import PostgresStore
    store = PostgresStore(sys.argv[1])
    print(store.meta("schema_version"), flush=True)
""")


@needs_pg
def test_schema_migrations_run_once_under_concurrent_opens(pg_databases):
    import psycopg

    from truthometer.knowledge.postgres_store import SCHEMA_VERSION, PostgresStore

    url = pg_databases.create()
    procs = [subprocess.Popen([sys.executable, "-c", OPENER, url], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    assert [p.communicate(timeout=120)[0].strip() for p in procs] == [str(SCHEMA_VERSION)] * 4
    store = PostgresStore(url)
    identity = store.identity
    assert store.meta("generation") == "0" and len(identity) == 36
    store.record("a", "role change", "user x")
    store.close()
    # A database at schema version 1 (before the audit table): brought up to date by concurrent opens.
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE audit")
        conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    procs = [subprocess.Popen([sys.executable, "-c", OPENER, url], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    assert [p.communicate(timeout=120)[0].strip() for p in procs] == [str(SCHEMA_VERSION)] * 4
    store = PostgresStore(url)
    assert store.trail() == [] and store.identity == identity
    store.record("a", "role change", "user y")
    assert [r["subject"] for r in store.trail()] == ["user y"]
    store.close()
    # A newer schema than this program knows is refused, not overwritten.
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE meta SET value = %s WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(InputError, match="newer than"):
        PostgresStore(url)


@needs_pg
def test_unreachable_server_and_foreign_database_are_clear_errors(pg_databases):
    import psycopg

    with pytest.raises(InputError, match="cannot open the knowledge base at postgresql://kb:\\*\\*\\*@127.0.0.1:9/"):
        KnowledgeBase("postgresql://kb:s3cret@127.0.0.1:9/none", embedder=hash_embedder, seed=None)
    url = pg_databases.create()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE entries (id int)")  # another program's table of that name
    with pytest.raises(InputError, match="cannot open the knowledge base"):
        KnowledgeBase(url, embedder=hash_embedder, seed=None)


@needs_pg
def test_a_database_created_again_under_the_same_url_does_not_reuse_the_old_index(pg_databases, tmp_path,
                                                                                   monkeypatch):
    from kb_backends import pg_admin

    monkeypatch.setenv("TRUTHOMETER_KB_INDEX_DIR", str(tmp_path / "cache"))
    url = pg_databases.create()
    first = kb_at(url)
    first.add_many([NewEntry(f"Old fact {i}.", "t", status="approved") for i in range(3)])
    first.close()
    name = url.rsplit("/", 1)[1]
    with pg_admin() as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    second = kb_at(url)
    second.add_many([NewEntry(f"New fact {i}.", "t", status="approved") for i in range(3)])  # same generation
    second.close()
    third = kb_at(url)
    assert third.directory != first.directory and third.directory.parent == tmp_path / "cache"
    [[(hit, _)]] = third.search(["New fact 1."], k=1)
    assert hit.text == "New fact 1."


@needs_pg
def test_a_dropped_connection_is_reopened(pg_databases):
    import psycopg

    from kb_backends import pg_admin

    url = pg_databases.create()
    database = url.rsplit("/", 1)[1]

    def drop_connections():  # what a server restart does to the app's connection
        with pg_admin() as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s "
                          "AND application_name = 'truthometer'", (database,))
            for _ in range(200):
                if not admin.execute("SELECT 1 FROM pg_stat_activity WHERE datname = %s AND application_name = "
                                     "'truthometer'", (database,)).fetchone():
                    return
                time.sleep(0.05)
        raise AssertionError("the connection was not dropped")

    kb = kb_at(url)
    kb.add("Before the restart.", "t", status="approved")
    drop_connections()
    assert kb.stats()["total"] == 1  # a read is tried again on a new connection
    drop_connections()
    with pytest.raises(psycopg.OperationalError):
        kb.add("Lost with the connection.", "t")  # a write is not (it might have committed)
    kb.add("After the restart.", "t", status="approved")  # the next one reconnects
    assert [e.text for e in kb.list()] == ["Before the restart.", "After the restart."]
    [[(hit, _)]] = kb.search(["After the restart."], k=1)
    assert hit.text == "After the restart."


@needs_pg
def test_cli_and_environment_variable_reach_postgresql(pg_databases, tmp_path):
    url = pg_databases.create()
    env = {**os.environ, "TRUTHOMETER_KB": url, "TRUTHOMETER_KB_INDEX_DIR": str(tmp_path / "cache")}

    def kb(*args, stdin=None):
        return subprocess.run([sys.executable, "-m", "truthometer", "kb", *args], cwd=ROOT, input=stdin, env=env,
                              capture_output=True, text=True, timeout=300)

    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps({"text": "The canal is 12 km long.", "source": "atlas", "confidence": 0.8}) + "\n")
    out = kb("import", str(data))
    assert out.returncode == 0, out.stderr
    stats = json.loads(kb("stats", "--kb", url).stdout)
    assert stats["pending"] == 1 and stats["approved"] == stats["total"] - 1 >= 30  # seeded once, in PostgreSQL
    bad = kb("import", "-", stdin='{"text": "ok"}\nnot json\n')
    assert bad.returncode == 2 and "line 2" in bad.stderr and "Traceback" not in bad.stderr
    assert json.loads(kb("stats").stdout)["total"] == stats["total"]
    hit = json.loads(kb("search", "How long is the canal?", "-k", "1", "--status", "pending").stdout)
    assert hit["text"] == "The canal is 12 km long."


@needs_pg
def test_kb_scale_bench_runs_on_postgresql(pg_databases):
    import argparse

    from truthometer.benchmarks import kb_scale

    url = pg_databases.create()
    figures = kb_scale.run(argparse.Namespace(n=300, batch=128, queries=25, k=4, embed_sample=0, dir=None, seed=1,
                                              kb=url))
    assert figures["backend"] == "postgresql" and figures["n"] == 300 and figures["recall_at_1"] == 1.0
    assert figures["reopen_rebuilt"] is False and figures["disk_mib"] > 0
    with pytest.raises(InputError, match="not empty"):
        kb_scale.run(argparse.Namespace(n=10, batch=10, queries=5, k=4, embed_sample=0, dir=None, seed=1, kb=url))
