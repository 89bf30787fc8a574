"""Saved checks as data, and the pure functions around them (no database here: store.py is the adapter).

A saved check keeps what is needed to open it exactly as it was and to know what it rested on: the text,
the references by name and sha256, the configuration, the report (``Report.to_dict``), who ran it and
when, and the format it was written in. Each sentence's evidence is recorded by a stable locator
(``EvidenceRef``): a knowledge entry by id and version, a reference by the sha256 of its text and the
sentence's place in it, a web page by URL and the sha256 of the sentence read there.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import SavedCheckError
from ..report import Report, report_from_dict
from ..vocabulary import Relation

#: The format a check is written in. A reader refuses a check of a higher format (a newer Truth-O-Meter
#: wrote it) instead of misreading it; raise it when a stored field changes meaning.
CHECK_FORMAT = 1
ACTIONS = ("accept", "edit", "reject")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("truthometer")
    except Exception:  # a checkout that was never installed
        return "0.1.0"


@dataclass
class EvidenceRef:
    """What one sentence's verdict read: ``kind`` kb | reference | web, ``key`` the entry id, the reference's
    sha256 or the URL, ``version`` the entry's version (its count of history rows) or the sha256 of the web
    sentence, ``locator`` the report's own locator (reference name and sentence)."""

    sentence: int
    kind: str
    key: str
    version: str = ""
    locator: str = ""
    relation: str = ""
    changed_at: str | None = None
    changed_by: str | None = None
    change: str | None = None  # "edit", "reject", "approve": what happened to the entry


@dataclass
class Decision:
    sentence: int
    action: str  # one of ACTIONS
    author: str
    at: str = ""
    text: str = ""  # the sentence as accepted or edited
    kinds: list[str] = field(default_factory=list)  # substitution kinds of the proposal decided
    flags: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # evidence source kinds the proposal came from
    entry_id: int | None = None  # the pending knowledge entry an accepted correction became


@dataclass
class SavedCheck:
    id: int
    title: str
    text: str
    refs: list[dict[str, Any]]  # [{"name", "sha256", "chars"}]
    config: dict[str, Any]
    report_json: str
    created_by: str
    created_at: str
    origin: str = "cli"  # where it was run: cli, batch, app
    format: int = CHECK_FORMAT
    app_version: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    evidence: list[EvidenceRef] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    rechecks: list[dict[str, Any]] = field(default_factory=list)

    def report(self) -> Report:
        """The report as saved; SavedCheckError when it cannot be read."""
        return load_report(self.id, self.report_json, self.text, self.format)

    def changed_sentences(self) -> dict[int, list[EvidenceRef]]:
        out: dict[int, list[EvidenceRef]] = {}
        for ref in self.evidence:
            if ref.changed_at:
                out.setdefault(ref.sentence, []).append(ref)
        return out

    def latest_decisions(self) -> dict[int, Decision]:
        """Each sentence's last decision (a later one replaces an earlier)."""
        out: dict[int, Decision] = {}
        for d in sorted(self.decisions, key=lambda d: d.at):
            out[d.sentence] = d
        return out

    def to_export(self) -> dict[str, Any]:
        """The whole check as one JSON object (``checks export``)."""
        return {"id": self.id, "title": self.title, "text": self.text, "references": self.refs,
                "config": self.config, "report": json.loads(self.report_json), "created_by": self.created_by,
                "created_at": self.created_at, "origin": self.origin, "format": self.format,
                "app_version": self.app_version, "counts": self.counts,
                "evidence": [dataclasses.asdict(e) for e in self.evidence],
                "decisions": [dataclasses.asdict(d) for d in self.decisions], "rechecks": self.rechecks}


