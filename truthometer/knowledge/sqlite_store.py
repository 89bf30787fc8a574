"""SQLite as the knowledge base's source of truth: WAL, one transaction per change, a history of edits.

Each entry's embedding is stored beside it in the same transaction, so the FAISS index is only ever a
cache that can be rebuilt from the database. A ``generation`` counter, bumped by every write in the
same transaction, tells an index (or another process) whether it is stale.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from ..errors import InputError
from ..sqlite_setup import when_unlocked
from .store import STATUSES, Entry, NewEntry

SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    text TEXT NOT NULL CHECK (length(trim(text)) > 0),
    source TEXT NOT NULL DEFAULT '',
    locator TEXT NOT NULL DEFAULT '',
    confidence REAL NOT NULL DEFAULT 1.0 CHECK (confidence >= 0 AND confidence <= 1),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    created_by TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    reviewed_by TEXT,
    reviewed_at TEXT,
    provenance TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS entries_status ON entries(status);
CREATE INDEX IF NOT EXISTS entries_text ON entries(text, source);
CREATE TABLE IF NOT EXISTS vectors (
    entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
    vector BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    action TEXT NOT NULL,
    actor TEXT NOT NULL DEFAULT '',
    at TEXT NOT NULL,
    old TEXT,
    new TEXT
);
CREATE INDEX IF NOT EXISTS history_entry ON history(entry_id);
CREATE INDEX IF NOT EXISTS history_at ON history(at);
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL,
    subject TEXT NOT NULL DEFAULT '',
    old TEXT,
    new TEXT
);
CREATE INDEX IF NOT EXISTS audit_at ON audit(at);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO meta(key, value) VALUES ('generation', '0');
INSERT OR IGNORE INTO meta(key, value) VALUES ('vector_edits', '0');
"""

