"""The app's side of saved checks (truthometer.checks): every check the Check page runs is saved, and each
decision on it recorded, in the knowledge base's database. A save that fails is said, never fatal: the
check on screen stands."""
from __future__ import annotations

import streamlit as st

from ui.common import knowledge_base, show_error
from ui.session_cookie import set_open_check

IDS = "saved-check-ids"  # session key: {input key: saved check id}


def check_store():
    """The saved checks of the app's knowledge base, or None (with a message) when it is unavailable."""
    from truthometer.checks import CheckStore

    kb = knowledge_base()
    if kb is None:
        return None
    try:
        return CheckStore(kb.store)
    except Exception as exc:
        show_error(exc)
        return None


def save_check(key: str, report, references, config, author: str) -> int | None:
    """Save the check shown under input ``key`` (once); its id."""
    ids = st.session_state.setdefault(IDS, {})
    if key in ids:
        set_open_check(ids[key])
        return ids[key]
    checks = check_store()
    if checks is None:
        return None
    try:
        ids[key] = checks.save(report, references, config, author, origin="app")
        set_open_check(ids[key])  # a reload reopens it
        return ids[key]
    except Exception as exc:
        show_error(exc)
        return None


def record_decision(key: str, sentence: int, action: str, author: str, text: str = "") -> None:
    """A reviewer's decision on the saved check shown under ``key`` (accept | edit | reject)."""
    check_id = st.session_state.get(IDS, {}).get(key)
    checks = check_store() if check_id is not None else None
    if checks is None:
        return
    from truthometer.checks.review import decide

    try:
        decide(checks, check_id, sentence, action, author or "anonymous", text)
    except Exception as exc:
        show_error(exc)


def undo_decision(key: str, sentence: int, author: str):
    """Take back the latest saved decision on sentence ``sentence`` of the check shown under ``key``: the
    decision that stands now (None: pending), or False when the check is not saved (nothing to read back)."""
    check_id = st.session_state.get(IDS, {}).get(key)
    checks = check_store() if check_id is not None else None
    if checks is None:
        return False
    try:
        return checks.undo(check_id, sentence, author or "anonymous")[1]
    except Exception as exc:
        show_error(exc)
        return False


def apply_decision(review, s, d) -> None:
    """Sentence ``s`` of ``review`` as decision ``d`` left it (None: pending): an accept accepts every
    substitution of the proposal, a reject rejects them, an edit keeps the edited text."""
    from truthometer.review import ACCEPT, PENDING, REJECT

    review.edit(s.index, d.text if d is not None and d.action == "edit" else None, d.author if d else "")
    state = PENDING if d is None or d.action == "edit" else (ACCEPT if d.action == "accept" else REJECT)
    for i in range(len(s.suggestion.substitutions) if s.suggestion else 0):
        review.decide(s.index, i, state, d.author if d else "")


def review_of(check, report):
    """The Check page's Review of a saved check, rebuilt from each sentence's latest decision."""
    from truthometer.review import Review

    review = Review()
    by_index = {s.index: s for s in report.sentences}
    for d in check.latest_decisions().values():
        if d.sentence in by_index:
            apply_decision(review, by_index[d.sentence], d)
    return review


def resume(check, report) -> str:
    """Put a saved check on the Check page as its reviewer left it; decisions made there go to the same
    saved check. The session key it is shown under."""
    key = f"saved-{check.id}"
    st.session_state.setdefault("reports", {})[key] = report
    st.session_state.setdefault("reviews", {})[key] = review_of(check, report)
    st.session_state.setdefault(IDS, {})[key] = check.id
    set_open_check(check.id)
    st.session_state["current"] = key
    st.session_state.pop("ignored", None)
    return key
