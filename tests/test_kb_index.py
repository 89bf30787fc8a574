"""Knowledge-base index: catching up with other writers, rebuilds, HNSW at size, seeding once, imports."""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from truthometer.errors import InputError
from truthometer.knowledge import KnowledgeBase, index as index_module
from truthometer.knowledge.store import NewEntry

from kb_support import hash_embedder

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent


def kb_at(path, **kw):
    return KnowledgeBase(path, embedder=hash_embedder, seed=kw.pop("seed", None), **kw)


def test_edited_text_is_found_by_its_new_meaning_everywhere(tmp_path):
    a, b = kb_at(tmp_path), kb_at(tmp_path)
    e = a.add("The lighthouse is red.", "t", status="approved")
    b.search(["The lighthouse is red."], k=1)
    b.index.rebuilt = False
    a.edit(e.id, "ed", text="The lighthouse is white.")
    for kb in (a, b):
        [[(hit, distance)]] = kb.search(["The lighthouse is white."], k=1)
        assert hit.text == "The lighthouse is white." and distance < 1e-3
    assert b.index.rebuilt  # a changed vector cannot be caught up: the index was rebuilt from SQLite


@pytest.mark.parametrize("damage", ["garbage", "missing", "wrong_count"])
def test_damaged_index_file_is_rebuilt_on_open(tmp_path, damage):
    kb = kb_at(tmp_path)
    kb.add_many([NewEntry(f"Fact {i}.", "t", status="approved") for i in range(30)])
    kb.close()
    faiss_file, meta_file = tmp_path / "kb.faiss", tmp_path / "kb.faiss.json"
    if damage == "garbage":
        faiss_file.write_bytes(b"\x00not an index")
    elif damage == "missing":
        faiss_file.unlink()
    else:
        meta = json.loads(meta_file.read_text())
        meta_file.write_text(json.dumps({**meta, "count": meta["count"] - 3}))
    again = kb_at(tmp_path)
    assert again.index.rebuilt and again.index.size == 30
    [[(hit, _)]] = again.search(["Fact 17."], k=1)
    assert hit.text == "Fact 17."


def test_large_index_switches_to_hnsw_and_keeps_finding(tmp_path, monkeypatch):
    monkeypatch.setattr(index_module, "EXACT_LIMIT", 100)
    kb = kb_at(tmp_path)
    for start in range(0, 300, 60):
        kb.add_many([NewEntry(f"Entry number {i}.", "t", status="approved") for i in range(start, start + 60)])
    assert kb.index.kind == "hnsw" and kb.index.size == 300
    for i in (0, 99, 100, 250, 299):
        [[(hit, distance)]] = kb.search([f"Entry number {i}."], k=1)
        assert hit.text == f"Entry number {i}." and distance < 1e-3
    kb.close()
    again = kb_at(tmp_path)
    assert again.index.kind == "hnsw" and not again.index.rebuilt and again.index.size == 300


def test_search_widens_past_entries_of_other_statuses(tmp_path):
    kb = kb_at(tmp_path)
    pending = kb.add_many([NewEntry(f"Pending fact {i}.", "t") for i in range(40)])
    approved = kb.add("Approved fact.", "t", status="approved")
    hits = kb.search(["Pending fact 3."], k=3)[0]
    assert [e.id for e, _ in hits] == [approved.id]  # only one approved entry exists
    assert len(kb.search(["Pending fact 3."], k=3, status=None)[0]) == 3
    assert pending[3].id in [e.id for e, _ in kb.search(["Pending fact 3."], k=3, status="pending")[0]]
    assert kb.search([], k=3) == [] and kb.search(["x"], k=0) == [[]]


SEEDER = textwrap.dedent("""
    import sys
    sys.path[:0] = [{root!r}, {tests!r}]
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase
    KnowledgeBase(sys.argv[1], embedder=hash_embedder, seed=sys.argv[2])
""")


def test_two_first_starts_at_once_seed_once(tmp_path):
    seed = tmp_path / "seed.jsonl"
    seed.write_text("".join(json.dumps({"text": f"Seed fact {i}.", "source": "seed"}) + "\n" for i in range(25)))
    script = SEEDER.format(root=str(ROOT), tests=str(TESTS))
    procs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "kb"), str(seed)]) for _ in range(3)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0, 0]
    kb = kb_at(tmp_path / "kb", seed=seed)
    assert kb.stats()["approved"] == kb.stats()["total"] == 25


def test_import_from_a_path_and_bad_files(tmp_path):
    kb = kb_at(tmp_path / "kb")
    good = tmp_path / "good.jsonl"
    good.write_text('{"text": "One.", "status": "approved", "confidence": 0.7}\n\n{"text": "Two."}\n')
    added = kb.import_jsonl(good)
    assert [(e.text, e.status, e.confidence) for e in added] == [("One.", "approved", 0.7), ("Two.", "pending", 1.0)]
    with pytest.raises(InputError, match="no such file"):
        kb.import_jsonl(tmp_path / "absent.jsonl")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b'{"text": "ok"}\n\xff\xfe\x00\x01')
    with pytest.raises(InputError, match="UTF-8"):
        kb.import_jsonl(binary)
    for line, message in (('{"text": "x", "confidence": 2}', "confidence"), ('{"text": "x", "status": "maybe"}', "status"),
                          ('{"text": "  "}', "text"), ('["text"]', "object"), ('{"text": "x", "colour": 1}', "colour")):
        with pytest.raises(InputError, match=f"line 2: .*{message}"):
            kb.import_jsonl(['{"text": "fine"}', line])
    assert kb.stats()["total"] == 2


def test_vectors_are_stored_with_entries_and_read_back_in_blocks(tmp_path):
    kb = kb_at(tmp_path)
    entries = kb.add_many([NewEntry(f"Block {i}.", "t") for i in range(120)])
    ids, vectors = kb.store.vectors(after_id=entries[99].id)
    assert list(ids) == [e.id for e in entries[100:]]
    assert np.allclose(vectors, hash_embedder([e.text for e in entries[100:]]))
    assert np.allclose(kb.store.vectors_of([entries[5].id]), hash_embedder(["Block 5."]))


def test_foreign_database_file_is_a_clear_error(tmp_path):
    (tmp_path / "kb.sqlite3").write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(InputError, match="cannot open the knowledge base"):
        kb_at(tmp_path)


def test_failing_store_leaves_the_source_empty_with_a_note(tmp_path):
    from truthometer.knowledge import KnowledgeBaseSource

    kb = kb_at(tmp_path)
    kb.add("The pier is 300 m long.", "t", status="approved")
    source = KnowledgeBaseSource(kb, alpha=0.75, k=2)
    assert source.gather(["The pier is 300 m long."]).per_claim[0][0].locator.startswith("kb:")
    kb.store.close()
    found = source.gather(["The pier is 300 m long.", "Another claim."])
    assert found.per_claim == [[], []]
    assert all(n[0].startswith("knowledge base unavailable") for n in found.notes)
