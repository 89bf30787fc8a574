"""`batch --save`: each document's line, as it is written to RESULTS.jsonl, also stored as a saved check."""
from __future__ import annotations

from ..report import report_from_dict
from .store import open_checks


class BatchSaver:
    """``after_document`` for ``run_batch``: saves every checked document (not the error lines). The texts
    are read again from INPUT (the results file holds reports, not texts), once, at the first document."""

    def __init__(self, input_path, references: list, config, author: str):
        self.input_path, self.references, self.config, self.author = input_path, list(references), config, author
        self.checks = open_checks(config.kb_dir)
        self._docs: dict | None = None
        self.saved: list[int] = []

    def _documents(self) -> dict:
        if self._docs is None:
            from ..batch.inputs import read_documents

            self._docs = {(d.id, d.line): d for d in read_documents(self.input_path, self.references) if not d.error}
        return self._docs

    def __call__(self, record: dict) -> None:
        if "error" in record or "report" not in record:
            return
        doc = self._documents().get((record.get("id"), record.get("line")))
        if doc is None:
            return
        report = report_from_dict(record["report"], doc.text)
        self.saved.append(self.checks.save(report, doc.references, self.config, self.author, origin="batch",
                                           title=str(doc.id), report_dict=record["report"]))
