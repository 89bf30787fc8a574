"""Several threads opening one new SQLite file at once: none is refused, nothing is lost."""
import sqlite3
import threading

import pytest

from truthometer.evidence.web.cache import WebCache
from truthometer.knowledge.sqlite_store import SqliteStore
from truthometer.sqlite_setup import when_unlocked


def test_a_locked_setup_is_retried_and_another_error_is_not():
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise sqlite3.OperationalError("database is locked")
        return "ready"

    assert when_unlocked(flaky, pause=0) == "ready" and len(calls) == 3
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        when_unlocked(lambda: (_ for _ in ()).throw(sqlite3.OperationalError("no such table: x")), pause=0)


def _at_once(n, open_one):
    barrier, failures = threading.Barrier(n), []

    def run(k):
        barrier.wait()
        try:
            open_one(k)
        except Exception as exc:  # noqa: BLE001 - the assertion reports it
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return failures


@pytest.mark.parametrize("round_", range(25))
def test_new_stores_opened_at_once_all_open(tmp_path, round_):
    kb_failures = _at_once(6, lambda k: SqliteStore(tmp_path / "kb.sqlite3"))
    assert not kb_failures

    caches = []
    assert not _at_once(6, lambda k: caches.append(WebCache(tmp_path / "web.sqlite3")))
    assert [c.error for c in caches] == [None] * 6
