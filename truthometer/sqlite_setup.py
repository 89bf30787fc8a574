"""Opening one new SQLite file from several threads or processes at once (the web cache, the knowledge base).

Switching a file to WAL needs it to itself, and SQLite answers "database is locked" at once, not through
the busy timeout, when another connection is doing the same: the setup is retried for a while instead of
failing (which turned the web cache off for good, and refused a knowledge base another process was
creating).
"""
from __future__ import annotations

import sqlite3
import time
from typing import Callable, TypeVar

T = TypeVar("T")


def when_unlocked(work: Callable[[], T], attempts: int = 100, pause: float = 0.05) -> T:
    """``work()``, retried while it fails with "database is locked"; other errors, or the last one, raise."""
    for attempt in range(attempts):
        try:
            return work()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(pause)
    raise AssertionError("unreachable")  # pragma: no cover
