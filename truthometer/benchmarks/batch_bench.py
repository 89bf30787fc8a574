"""Corpus checking speed (`batch`): texts/s with 1 and 2 worker processes and a local Ray, same run.

Each configuration checks the same documents into a fresh results file, in this order: one process (this
one, as `batch` runs by default), a pool of worker processes, a Ray started on this machine with as many
actors. Two rates: *warm* (from the moment every worker has finished its first document to the last one:
the rate of a long run, start-up left out) and *wall* (the whole run, models loaded, as a user waits for
it), and the warm rate's ratio to one process. Every document's report is compared with the one-process
run's: the same input gives the same report whatever runs it. The data: a folder of texts, a JSONL file of
{"id", "text", "references"}, or an articles JSON list (shared/examples/articles.json); without --data, a
generated corpus (``synthetic``), so the bench needs no data file.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from ..errors import InputError
from .common import machine, print_table


def add_arguments(parser) -> None:
    parser.add_argument("--data", help="folder of .txt/.md, JSONL of {id, text, references}, or an articles JSON "
                                       "list (shared/examples/articles.json); default: a generated corpus")
    parser.add_argument("--limit", type=int, default=0, help="first N documents only (0: all)")
    parser.add_argument("--documents", type=int, default=40, help="generated documents, without --data")
    parser.add_argument("--runs", default="1,1x1,2,ray2",
                        help="comma-separated runs, in order: N (N worker processes, torch threads as `batch` sets "
                             "them: the cores shared among them; 1 is this process, as `batch` runs by default), NxT "
                             "(N workers of T threads), rayN (a local Ray with N actors of 1 thread)")
    parser.add_argument("--kb", action="store_true", help="also use the knowledge base (default: references only)")


def generated_corpus(documents: int) -> list[dict]:
    """Deterministic documents of 8 sentences, each against its own 8 reference sentences (copies,
    changed numbers, unrelated sentences: every status)."""
    from .synthetic import article, reference_sentences

    rows = []
    for number in range(documents):
        references = reference_sentences(8, seed=100 + number)
        rows.append({"id": f"generated-{number:04d}", "text": article(references, 8, seed=5000 + number),
                     "references": [{"name": f"reference-{number:04d}.md", "text": " ".join(references)}]})
    return rows


def load_corpus(data: str | None, documents: int, limit: int) -> list[dict]:
    """The documents as JSONL rows (a folder's files read with their ids; bad documents kept as they are:
    each run reports them the same way)."""
    if not data:
        rows = generated_corpus(documents)
    else:
        path = Path(data)
        if path.is_file() and path.suffix.lower() == ".json":
            try:
                rows = json.loads(path.read_text(encoding="utf-8"))
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise InputError(f"{data}: not a JSON list of articles ({exc})") from exc
            if not isinstance(rows, list):
                raise InputError(f"{data}: expected a list of {{id, text, references}}")
            rows = [{"id": str(r.get("id", n)), "text": r.get("text"), "references": r.get("references", [])}
                    for n, r in enumerate(rows, 1) if isinstance(r, dict)]
        elif path.is_file():
            rows = []
            with path.open(encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    if line.strip():
                        rows.append(line.rstrip("\n"))  # as written: a malformed line stays malformed
        else:
            from ..batch import read_documents

            rows = []
            for doc in read_documents(path):
                rows.append({"id": doc.id, "text": doc.text, "references": [{"name": n, "text": t}
                                                                            for n, t in doc.references]}
                            if not doc.error else {"id": doc.id, "text": ""})
    return rows[:limit] if limit else rows


def run(args) -> dict:
    from ..batch import Settings, run_batch
    from ..batch.runner import cores

    rows = load_corpus(args.data, args.documents, args.limit)
    if not rows:
        raise InputError("no documents to check")
    settings = Settings(use_kb=args.kb)
    configurations = [parse_run(run_spec) for run_spec in args.runs.split(",") if run_spec.strip()]
    figures: dict = {"documents": len(rows), "machine": machine(), "cores": cores(),
                     "data": args.data or f"generated ({args.documents} documents)"}
    table, baseline, reference_reports = [], None, None
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_text("".join((r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n"
                                  for r in rows), encoding="utf-8")
        for name, key, options in configurations:
            if options.get("ray"):
                try:
                    import ray  # noqa: F401
                except ImportError:
                    from ..batch.ray_runner import RAY_PIN

                    print(f"{name}: Ray not installed (pip install {RAY_PIN})")
                    figures[key] = None
                    continue
            out = Path(tmp) / f"{key}.jsonl"
            load_before = _load()
            start = time.time()
            result, finished = timed_run(corpus, out, settings, options)
            wall = time.time() - start
            records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
            reports = {r["id"] if r["id"] is not None else f"line {r.get('line')}": r.get("report") for r in records}
            sentences = sum(r["summary"]["total"] for r in records if "summary" in r)
            first = max(1, min(result["workers"] or 1, len(finished) - 1))
            span = finished[-1] - finished[first - 1] if len(finished) > first else 0.0
            warm = (len(finished) - first) / span if span > 0 else len(finished) / wall
            entry = {"texts_per_s": round(warm, 3), "texts_per_s_wall": round(len(finished) / wall, 3),
                     "sentences_per_s": round(warm * sentences / max(1, result["checked"]), 2),
                     "first_result_s": round(finished[0] - start, 1) if finished else None,
                     "wall_s": round(wall, 1), "checked": result["checked"], "errors": result["errors"],
                     "workers": result["workers"],
                     # Other processes on the machine slow a run (most, one whose torch threads wait on each
                     # other): the 1-minute load average before and after it says how busy the machine was.
                     "load_before": load_before, "load_after": _load(),
                     # the whole machine's cores for as long as one text takes, at the warm rate
                     "core_seconds_per_text": round(cores() / warm, 3) if warm else None}
            if baseline is None:
                baseline, reference_reports = warm, reports
                figures["sentences"] = sentences
            entry["ratio_to_1_process"] = round(warm / baseline, 2) if baseline else None
            entry["same_reports_as_first"] = sum(1 for k, v in reports.items() if reference_reports.get(k) == v)
            entry["same_statuses_as_first"] = sum(
                1 for k, v in reports.items()
                if _statuses(v) == _statuses(reference_reports.get(k)))
            figures[key] = entry
            table.append([name, result["checked"], result["errors"], entry["texts_per_s"], entry["texts_per_s_wall"],
                          entry["sentences_per_s"], entry["first_result_s"], entry["ratio_to_1_process"],
                          entry["core_seconds_per_text"],
                          f"{entry['same_reports_as_first']}/{len(reports)}", f"{load_before}/{entry['load_after']}"])
    print(f"{len(rows)} documents, {figures.get('sentences', 0)} sentences; {figures['machine']}")
    print_table(["run", "checked", "errors", "texts/s warm", "texts/s wall", "sentences/s", "first result s",
                 "ratio", "core-s/text", "same reports", "load"], table)
    return figures


def timed_run(corpus: Path, out: Path, settings, options: dict) -> tuple[dict, list[float]]:
    """One configuration in a fresh process (spawned, as a user's `batch` would start): no model loaded and
    no cache filled by the run before. Returns the run's counts and the time.time() each line was written."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child_run, args=(send, str(corpus), str(out), settings, options))
    child.start()
    send.close()
    try:
        outcome = receive.recv()
    except EOFError:
        outcome = {"error": f"the run's process died (exit code {child.exitcode})"}
    child.join()
    if "error" in outcome:
        from ..errors import TruthometerError

        raise TruthometerError(f"bench batch {options}: {outcome['error']}")
    return outcome["result"], outcome["finished"]


def _child_run(send, corpus: str, out: str, settings, options: dict) -> None:
    from ..batch import run_batch

    finished: list[float] = []
    try:
        result = run_batch(corpus, out, settings, progress=False,
                           after_document=lambda record: finished.append(time.time()), **options)
        send.send({"result": {"checked": result.checked, "errors": result.errors, "workers": result.workers},
                   "finished": finished})
    except BaseException as exc:  # noqa: BLE001 - said by the parent in one line
        send.send({"error": f"{type(exc).__name__}: {exc}"})
    finally:
        send.close()


def parse_run(spec: str) -> tuple[str, str, dict]:
    """"2" -> 2 worker processes; "1x1" -> 1 process of 1 thread; "ray2" -> a local Ray with 2 actors."""
    from ..batch.runner import cores

    spec = spec.strip().lower()
    try:
        if spec.startswith("ray"):
            actors = int(spec[3:] or 2)
            return f"Ray local, {actors} actors x 1 thread", f"ray_local_{actors}", {"ray": "local", "workers": actors}
        count, _, threads = spec.partition("x")
        count = int(count)
        threads = int(threads) if threads else None
    except ValueError as exc:
        raise InputError(f"--runs: {spec!r} is not N, NxT or rayN") from exc
    shown = threads or max(1, cores() // count)
    name = (f"1 process x {shown} threads" if count == 1 else f"{count} worker processes x {shown} threads")
    key = f"workers_{count}" + (f"x{threads}" if threads else "")
    return name, key, {"workers": count, "threads": threads}


def _load() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _statuses(report) -> list | None:
    return [s["status"] for s in report["sentences"]] if report else None
