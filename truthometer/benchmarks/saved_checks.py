"""saved-checks: time to save, open, list and re-open a saved check of N sentences (target: a check of
2,000 sentences opens in under 2 s), on SQLite or a postgresql:// database.

The report is synthetic (each sentence contradicted by one knowledge entry, with a reference and a web page
as evidence and a proposed correction) and the knowledge base uses a hash embedder: this measures the store,
not the models.
"""
from __future__ import annotations

import hashlib
import shutil
import tempfile
import time

import numpy as np
from ..vocabulary import SlotKind

TARGET_OPEN_S = 2.0


def add_arguments(parser) -> None:
    parser.add_argument("--sentences", type=int, default=2000, help="sentences in the saved check")
    parser.add_argument("--kb", metavar="DIR_OR_URL",
                        help="knowledge base to save in (default: a temporary directory, removed); a postgresql:// "
                             "URL measures PostgreSQL")


def _embed(texts: list[str]) -> np.ndarray:
    out = np.zeros((len(texts), 384), dtype=np.float32)
    for i, t in enumerate(texts):
        v = np.random.default_rng(int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")).standard_normal(384)
        out[i] = v / np.linalg.norm(v)
    return out


def synthetic_report(n: int, entry_id: int):
    from ..report import Evidence, Report, SentenceResult, Substitution, Suggestion

    sentences, offset = [], 0
    for i in range(n):
        text = f"Sentence {i} says the bridge opened in {1900 + i % 100}."
        sentences.append(SentenceResult(
            i, text, offset, offset + len(text), "contradicted", "the entry disagrees", evidence=[
                Evidence("The bridge opened in 1932.", "knowledge_base", f"kb:{entry_id}", 0.9, "contradiction"),
                Evidence("The bridge opened in 1932.", "reference", "manual.txt #3", 0.8, title="manual.txt"),
                Evidence("The bridge opened in 1932.", "web", f"https://example.test/{i}", 0.7)],
            suggestion=Suggestion(text.replace(str(1900 + i % 100), "1932"),
                                  [Substitution(str(1900 + i % 100), "1932", len(text) - 5, len(text) - 1,
                                                SlotKind.DATE)])))
        offset += len(text) + 1
    return Report(" ".join(s.text for s in sentences), sentences)


def run(args) -> dict:
    from ..checks import CheckStore
    from ..knowledge import KnowledgeBase

    location = args.kb or tempfile.mkdtemp(prefix="truthometer-saved-checks-")
    kb = KnowledgeBase(location, embedder=_embed, seed=None)
    try:
        entry = kb.add("The bridge opened in 1932.", source="bench", status="approved", created_by="bench")
        checks = CheckStore(kb.store)
        report = synthetic_report(args.sentences, entry.id)
        t0 = time.perf_counter()
        check_id = checks.save(report, [("manual.txt", "The bridge opened in 1932.")], {}, "bench")
        t1 = time.perf_counter()
        opened = checks.get(check_id)
        opened.report()
        t2 = time.perf_counter()
        checks.list(limit=50)
        t3 = time.perf_counter()
        kb.reject([entry.id], "bench")  # re-opens every sentence of the check
        t4 = time.perf_counter()
        marked = len(checks.get(check_id).changed_sentences())
    finally:
        kb.close()
        if not args.kb:
            shutil.rmtree(location, ignore_errors=True)
    figures = {"sentences": args.sentences, "backend": "postgres" if kb.url else "sqlite",
               "save_s": round(t1 - t0, 3), "open_s": round(t2 - t1, 3), "list_s": round(t3 - t2, 4),
               "reopen_s": round(t4 - t3, 3), "reopened_sentences": marked, "target_open_s": TARGET_OPEN_S,
               "open_within_target": (t2 - t1) < TARGET_OPEN_S}
    print(f"saved check of {args.sentences} sentences ({figures['backend']}): save {figures['save_s']} s, "
          f"open {figures['open_s']} s (target < {TARGET_OPEN_S} s), list {figures['list_s']} s, "
          f"re-open {figures['reopen_s']} s ({marked} sentences marked)")
    return figures
