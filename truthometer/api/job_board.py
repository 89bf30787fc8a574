"""The jobs of all an API server's worker processes, where any of them can read and cancel them.

``truthometer api --workers N`` starts N processes behind one socket, and the kernel gives each connection to
any of them: a client that polls ``GET /v1/jobs/{id}`` reaches a process that may not be the one running the
job. Each process keeps its own queue (``jobs.JobQueue``) and publishes its jobs' snapshots here, in one
SQLite file the server's processes share (WAL: readers never wait for the writer). A process asked about a
job it does not hold reads it here; asked to cancel one, it writes the request here, and the process that
runs the job sees it at the job's next progress step. One worker needs no board (``board=None``).
"""
from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_SCHEMA = """CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, owner TEXT NOT NULL, status TEXT NOT NULL,
    snapshot TEXT NOT NULL, finished REAL, cancel INTEGER NOT NULL DEFAULT 0)"""


@dataclass(frozen=True)
class BoardJob:
    """A job as another worker process published it: enough to answer a poll and to check its owner."""
    id: str
    owner: str
    status: str
    published: dict[str, Any]
    cancel_requested: bool = False

    def snapshot(self) -> dict[str, Any]:
        return dict(self.published)


class JobBoard:
    def __init__(self, path: str | Path, ttl_s: float = 3600.0):
        self.path, self.ttl_s = str(path), ttl_s
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10.0)

    def publish(self, job_id: str, owner: str, status: str, snapshot: dict[str, Any],
                finished: float | None = None) -> None:
        """Write a job's latest snapshot (its cancellation request, if any, is kept)."""
        with closing(self._connect()) as db, db:
            db.execute("INSERT INTO jobs (id, owner, status, snapshot, finished) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT(id) DO UPDATE SET status=excluded.status, snapshot=excluded.snapshot, "
                       "finished=excluded.finished", (job_id, owner, status, json.dumps(snapshot), finished))
            if finished is not None:  # old jobs go when a new one ends, as in the queue's own memory
                db.execute("DELETE FROM jobs WHERE finished IS NOT NULL AND finished < ?", (time.time() - self.ttl_s,))

    def get(self, job_id: str) -> BoardJob | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT owner, status, snapshot, cancel FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else BoardJob(job_id, row[0], row[1], json.loads(row[2]), bool(row[3]))

    def request_cancel(self, job_id: str) -> None:
        with closing(self._connect()) as db, db:
            db.execute("UPDATE jobs SET cancel = 1 WHERE id = ?", (job_id,))

    def cancel_requested(self, job_id: str) -> bool:
        with closing(self._connect()) as db:
            row = db.execute("SELECT cancel FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return bool(row and row[0])
