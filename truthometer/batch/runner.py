"""``run_batch``: check every document of a folder or a JSONL file, resumably, on one process, a local pool
of processes (one model copy each) or a Ray cluster."""
from __future__ import annotations

import os
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..errors import InputError, TruthometerError
from .inputs import Document, read_documents
from .results import Corpus, ResultsFile, read_corpus
from .worker import Settings, Worker, error_record

#: Documents queued per worker beyond the one it checks, so a worker never waits for the parent.
QUEUED_PER_WORKER = 1
#: A pool that breaks this many times in a row without one document finishing is not restarted again.
MAX_POOL_RESTARTS = 3


@dataclass
class BatchResult:
    out: Path
    #: Documents checked and error lines written by this run.
    checked: int = 0
    errors: int = 0
    #: Documents of the input already in the results file at start (skipped: never checked twice).
    already_done: int = 0
    total: int = 0
    seconds: float = 0.0
    #: What was repaired in the results file at start (a partial last line dropped), or None.
    repaired: str | None = None
    interrupted: bool = False
    workers: int = 1
    engine: str = "process"
    #: The whole results file, this run's lines and earlier runs', for the closing summary.
    corpus: Corpus = field(default_factory=Corpus)


class Fatal(TruthometerError):
    """A worker cannot check anything (a model missing, a knowledge base that cannot be opened)."""


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_batch(input_path: str | Path, out: str | Path, settings: Settings | None = None,
              references: Iterable[tuple[str, str]] = (), workers: int | None = 1, ray: str | None = None,
              progress: bool = True, after_document: Callable[[dict], None] | None = None,
              threads: int | None = None) -> BatchResult:
    """Check every document of ``input_path`` not yet in ``out``, appending one line per document.

    ``workers``: processes (None or 1: this one; 0: one per core), or Ray actors with ``ray`` (an address,
    or "local" to start a Ray on this machine; None or 0: one per CPU of the cluster). ``threads``: torch
    threads per worker (default: the cores divided among the local workers; 1 per Ray actor, which reserves
    as many CPUs; this process left as torch sets it when it checks alone). ``references`` are
    added to every document's. ``after_document(record)`` is called after each line is written (tests
    stop a run with it). Ctrl-C (KeyboardInterrupt) ends the run early with ``interrupted`` set; what was
    written stays, and the same call again continues from there.
    """
    settings = settings or Settings()
    references = list(references)
    if workers is not None and workers < 0:
        raise InputError("--workers takes 0 (all cores) or more")
    if threads is not None and threads < 1:
        raise InputError("--threads takes 1 or more")
    local_workers = cores() if workers == 0 else (workers or 1)
    result = BatchResult(Path(out), workers=local_workers if not ray else (workers or 0),
                         engine="ray" if ray else ("pool" if local_workers > 1 else "process"))
    start = time.perf_counter()
    with ResultsFile(out) as results:
        result.repaired = results.repaired
        for doc in read_documents(input_path, references):  # a first pass for the bar: keys only
            result.total += 1
            result.already_done += doc.key in results.done
        bar = _bar(result, progress)

        def emit(record: dict) -> None:
            results.write(record)
            if "error" in record:
                result.errors += 1
            else:
                result.checked += 1
            if bar is not None:
                bar.update(1)
                if result.errors:
                    bar.set_postfix_str(f"{result.errors} errors", refresh=False)
            if after_document is not None:
                after_document(record)

        def to_check() -> Iterator[Document]:
            """Documents to check; a bad one is written as an error line on the way."""
            seen = set(results.done)
            for doc in read_documents(input_path, references):
                if doc.key in seen:
                    continue
                seen.add(doc.key)
                if doc.error:
                    emit(error_record(doc.id, doc.line, doc.error, **({"duplicate": True} if doc.duplicate else {})))
                else:
                    yield doc

        try:
            if ray:
                from .ray_runner import run_on_ray

                result.workers = run_on_ray(to_check(), settings, workers, ray, emit, threads or 1)
            elif local_workers > 1:
                _run_pool(to_check(), settings, local_workers, emit, threads)
            else:
                _run_here(to_check(), settings, emit, threads)
        except KeyboardInterrupt:
            result.interrupted = True
        finally:
            if bar is not None:
                bar.close()
            result.seconds = time.perf_counter() - start
    result.corpus = read_corpus(out)
    return result


def _bar(result: BatchResult, progress: bool):
    if not progress:
        return None
    from tqdm import tqdm

    # The rate always as texts/s (tqdm writes a slow one as s/text), and the time left.
    return tqdm(total=result.total, initial=result.already_done, unit=" texts", file=sys.stderr,
                dynamic_ncols=True, smoothing=0.1, desc="batch",
                bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_noinv_fmt}{postfix}]")


def _deliver(record: dict, emit: Callable[[dict], None]) -> None:
    if "fatal" in record:
        raise Fatal(record["fatal"])
    emit(record)


