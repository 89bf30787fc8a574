"""Saved checks (truthometer.checks): stored, listed, opened, exported, decided, re-opened when a knowledge
entry they read changes, re-checked; on SQLite and (with TRUTHOMETER_TEST_PG) PostgreSQL. Reports are built by
hand, so no model is loaded."""
import json
import multiprocessing as mp
import sys
import types

import pytest

from kb_backends import backend, kb_location, new_kb_location  # noqa: F401 (fixtures)
from kb_support import hash_embedder
from truthometer.checks import CheckStore, Decision
from truthometer.checks.recheck import recheck
from truthometer.checks.review import decide
from truthometer.checks.stats import decision_stats, format_stats
from truthometer.cli import main
from truthometer.errors import SavedCheckError, TruthometerError
from truthometer.knowledge import KnowledgeBase
from truthometer.report import Evidence, Report, SentenceResult, Substitution, Suggestion, report_from_dict

TEXT = "Paris is the capital of Italy. The Seine is 777 km long. Hello there."
REFS = [("atlas.txt", "The Seine is 777 km long. It flows through Paris.")]


def open_kb(location):
    return KnowledgeBase(location, embedder=hash_embedder, seed=None)


def sample_report(entry_id: int) -> Report:
    """Sentence 0 contradicted by knowledge entry ``entry_id`` with a proposed correction; sentence 1
    supported by the reference; sentence 2 skipped."""
    s0 = SentenceResult(0, "Paris is the capital of Italy.", 0, 30, "contradicted", "the entry says France",
                        score=0.9, flags=["swap"],
                        evidence=[Evidence("Paris is the capital of France.", "knowledge_base", f"kb:{entry_id}", 0.9,
                                           "contradiction")],
                        suggestion=Suggestion("Paris is the capital of France.",
                                              [Substitution("Italy", "France", 24, 29, "entity",
                                                            "Paris is the capital of France.", f"kb:{entry_id}")]))
    s1 = SentenceResult(1, "The Seine is 777 km long.", 31, 56, "supported", "the atlas says so", score=0.95,
                        evidence=[Evidence("The Seine is 777 km long.", "reference", "atlas.txt #1", 0.99,
                                           "support", title="atlas.txt")])
    s2 = SentenceResult(2, "Hello there.", 57, 69, "skipped", "not check-worthy: greeting")
    return Report(TEXT, [s0, s1, s2], method="nli")


@pytest.fixture
def kb(kb_location):
    kb = open_kb(kb_location)
    yield kb
    kb.close()


def saved(kb, author="ana"):
    entry = kb.add("Paris is the capital of France.", source="atlas", status="approved", created_by="cura")
    checks = CheckStore(kb.store)
    check_id = checks.save(sample_report(entry.id), REFS, {"method": "nli", "top_k": 5}, author, origin="cli")
    return checks, check_id, entry


def test_report_round_trips_through_its_json():
    report = sample_report(7)
    back = report_from_dict(json.loads(report.to_json()), report.text)
    assert back.to_dict() == report.to_dict()
    assert back.sentences[0].suggestion.substitutions[0].kind == "entity"


def test_save_get_list_export_round_trip(kb):
    checks, check_id, entry = saved(kb)
    check = checks.get(check_id)
    assert check.text == TEXT and check.created_by == "ana" and check.origin == "cli"
    assert check.report().to_dict() == sample_report(entry.id).to_dict()
    assert check.refs == [{"name": "atlas.txt", "chars": len(REFS[0][1]),
                           "sha256": __import__("hashlib").sha256(REFS[0][1].encode()).hexdigest()}]
    kinds = {(e.sentence, e.kind) for e in check.evidence}
    assert kinds == {(0, "kb"), (1, "reference")}
    kb_ref = next(e for e in check.evidence if e.kind == "kb")
    assert kb_ref.key == str(entry.id) and kb_ref.version == "1"  # created once, never changed
    ref = next(e for e in check.evidence if e.kind == "reference")
    assert ref.key == check.refs[0]["sha256"] and ref.locator == "atlas.txt #1"
    [row] = checks.list()
    assert row["id"] == check_id and row["counts"]["contradicted"] == 1 and row["pending"] == 1
    assert row["evidence_changed"] == 0 and row["title"].startswith("Paris is the capital")
    exported = check.to_export()
    assert exported["report"]["sentences"][0]["status"] == "contradicted"
    assert json.loads(json.dumps(exported))["config"] == {"method": "nli", "top_k": 5}
    assert any(t["action"] == "check save" and t["subject"] == f"check #{check_id}" for t in kb.trail())