EDITABLE = ("text", "source", "locator", "confidence", "provenance")
ACTIONS = {"approved": "approve", "rejected": "reject", "pending": "reopen"}


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def now_precise() -> str:
    """For the history and the audit trail: decisions made within one second keep their order."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _row_entry(row: sqlite3.Row) -> Entry:
    return Entry(id=row["id"], text=row["text"], source=row["source"], locator=row["locator"],
                 confidence=row["confidence"], status=row["status"], created_by=row["created_by"],
                 created_at=row["created_at"], reviewed_by=row["reviewed_by"], reviewed_at=row["reviewed_at"],
                 provenance=json.loads(row["provenance"] or "{}"))


class SqliteStore:
    def __init__(self, path: str | Path, busy_timeout_s: float = 60.0):
        self.path = Path(path)
        self._lock = threading.RLock()
        self.last_write: tuple[int, int] = (-1, -1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # One connection per store, shared across Streamlit's threads under a lock.
            self._conn = sqlite3.connect(str(self.path), timeout=busy_timeout_s, check_same_thread=False,
                                         isolation_level=None)
            self._conn.row_factory = sqlite3.Row
            self._conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_s * 1000)}")
            when_unlocked(lambda: self._conn.execute("PRAGMA journal_mode=WAL"))
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            when_unlocked(lambda: self._conn.executescript(SCHEMA))
        except (sqlite3.Error, OSError) as exc:
            # A foreign or damaged file, or a directory we may not write: say which, never a traceback.
            raise InputError(f"cannot open the knowledge base at {self.path}: {exc}") from exc

    # -- transactions -------------------------------------------------------------------------------
    def _write(self, work):
        """Run ``work(conn)`` in one IMMEDIATE transaction (the write lock is taken up front, so two
        writers queue instead of failing with 'database is locked' halfway)."""
        with self._lock:
            c = self._conn
            c.execute("BEGIN IMMEDIATE")
            try:
                before = int(c.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()[0])
                result = work(c)
                c.execute("UPDATE meta SET value = ? WHERE key = 'generation'", (str(before + 1),))
                c.execute("COMMIT")
                # The generation this write started from: an index that was at exactly this one may
                # apply the write in place; any other must catch up from the database.
                self.last_write = (before, before + 1)
                return result
            except BaseException:
                c.execute("ROLLBACK")
                raise

    # -- writes -------------------------------------------------------------------------------------
    def insert(self, entries: list[NewEntry], vectors, once: str | None = None,
               unique: bool = False) -> list[int | None]:
        """Insert entries with their vectors in one transaction; returns one id per entry (None where
        ``unique`` left it out; no ids where ``once`` stopped the write). With ``once``, only if
        the meta key ``once`` is unset and the store is empty, and the key is set in the same transaction
        (the seed: two processes opening a new knowledge base at once import it once). With ``unique``, an
        entry whose text and source are already stored (or earlier in ``entries``) is not inserted again:
        the check runs inside the write transaction, so two writers saving the same entry store it once."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if len(vectors) != len(entries):
            raise ValueError(f"{len(entries)} entries but {len(vectors)} vectors")
        for e in entries:
            _validate(e.text, e.confidence, e.status)

        def work(c):
            ids = []
            if once is not None:
                if c.execute("SELECT 1 FROM meta WHERE key = ?", (once,)).fetchone():
                    return ids
                c.execute("INSERT INTO meta(key, value) VALUES (?, '1')", (once,))
                if c.execute("SELECT 1 FROM entries LIMIT 1").fetchone():
                    return ids
            stamp = now()
            for e, v in zip(entries, vectors):
                if unique and c.execute("SELECT 1 FROM entries WHERE text = ? AND source = ? LIMIT 1",
                                        (e.text.strip(), e.source)).fetchone():
                    ids.append(None)
                    continue
                cur = c.execute(
                    "INSERT INTO entries(text, source, locator, confidence, status, created_by, created_at, "
                    "reviewed_by, reviewed_at, provenance) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (e.text.strip(), e.source, e.locator, float(e.confidence), e.status, e.created_by, stamp,
                     e.created_by if e.status != "pending" else None, stamp if e.status != "pending" else None,
                     json.dumps(e.provenance, ensure_ascii=False, sort_keys=True)))
                ids.append(cur.lastrowid)
                c.execute("INSERT INTO vectors(entry_id, vector) VALUES (?, ?)", (cur.lastrowid, v.tobytes()))
                c.execute("INSERT INTO history(entry_id, action, actor, at, new) VALUES (?,?,?,?,?)",
                          (cur.lastrowid, "create", e.created_by, now_precise(),
                           json.dumps({"text": e.text, "status": e.status, "confidence": e.confidence})))
            return ids

        return self._write(work)

    def update(self, entry_id: int, actor: str, vector=None, **changes) -> Entry:
        old = check_edit(self, entry_id, changes)

        def work(c):
            before = {k: getattr(old, k) for k in changes}
            sets = ", ".join(f"{k} = ?" for k in changes)
            values = edit_values(changes)
            c.execute(f"UPDATE entries SET {sets}, reviewed_by = ?, reviewed_at = ? WHERE id = ?",
                      (*values, actor, now(), entry_id))
            if vector is not None:
                c.execute("UPDATE vectors SET vector = ? WHERE entry_id = ?",
                          (np.asarray(vector, dtype=np.float32).tobytes(), entry_id))
                # Tells every index built before this that it cannot just catch up: it must rebuild.
                c.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_edits'")
            c.execute("INSERT INTO history(entry_id, action, actor, at, old, new) VALUES (?,?,?,?,?,?)",
                      (entry_id, "edit", actor, now_precise(), json.dumps(before, ensure_ascii=False),
                       json.dumps(changes, ensure_ascii=False)))

        self._write(work)
        return self.get([entry_id])[0]

    def set_status(self, ids: list[int], status: str, actor: str) -> int:
        ids, current = check_status_change(self, ids, status)
        found = {e.id: e for e in current}

        def work(c):
            stamp = now()
            for i in ids:
                c.execute("UPDATE entries SET status = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ?",
                          (status, actor, stamp, i))
                c.execute("INSERT INTO history(entry_id, action, actor, at, old, new) VALUES (?,?,?,?,?,?)",
                          (i, ACTIONS[status], actor, now_precise(), json.dumps({"status": found[i].status}),
                           json.dumps({"status": status})))
            return len(ids)

        return self._write(work)

    def record(self, actor: str, action: str, subject: str = "", old: Any = None, new: Any = None) -> None:
        """One decision that is not an entry's own change (a review decision, a role change, an import) in
        the audit trail. Its own transaction, without bumping ``generation``: no entry or vector changed."""
        with self._lock:
            c = self._conn
            when_unlocked(lambda: c.execute(
                "INSERT INTO audit(at, actor, action, subject, old, new) VALUES (?,?,?,?,?,?)",
                (now_precise(), actor or "", action, subject or "", _json_or_none(old), _json_or_none(new))))

    def trail(self, since: str | None = None, until: str | None = None, limit: int | None = None) -> list[dict[str, Any]]:
        """The audit trail, oldest first: every entry's history (subject ``entry #ID``) and every other
        decision, with ``since`` <= at < ``until`` (ISO timestamps or dates, UTC)."""
        where, args = [], []
        if since:
            where.append("at >= ?")
            args.append(since)
        if until:
            where.append("at < ?")
            args.append(until)
        cond = (" WHERE " + " AND ".join(where)) if where else ""
        sql = (f"SELECT at, actor, action, 'entry #' || entry_id AS subject, old, new, 0 AS kind, id FROM history{cond} "
               f"UNION ALL SELECT at, actor, action, subject, old, new, 1 AS kind, id FROM audit{cond} "
               "ORDER BY at, kind, id" + (" LIMIT ?" if limit else ""))
        with self._lock:
            rows = self._conn.execute(sql, (*args, *args, *((int(limit),) if limit else ())))
            return [{k: r[k] for k in ("at", "actor", "action", "subject", "old", "new")} for r in rows]

    # -- reads --------------------------------------------------------------------------------------
    def find(self, text: str, source: str) -> Entry | None:
        """The entry with exactly this text (stripped) and source, the oldest if several."""
        with self._lock:
            row = self._conn.execute("SELECT * FROM entries WHERE text = ? AND source = ? ORDER BY id LIMIT 1",
                                     (text.strip(), source)).fetchone()
        return _row_entry(row) if row else None

    def get(self, ids: Iterable[int]) -> list[Entry]:
        ids = [int(i) for i in ids]
        if not ids:
            return []
        out: dict[int, Entry] = {}
        with self._lock:
            for start in range(0, len(ids), 900):  # SQLite's bound-parameter limit
                chunk = ids[start:start + 900]
                rows = self._conn.execute(f"SELECT * FROM entries WHERE id IN ({','.join('?' * len(chunk))})", chunk)
                out.update((r["id"], _row_entry(r)) for r in rows)
        return [out[i] for i in ids if i in out]

    def list(self, status=None, source=None, min_confidence=None, reviewer=None, text=None, limit=100, offset=0):
        where, args = [], []
        if status:
            where.append("status = ?")
            args.append(status)
        if source:
            where.append("source LIKE ?")
            args.append(f"%{source}%")
        if min_confidence is not None:
            where.append("confidence >= ?")
            args.append(float(min_confidence))
        if reviewer:
            where.append("(created_by LIKE ? OR reviewed_by LIKE ?)")
            args += [f"%{reviewer}%"] * 2
        if text:
            where.append("text LIKE ? ESCAPE '\\'")
            args.append("%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
        sql = "SELECT * FROM entries" + (" WHERE " + " AND ".join(where) if where else "") + \
              " ORDER BY id LIMIT ? OFFSET ?"
        with self._lock:
            return [_row_entry(r) for r in self._conn.execute(sql, (*args, int(limit), int(offset)))]

    def history(self, entry_id: int) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._conn.execute("SELECT action, actor, at, old, new FROM history WHERE entry_id = ? ORDER BY id",
                                      (int(entry_id),))
            return [dict(r) for r in rows]

    def vectors(self, status: str | None = None, after_id: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """(ids, vectors) of the stored embeddings with id > after_id, in id order; one read transaction."""
        sql = "SELECT v.entry_id, v.vector FROM vectors v"
        where, args = ["v.entry_id > ?"], [int(after_id)]
        if status:
            sql += " JOIN entries e ON e.id = v.entry_id"
            where.append("e.status = ?")
            args.append(status)
        ids_out, vec_out = [], []
        with self._lock:
            cursor = self._conn.execute(sql + " WHERE " + " AND ".join(where) + " ORDER BY v.entry_id", args)
            while True:  # in blocks, so a million rows never sit in memory twice as Python objects
                rows = cursor.fetchmany(50_000)
                if not rows:
                    break
                ids_out.append(np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)))
                vec_out.append(np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), -1))
        if not ids_out:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 0), dtype=np.float32)
        return np.concatenate(ids_out), np.vstack(vec_out)

    def vectors_of(self, ids: list[int]) -> np.ndarray:
        """The stored vectors of ``ids``, in that order (all must exist)."""
        with self._lock:
            rows = [self._conn.execute("SELECT vector FROM vectors WHERE entry_id = ?", (int(i),)).fetchone()
                    for i in ids]
        if any(r is None for r in rows):
            raise InputError("no stored vector for some of the ids")
        return np.vstack([np.frombuffer(r[0], dtype=np.float32) for r in rows]) if rows else np.zeros((0, 0), np.float32)

    def vector_count(self) -> int:
        # Every entry has its vector (same transaction); counting entries uses the small status index.
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0])

    def vector_edits(self) -> int:
        with self._lock:
            row = self._conn.execute("SELECT value FROM meta WHERE key = 'vector_edits'").fetchone()
            return int(row[0]) if row else 0

    def statuses(self, ids: list[int]) -> dict[int, str]:
        return {e.id: e.status for e in self.get(ids)}

    def generation(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()[0])

    def counts(self) -> dict[str, int]:
        with self._lock:
            rows = self._conn.execute("SELECT status, COUNT(*) FROM entries GROUP BY status").fetchall()
        counts = {s: 0 for s in STATUSES}
        counts.update({r[0]: r[1] for r in rows})
        counts["total"] = sum(counts[s] for s in STATUSES)
        return counts

    def meta(self, key: str, value: str | None = None) -> str | None:
        with self._lock:
            if value is None:
                row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
                return row[0] if row else None
            self._conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))
            return value

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _json_or_none(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def check_edit(store, entry_id: int, changes: dict) -> Entry:
    """The entry an edit starts from, after checking the edit (fields, values) before any transaction."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise InputError(f"cannot edit {', '.join(sorted(unknown))}; editable: {', '.join(EDITABLE)}")
    current = store.get([entry_id])
    if not current:
        raise InputError(f"no entry with id {entry_id}")
    old = current[0]
    _validate(changes.get("text", old.text), changes.get("confidence", old.confidence), old.status)
    return old


def edit_values(changes: dict) -> list:
    """An edit's values as stored: the provenance as JSON text, the rest as they are."""
    return [json.dumps(v, ensure_ascii=False, sort_keys=True) if k == "provenance" else v for k, v in changes.items()]


def check_status_change(store, ids, status: str) -> tuple[list[int], list[Entry]]:
    """The ids (as integers) and their entries, after checking the status and that every id exists."""
    if status not in STATUSES:
        raise InputError(f"unknown status {status!r}; use one of {', '.join(STATUSES)}")
    ids = [int(i) for i in ids]
    current = store.get(ids)
    found = {e.id for e in current}
    missing = [i for i in ids if i not in found]
    if missing:
        raise InputError(f"no entry with id {', '.join(map(str, missing))}")
    return ids, current


def _validate(text: str, confidence: float, status: str) -> None:
    if not isinstance(text, str) or not text.strip():
        raise InputError("an entry needs a non-empty text")
    try:
        ok = 0.0 <= float(confidence) <= 1.0
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise InputError(f"confidence must be a number from 0 to 1, not {confidence!r}")
    if status not in STATUSES:
        raise InputError(f"unknown status {status!r}; use one of {', '.join(STATUSES)}")
