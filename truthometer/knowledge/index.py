"""A FAISS index over the entries' normalised MiniLM embeddings: a cache of the database, never the truth.

Persisted beside the database with the fingerprint of the database it was built from (the store's
``generation``, bumped by every write; its ``vector_edits``, bumped by every change of a stored vector;
the largest entry id and the number of vectors). On open and before every search the fingerprint is
compared with the database:

- equal: the index is current;
- other writers only *added* entries (ids only grow, vectors unchanged): the missing vectors, read from
  SQLite, are appended — a cheap catch-up, so two processes writing at once do not rebuild each other's
  index at every batch;
- anything else (a vector edited, a missing, torn or foreign index file, counts that disagree): the index
  is rebuilt from the vectors stored in SQLite. No text is ever embedded again.

The index type follows the size: exact inner-product search up to ``EXACT_LIMIT`` entries (a few
milliseconds per query at that size), HNSW above it, where exact search costs tens of milliseconds.
Distances are reported as L2 between unit vectors, as in Learn-to-Refuse: |u − v| = sqrt(2 − 2 u·v).
"""
from __future__ import annotations

import atexit
import json
import os
import threading
import time
import weakref
from contextlib import contextmanager, nullcontext
from pathlib import Path

import faiss
import numpy as np

EXACT_LIMIT = 25_000  # exact search: ~6 ms p50 at 25k, ~14 ms at 50k on 2 shared cores (bench kb-scale)
HNSW_M = 32
HNSW_EF_CONSTRUCTION = 40  # FAISS default; about half the build time of 80 (recall: see bench kb-scale)
HNSW_EF_SEARCH = 128  # random 384-d, 200k: recall@1 0.88 at 64, 0.96 at 128, 0.99 at 256
#: An index larger than EXACT_LIMIT is written to disk at most this often (and on close / exit): writing
#: a million-vector index takes seconds, and a stale file only costs a catch-up on the next open.
SAVE_INTERVAL_S = 300.0


@contextmanager
def one_thread():
    """FAISS searches of a few queries on one OpenMP thread (this thread only; restored after).

    On a machine whose cores are shared, OpenMP's spinning workers turn a 0.1 ms HNSW query into
    10-20 ms; a handful of queries gains nothing from parallelism anyway.
    """
    before = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(1)
    try:
        yield
    finally:
        faiss.omp_set_num_threads(before)


def new_index(dim: int, size: int):
    """An empty ID-mapped index suited to ``size`` entries: exact up to EXACT_LIMIT, HNSW above."""
    if size > EXACT_LIMIT:
        inner = faiss.IndexHNSWFlat(dim, HNSW_M, faiss.METRIC_INNER_PRODUCT)
        inner.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
        inner.hnsw.efSearch = HNSW_EF_SEARCH
    else:
        inner = faiss.IndexFlatIP(dim)
    return faiss.IndexIDMap2(inner)


def build_index(ids: np.ndarray, vectors: np.ndarray, dim: int):
    index = new_index(dim, len(ids))
    if len(ids):
        index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), np.asarray(ids, dtype=np.int64))
    return index


def l2_from_inner_product(ip: np.ndarray) -> np.ndarray:
    """L2 distance between unit vectors from their inner product: |u - v| = sqrt(2 - 2 u·v)."""
    return np.sqrt(np.clip(2.0 - 2.0 * ip, 0.0, 4.0))


def is_hnsw(index) -> bool:
    return isinstance(faiss.downcast_index(index.index), faiss.IndexHNSW)


