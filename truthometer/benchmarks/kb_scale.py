"""kb-scale: knowledge-base add throughput, search latency (p50/p95, k=4), memory, up to 1M entries.

Embedding a million texts with MiniLM on two shared CPU cores would take hours, so the scale part
stores RANDOM unit vectors (384-d, seeded) through the real store and index (SQLite transaction per
batch, stored vectors, history rows, FAISS flat/HNSW) — the output says so. Real MiniLM embedding
throughput is measured separately on a sample of the synthetic sentences, and the time to embed N
texts is extrapolated from it.

Queries are stored vectors plus small noise, so recall@1 (is the source entry the nearest hit?) is
measured beside latency: HNSW is approximate.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ..errors import InputError
from .common import print_table

TARGET_P95_MS = 20.0
DIM = 384


def add_arguments(parser) -> None:
    parser.add_argument("--n", type=int, default=100_000, help="synthetic entries to add")
    parser.add_argument("--batch", type=int, default=10_000, help="entries per add_many (one transaction)")
    parser.add_argument("--queries", type=int, default=500, help="search queries timed")
    parser.add_argument("-k", type=int, default=4)
    parser.add_argument("--embed-sample", type=int, default=256,
                        help="texts embedded with the real MiniLM to measure its throughput (0: skip)")
    parser.add_argument("--dir", help="knowledge base directory to build in (default: a temporary one, removed)")
    parser.add_argument("--kb", metavar="DIR_OR_URL",
                        help="knowledge base to build in: a directory, or a postgresql:// URL of an EMPTY database "
                             "(PostgreSQL beside SQLite; the index then goes to a temporary directory, removed)")
    parser.add_argument("--seed", type=int, default=13)


def synthetic_text(i: int) -> str:
    subjects = ("The bridge", "The museum", "The river", "The cathedral", "The observatory", "The library")
    verbs = ("was completed in", "was renovated in", "was first mapped in", "opened to the public in")
    return f"{subjects[i % len(subjects)]} number {i} {verbs[(i // 7) % len(verbs)]} {1500 + i % 500}."


class RandomUnitEmbedder:
    """Seeded random unit vectors: the index-scale part's stand-in for MiniLM (see module docstring)."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self, texts: list[str]) -> np.ndarray:
        v = self.rng.standard_normal((len(texts), DIM)).astype(np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)


CHECKPOINTS = (10_000, 50_000, 100_000, 250_000, 500_000, 750_000)


def probe(kb, n: int, queries: int, k: int, seed: int) -> dict:
    """Search latency and recall@1 on ``queries`` noisy copies of stored vectors (distance about 0.3)."""
    rng = np.random.default_rng(seed + 1)
    picks = np.sort(rng.choice(n, size=min(queries, n), replace=False))
    stored = kb.store.vectors_of([int(i) for i in picks + 1])  # ids are 1..n in a fresh knowledge base
    noise = rng.standard_normal(stored.shape).astype(np.float32) * 0.015
    vectors = stored + noise
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index_ms, kb_ms, hits = [], [], 0
    kb.search_vectors(vectors[:1], k=k)  # warm-up (and catch-up)
    for q, entry_id in zip(vectors, picks + 1):
        start = time.perf_counter()
        found_ids, _ = kb.index.search(q[None, :], k)
        index_ms.append((time.perf_counter() - start) * 1000)
        hits += int(found_ids[0][0] == entry_id)
        # The full search path without the text embedding: index, SQLite fetch, status filter.
        start = time.perf_counter()
        kb.search_vectors(q[None, :], k=k)
        kb_ms.append((time.perf_counter() - start) * 1000)
    return {"index_search_p50_ms": float(np.percentile(index_ms, 50)),
            "index_search_p95_ms": float(np.percentile(index_ms, 95)),
            "kb_search_p50_ms": float(np.percentile(kb_ms, 50)), "kb_search_p95_ms": float(np.percentile(kb_ms, 95)),
            "recall_at_1": hits / len(picks)}


def rss_mib() -> float:
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure_minilm(sample: int) -> dict:
    from .. import models

    texts = [synthetic_text(i) for i in range(sample)]
    models.embed(texts[:8])  # load the model outside the timing
    start = time.perf_counter()
    models.embed(texts)
    seconds = time.perf_counter() - start
    return {"minilm_texts": sample, "minilm_texts_per_s": sample / seconds}


def run(args) -> dict:
    if args.n < 1 or args.batch < 1 or args.queries < 1 or args.k < 1:
        raise InputError("--n, --batch, --queries and -k must be positive")
    figures: dict = {"n": args.n, "k": args.k, "vectors": "random unit vectors (not MiniLM) for the index-scale part"}
    print("NOTE: the scale part stores seeded RANDOM unit vectors, not MiniLM embeddings; MiniLM throughput is "
          "measured separately on a sample.", file=sys.stderr)
    if args.embed_sample > 0:
        figures.update(measure_minilm(args.embed_sample))
        figures["minilm_hours_for_n"] = args.n / figures["minilm_texts_per_s"] / 3600

    url, directory, own_dir = _location(args)
    figures["backend"] = "postgresql" if url else "sqlite"
    rss_start = rss_mib()
    try:
        embedder = RandomUnitEmbedder(args.seed)
        kb = _open_kb(url, directory, embedder)
        if kb.stats()["total"]:
            raise InputError(f"{kb.url or directory} is not empty; kb-scale builds its own knowledge base")
        add_seconds = _fill(kb, args, figures)
        start = time.perf_counter()
        kb.flush()
        figures["index_save_s"] = time.perf_counter() - start
        figures["add_entries_per_s"] = args.n / add_seconds
        figures["add_total_s"] = add_seconds
        figures["index_type"] = kb.index.kind
        figures["rss_mib_after_add"] = rss_mib()
        figures["rss_mib_growth"] = figures["rss_mib_after_add"] - rss_start

        figures.update(probe(kb, args.n, args.queries, args.k, args.seed))
        figures["target_p95_ms"] = TARGET_P95_MS
        figures["target_met"] = figures["kb_search_p95_ms"] < TARGET_P95_MS
        kb.close()
        _reopen(url, directory, embedder, figures)
    finally:
        if own_dir:
            shutil.rmtree(directory, ignore_errors=True)
    _print_figures(args, figures, url)
    return figures