def test_decisions_are_kept_with_author_and_count_in_the_stats(kb):
    checks, check_id, entry = saved(kb)
    decide(checks, check_id, 0, "reject", "ana")
    decide(checks, check_id, 0, "accept", "bob", entry_id=None)  # a later decision replaces the earlier
    check = checks.get(check_id)
    assert [(d.action, d.author) for d in check.decisions] == [("reject", "ana"), ("accept", "bob")]
    assert check.latest_decisions()[0].text == "Paris is the capital of France."
    assert checks.list()[0]["pending"] == 0
    decide(checks, check_id, 1, "edit", "ana", "The Seine is 777 kilometres long.")  # nothing was proposed
    assert checks.list()[0]["pending"] == 0 and checks.list()[0]["counts"]["suggestions"] == 1
    stats = decision_stats(checks.decisions())
    assert stats["kind"]["entity"] == {"accept": 1, "edit": 0, "reject": 0, "total": 1}
    assert stats["kind"]["(none)"]["edit"] == 1
    assert stats["flag"]["swap"]["accept"] == 1 and stats["source"]["knowledge_base"]["total"] == 1
    assert "entity" in format_stats(stats, checks.count())
    with pytest.raises(SavedCheckError, match="needs the sentence as edited"):
        decide(checks, check_id, 0, "edit", "ana")
    actions = [t["action"] for t in kb.trail() if t["subject"] == f"check #{check_id}"]
    assert actions == ["check save", "check reject", "check accept", "check edit"]


@pytest.mark.parametrize("change", ["edit", "reject"])
def test_changing_an_entry_reopens_the_sentences_that_read_it(kb, change):
    checks, check_id, entry = saved(kb)
    other = checks.save(sample_report(entry.id + 1000), REFS, {}, "bob")  # reads another entry
    correction = kb.record_correction("Paris is the capital of France indeed.", "Paris is the capital of Italy.",
                                      entry.text, f"kb:{entry.id}", "ana")
    kb.approve([correction.id], "cura")
    decide(checks, check_id, 0, "accept", "ana", entry_id=correction.id)
    reads_correction = checks.save(sample_report(correction.id), [], {}, "bob")
    if change == "edit":
        kb.edit(entry.id, "cura", text="Paris is the capital city of France.")
    else:
        kb.reject([entry.id], "cura")
    check = checks.get(check_id)
    assert list(check.changed_sentences()) == [0]
    [mark] = check.changed_sentences()[0]
    assert mark.change == change and mark.changed_by == "cura"
    assert checks.get(other).changed_sentences() == {}
    assert checks.list()[-1]["evidence_changed"] == 1
    reopen = [t for t in kb.trail() if t["action"] == "check reopen"]
    assert [t["subject"] for t in reopen] == [f"check #{check_id}", f"check #{reads_correction}"]
    assert json.loads(reopen[0]["new"])["sentences"] == [0]
    # The approved correction that came from the entry is back in the curators' queue.
    assert kb.get(correction.id).status == "pending"
    assert kb.history(correction.id)[-1]["action"] == "reopen"
    assert list(checks.get(reads_correction).changed_sentences()) == [0]  # it was evidence too
    assert checks.get(reads_correction).evidence[0].change == "reopen"