class VectorIndex:
    """The persisted FAISS index of one knowledge base, kept in step with its store."""

    def __init__(self, path: str | Path, store, dim: int):
        self.path = Path(path)
        self.meta_path = self.path.with_suffix(self.path.suffix + ".json")
        self.store = store
        self.dim = dim
        self._lock = threading.RLock()
        self.index = None
        self.fingerprint: dict = {}
        self.rebuilt = False
        self.caught_up = 0
        self._dirty = False
        self._saved_at = 0.0
        self._open()
        ref = weakref.ref(self)
        atexit.register(lambda: ref() is not None and ref().flush())

    # -- the database's state -------------------------------------------------------------------------
    def _db_fingerprint(self) -> dict:
        return {"generation": self.store.generation(), "vector_edits": self.store.vector_edits(), "dim": self.dim}

    def _open(self) -> None:
        with self._lock:
            try:
                meta = json.loads(self.meta_path.read_text())
                index = faiss.read_index(str(self.path))
                if meta.get("dim") != self.dim or index.ntotal != meta.get("count") or index.d != self.dim:
                    raise ValueError("index file does not match its description")
                self.index, self.fingerprint = index, meta
                self._saved_at = time.monotonic()
            except (OSError, ValueError, RuntimeError, TypeError):
                self.rebuild()  # missing, half-written or foreign
                return
            self.sync()

    def rebuild(self) -> None:
        with self._lock:
            fingerprint = self._db_fingerprint()
            ids, vectors = self.store.vectors()
            self.index = build_index(ids, vectors, self.dim)
            self.fingerprint = {**fingerprint, "max_id": int(ids.max()) if len(ids) else 0, "count": len(ids)}
            self.rebuilt = True
            self._dirty = True
            self.flush()

    def sync(self) -> None:
        """Bring the index level with the database: nothing, a catch-up of added entries, or a rebuild."""
        with self._lock:
            now = self._db_fingerprint()
            if now["generation"] == self.fingerprint.get("generation"):
                return
            if now["vector_edits"] != self.fingerprint.get("vector_edits") or now["dim"] != self.fingerprint.get("dim"):
                self.rebuild()
                return
            ids, vectors = self.store.vectors(after_id=self.fingerprint.get("max_id", 0))
            # Ids only grow, so what is missing is exactly what lies past max_id; a count that still
            # disagrees means something else happened (a restored file, a deletion): start over.
            if self.index.ntotal + len(ids) != self.store.vector_count():
                self.rebuild()
                return
            if len(ids):
                self._append(ids, vectors)
                self.caught_up += len(ids)
            self.fingerprint.update(generation=now["generation"])
            self._maybe_save()

    # -- writes ---------------------------------------------------------------------------------------
    def add(self, ids: list[int], vectors: np.ndarray, generation_before: int, generation_after: int) -> None:
        """Add the entries one transaction just wrote; when somebody else wrote in between, catch up."""
        with self._lock:
            if self.fingerprint.get("generation") != generation_before:
                self.sync()
                return
            self._append(np.asarray(ids, dtype=np.int64), np.asarray(vectors, dtype=np.float32))
            self.fingerprint.update(generation=generation_after)
            self._maybe_save()

    def _append(self, ids: np.ndarray, vectors: np.ndarray) -> None:
        if self.index.ntotal + len(ids) > EXACT_LIMIT and not is_hnsw(self.index):
            # Outgrew exact search: rebuild as HNSW (the new rows are already in the database).
            self.rebuild()
            return
        self.index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), np.asarray(ids, dtype=np.int64))
        self.fingerprint.update(max_id=max(int(self.fingerprint.get("max_id", 0)), int(np.max(ids))),
                                count=self.index.ntotal)
        self._dirty = True

    # -- persistence ----------------------------------------------------------------------------------
    def _maybe_save(self) -> None:
        if self.index.ntotal <= EXACT_LIMIT or time.monotonic() - self._saved_at > SAVE_INTERVAL_S:
            self.flush()

    def flush(self) -> None:
        """Write the index and its fingerprint (temporary names, then rename: never a torn file)."""
        with self._lock:
            if not self._dirty or self.index is None:
                return
            pid = os.getpid()
            tmp = self.path.with_name(self.path.name + f".{pid}.tmp")
            tmp_meta = self.meta_path.with_name(self.meta_path.name + f".{pid}.tmp")
            try:
                faiss.write_index(self.index, str(tmp))
                tmp_meta.write_text(json.dumps({**self.fingerprint, "count": self.index.ntotal}, sort_keys=True))
                # Description last: a crash between the two renames leaves a description that does not
                # match the file, which the next open detects (count) and repairs.
                os.replace(tmp, self.path)
                os.replace(tmp_meta, self.meta_path)
            except OSError:
                for leftover in (tmp, tmp_meta):
                    leftover.unlink(missing_ok=True)
                return  # a read-only directory: the index stays an in-memory cache
            self._dirty = False
            self._saved_at = time.monotonic()

    # -- reads ----------------------------------------------------------------------------------------
    def search(self, vectors: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(ids, L2 distances) of the k nearest entries of every status; -1 ids pad short results."""
        with self._lock:
            self.sync()
            n = len(vectors)
            if self.index.ntotal == 0 or k <= 0:
                return np.full((n, max(k, 0)), -1, dtype=np.int64), np.full((n, max(k, 0)), np.inf, dtype=np.float32)
            if is_hnsw(self.index):
                # efSearch must cover k, or HNSW returns fewer neighbours than asked.
                faiss.downcast_index(self.index.index).hnsw.efSearch = max(HNSW_EF_SEARCH, k)
            with one_thread() if n <= 16 else nullcontext():
                ip, ids = self.index.search(np.ascontiguousarray(vectors, dtype=np.float32), min(k, self.index.ntotal))
            return ids, l2_from_inner_product(ip)

    @property
    def size(self) -> int:
        return 0 if self.index is None else self.index.ntotal

    @property
    def kind(self) -> str:
        if self.index is None:
            return "none"
        return "hnsw" if is_hnsw(self.index) else "flat"
