"""Re-checking the sentences of a saved check whose evidence changed, with the check's own configuration.

Each such sentence is checked again alone, as it was checked (its pronoun resolved: ``claim``), against
the knowledge base the check is saved in and the references given again whose sha256 matches a saved one.
The old and the new verdict are stored side by side (``check_rechecks``); the saved report stays as it was.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from ..errors import SavedCheckError
from .model import sha256
from .store import CheckStore
from ..vocabulary import Status

#: ``run(claims, config, references) -> [SentenceResult]``: one result per claim (tests pass their own).
Runner = Callable[[list[str], Any, list], list]


def config_from_saved(saved: dict[str, Any], kb_location: str | None = None):
    """The Config a check ran with (fields this version does not know are dropped; the knowledge base is
    the one the check is saved in)."""
    from ..config import Config

    names = {f.name for f in dataclasses.fields(Config)}
    values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in saved.items() if k in names}
    if kb_location:
        values["kb_dir"] = kb_location
    try:
        return Config().with_(**values)
    except (TypeError, ValueError) as exc:
        raise SavedCheckError(f"the saved configuration cannot be used here: {exc}") from exc


def matching_references(saved_refs: list[dict], given: list) -> tuple[list, list[str]]:
    """The given ``(name, text, ...)`` references the check used: the same text (sha256), or a new version
    under the same name (a replaced reference); and the names of saved references not given again."""
    hashes, names = {r["sha256"] for r in saved_refs}, {r["name"] for r in saved_refs}
    used = [g for g in given if sha256(g[1]) in hashes or g[0] in names]
    found_hashes, found_names = {sha256(g[1]) for g in used}, {g[0] for g in used}
    return used, [r["name"] for r in saved_refs if r["sha256"] not in found_hashes and r["name"] not in found_names]


def recheck(checks: CheckStore, check_id: int, author: str, references: list = (), run: Runner | None = None,
            kb_location: str | None = None) -> dict[str, Any]:
    """Re-check the "evidence changed" sentences of check ``check_id``; {"sentences": [{index, old, new}],
    "missing_references": [names]}. SavedCheckError when none is marked."""
    check = checks.get(check_id)
    report = check.report()
    changed = sorted(check.changed_sentences())
    if not changed:
        raise SavedCheckError(f"check #{check.id} has no sentence whose evidence changed: nothing to re-check")
    config = config_from_saved(check.config, kb_location)
    used, missing = matching_references(check.refs, list(references))
    by_index = {s.index: s for s in report.sentences}
    olds = [by_index[i] for i in changed if i in by_index]
    news = (run or _run)([s.claim or s.text for s in olds], config, used)
    results = []
    for old, new in zip(olds, news):
        new_dict = new.to_dict()
        # The new verdict sits where the old one was: same index and offsets into the saved text.
        new_dict.update(index=old.index, text=old.text, start=old.start, end=old.end)
        results.append((old.index, old.to_dict(), new_dict))
    checks.record_recheck(check.id, results, author)
    return {"sentences": [{"index": i, "old": o, "new": n} for i, o, n in results], "missing_references": missing}


def _run(claims: list[str], config, references: list) -> list:
    """Each claim checked alone by the pipeline; the first sentence that is not skipped (else the first)."""
    from ..pipeline import Checker
    from ..sources import build_sources

    checker = Checker(config, build_sources(config, use_kb=True))
    out = []
    for claim in claims:
        sentences = checker.check(claim, references).sentences
        out.append(next((s for s in sentences if s.status != Status.SKIPPED), sentences[0]))
    return out
