"""What one API worker process holds: its settings, the job queue, the knowledge base, the evidence sources,
the audit trail. Built once per process (``app.create_app``); the models themselves are the library's
process-wide singletons, loaded in the background at start (``pipeline.warm_up``) so that endpoints that
need none (auth, limits, jobs, the knowledge base's curation) answer at once.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from ..auth.users import UserFile
from ..config import Config
from .cache import ResultCache
from .job_board import JobBoard
from .jobs import JobQueue
from .settings import ApiSettings

log = logging.getLogger("truthometer.api")


class ApiState:
    def __init__(self, settings: ApiSettings, config: Config | None = None, kb=None,
                 sources: Callable[[Config, bool, bool], list] | None = None):
        self.settings = settings
        self.config = config or Config()
        board = JobBoard(settings.jobs_board, settings.job_ttl_s) if settings.jobs_board else None
        self.jobs = JobQueue(settings.queue_size, settings.keep_jobs, settings.job_ttl_s, settings.max_wait_s, board)
        self.cache = ResultCache(settings.cache_size)
        self._kb = kb
        self._kb_lock = threading.Lock()
        self._sources_factory = sources
        self._sources: dict[tuple, list] = {}
        self._audit_store = None
        self._audit_lock = threading.Lock()
        self._checks = None
        self._checks_lock = threading.Lock()
        self.ready = threading.Event()

    # -- life --------------------------------------------------------------------------------------
    def start(self) -> None:
        self.jobs.start()
        if self.settings.warm_up:
            threading.Thread(target=self._warm, name="truthometer-api-warm-up", daemon=True).start()
        else:
            self.ready.set()

    def _warm(self) -> None:
        from ..pipeline import warm_up

        warm_up(self.config)
        self.ready.set()
        log.info("models loaded")

    def stop(self) -> None:
        self.jobs.stop()
        with self._audit_lock:
            if self._audit_store is not None:
                self._audit_store.close()
                self._audit_store = None
        with self._checks_lock:
            self._checks = None

    # -- what requests use -------------------------------------------------------------------------
    def users(self) -> UserFile:
        return UserFile.for_config(self.config)

    def kb(self):
        """The knowledge base the kb endpoints use (opened on first use: its embedder is a model)."""
        with self._kb_lock:
            if self._kb is None:
                from ..knowledge import open_kb

                self._kb = open_kb(self.config.kb_dir, self.config)
            return self._kb

    def sources(self, config: Config, use_kb: bool, web: bool) -> list:
        """The evidence sources of a check, kept per kind (only the worker thread asks for them)."""
        if self._sources_factory is not None:
            return self._sources_factory(config, use_kb, web)
        key = (str(config.kb_dir), config.kb_alpha, config.kb_top_k, use_kb, web)
        if key not in self._sources:
            from ..sources import build_sources

            self._sources[key] = build_sources(config, use_kb=use_kb, web=web)
        return self._sources[key]

    def store(self):
        """The knowledge base's database alone (no embedder, no model): the audit trail and the saved checks.
        Opened once, on first use; its own lock serialises the threads that share it."""
        with self._audit_lock:
            if self._audit_store is None:
                from pathlib import Path

                from ..knowledge.base import is_url, open_store

                if not is_url(str(self.config.kb_dir)):
                    Path(self.config.kb_dir).mkdir(parents=True, exist_ok=True)
                self._audit_store = open_store(self.config.kb_dir)
            return self._audit_store

    def checks(self):
        """The saved checks (truthometer.checks), in the same database the app and `checks list` read."""
        with self._checks_lock:
            if self._checks is None:
                from ..checks import CheckStore

                self._checks = CheckStore(self.store())
            return self._checks

    def kb_generation(self) -> int:
        """The knowledge base's generation: every write to an entry, from any process, bumps it."""
        return self.store().generation()

    def audit(self, actor: str, action: str, subject: str = "", new: Any = None) -> None:
        """A request or decision in the knowledge base's audit trail: ids and sizes only, never text. An
        audit trail that cannot be written is logged, and the request still answers."""
        try:
            self.store().record(actor, action, subject, None, new)
        except Exception as exc:  # noqa: BLE001
            log.warning("audit trail not written: %s", type(exc).__name__)
