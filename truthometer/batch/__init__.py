"""Checking a corpus: every text of a folder or a JSONL file, one results line per document, resumable.

    from truthometer.batch import Settings, run_batch
    result = run_batch("articles/", "results.jsonl", Settings(use_kb=False), workers=2)

The command line is ``python -m truthometer batch INPUT --out RESULTS.jsonl`` (``truthometer.batch.cli``).
Importing this package loads no model.
"""
from .inputs import Document, read_documents
from .runner import BatchResult, format_summary, run_batch
from .worker import Settings

__all__ = ["BatchResult", "Document", "Settings", "format_summary", "read_documents", "run_batch"]
