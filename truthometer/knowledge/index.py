"""A FAISS index over the entries' normalised MiniLM embeddings: a cache of the database, never the truth.

Persisted beside the database with the database ``generation`` it was built at; on open, and before a
search, a generation that differs means another writer (or a crash) left it stale, and it is rebuilt
from the vectors stored in SQLite — no text is embedded again.

The index type follows the size: exact inner-product search up to ``EXACT_LIMIT`` entries (milliseconds
at that size), HNSW above it, where exact search would cost tens of milliseconds per query.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import faiss
import numpy as np

EXACT_LIMIT = 50_000
HNSW_M = 32


def build_index(ids: np.ndarray, vectors: np.ndarray, dim: int):
    if len(ids) > EXACT_LIMIT:
        inner = faiss.IndexHNSWFlat(dim, HNSW_M, faiss.METRIC_INNER_PRODUCT)
        inner.hnsw.efConstruction = 80
        inner.hnsw.efSearch = 64
    else:
        inner = faiss.IndexFlatIP(dim)
    index = faiss.IndexIDMap2(inner)
    if len(ids):
        index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), ids.astype(np.int64))
    return index


def l2_from_inner_product(ip: np.ndarray) -> np.ndarray:
    """L2 distance between unit vectors from their inner product: |u - v| = sqrt(2 - 2 u·v)."""
    return np.sqrt(np.clip(2.0 - 2.0 * ip, 0.0, 4.0))


class VectorIndex:
    """The persisted FAISS index of one knowledge base, kept in step with its store's generation."""

    def __init__(self, path: str | Path, store, dim: int):
        self.path = Path(path)
        self.meta_path = self.path.with_suffix(self.path.suffix + ".json")
        self.store = store
        self.dim = dim
        self._lock = threading.RLock()
        self.index = None
        self.generation = -1
        self.rebuilt = False
        self._open()

    def _open(self) -> None:
        generation = self.store.generation()
        try:
            meta = json.loads(self.meta_path.read_text())
            if meta.get("generation") == generation and meta.get("dim") == self.dim:
                self.index = faiss.read_index(str(self.path))
                self.generation = generation
                return
        except (OSError, ValueError, RuntimeError):
            pass  # missing, half-written or foreign: rebuild below
        self.rebuild()

    def rebuild(self) -> None:
        with self._lock:
            generation = self.store.generation()
            ids, vectors = self.store.vectors()
            self.index = build_index(ids, vectors, self.dim)
            self.generation = generation
            self.rebuilt = True
            self._save()

    def _save(self) -> None:
        # Write to a temporary name and rename, so a crash never leaves a torn index behind.
        tmp = self.path.with_name(self.path.name + f".{os.getpid()}.tmp")
        faiss.write_index(self.index, str(tmp))
        os.replace(tmp, self.path)
        tmp_meta = self.meta_path.with_name(self.meta_path.name + f".{os.getpid()}.tmp")
        tmp_meta.write_text(json.dumps({"generation": self.generation, "dim": self.dim, "count": self.index.ntotal}))
        os.replace(tmp_meta, self.meta_path)

    def add(self, ids: list[int], vectors: np.ndarray, generation_before: int, generation_after: int) -> None:
        """Add new entries in place when nobody else wrote in between; otherwise resynchronise."""
        with self._lock:
            if self.generation == generation_before and not isinstance(self._inner(), faiss.IndexHNSW):
                self.index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), np.asarray(ids, dtype=np.int64))
                self.generation = generation_after
                self._save()
            else:
                self.rebuild()

    def _inner(self):
        return faiss.downcast_index(self.index.index)

    def sync(self) -> None:
        if self.store.generation() != self.generation:
            self.rebuild()

    def search(self, vectors: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(ids, L2 distances) of the k nearest entries of every status; -1 ids pad short results."""
        with self._lock:
            self.sync()
            if self.index.ntotal == 0:
                n = len(vectors)
                return np.full((n, k), -1, dtype=np.int64), np.full((n, k), np.inf, dtype=np.float32)
            ip, ids = self.index.search(np.ascontiguousarray(vectors, dtype=np.float32), min(k, self.index.ntotal))
            return ids, l2_from_inner_product(ip)

    @property
    def size(self) -> int:
        return 0 if self.index is None else self.index.ntotal