def load_report(check_id: int, report_json: str, text: str, fmt: int) -> Report:
    if fmt > CHECK_FORMAT:
        raise SavedCheckError(f"check #{check_id} was saved by a newer Truth-O-Meter (format {fmt}; this one "
                              f"reads up to {CHECK_FORMAT}): update Truth-O-Meter to open it")
    try:
        return report_from_dict(json.loads(report_json), text)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SavedCheckError(f"check #{check_id}: its saved report is corrupt and cannot be read "
                              f"({type(exc).__name__}: {str(exc)[:80]})") from exc


def title_of(text: str, limit: int = 80) -> str:
    """A check's default title: its first non-empty line, shortened."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "(empty)")
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def config_dict(config: Any) -> dict[str, Any]:
    """A configuration as JSON-able data (a Config dataclass, a dict, or None)."""
    if config is None:
        return {}
    from ..knowledge.postgres_store import is_postgres_url, redact

    data = dataclasses.asdict(config) if dataclasses.is_dataclass(config) else dict(config)
    # A postgresql:// knowledge base's password never goes into a saved check.
    data = {k: redact(v) if is_postgres_url(v) else v for k, v in data.items()}
    return json.loads(json.dumps(data, default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v)))


def reference_refs(references) -> list[dict[str, Any]]:
    """``[(name, text, ...)]`` as the check stores them: name, sha256 of the text, length."""
    return [{"name": str(r[0]), "sha256": sha256(r[1]), "chars": len(r[1])} for r in references]


def evidence_refs(report: Report, refs: list[dict[str, Any]], kb_versions: dict[int, int]) -> list[EvidenceRef]:
    """The stable locator of every piece of evidence each sentence's verdict read.

    Every evidence item shown for a sentence is recorded (not only the one that settled it): the judge read
    them all, so a change to any may change the verdict. ``kb_versions`` maps an entry id to its version."""
    by_name = {r["name"]: r["sha256"] for r in refs}
    out = []
    for s in report.sentences:
        seen = set()
        for e in s.evidence:
            ref = _ref_of(s.index, e, by_name, kb_versions)
            if ref and (ref.kind, ref.key, ref.locator) not in seen:
                seen.add((ref.kind, ref.key, ref.locator))
                out.append(ref)
    return out


def kb_id(locator: str) -> int | None:
    """The entry id of a ``kb:<id>`` locator (``kb:12 (curator)`` too), else None."""
    if not locator.startswith("kb:"):
        return None
    digits = locator[3:].split()[0] if locator[3:].split() else ""
    return int(digits) if digits.isdigit() else None


def _ref_of(index: int, e, by_name: dict[str, str], kb_versions: dict[int, int]) -> EvidenceRef | None:
    if e.source == "knowledge_base":
        entry = kb_id(e.locator)
        if entry is None:
            return None
        return EvidenceRef(index, "kb", str(entry), str(kb_versions.get(entry, "")), e.locator, e.relation)
    if e.source == "reference":
        name = e.title if e.title in by_name else next((n for n in by_name if e.locator.startswith(n)), "")
        return EvidenceRef(index, "reference", by_name.get(name, sha256(name)), "", e.locator, e.relation)
    if e.source == "web":
        return EvidenceRef(index, "web", e.locator, sha256(e.text), e.locator, e.relation)
    return None


def counts_of(report: Report) -> dict[str, int]:
    return dict(report.stats)


def proposal_of(report: Report, index: int) -> dict[str, list[str]]:
    """What kind of proposal sentence ``index`` carries, for the stats: substitution kinds, flags, and the
    source kinds of the evidence its substitutions came from."""
    s = next((s for s in report.sentences if s.index == index), None)
    if s is None:
        raise SavedCheckError(f"no sentence {index} in this check")
    subs = s.suggestion.substitutions if s.suggestion else []
    by_locator = {e.locator: e.source for e in s.evidence}
    sources = sorted({by_locator.get(x.evidence_locator, "") for x in subs} - {""}) or \
        sorted({e.source for e in s.evidence if e.relation == Relation.CONTRADICTION})
    return {"kinds": sorted({x.kind for x in subs}), "flags": sorted(set(s.flags)), "sources": sources}