def test_recheck_runs_only_the_changed_sentences_and_keeps_old_and_new(kb):
    checks, check_id, entry = saved(kb)
    with pytest.raises(SavedCheckError, match="nothing to re-check"):
        recheck(checks, check_id, "ana", run=lambda *a: [])
    kb.reject([entry.id], "cura")
    seen = {}

    def run(claims, config, references):
        seen.update(claims=claims, method=config.method, top_k=config.top_k, references=references)
        return [SentenceResult(0, claims[0], 0, len(claims[0]), "unverifiable", "no evidence any more")]

    result = recheck(checks, check_id, "ana", references=REFS + [("other.txt", "Unrelated.")], run=run)
    assert seen == {"claims": ["Paris is the capital of Italy."], "method": "nli", "top_k": 5, "references": REFS}
    [r] = result["sentences"]
    assert (r["old"]["status"], r["new"]["status"], r["new"]["start"]) == ("contradicted", "unverifiable", 0)
    check = checks.get(check_id)
    assert check.changed_sentences() == {}  # re-checked: the mark is cleared
    assert [(x["sentence"], x["old"]["status"], x["new"]["status"]) for x in check.rechecks] == \
        [(0, "contradicted", "unverifiable")]
    assert check.report().sentences[0].status == "contradicted"  # the saved report stays as it was
    assert any(t["action"] == "check recheck" for t in kb.trail())


