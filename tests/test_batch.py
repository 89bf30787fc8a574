"""`batch`: a corpus checked one results line per document, bad documents reported and skipped, resumable
after Ctrl-C or kill -9, the same verdicts on 1 or 2 worker processes and on a local Ray.

Texts are one or two short sentences against one reference, without the knowledge base: the models load
once in this process; the kill -9 test, the 2-worker test and the Ray test start processes of their own.
"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from truthometer.batch import Settings, format_summary, run_batch
from truthometer.batch.results import ResultsFile
from truthometer.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
NO_KB = Settings(use_kb=False)
TOWER = "The tower was completed in 1889 in Paris."
DOCS = [
    {"id": "wrong-year", "text": "The tower was completed in 1899. I think it is lovely.", "references": [TOWER]},
    {"id": "right-place", "text": "The tower is in Paris.", "references": [{"name": "tower.md", "text": TOWER}]},
    {"id": "off-topic", "text": "The museum in Ghent sells ice cream on Sundays.", "references": [TOWER]},
]
STATUSES = {"wrong-year": ["contradicted", "skipped"], "right-place": ["supported"], "off-topic": ["unverifiable"]}


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def statuses(path: Path) -> dict:
    return {r["id"]: [s["status"] for s in r["report"]["sentences"]] for r in records(path) if "report" in r}


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows),
                    encoding="utf-8")
    return path


def test_a_folder_through_the_command_line_one_line_per_text_and_a_summary(tmp_path, capsys):
    from truthometer import check
    from truthometer.cli import main

    folder = tmp_path / "texts"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text("The tower was completed in 1899. I think it is lovely.", encoding="utf-8")
    (folder / "sub" / "b.md").write_text("The tower is in Paris.", encoding="utf-8")
    (folder / "scan.png").write_bytes(b"\x89PNG not a text")  # not a text or a document format: left out
    (folder / ".draft.txt").write_text("The tower was completed in 1700.", encoding="utf-8")  # hidden
    reference = tmp_path / "tower.md"
    reference.write_text(TOWER, encoding="utf-8")
    out = tmp_path / "results.jsonl"

    assert main(["batch", str(folder), "--out", str(out), "--reference", str(reference), "--no-kb"]) == 0
    by_id = {r["id"]: r for r in records(out)}
    assert list(by_id) == ["a.txt", "sub/b.md"]
    a, b = by_id["a.txt"], by_id["sub/b.md"]
    assert [s["status"] for s in a["report"]["sentences"]] == ["contradicted", "skipped"]
    assert a["summary"] == {"supported": 0, "contradicted": 1, "unverifiable": 0, "skipped": 1, "total": 2,
                            "suggestions": 1, "flags": 1}
    assert b["summary"]["supported"] == 1 and b["summary"]["flags"] == 0
    assert a["seconds"] > 0 and "error" not in a
    # The report is the one `check --format json` prints for the same text and reference.
    alone = check("The tower was completed in 1899. I think it is lovely.", [(str(reference), TOWER)])
    assert a["report"] == json.loads(alone.to_json())

    err = capsys.readouterr().err
    assert "texts/s" in err  # the progress bar's rate
    assert "this run checked 2 documents, 0 skipped with errors" in err
    worst = err[err.index("worst documents"):].splitlines()
    assert worst[1].split()[:3] == ["a.txt", "1", "contradicted"] and len(worst) == 2  # b.md has no flag


def test_bad_documents_get_an_error_line_and_the_others_are_checked(tmp_path):
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "good.txt").write_text("The tower was completed in 1899.", encoding="utf-8")
    (folder / "binary.txt").write_bytes(b"\x00\x01\x02binary")
    (folder / "latin.md").write_bytes("caf\xe9 au lait".encode("latin-1"))
    (folder / "empty.txt").write_text("  \n", encoding="utf-8")
    (folder / "huge.txt").write_text("word " * 100_000, encoding="utf-8")
    out = tmp_path / "folder.jsonl"
    result = run_batch(folder, out, NO_KB, references=[("tower.md", TOWER)], progress=False)
    assert (result.checked, result.errors, result.interrupted) == (1, 4, False)
    errors = {r["id"]: r["error"] for r in records(out) if "error" in r}
    assert set(errors) == {"binary.txt", "latin.md", "empty.txt", "huge.txt"}
    assert "binary" in errors["binary.txt"] and "UTF-8" in errors["latin.md"]
    assert "empty" in errors["empty.txt"] and "limit" in errors["huge.txt"]
    assert statuses(out) == {"good.txt": ["contradicted"]}

    jsonl = write_jsonl(tmp_path / "docs.jsonl", [
        DOCS[0],
        '{"id": "broken", "text": ',                                       # 2: not JSON
        {"text": "No id here."},                                            # 3
        {"id": "no-text"},                                                  # 4
        {"id": "blank", "text": "   "},                                     # 5
        {"id": "wrong-year", "text": "Checked twice?"},                     # 6: duplicate id
        {"id": "bad-refs", "text": "The tower is tall.", "references": "not a list"},  # 7
        '["a", "list"]',                                                    # 8
        DOCS[1],                                                            # 9
    ])
    with jsonl.open("ab") as handle:
        handle.write(b'{"id": "latin", "text": "caf\xe9"}\n')               # 10: not UTF-8
    out = tmp_path / "jsonl.jsonl"
    result = run_batch(jsonl, out, NO_KB, progress=False)
    assert (result.checked, result.errors) == (2, 8)
    lines = records(out)
    errors = {r["line"]: (r["id"], r["error"]) for r in lines if "error" in r}
    assert sorted(errors) == [2, 3, 4, 5, 6, 7, 8, 10]
    assert errors[2][0] is None and "not JSON" in errors[2][1]
    assert errors[3][0] is None and '"id"' in errors[3][1]
    assert errors[4] == ("no-text", 'line 4 (\'no-text\'): no "text" (a string)')
    assert "duplicate id 'wrong-year' (first on line 1)" in errors[6][1]
    assert "references" in errors[7][1] and "not UTF-8" in errors[10][1]
    assert statuses(out) == {"wrong-year": STATUSES["wrong-year"], "right-place": STATUSES["right-place"]}
    right_place = next(r for r in lines if r["id"] == "right-place")
    assert right_place["line"] == 9 and right_place["report"]["sentences"][0]["evidence"][0]["locator"] == "tower.md #1"
    # Run again: every line, error lines too, is already there; nothing is checked or written twice.
    again = run_batch(jsonl, out, NO_KB, progress=False)
    assert (again.checked, again.errors, again.already_done, again.total) == (0, 0, 10, 10)
    assert records(out) == lines
    summary = format_summary(again)
    assert "2 documents checked, 8 skipped with errors" in summary and summary.index("wrong-year") < summary.index("errors (8)")


def test_an_interrupted_run_resumes_with_the_rest_only(tmp_path):
    jsonl = write_jsonl(tmp_path / "docs.jsonl", DOCS)
    out = tmp_path / "results.jsonl"

    def stop(record):
        raise KeyboardInterrupt  # Ctrl-C right after the first document's line is written

    first = run_batch(jsonl, out, NO_KB, progress=False, after_document=stop)
    assert first.interrupted and first.checked == 1
    assert [r["id"] for r in records(out)] == ["wrong-year"]
    assert "run the same command again" in format_summary(first)

    checked_now = []
    second = run_batch(jsonl, out, NO_KB, progress=False, after_document=lambda r: checked_now.append(r["id"]))
    assert not second.interrupted and second.already_done == 1
    assert checked_now == ["right-place", "off-topic"] and second.checked == 2
    ids = [r["id"] for r in records(out)]
    assert sorted(ids) == sorted(set(ids)) == sorted(STATUSES)
    assert statuses(out) == STATUSES


KILLED_RUN = """
import sys, time
from truthometer.batch import Settings, run_batch
# Sleeps after the first document's line is written: the test kills it there.
run_batch(sys.argv[1], sys.argv[2], Settings(use_kb=False), progress=False, after_document=lambda r: time.sleep(600))
"""


def test_kill_9_after_one_document_then_a_truncated_last_line_is_repaired(tmp_path):
    jsonl = write_jsonl(tmp_path / "docs.jsonl", DOCS)
    out = tmp_path / "results.jsonl"
    process = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(jsonl), str(out)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env={**os.environ, "HF_HUB_OFFLINE": "1"})
    try:
        deadline = time.monotonic() + 300
        while not (out.exists() and out.read_bytes().endswith(b"\n")):
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, "the first document took over 300 s"
            time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stderr.close()
    assert [r["id"] for r in records(out)] == ["wrong-year"]  # the line was whole when the process died
    # A kill in the middle of a write leaves part of a line: dropped at the next start, its document checked.
    with out.open("ab") as handle:
        handle.write(b'{"id":"right-place","summary":{"supported":1,"contra')

    checked_now = []
    resumed = run_batch(jsonl, out, NO_KB, progress=False, after_document=lambda r: checked_now.append(r["id"]))
    assert resumed.repaired and "incomplete last line" in resumed.repaired
    assert checked_now == ["right-place", "off-topic"] and resumed.already_done == 1
    ids = [r["id"] for r in records(out)]  # every line parses: the partial one is gone
    assert ids == ["wrong-year", "right-place", "off-topic"]
    assert statuses(out) == STATUSES


def test_two_workers_give_the_same_verdicts_as_one(tmp_path):
    jsonl = write_jsonl(tmp_path / "docs.jsonl", DOCS)
    one = run_batch(jsonl, tmp_path / "one.jsonl", NO_KB, workers=1, progress=False)
    two = run_batch(jsonl, tmp_path / "two.jsonl", NO_KB, workers=2, progress=False)
    assert (one.engine, two.engine, two.workers) == ("process", "pool", 2)
    assert two.checked == 3 and two.errors == 0
    assert statuses(tmp_path / "two.jsonl") == statuses(tmp_path / "one.jsonl") == STATUSES
    # Deterministic: the whole report, evidence, probabilities and corrections, whoever checked it.
    reports = [{r["id"]: r["report"] for r in records(tmp_path / name)} for name in ("one.jsonl", "two.jsonl")]
    assert reports[0] == reports[1]


def test_a_local_ray_checks_two_texts(tmp_path):
    pytest.importorskip("ray", reason="Ray is optional and not installed (pip install ray==2.60.0)")
    jsonl = write_jsonl(tmp_path / "docs.jsonl", DOCS[:2])
    out = tmp_path / "results.jsonl"
    result = run_batch(jsonl, out, NO_KB, workers=2, ray="local", progress=False)
    assert (result.engine, result.workers, result.checked, result.errors) == ("ray", 2, 2, 0)
    assert statuses(out) == {k: STATUSES[k] for k in ("wrong-year", "right-place")}


def test_ray_missing_says_what_to_install(tmp_path, monkeypatch):
    from truthometer.batch import ray_runner

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(Exception, match=r"pip install ray==\d"):
        ray_runner._import_ray()


def test_bad_input_or_out_and_a_second_run_on_the_same_file_are_refused(tmp_path):
    jsonl = write_jsonl(tmp_path / "docs.jsonl", DOCS[:1])
    with pytest.raises(InputError, match="no such file or folder"):
        run_batch(tmp_path / "missing", tmp_path / "r.jsonl", NO_KB, progress=False)
    with pytest.raises(InputError, match="is a folder"):
        run_batch(jsonl, tmp_path, NO_KB, progress=False)
    out = tmp_path / "results.jsonl"
    with ResultsFile(out):  # another run holds the file
        with pytest.raises(InputError, match="another batch run"):
            run_batch(jsonl, out, NO_KB, progress=False)
    out.write_text("not a results line\n", encoding="utf-8")
    with pytest.raises(InputError, match="not a results line"):
        run_batch(jsonl, out, NO_KB, progress=False)


def test_the_bench_reads_every_input_form_without_shared_data(tmp_path):
    from truthometer.benchmarks.batch_bench import load_corpus, parse_run

    generated = load_corpus(None, documents=3, limit=0)
    assert [r["id"] for r in generated] == ["generated-0000", "generated-0001", "generated-0002"]
    assert all(r["text"] and r["references"][0]["text"] for r in generated)
    assert load_corpus(None, documents=3, limit=0) == generated  # deterministic
    articles = tmp_path / "articles.json"
    articles.write_text(json.dumps([{"id": "a1", "text": "T.", "references": ["R."], "expect": []}]), encoding="utf-8")
    assert load_corpus(str(articles), 0, 0) == [{"id": "a1", "text": "T.", "references": ["R."]}]
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "x.md").write_text("The tower is in Paris.", encoding="utf-8")
    assert load_corpus(str(folder), 0, 0) == [{"id": "x.md", "text": "The tower is in Paris.", "references": []}]
    jsonl = write_jsonl(tmp_path / "docs.jsonl", DOCS)
    assert len(load_corpus(str(jsonl), 0, limit=2)) == 2
    assert parse_run("2")[2] == {"workers": 2, "threads": None}
    assert parse_run("1x1")[2] == {"workers": 1, "threads": 1}
    assert parse_run("ray2")[2] == {"ray": "local", "workers": 2}
    with pytest.raises(InputError):
        parse_run("many")
