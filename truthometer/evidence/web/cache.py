"""On-disk SQLite cache of searches and extracted pages, with a time to live.

A re-check of the same text is instant and works offline for what was seen before. WAL mode and a
busy timeout make it safe for several processes (the app and the CLI) and threads; each operation
opens its own short-lived connection, so no connection is ever shared between threads. A cache that
cannot be opened or is corrupt is skipped (the web is asked instead), never fatal.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from ...config import cache_dir
from ...sqlite_setup import when_unlocked

DEFAULT_PATH = cache_dir() / "web.sqlite3"
DEFAULT_TTL = 7 * 24 * 3600.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS searches (key TEXT PRIMARY KEY, value TEXT NOT NULL, stored REAL NOT NULL);
CREATE TABLE IF NOT EXISTS pages (url TEXT PRIMARY KEY, value TEXT NOT NULL, stored REAL NOT NULL);
"""


class WebCache:
    def __init__(self, path: str | Path | None = None, ttl: float = DEFAULT_TTL, clock=time.time):
        self.path = Path(path) if path else DEFAULT_PATH
        self.ttl = float(ttl)
        self.clock = clock
        self.error: str | None = None  # why the cache is off, when it is
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            when_unlocked(self._set_up)
        except (sqlite3.Error, OSError) as exc:
            self.error = f"web cache {self.path} unusable: {exc}"

    def _set_up(self) -> None:
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None)
        connection.execute("PRAGMA busy_timeout=30000")
        return _Closing(connection)

    def _get(self, table: str, column: str, key: str):
        if self.error:
            return None
        try:
            with self._connect() as connection:
                row = connection.execute(f"SELECT value, stored FROM {table} WHERE {column} = ?", (key,)).fetchone()
        except sqlite3.Error:
            return None
        if row is None or self.clock() - row[1] > self.ttl:
            return None
        try:
            return json.loads(row[0])
        except ValueError:
            return None

    def _put(self, table: str, column: str, key: str, value) -> None:
        if self.error:
            return
        try:
            with self._connect() as connection:
                connection.execute(f"INSERT OR REPLACE INTO {table} ({column}, value, stored) VALUES (?, ?, ?)",
                                   (key, json.dumps(value, ensure_ascii=False, sort_keys=True), self.clock()))
        except sqlite3.Error:
            pass  # a full disk or a locked file costs a re-fetch next time, nothing more

    @staticmethod
    def search_key(backend_key: str, query: str, max_results: int) -> str:
        return json.dumps([backend_key, " ".join(query.split()), int(max_results)])

    def get_search(self, backend_key: str, query: str, max_results: int) -> list[dict] | None:
        """The stored hits ([{url, title, snippet}]) if fresh, else None."""
        value = self._get("searches", "key", self.search_key(backend_key, query, max_results))
        return value if isinstance(value, list) else None

    def put_search(self, backend_key: str, query: str, max_results: int, hits: list[dict]) -> None:
        self._put("searches", "key", self.search_key(backend_key, query, max_results), hits)

    def get_page(self, url: str) -> dict | None:
        """The stored extracted page ({url, title, date, text}) if fresh, else None."""
        value = self._get("pages", "url", url)
        return value if isinstance(value, dict) else None

    def put_page(self, url: str, page: dict) -> None:
        self._put("pages", "url", url, page)

    def purge_expired(self) -> int:
        """Delete entries older than the TTL; returns how many went."""
        if self.error:
            return 0
        cutoff = self.clock() - self.ttl
        try:
            with self._connect() as connection:
                gone = connection.execute("DELETE FROM searches WHERE stored < ?", (cutoff,)).rowcount
                gone += connection.execute("DELETE FROM pages WHERE stored < ?", (cutoff,)).rowcount
        except sqlite3.Error:
            return 0
        return gone


class _Closing:
    """A connection that closes on leaving ``with`` (sqlite3's own context manager only commits)."""

    def __init__(self, connection: sqlite3.Connection):
        self.connection = connection

    def __enter__(self) -> sqlite3.Connection:
        return self.connection

    def __exit__(self, *exc):
        self.connection.close()
        return False
