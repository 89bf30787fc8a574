"""The verified knowledge base: one fact an entry, with source, confidence, status and history.

    kb = open_kb("knowledge/")          # SQLite + FAISS; seed entries imported on first start
    kb.search(["claim"], k=4)           # [[(Entry, L2 distance), ...]] over approved entries
    kb.record_correction(corrected, original, evidence_text, evidence_locator, reviewer)
"""
from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import numpy as np

from ..config import Config, bundled
from ..errors import InputError
from .index import VectorIndex
from .sqlite_store import SqliteStore
from .store import STATUSES, Entry, NewEntry

#: L2 distance between unit vectors under which two entries are near-duplicates (cosine 0.94 or more):
#: a rewording, or the same fact with one word changed.
NEAR_DUPLICATE = 0.35

DB_NAME = "kb.sqlite3"
INDEX_NAME = "kb.faiss"
#: The shipped seed entries (package data).
SEED = bundled("seed.jsonl")
IMPORT_FIELDS = {"text", "source", "locator", "confidence", "status", "created_by", "provenance", "id",
                 "created_at", "reviewed_by", "reviewed_at"}

Embedder = Callable[[list[str]], np.ndarray]


class KnowledgeBase:
    def __init__(self, directory: str | Path, embedder: Embedder | None = None, dim: int = 384,
                 seed: Path | None = SEED, index_dir: str | Path | None = None):
        """``directory``: a folder (SQLite + FAISS inside it), or a ``postgresql://`` URL (PostgreSQL; this
        process's FAISS index then lives in ``index_dir``, default a local cache: postgres_store.py)."""
        self.url: str | None = None
        if embedder is None:
            from .. import models

            def embedder(texts):
                return models.embed(texts)
        self._embed = embedder
        self._lock = threading.RLock()
        if is_url(directory):
            from .postgres_store import index_directory

            self.store = open_store(directory)
            self.url = self.store.location  # without the password
            self.directory = Path(index_dir) if index_dir else index_directory(directory, self.store.identity)
            self.directory.mkdir(parents=True, exist_ok=True)
        else:
            self.directory = Path(directory)
            self.directory.mkdir(parents=True, exist_ok=True)
            self.store = open_store(self.directory)
        # First start: the shipped seed entries, approved (they are curated with the code).
        # Checked again inside the inserting transaction, so concurrent first starts seed once.
        if seed is not None and self.store.meta("seeded") is None:
            entries = self.parse_jsonl(Path(seed), default_status="approved", actor="seed") \
                if Path(seed).is_file() else []
            vectors = self._embed([e.text for e in entries]) if entries else np.zeros((0, dim), np.float32)
            self.store.insert(entries, vectors, once="seeded")
        self.index = VectorIndex(self.directory / INDEX_NAME, self.store, dim)

    # -- adding ------------------------------------------------------------------------------------
    def add_many(self, entries: Iterable[NewEntry], batch_size: int = 2048,
                 progress: Callable[[float, str], None] | None = None, unique: bool = False) -> list[Entry]:
        """Add entries in ONE transaction (all or nothing); texts are embedded in batches first. With
        ``unique``, an entry whose text and source are already there is left out; the added ones are returned."""
        entries = list(entries)
        if not entries:
            return []
        for e in entries:  # fail before the slow part
            if not isinstance(e.text, str) or not e.text.strip():
                raise InputError("an entry needs a non-empty text")
        parts = []
        for start in range(0, len(entries), batch_size):
            parts.append(np.asarray(self._embed([e.text.strip() for e in entries[start:start + batch_size]]),
                                    dtype=np.float32))
            if progress:
                progress(min(1.0, (start + batch_size) / len(entries)), f"embedded {min(len(entries), start + batch_size)}"
                         f" of {len(entries)} entries")
        vectors = np.vstack(parts)
        with self._lock:
            given = self.store.insert(entries, vectors, unique=unique)
            before, after = self.store.last_write
            added = [k for k, entry_id in enumerate(given) if entry_id is not None]  # not those already there
            ids = [given[k] for k in added]
            if hasattr(self, "index") and ids:
                self.index.add(ids, vectors[added], before, after)
        return self.store.get(ids)

    def add(self, text: str, source: str = "", locator: str = "", confidence: float = 1.0, status: str = "pending",
            created_by: str = "", provenance: dict | None = None) -> Entry:
        return self.add_many([NewEntry(text, source, locator, confidence, status, created_by, provenance or {})])[0]

    def record_correction(self, corrected: str, original: str, evidence_text: str, evidence_locator: str,
                          reviewer: str, checked_as: str = "") -> Entry:
        """A reviewer's accepted correction: a *pending* entry that remembers its origin, until a curator
        (not the reviewer, unless self-approval is configured) approves it; only approved entries are
        evidence.

        ``corrected`` is the entry's text, a statement that stands alone (the sentence as checked, with
        its pronoun resolved, corrected); ``original`` the sentence as written and ``checked_as`` the text
        that was checked go to the provenance with the evidence, who accepted the correction and when.
        Saving the same text twice stores it once: the entry already there is returned."""
        from .sqlite_store import now

        provenance = {"reviewer": reviewer, "accepted_by": reviewer, "accepted_at": now(), "original": original,
                      "checked_as": checked_as or original, "evidence": evidence_text,
                      "evidence_locator": evidence_locator}
        added = self.add_many([NewEntry(corrected, "review", evidence_locator, 1.0, "pending", reviewer, provenance)],
                              unique=True)
        return added[0] if added else self.store.find(corrected, "review")

    def propose(self, text: str, source: str, locator: str = "", confidence: float = 0.5,
                created_by: str = "automatic") -> Entry:
        """An automatically found statement (web, LLM): pending until a curator decides."""
        return self.add(text, source=source, locator=locator, confidence=confidence, status="pending",
                        created_by=created_by)

    # -- reading -----------------------------------------------------------------------------------
    def get(self, entry_id: int) -> Entry:
        found = self.store.get([entry_id])
        if not found:
            raise InputError(f"no entry with id {entry_id}")
        return found[0]

    def embed(self, texts: list[str]) -> np.ndarray:
        """The knowledge base's embeddings of ``texts`` (normalised), for ``search_vectors``."""
        return np.asarray(self._embed(list(texts)), dtype=np.float32)

    def search(self, texts: list[str], k: int = 4, status: str | None = "approved") -> list[list[tuple[Entry, float]]]:
        """The k nearest entries (of ``status``; None for any) per text, by L2 distance, nearest first."""
        if not texts:
            return []
        return self.search_vectors(self._embed(list(texts)), k, status)

    def near_duplicates(self, text: str, status: str | None = "approved", exclude: int | None = None,
                        within: float = NEAR_DUPLICATE) -> list[tuple[Entry, float]]:
        """Entries (of ``status``) that say nearly what ``text`` says: within ``within`` in L2 distance
        between unit vectors, nearest first; a curator sees them before adding ``text``."""
        hits = self.search([text], k=5, status=status)[0]
        return [(e, d) for e, d in hits if d <= within and e.id != exclude]

    def search_vectors(self, vectors: np.ndarray, k: int = 4,
                       status: str | None = "approved") -> list[list[tuple[Entry, float]]]:
        """search() for vectors already embedded (normalised, one row per query)."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if k <= 0 or not len(vectors):
            return [[] for _ in range(len(vectors))]
        width = k
        while True:
            ids, dists = self.index.search(vectors, width)
            wanted = sorted({int(i) for i in ids.ravel() if i >= 0})
            entries = {e.id: e for e in self.store.get(wanted)}
            out = []
            for row_ids, row_d in zip(ids, dists):
                hits = [(entries[int(i)], float(d)) for i, d in zip(row_ids, row_d)
                        if i >= 0 and int(i) in entries and (status is None or entries[int(i)].status == status)]
                out.append(hits[:k])
            # Entries of other statuses crowd the neighbourhood: widen until k are found or all were seen.
            if all(len(h) >= k for h in out) or width >= self.index.size:
                return out
            width = min(self.index.size, width * 4)

    def text_search(self, query: str, status: str | None = None, limit: int = 100) -> list[Entry]:
        return self.store.list(status=status, text=query, limit=limit)

    def list(self, status: str | None = None, source: str | None = None, min_confidence: float | None = None,
             reviewer: str | None = None, limit: int = 100, offset: int = 0) -> list[Entry]:
        return self.store.list(status, source, min_confidence, reviewer, None, limit, offset)

    def history(self, entry_id: int) -> list[dict[str, Any]]:
        return self.store.history(entry_id)

    # -- audit trail -------------------------------------------------------------------------------
    def record(self, actor: str, action: str, subject: str = "", old: Any = None, new: Any = None) -> None:
        """Put a decision that changes no entry (a review decision, a role change) in the audit trail."""
        self.store.record(actor, action, subject, old, new)

    def trail(self, since: str | None = None, until: str | None = None) -> list[dict[str, Any]]:
        """Every decision from ``since`` to ``until`` (dates or ISO timestamps, UTC; ``until`` is exclusive
        for a timestamp and includes the whole day for a date), oldest first."""
        return self.store.trail(since, _day_after(until) if until and len(until) == 10 else until)

    def stats(self) -> dict[str, Any]:
        return {**self.store.counts(), "index_size": self.index.size, "index_type": self.index.kind,
                "directory": str(self.directory)}

    # -- curation ----------------------------------------------------------------------------------
    def approve(self, ids: Iterable[int], reviewer: str, allow_own: bool | None = None) -> int:
        """Approve entries. A curator may not approve an entry they proposed (``created_by``) unless
        ``allow_own`` (default: ``Config.self_approval``, $TRUTHOMETER_SELF_APPROVAL)."""
        ids, reviewer = list(ids), _who(reviewer)
        if allow_own is None:
            allow_own = Config().self_approval
        if not allow_own:
            own = [e.id for e in self.store.get(ids) if e.created_by.strip().lower() == reviewer.lower()]
            if own:
                raise InputError(f"{reviewer} proposed entr{'y' if len(own) == 1 else 'ies'} "
                                 f"{', '.join(f'#{i}' for i in own)}: another curator must approve "
                                 f"{'it' if len(own) == 1 else 'them'} (or set TRUTHOMETER_SELF_APPROVAL=1)")
        changed = self.store.set_status(ids, "approved", reviewer)
        self._reopen(ids, "approve", reviewer)
        return changed

    def reject(self, ids: Iterable[int], reviewer: str) -> int:
        ids, reviewer = list(ids), _who(reviewer)
        changed = self.store.set_status(ids, "rejected", reviewer)
        self._reopen(ids, "reject", reviewer)
        return changed

    def edit(self, entry_id: int, reviewer: str, text: str | None = None, confidence: float | None = None,
             source: str | None = None, locator: str | None = None) -> Entry:
        changes = {k: v for k, v in (("text", text), ("confidence", confidence), ("source", source),
                                     ("locator", locator)) if v is not None}
        current = self.get(entry_id)
        changes = {k: v for k, v in changes.items() if getattr(current, k) != v}
        if not changes:
            return current
        vector = self._embed([changes["text"]])[0] if "text" in changes else None
        edited = self.store.update(entry_id, _who(reviewer), vector=vector, **changes)
        self._reopen([entry_id], "edit", _who(reviewer))
        return edited

    def _reopen(self, ids: list[int], change: str, actor: str) -> None:
        """Saved checks whose verdicts read these entries are marked "evidence changed" (truthometer.checks,
        subscribed through ``knowledge_events``)."""
        from ..knowledge_events import entries_changed

        entries_changed(self.store, ids, change, actor)

    # -- JSONL -------------------------------------------------------------------------------------
    def import_jsonl(self, lines: Iterable[str] | str | Path, default_status: str = "pending", actor: str = "import",
                     progress: Callable[[float, str], None] | None = None) -> list[Entry]:
        """Import every line or none: a malformed line is reported with its number and nothing is added.
        An entry whose text and source are already in the knowledge base is not imported again (importing
        the same file twice adds nothing the second time); the entries added are returned.

        ``lines`` is an iterable of JSON lines, or the path of a JSONL file.
        """
        return self.import_entries(self.parse_jsonl(lines, default_status, actor), actor, progress)

    def import_entries(self, entries: list[NewEntry], actor: str = "import",
                       progress: Callable[[float, str], None] | None = None) -> list[Entry]:
        """Add parsed entries (``parse_jsonl``) in one transaction, leaving out those already there (same text
        and source), and put the import in the audit trail; the entries added are returned."""
        added = self.add_many(entries, progress=progress, unique=True)
        self.record(actor, "import", f"{len(added)} entries",
                    new={"added": [e.id for e in added], "already_there": len(entries) - len(added)})
        return added

    @staticmethod
    def parse_jsonl(lines: Iterable[str] | str | Path, default_status: str = "pending",
                    actor: str = "import") -> list[NewEntry]:
        """Validate JSONL entries; InputError naming the first bad line (1-based)."""
        if isinstance(lines, (str, Path)):
            path = Path(lines)
            if not path.is_file():
                raise InputError(f"{path}: no such file")
            try:
                lines = path.read_text(encoding="utf-8").splitlines()
            except UnicodeDecodeError as exc:
                raise InputError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
        entries = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"line {number}: not valid JSON ({exc.msg}); nothing was imported") from exc
            if not isinstance(data, dict):
                raise InputError(f"line {number}: expected a JSON object; nothing was imported")
            unknown = set(data) - IMPORT_FIELDS
            if unknown:
                raise InputError(f"line {number}: unknown field(s) {', '.join(sorted(unknown))}; nothing was imported")
            text = data.get("text")
            if not isinstance(text, str) or not text.strip():
                raise InputError(f"line {number}: 'text' must be a non-empty string; nothing was imported")
            status = data.get("status") or default_status
            confidence = data.get("confidence", 1.0)
            if status not in STATUSES:
                raise InputError(f"line {number}: unknown status {status!r}; nothing was imported")
            if not isinstance(confidence, (int, float)) or isinstance(confidence, bool) or not 0 <= confidence <= 1:
                raise InputError(f"line {number}: confidence must be a number from 0 to 1; nothing was imported")
            provenance = data.get("provenance") or {}
            if not isinstance(provenance, dict):
                raise InputError(f"line {number}: provenance must be an object; nothing was imported")
            entries.append(NewEntry(text.strip(), str(data.get("source", "")), str(data.get("locator", "")),
                                    float(confidence), status, str(data.get("created_by") or actor), provenance))
        return entries

    def export_jsonl(self, status: str | None = None) -> Iterator[str]:
        offset = 0
        while True:
            batch = self.store.list(status=status, limit=1000, offset=offset)
            if not batch:
                return
            for e in batch:
                yield json.dumps(e.to_dict(), ensure_ascii=False, sort_keys=True)
            offset += len(batch)

    def flush(self) -> None:
        """Write the index to disk now (it is otherwise written at most every few minutes when large)."""
        self.index.flush()

    def close(self) -> None:
        self.index.flush()
        self.store.close()


def is_url(location) -> bool:
    """Whether a knowledge-base location names a PostgreSQL database rather than a folder."""
    from .postgres_store import is_postgres_url  # psycopg itself is imported only to connect

    return is_postgres_url(location)


def open_store(location: str | Path):
    """The store alone (no embedder, no index): PostgreSQL for a URL, else the SQLite file in the folder."""
    if is_url(location):
        from .postgres_store import PostgresStore

        return PostgresStore(str(location))
    return SqliteStore(Path(location) / DB_NAME)


def _day_after(day: str) -> str:
    from datetime import date, timedelta

    try:
        return (date.fromisoformat(day) + timedelta(days=1)).isoformat()
    except ValueError as exc:
        raise InputError(f"not a date: {day!r} (use YYYY-MM-DD)") from exc


def _who(reviewer: str) -> str:
    if not reviewer or not str(reviewer).strip():
        raise InputError("a reviewer name is required for curation")
    return str(reviewer).strip()


def open_kb(directory: str | Path | None = None, config: Config | None = None,
            embedder: Embedder | None = None) -> KnowledgeBase:
    """The knowledge base at ``directory`` (default: $TRUTHOMETER_KB, else the project's knowledge/)."""
    return KnowledgeBase(directory or (config or Config()).kb_dir, embedder=embedder)
