"""A reviewer's decision on a saved check's proposal, classified for the stats as it is stored."""
from __future__ import annotations

from ..errors import SavedCheckError
from .model import ACTIONS, Decision, proposal_of
from .store import CheckStore


def decide(checks: CheckStore, check_id, sentence: int, action: str, author: str, text: str = "",
           entry_id: int | None = None) -> Decision:
    """Record ``action`` (accept | edit | reject) on sentence ``sentence``'s proposal. ``text`` is the
    sentence as edited (defaults to the proposal for accept); ``entry_id`` the pending knowledge entry
    an accepted correction became, so that a change to its evidence sends it back to the curators."""
    if action not in ACTIONS:
        raise SavedCheckError(f"unknown decision {action!r}; use one of {', '.join(ACTIONS)}")
    check = checks.get(check_id)
    report = check.report()
    kind = proposal_of(report, int(sentence))
    s = next(s for s in report.sentences if s.index == int(sentence))
    if action == "edit" and not text.strip():
        raise SavedCheckError("an edit needs the sentence as edited (--text)")
    if action == "accept" and not text:
        text = s.suggestion.corrected if s.suggestion else s.text
    return checks.decide(check.id, Decision(int(sentence), action, author, text=text, kinds=kind["kinds"],
                                            flags=kind["flags"], sources=kind["sources"], entry_id=entry_id))
