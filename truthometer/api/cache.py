"""A bounded cache of check reports, and the sync requests that share one check while it runs.

A check is deterministic: the same text, references and configuration against the same knowledge base give
the same report. The key is the sha256 of all of them, with the knowledge base's generation (bumped by every
write to an entry, from any process) when the check reads it, so a change to the knowledge base misses
every report that could have read it. A check that reads the web is never cached (pages change).

The cache is least-recently-used, bounded by entries and by the characters of the reports it holds;
``size`` 0 switches it off. ``inflight`` lets an identical sync request wait for the check already running
for another instead of queueing a second one.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

#: Raise when a report's meaning changes without the configuration changing (a cached report would lie).
KEY_FORMAT = 1


def cache_key(text: str, references: list, config_data: dict, sources: list[str], kb_generation: int | None) \
        -> str | None:
    """The key of a check, or None when it cannot be cached. ``references`` are the request's, as given:
    a text, or a {name, text | content_base64} mapping (a file's bytes decide its locators, not only its text)."""
    if "web" in sources:
        return None
    given = [r if isinstance(r, str) else {k: v for k, v in r.items() if v is not None} for r in references]
    blob = json.dumps({"format": KEY_FORMAT, "text": text, "references": given, "config": config_data,
                       "sources": sorted(sources), "kb": kb_generation}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResultCache:
    def __init__(self, size: int = 256, max_chars: int = 50_000_000):
        self.size, self.max_chars = size, max_chars
        self._items: OrderedDict[str, tuple[dict, int]] = OrderedDict()
        self._chars = 0
        self._inflight: dict[str, Any] = {}
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    @property
    def enabled(self) -> bool:
        return self.size > 0

    def get(self, key: str | None) -> dict | None:
        if key is None or not self.enabled:
            return None
        with self._lock:
            item = self._items.get(key)
            if item is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return item[0]

    def put(self, key: str | None, report: dict) -> None:
        if key is None or not self.enabled:
            return
        chars = len(json.dumps(report, ensure_ascii=False))
        if chars > self.max_chars:
            return
        with self._lock:
            if key in self._items:
                self._chars -= self._items.pop(key)[1]
            self._items[key] = (report, chars)
            self._chars += chars
            while len(self._items) > self.size or self._chars > self.max_chars:
                self._chars -= self._items.popitem(last=False)[1][1]

    def inflight(self, key: str | None):
        """The job running or queued for this key by a sync request, if any."""
        if key is None or not self.enabled:
            return None
        with self._lock:
            job = self._inflight.get(key)
        return job if job is not None and not job.future.done() else None

    def running(self, key: str | None, job) -> None:
        if key is not None and self.enabled:
            with self._lock:
                self._inflight[key] = job
            job.future.add_done_callback(lambda _f: self._done(key, job))

    def _done(self, key: str, job) -> None:
        with self._lock:
            if self._inflight.get(key) is job:
                del self._inflight[key]

    def stats(self) -> dict[str, int]:
        with self._lock:
            return {"entries": len(self._items), "hits": self.hits, "misses": self.misses, "size": self.size}