def test_bad_inputs_give_one_line_messages(kb, capsys):
    checks, check_id, entry = saved(kb)
    with pytest.raises(SavedCheckError, match="no saved check with id 999"):
        checks.get(999)
    with pytest.raises(SavedCheckError, match="not a check id"):
        checks.get("abc")
    conn = checks._conn()
    q = "%s" if checks.postgres else "?"
    with checks._lock:
        conn.execute(f"UPDATE checks SET report = {q} WHERE id = {q}", ("{not json", check_id))
    with pytest.raises(SavedCheckError, match="corrupt"):
        checks.get(check_id).report()
    newer = checks.save(sample_report(entry.id), REFS, {}, "ana")
    with checks._lock:
        conn.execute(f"UPDATE checks SET format = 99 WHERE id = {q}", (newer,))
    with pytest.raises(SavedCheckError, match="newer Truth-O-Meter"):
        checks.get(newer).report()
    assert issubclass(SavedCheckError, TruthometerError)
    location = kb.url or str(kb.directory)
    for argv in (["show", "999"], ["show", str(check_id)], ["export", str(newer)], ["show", "x"]):
        assert main(["checks", "--kb", location, *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_cli_list_show_export_stats_decide(kb, capsys, tmp_path):
    checks, check_id, entry = saved(kb)
    location = kb.url or str(kb.directory)
    assert main(["checks", "--kb", location, "list"]) == 0
    assert "Paris is the capital" in capsys.readouterr().out
    assert main(["checks", "--kb", location, "decide", str(check_id), "0", "edit", "--text", "Paris is in France.",
                 "--author", "eve"]) == 0
    assert "edit by eve" in capsys.readouterr().out
    kb.edit(entry.id, "cura", confidence=0.5)
    assert main(["checks", "--kb", location, "show", str(check_id)]) == 0
    out = capsys.readouterr().out
    assert "EVIDENCE CHANGED" in out and "edited by eve" in out
    out_file = tmp_path / "check.json"
    assert main(["checks", "--kb", location, "export", str(check_id), "--out", str(out_file)]) == 0
    data = json.loads(out_file.read_text())
    assert data["decisions"][0]["text"] == "Paris is in France." and data["evidence"][0]["change"] == "edit"
    assert main(["checks", "stats", "--json", "--kb", location]) == 0  # --kb after the action too
    assert json.loads(capsys.readouterr().out)["kind"]["entity"]["edit"] == 1


def _writer(location: str, worker: int, n: int) -> None:
    kb = open_kb(location)
    checks = CheckStore(kb.store)
    for k in range(n):
        check_id = checks.save(sample_report(1), REFS, {"worker": worker}, f"w{worker}")
        checks.decide(check_id, Decision(0, "accept", f"w{worker}", text=f"{worker}-{k}"))
        checks.mark_changed([1], "edit", f"w{worker}")  # both re-open what reads entry 1, at once
    kb.close()


def test_two_writer_processes_lose_nothing(kb, monkeypatch):
    location = kb.url or str(kb.directory)
    CheckStore(kb.store)  # the tables exist before the writers start
    # A spawned child first runs the parent's __main__ script again; after an AppTest in this process
    # that is Streamlit's temporary page script, which fails outside Streamlit. The writers need none.
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(location, w, 8)) for w in (1, 2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    checks = CheckStore(kb.store)
    assert checks.count() == 16
    texts = sorted(d.text for d in checks.decisions())
    assert texts == sorted(f"{w}-{k}" for w in (1, 2) for k in range(8))
    trail = kb.trail()
    assert sum(1 for t in trail if t["action"] == "check save") == 16
    # Every check was re-opened exactly once (a writer marks its own new check, or the other one does).
    reopened = [int(t["subject"].split("#")[1]) for t in trail if t["action"] == "check reopen"]
    assert sorted(reopened) == sorted(r["id"] for r in checks.list())
    assert all(r["evidence_changed"] == 1 for r in checks.list())


def test_a_database_whose_checks_schema_is_newer_is_refused(kb):
    CheckStore(kb.store)
    kb.store.meta("checks_schema_version", "99") if not kb.url else kb.store.conn.execute(
        "UPDATE meta SET value = '99' WHERE key = 'checks_schema_version'")
    with pytest.raises(SavedCheckError, match="schema version 99, newer"):
        CheckStore(kb.store)


def test_the_saved_checks_bench_reports_its_figures(capsys):
    import argparse

    from truthometer.benchmarks import saved_checks

    figures = saved_checks.run(argparse.Namespace(sentences=20, kb=None))
    assert figures["reopened_sentences"] == 20 and figures["backend"] == "sqlite"
    assert {"save_s", "open_s", "list_s", "reopen_s", "open_within_target"} <= set(figures)
    assert "saved check of 20 sentences" in capsys.readouterr().out


def test_a_replaced_reference_reopens_the_sentences_that_read_it_and_recheck_uses_the_new_one(kb, capsys, tmp_path):
    checks, check_id, entry = saved(kb)
    same = checks.save(sample_report(entry.id), REFS, {}, "bob")
    assert checks.reference_replaced("atlas.txt", REFS[0][1], "cura") == {}  # the same text: nothing changed
    assert checks.reference_replaced("other.txt", "Anything.", "cura") == {}  # a name no check used
    new_text = "The Seine is 775 km long."
    marked = checks.reference_replaced("atlas.txt", new_text, "cura")
    assert marked == {check_id: [1], same: [1]}
    [mark] = checks.get(check_id).changed_sentences()[1]
    assert mark.change == "reference replaced" and mark.kind == "reference"
    seen = {}

    def run(claims, config, references):
        seen["references"] = references
        return [SentenceResult(0, c, 0, len(c), "contradicted", "the new atlas disagrees") for c in claims]

    recheck(checks, check_id, "ana", references=[("atlas.txt", new_text)], run=run)
    assert seen["references"] == [("atlas.txt", new_text)]  # the new version, under the saved name
    file = tmp_path / "atlas.txt"
    file.write_text("The Seine is 776 km long.", encoding="utf-8")
    location = kb.url or str(kb.directory)
    assert main(["checks", "--kb", location, "reference-changed", str(file), "--name", "atlas.txt"]) == 0
    assert f"marked: #{check_id}" in capsys.readouterr().out
