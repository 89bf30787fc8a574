"""Re-opening: a knowledge entry changed, so the saved verdicts that read it are marked "evidence changed",
and accepted corrections that came from it go back to the curators' queue.

Called by the knowledge base after every edit, approval and rejection (``KnowledgeBase._reopen``).
"""
from __future__ import annotations

from .store import CheckStore


def reopen_for_entries(store, entry_ids: list[int], change: str, actor: str) -> dict[int, list[int]]:
    """Mark the saved checks that used these entries; {check id: sentence indexes} newly marked. With an
    edit or a rejection, approved corrections whose evidence was one of these entries become pending again
    (each a "reopen" in its history)."""
    ids = [int(i) for i in entry_ids]
    marked = CheckStore(store).mark_changed(ids, change, actor)
    if change in ("edit", "reject"):
        back = corrections_from(store, ids)
        if back:
            store.set_status(back, "pending", actor)
            # A correction that became evidence itself: the checks that read it are re-opened too.
            for check_id, sentences in CheckStore(store).mark_changed(back, "reopen", actor).items():
                marked.setdefault(check_id, []).extend(i for i in sentences if i not in marked.get(check_id, []))
            store.record(actor, "correction reopen", ", ".join(f"entry #{i}" for i in back), None,
                         {"evidence": [f"kb:{i}" for i in ids], "change": change})
    return marked


def corrections_from(store, entry_ids: list[int]) -> list[int]:
    """Approved review corrections (``record_correction``) whose provenance names one of these entries as
    their evidence."""
    wanted = {f"kb:{i}" for i in entry_ids}
    out, offset = [], 0
    while True:
        batch = store.list(status="approved", source="review", limit=1000, offset=offset)
        if not batch:
            return out
        out += [e.id for e in batch if e.source == "review" and
                str((e.provenance or {}).get("evidence_locator", "")).split(" ")[0] in wanted]
        offset += len(batch)