def _run_here(docs: Iterator[Document], settings: Settings, emit, threads: int | None = None) -> None:
    worker = None
    for doc in docs:
        if worker is None:  # the models load only when a document needs them
            worker = Worker(settings, threads)
            if worker.fatal:
                raise Fatal(worker.fatal)
        _deliver(worker.check(doc.payload()), emit)


def _run_pool(docs: Iterator[Document], settings: Settings, workers: int, emit, threads: int | None = None) -> None:
    """A spawn-context process pool, one Checker per process (built by the initializer); results written
    in the order they finish. A worker that dies (killed, out of memory) breaks the pool: it is restarted,
    and the documents it held are checked again one at a time, so the one that kills a worker gets an
    error line and the others their results."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    from .worker import check_in_process, init_process

    context = multiprocessing.get_context("spawn")
    threads = threads or max(1, cores() // workers)

    def new_pool():
        return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=init_process,
                                   initargs=(settings, threads))

    pool = new_pool()
    inflight: dict = {}
    suspects: deque[Document] = deque()  # held by a worker that died: checked again, alone
    alone = False
    restarts = 0
    source = iter(docs)
    exhausted = False
    try:
        while True:
            while not alone and len(inflight) < workers * (1 + QUEUED_PER_WORKER):
                if suspects:
                    if inflight:
                        break
                    doc, alone = suspects.popleft(), True
                elif not exhausted:
                    doc = next(source, None)
                    if doc is None:
                        exhausted = True
                        break
                else:
                    break
                inflight[pool.submit(check_in_process, doc.payload())] = doc
            if not inflight:
                break
            finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
            broken = False
            for future in finished:
                try:
                    record = future.result()
                except BrokenProcessPool:
                    broken = True
                    continue
                inflight.pop(future)
                restarts = 0
                _deliver(record, emit)
            if not broken:
                if alone and not inflight:
                    alone = False
                continue
            # A worker died: every document in flight is lost with the pool.
            lost = list(inflight.values())
            inflight.clear()
            pool.shutdown(wait=False, cancel_futures=True)
            if alone:
                for doc in lost:  # checked alone, and its worker died again: this document is the cause
                    emit(error_record(doc.id, doc.line, "the worker checking this document died (out of memory, "
                                                        "or killed); not checked"))
                alone = False
            else:
                suspects.extend(lost)
            restarts += 1
            if restarts > MAX_POOL_RESTARTS:
                raise Fatal(f"the worker processes died {restarts} times in a row without finishing a document "
                            f"(out of memory? try fewer --workers)")
            pool = new_pool()
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True)


def _stop(pool) -> None:
    """End the pool now (Ctrl-C, a fatal error): its workers are terminated, queued documents dropped."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.terminate()
        except Exception:  # noqa: BLE001 - already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)


def format_summary(result: BatchResult, top: int = 10) -> str:
    """The closing summary, for stderr: this run, then the whole results file with its worst documents."""
    corpus = result.corpus
    done = result.checked + result.errors
    rate = done / result.seconds if result.seconds else 0.0
    lines = []
    if result.repaired:
        lines.append(f"{result.out}: {result.repaired}")
    head = "interrupted" if result.interrupted else "done"
    engine = {"process": "1 process", "pool": f"{result.workers} worker processes",
              "ray": f"{result.workers} Ray actors"}[result.engine]
    lines.append(f"{head}: this run checked {result.checked} documents, {result.errors} skipped with errors, "
                 f"in {result.seconds:.1f} s ({rate:.2f} texts/s, {engine}); {result.already_done} of "
                 f"{result.total} were done before")
    flags = [c + u for c, u, _ in corpus.flags]
    mean = sum(flags) / len(flags) if flags else 0.0
    lines.append(f"{result.out}: {corpus.checked} documents checked, {corpus.errors} skipped with errors; "
                 f"flags per document (contradicted + unverifiable sentences): mean {mean:.2f}, "
                 f"max {max(flags, default=0)}; {sum(1 for f in flags if f == 0)} documents with none")
    worst = corpus.worst(top)
    if worst:
        lines.append(f"worst documents (top {len(worst)}: contradicted, then unverifiable):")
        width = min(60, max(len(doc_id) for _, _, doc_id in worst))
        for contradicted, unverifiable, doc_id in worst:
            lines.append(f"  {doc_id:<{width}}  {contradicted:>3} contradicted  {unverifiable:>3} unverifiable")
    if corpus.error_lines:
        lines.append(f"errors ({corpus.errors}):")
        for message in corpus.error_lines[:top]:
            lines.append(f"  {message[:200]}")
        if corpus.errors > top:
            lines.append(f"  ... {corpus.errors - top} more: grep '\"error\"' {result.out}")
    if result.interrupted:
        lines.append("run the same command again to continue where this run stopped")
    return "\n".join(lines)
