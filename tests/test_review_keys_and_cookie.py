"""The review desk's memory: a saved decision taken back (``CheckStore.undo``, both backends), the session
cookie's token (signed, expiring, tamper-evident; its key file), the keyboard list's announcements and the
"What the desk learned" page. Reports are built by hand, so no model is loaded."""
import os
import stat

import pytest

from kb_backends import backend, kb_location, new_kb_location  # noqa: F401 (fixtures)
from test_saved_checks import kb, saved  # noqa: F401 (fixture)
from truthometer.checks import CheckStore
from truthometer.checks.review import decide
from truthometer.errors import SavedCheckError
from ui.keyboard import announcement
from ui.session_cookie import CookieError, Session, make_token, read_token, signing_key


def test_undo_takes_back_the_latest_decision_and_the_trail_keeps_it(kb):
    checks, check_id, _ = saved(kb)
    decide(checks, check_id, 0, "accept", "ana")
    decide(checks, check_id, 0, "reject", "ana")
    gone, left = checks.undo(check_id, 0, "ana")
    assert (gone.action, left.action) == ("reject", "accept")
    assert checks.get(check_id).latest_decisions()[0].action == "accept"
    gone, left = checks.undo(check_id, 0, "ana")
    assert (gone.action, left) == ("accept", None)
    assert checks.get(check_id).latest_decisions() == {}
    assert checks.list()[0]["pending"] == 1 and checks.decisions() == []
    assert checks.undo(check_id, 0, "ana") == (None, None)  # nothing left to take back
    undos = [r for r in kb.store.trail() if r["action"] == "check undo"]
    assert len(undos) == 2 and '"reject"' in str(undos[0]["old"])


def test_undo_refuses_an_unknown_check_and_an_anonymous_author(kb):
    checks, check_id, _ = saved(kb)
    with pytest.raises(SavedCheckError, match="no saved check with id 999"):
        checks.undo(999, 0, "ana")
    with pytest.raises(SavedCheckError, match="author"):
        checks.undo(check_id, 0, " ")


def test_a_token_round_trips_and_says_why_it_does_not(tmp_path):
    key = signing_key(tmp_path / "session.key")
    token = make_token(key, Session("ed", 12, 2_000))
    assert read_token(key, token, now=1_999) == Session("ed", 12, 2_000)
    assert read_token(key, make_token(key, Session("ed", None, 2_000)), now=0).check_id is None
    with pytest.raises(CookieError, match="expired"):
        read_token(key, token, now=2_000)
    with pytest.raises(CookieError, match="could not be verified"):
        read_token("another key", token, now=0)
    forged = token.replace(token.split(".")[0], make_token(key, Session("admin", 12, 2_000)).split(".")[0])
    with pytest.raises(CookieError, match="could not be verified"):
        read_token(key, forged, now=0)
    with pytest.raises(CookieError):
        read_token(key, "not a token at all", now=0)


def test_the_key_is_made_once_readable_by_its_owner_only(tmp_path, monkeypatch):
    monkeypatch.delenv("TRUTHOMETER_SESSION_KEY", raising=False)
    path = tmp_path / "kb" / "session.key"
    first = signing_key(path)
    assert len(first) >= 40 and signing_key(path) == first
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    monkeypatch.setenv("TRUTHOMETER_SESSION_KEY", "the team's key")
    assert signing_key(path) == "the team's key"


def _cookie_writes(note: str | None) -> list:
    """What the cookie writer sends the browser on a signed-out run, with or without a note on why the
    browser's cookie did not sign anyone in (the component is replaced by a recorder)."""
    from streamlit.testing.v1 import AppTest

    def script(note):
        import streamlit as st

        from ui import session_cookie
        if note:
            st.session_state[session_cookie.NOTE] = note
        session_cookie.write(None, start=True)

    return AppTest.from_function(script, args=(note,)).run().session_state


def test_a_cookie_that_signed_nobody_in_stays_and_a_sign_out_removes_it(monkeypatch):
    from ui import session_cookie

    sent = []
    monkeypatch.setattr(session_cookie, "_writer", lambda: (lambda data, height: sent.append(data)))
    _cookie_writes(None)
    assert sent == [{"name": session_cookie.COOKIE, "value": None, "maxAge": 0}]  # signed out: removed
    sent.clear()
    _cookie_writes("Your session expired; please sign in again.")
    assert sent == []  # left for the next session of the tab to read, and say why, again


def test_announcements_name_the_action_and_the_place():
    assert announcement("accept", 2, 5, 6) == "Accepted correction 2 of 5 (sentence 7)."
    assert announcement("undo", 1, 3, 0, "accepted") == "Undid the decision on 1 of 3 (sentence 1); now accepted."
    assert announcement("none", 1, 1, 0).startswith("No correction is proposed")


def test_the_desk_page_shows_accept_edit_reject_by_family_flag_and_source(kb, kb_location, monkeypatch):
    from streamlit.testing.v1 import AppTest

    checks, check_id, _ = saved(kb)
    decide(checks, check_id, 0, "reject", "ana")
    monkeypatch.setenv("TRUTHOMETER_KB", str(kb_location))
    at = AppTest.from_file("../pages/5_Desk.py", default_timeout=120)
    at.run()
    assert not at.exception
    assert [h.value for h in at.subheader] == ["By rule family", "By flag", "By source kind"]
    family, flag, source = (t.value for t in at.dataframe)
    assert family.to_dict("records") == [{"substitution kind": "entity", "accepted": 0, "edited": 0, "rejected": 1,
                                          "decisions": 1, "overruled": "100%"}]
    assert flag["flag"].tolist() == ["swap"] and source["source kind"].tolist() == ["knowledge_base"]
