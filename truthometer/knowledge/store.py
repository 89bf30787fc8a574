"""The knowledge base's storage interface: what the pipeline and the app may ask of any backend.

SQLite (sqlite_store.py) is the embedded default; a server database can replace it by implementing
EntryStore, without touching the pipeline.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol

STATUSES = ("pending", "approved", "rejected")


@dataclass
class Entry:
    """One verified (or proposed) fact."""

    id: int
    text: str
    source: str = ""
    locator: str = ""
    confidence: float = 1.0
    status: str = "pending"
    created_by: str = ""
    created_at: str = ""
    reviewed_by: str | None = None
    reviewed_at: str | None = None
    provenance: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "source": self.source, "locator": self.locator,
                "confidence": self.confidence, "status": self.status, "created_by": self.created_by,
                "created_at": self.created_at, "reviewed_by": self.reviewed_by, "reviewed_at": self.reviewed_at,
                "provenance": self.provenance}


@dataclass
class NewEntry:
    text: str
    source: str = ""
    locator: str = ""
    confidence: float = 1.0
    status: str = "pending"
    created_by: str = ""
    provenance: dict[str, Any] = field(default_factory=dict)


class EntryStore(Protocol):
    """Entries, their history and their embeddings, kept consistent with each other.

    Every write is one transaction that bumps ``generation``; a write that changes a stored vector also
    bumps ``vector_edits``; ids only grow. ``last_write`` is (generation before, after) of this
    connection's latest write. The vector index relies on exactly these guarantees.
    """
    last_write: tuple[int, int]

    def insert(self, entries: list[NewEntry], vectors) -> list[int]: ...
    def get(self, ids: Iterable[int]) -> list[Entry]: ...
    def list(self, status: str | None = None, source: str | None = None, min_confidence: float | None = None,
             reviewer: str | None = None, text: str | None = None, limit: int = 100, offset: int = 0) -> list[Entry]: ...
    def update(self, entry_id: int, actor: str, **changes) -> Entry: ...
    def set_status(self, ids: list[int], status: str, actor: str) -> int: ...
    def history(self, entry_id: int) -> list[dict[str, Any]]: ...
    def record(self, actor: str, action: str, subject: str = "", old: Any = None, new: Any = None) -> None: ...
    def trail(self, since: str | None = None, until: str | None = None,
              limit: int | None = None) -> list[dict[str, Any]]: ...
    def vectors(self, status: str | None = None, after_id: int = 0) -> tuple[Any, Any]: ...
    def vector_count(self) -> int: ...
    def vector_edits(self) -> int: ...
    def generation(self) -> int: ...
    def meta(self, key: str, value: str | None = None) -> str | None: ...
    def counts(self) -> dict[str, int]: ...
    def close(self) -> None: ...
