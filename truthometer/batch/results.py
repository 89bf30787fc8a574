"""RESULTS.jsonl: one line per document, appended and synced as each document finishes.

Every line is written whole, flushed and fsync'ed before the next document is reported done, so a run
killed at any moment (Ctrl-C, kill -9, a power cut after the sync) leaves complete lines and at most one
partial last line. At start the partial line is dropped and the keys already there are read: a resumed
run checks only the rest, and no document is checked twice. One run at a time may write a results file
(an advisory lock on it; a second run is refused).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from .inputs import key_of


@dataclass
class Corpus:
    """What a results file holds, for the closing summary."""

    checked: int = 0
    errors: int = 0
    flags: list[tuple[int, int, str]] = field(default_factory=list)  # (contradicted, unverifiable, id)
    error_lines: list[str] = field(default_factory=list)

    def add(self, record: dict) -> None:
        if "error" in record:
            self.errors += 1
            self.error_lines.append(record["error"])
        elif "summary" in record:
            self.checked += 1
            s = record["summary"]
            self.flags.append((int(s.get("contradicted", 0)), int(s.get("unverifiable", 0)), str(record.get("id"))))

    def worst(self, n: int = 10) -> list[tuple[int, int, str]]:
        """The documents with the most contradicted sentences, then the most unverifiable; those with no
        flag left out."""
        flagged = [f for f in self.flags if f[0] or f[1]]
        return sorted(flagged, key=lambda f: (-f[0], -f[1], f[2]))[:n]


class ResultsFile:
    """Open (creating it), lock, repair and read a results file; ``write`` appends one durable line."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.repaired: str | None = None  # what was dropped at open, said on stderr
        self.done: set[tuple] = set()
        self.handle = None

    def __enter__(self) -> "ResultsFile":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def open(self) -> None:
        if self.path.is_dir():
            raise InputError(f"{self.path}: is a folder; --out takes a file (RESULTS.jsonl)")
        if self.path.parent and not self.path.parent.exists():
            raise InputError(f"{self.path.parent}: no such folder for --out")
        self.handle = open(self.path, "a+b")  # noqa: SIM115 - kept open for the run, closed by close()
        try:
            self._lock()
            self._repair_and_read()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()  # releases the lock
            self.handle = None

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory lock
            return
        try:
            fcntl.flock(self.handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            raise InputError(f"{self.path}: another batch run is writing this file; wait for it or give "
                             f"another --out") from exc

    def _repair_and_read(self) -> None:
        handle = self.handle
        handle.seek(0)
        good_end = 0
        number = 0
        for number, raw in enumerate(iter(handle.readline, b""), 1):
            if not raw.endswith(b"\n"):
                # A line cut short by a kill: dropped here, and its document checked again.
                self.repaired = f"dropped an incomplete last line ({len(raw):,} bytes, line {number}) left " \
                                f"by an interrupted run"
                break
            if raw.strip():
                record = _parse(raw, self.path, number)
                self.done.add(key_of(record.get("id"), record.get("line"), bool(record.get("duplicate"))))
            good_end += len(raw)
        if self.repaired:
            handle.truncate(good_end)
            handle.flush()
            os.fsync(handle.fileno())
        handle.seek(0, os.SEEK_END)

    def write(self, record: dict) -> None:
        data = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        self.handle.write(data)
        self.handle.flush()
        os.fsync(self.handle.fileno())
        self.done.add(key_of(record.get("id"), record.get("line"), bool(record.get("duplicate"))))


def _parse(raw: bytes, path: Path, number: int) -> dict:
    try:
        record = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}:{number}: not a results line ({exc}); this is not a file `batch` wrote, or "
                         f"it was edited: fix or remove that line, or give another --out") from exc
    if not isinstance(record, dict) or "id" not in record:
        raise InputError(f"{path}:{number}: not a results line (no \"id\"); give another --out")
    return record


def read_corpus(path: str | Path) -> Corpus:
    """The summary of every complete line of a results file (a partial last line is left out)."""
    corpus = Corpus()
    with open(path, "rb") as handle:
        for raw in handle:
            if raw.endswith(b"\n") and raw.strip():
                try:
                    corpus.add(json.loads(raw))
                except (json.JSONDecodeError, UnicodeDecodeError):
                    continue
    return corpus

