"""What checks one document, the same in the parent process, in a pool worker and in a Ray actor.

A worker builds its Checker (and its evidence sources) once and warms the models up, so every document
after that pays only for its own check. What is wrong with one document (a check that raises) becomes that
document's error; what is wrong with the worker itself (a model missing, a knowledge base that cannot be
opened) is *fatal*: it is no document's fault, so the run stops there, resumable once it is fixed.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..config import Config
from ..errors import ModelNotAvailable, TruthometerError


@dataclass(frozen=True)
class Settings:
    """How every document of a run is checked: picklable, sent once to each worker."""

    config: Config = field(default_factory=Config)
    use_kb: bool = True
    web: bool = False
    searxng: str | None = None
    allow_hosts: tuple[str, ...] = ()


def summarise(stats: dict) -> dict:
    """A document's counts per status, and its flags: the sentences a reviewer must look at."""
    keys = ("supported", "contradicted", "unverifiable", "skipped", "total", "suggestions")
    summary = {k: int(stats.get(k, 0)) for k in keys}
    summary["flags"] = summary["contradicted"] + summary["unverifiable"]
    return summary


def result_record(doc_id: str, line: int | None, report, seconds: float) -> dict:
    """One line of RESULTS.jsonl for a checked document. ``report`` is ``Report.to_dict()``, the same JSON
    ``check --format json`` prints; the summary comes first so that `head` shows it."""
    record: dict = {"id": doc_id}
    if line is not None:
        record["line"] = line
    record["summary"] = summarise(report["stats"])
    record["seconds"] = round(seconds, 3)
    record["report"] = report
    return record


def error_record(doc_id: str | None, line: int | None, error: str, **extra) -> dict:
    record: dict = {"id": doc_id}
    if line is not None:
        record["line"] = line
    record["error"] = error
    record.update(extra)
    return record


class Worker:
    """Holds one Checker; ``check(payload)`` returns the document's record, or ``{"fatal": message}``."""

    def __init__(self, settings: Settings, threads: int | None = None):
        self.fatal: str | None = None
        self.checker = None
        try:
            if threads:
                import torch

                torch.set_num_threads(max(1, int(threads)))
            from ..pipeline import Checker, warm_up
            from ..sources import build_sources

            sources = build_sources(settings.config, use_kb=settings.use_kb, web=settings.web,
                                    searxng=settings.searxng, allow_hosts=tuple(settings.allow_hosts))
            self.checker = Checker(settings.config, sources)
            warm_up(settings.config)
            # warm_up swallows a missing model (the check that needs it says so): ask for the judge here,
            # so a worker that cannot check anything stops the run before any document is blamed.
            if settings.config.method == "nli":
                from ..judging.nli import load_judge

                load_judge(settings.config)
        except TruthometerError as exc:
            self.fatal = str(exc)
        except Exception as exc:  # noqa: BLE001 - reported as the run's one-line error
            self.fatal = f"the worker could not start: {type(exc).__name__}: {exc}"

    def check(self, payload: tuple) -> dict:
        doc_id, line, text, references = payload
        if self.fatal:
            return {"fatal": self.fatal}
        start = time.perf_counter()
        try:
            report = self.checker.check(text, [tuple(r) for r in references])
        except ModelNotAvailable as exc:
            return {"fatal": str(exc)}
        except TruthometerError as exc:
            return error_record(doc_id, line, str(exc))
        except (MemoryError, RecursionError) as exc:
            return error_record(doc_id, line, f"the check failed: {type(exc).__name__}")
        except Exception as exc:  # noqa: BLE001 - one document's failure never stops the run
            return error_record(doc_id, line, f"the check failed: {type(exc).__name__}: {exc}")
        return result_record(doc_id, line, report.to_dict(), time.perf_counter() - start)


# -- a process pool's worker: one Worker per process, built by the pool's initializer ----------------------
_worker: Worker | None = None


def init_process(settings: Settings, threads: int) -> None:
    import signal

    # Ctrl-C reaches the whole process group: the parent alone handles it (it stops the pool), so the
    # workers print no traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _worker
    _worker = Worker(settings, threads)


def check_in_process(payload: tuple) -> dict:
    if _worker is None:
        return {"fatal": "the worker was not initialised"}
    return _worker.check(payload)