def _location(args) -> tuple[str | None, Path, bool]:
    """(PostgreSQL URL or None, the directory, whether this run made the directory and removes it)."""
    location = getattr(args, "kb", None)
    if location and args.dir:
        raise InputError("give --kb or --dir, not both")
    url = location if location and location.strip().lower().startswith(("postgresql://", "postgres://")) else None
    given_dir = args.dir or (location if location and not url else None)
    # PostgreSQL: the database holds the entries; this directory only this process's FAISS index.
    directory = Path(given_dir) if given_dir else Path(tempfile.mkdtemp(prefix="kb-scale-"))
    return url, directory, given_dir is None


def _open_kb(url: str | None, directory: Path, embedder):
    from ..knowledge import KnowledgeBase

    return KnowledgeBase(url, embedder=embedder, seed=None, index_dir=directory) if url \
        else KnowledgeBase(directory, embedder=embedder, seed=None)


def _fill(kb, args, figures: dict) -> float:
    """Add ``args.n`` synthetic entries in batches, probing at each checkpoint passed; the seconds adding took."""
    from ..knowledge.store import NewEntry

    add_seconds = 0.0
    done = 0
    try:
        from tqdm import tqdm

        bar = tqdm(total=args.n, desc="adding", unit="entry", file=sys.stderr, mininterval=2.0)
    except ImportError:
        bar = None
    while done < args.n:
        size = min(args.batch, args.n - done)
        batch = [NewEntry(synthetic_text(done + i), "kb-scale", f"synthetic:{done + i}", 1.0, "approved", "bench")
                 for i in range(size)]
        start = time.perf_counter()
        kb.add_many(batch, batch_size=size)
        add_seconds += time.perf_counter() - start
        done += size
        if bar:
            bar.update(size)
        passed = [c for c in CHECKPOINTS if done - size < c <= done and c < args.n]
        if passed:
            # Figures on the way up, printed at once: a long run stopped early still reports.
            point = {"entries": done, "index_type": kb.index.kind, "add_entries_per_s": done / add_seconds,
                     "rss_mib": rss_mib(), **probe(kb, done, min(args.queries, 200), args.k, args.seed)}
            figures.setdefault("checkpoints", []).append(point)
            print("checkpoint " + json.dumps(point, sort_keys=True), file=sys.stderr, flush=True)
    if bar:
        bar.close()
    return add_seconds


def _reopen(url: str | None, directory: Path, embedder, figures: dict) -> None:
    """Reopen the knowledge base (its index read from disk) and measure what it holds on disk."""
    start = time.perf_counter()
    reopened = _open_kb(url, directory, embedder)
    figures["reopen_s"] = time.perf_counter() - start
    figures["reopen_rebuilt"] = reopened.index.rebuilt
    server_bytes = reopened.store.disk_bytes() if url else 0  # tables and their indexes on the server
    reopened.close()
    figures["disk_mib"] = (server_bytes + sum(f.stat().st_size for f in directory.iterdir() if f.is_file())) / 2**20
    figures["rss_mib_peak"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _print_figures(args, figures: dict, url: str | None) -> None:
    store_name = "PostgreSQL" if url else "SQLite"
    print(f"kb-scale: {args.n:,} entries in {store_name}, k={args.k}, index {figures['index_type']} "
          f"(vectors: random unit vectors, NOT MiniLM; {os.cpu_count()} CPUs shared)")
    rows = [[f"add throughput (entries/s, {store_name} + index)", figures["add_entries_per_s"]],
            ["index search p50 / p95 (ms)", f"{figures['index_search_p50_ms']:.2f} / {figures['index_search_p95_ms']:.2f}"],
            [f"kb.search p50 / p95 (ms, index + {store_name})", f"{figures['kb_search_p50_ms']:.2f} / {figures['kb_search_p95_ms']:.2f}"],
            [f"target p95 < {TARGET_P95_MS:.0f} ms", "met" if figures["target_met"] else "NOT met"],
            ["recall@1 (noisy copies of stored vectors)", figures["recall_at_1"]],
            ["RSS after add / growth (MiB)", f"{figures['rss_mib_after_add']:.0f} / {figures['rss_mib_growth']:.0f}"],
            ["peak RSS (MiB)", figures["rss_mib_peak"]],
            ["database + index on disk (MiB)", figures["disk_mib"]],
            ["reopen (s; index read from disk, rebuilt?)", f"{figures['reopen_s']:.2f} ({figures['reopen_rebuilt']})"]]
    if "minilm_texts_per_s" in figures:
        rows.append(["MiniLM embedding (texts/s, real, sample)", figures["minilm_texts_per_s"]])
        rows.append([f"MiniLM time to embed {args.n:,} texts (h, extrapolated)", figures["minilm_hours_for_n"]])
    print_table(["measure", "value"], rows)
