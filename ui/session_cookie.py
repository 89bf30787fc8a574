"""A signed, expiring session cookie: a reload keeps the sign-in and the open saved check.

Streamlit keeps a sign-in in the browser tab's websocket session, which a reload ends. The cookie carries
only the user's name, the open check's id and the session's end, signed (itsdangerous) with a key that
stays on the server: ``TRUTHOMETER_SESSION_KEY`` (a team running several app instances gives them one),
else ``session.key`` in the knowledge base's directory (the user data dir for a postgresql:// knowledge
base), generated once with mode 0600. A session lasts ``TRUTHOMETER_SESSION_SECONDS`` (8 hours) from the
sign-in; the end is checked here, whatever the browser keeps. Streamlit reads cookies (``st.context``) but
cannot set them, so a small component writes ``document.cookie`` (SameSite=Strict, Max-Age, Secure over
https). Page scripts can read it (no HttpOnly from script): it holds nothing but what it says above.
"""
from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

COOKIE = "tom_session"
SALT = "truthometer-session"
DEFAULT_SECONDS = 8 * 3600
KEY_FILE = "session.key"
OPEN = "tom-open-check"  # session key: the id of the saved check open on the Check or Saved checks page
_END = "tom-session-end"  # session key: when this sign-in's session ends (epoch seconds)
_READ = "tom-cookie-read"  # session key: the cookie was read (once per browser session, at its start)
NOTE = "tom-session-note"  # session key: why the cookie did not sign the user in
_SLOT, _WHO, _DRAWN = "tom-cookie-slot", "tom-cookie-who", "tom-cookie-drawn"  # this run's cookie writer
_REOPEN = "tom-reopen-for"  # session key: whose open check a reload is to put back on the Check page


class CookieError(ValueError):
    """A session cookie that does not sign anyone in; its message says why, in one line."""


@dataclass(frozen=True)
class Session:
    user: str
    check_id: int | None
    end: int  # epoch seconds


def session_seconds() -> int:
    raw = os.environ.get("TRUTHOMETER_SESSION_SECONDS", "").strip()
    try:
        return max(1, int(raw)) if raw else DEFAULT_SECONDS
    except ValueError:
        return DEFAULT_SECONDS


def _key_path() -> Path:
    from truthometer.config import Config, user_data_dir
    from truthometer.knowledge.base import is_url

    kb = str(os.environ.get("TRUTHOMETER_KB") or Config().kb_dir)
    return (user_data_dir() if is_url(kb) else Path(kb)) / KEY_FILE


def signing_key(path: Path | None = None) -> str:
    """The environment's key, else the key file's (created, mode 0600, when there is none)."""
    if os.environ.get("TRUTHOMETER_SESSION_KEY"):
        return os.environ["TRUTHOMETER_SESSION_KEY"]
    path = path or _key_path()
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # O_EXCL: two servers starting at once agree on one key, the first one written
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_urlsafe(48))
    return path.read_text().strip()


def _serializer(key: str):
    from itsdangerous import URLSafeSerializer

    return URLSafeSerializer(key, salt=SALT)


def make_token(key: str, session: Session) -> str:
    return _serializer(key).dumps({"u": session.user, "c": session.check_id, "exp": int(session.end)})


def read_token(key: str, token: str, now: float | None = None) -> Session:
    """The session a cookie carries; CookieError when it was not signed with ``key`` or has ended."""
    from itsdangerous import BadSignature

    try:
        data = _serializer(key).loads(token)
        session = Session(str(data["u"]), None if data.get("c") is None else int(data["c"]), int(data["exp"]))
    except (BadSignature, KeyError, TypeError, ValueError):
        raise CookieError("Your saved sign-in could not be verified; please sign in again.") from None
    if session.end <= (time.time() if now is None else now):
        raise CookieError("Your session expired; please sign in again.")
    return session


def restored() -> Session | None:
    """The session the browser's cookie carries, read once, on the first run of a browser session (a
    reload); None after that, and when there is none or it is not valid (``NOTE`` says why)."""
    if st.session_state.get(_READ):
        return None
    st.session_state[_READ] = True
    token = st.context.cookies.get(COOKIE)
    if not token:
        return None
    try:
        session = read_token(signing_key(), token)
    except CookieError as exc:
        st.session_state[NOTE] = str(exc)
        return None
    except OSError as exc:  # an unreadable key file: signed out, said
        st.session_state[NOTE] = f"Your saved sign-in cannot be read here ({exc.strerror}); please sign in again."
        return None
    st.session_state[_END] = session.end
    if session.check_id is not None:
        st.session_state.setdefault(OPEN, session.check_id)
        st.session_state[_REOPEN] = session.user
    return session


def take_reopen(user_name: str, single_user: bool = False) -> int | None:
    """The check a reload should reopen for this user, once (None when there is none, or it was another's)."""
    whose = st.session_state.pop(_REOPEN, None)
    return open_check() if whose is not None and (single_user or whose == user_name) else None


def ended() -> bool:
    end = st.session_state.get(_END)
    return end is not None and end <= time.time()


def signed_in() -> None:
    """A new sign-in: its session ends ``session_seconds()`` from now."""
    st.session_state[_END] = int(time.time()) + session_seconds()
    st.session_state.pop(NOTE, None)


def signed_out() -> None:
    for key in (_END, OPEN, _REOPEN):
        st.session_state.pop(key, None)


def set_open_check(check_id: int | None) -> None:
    if check_id is not None and st.session_state.get(OPEN) != int(check_id):
        st.session_state[OPEN] = int(check_id)
        if st.session_state.get(_SLOT) is not None:
            write()


def open_check() -> int | None:
    return st.session_state.get(OPEN)


_WRITER_JS = """
export default function(component) {
    const { data } = component;
    if (!data || !data.name) return;
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    const found = document.cookie.split('; ').find((c) => c.startsWith(data.name + '='));
    const have = found === undefined ? null : found.slice(data.name.length + 1);
    if (data.value === null) {
        if (have !== null) document.cookie = `${data.name}=; Max-Age=0; Path=/; SameSite=Strict${secure}`;
    } else if (have !== data.value) {
        document.cookie = `${data.name}=${data.value}; Max-Age=${data.maxAge}; Path=/; SameSite=Strict${secure}`;
    }
}
"""


@st.cache_resource(show_spinner=False)
def _writer():
    return st.components.v2.component("truthometer_session_cookie", js=_WRITER_JS)


def write(user_name: str | None = None, start: bool = False) -> None:
    """Bring the browser's cookie up to date: the session of ``user_name`` with the open check, or none
    (signed out). ``start``: at the top of a run (app.py), before any page can stop it (an element drawn
    after ``st.stop()`` never reaches the browser); it keeps a place that ``set_open_check`` draws the
    cookie into again when a page opens another check. The token is base64url: nothing in it needs escaping."""
    if start:
        st.session_state[_SLOT] = st.empty()
        st.session_state[_WHO] = user_name
        st.session_state.pop(_DRAWN, None)
    slot = st.session_state.get(_SLOT)
    if slot is None:  # a page run on its own, outside app.py: no cookie
        return
    user_name = st.session_state.get(_WHO)
    end = st.session_state.get(_END)
    if user_name is None and st.session_state.get(NOTE):
        # The cookie did not sign anyone in (expired, forged, an account since gone): left as it is, so that
        # a later session of this tab (a reload, a reconnect) says why again instead of a bare sign-in form.
        # A sign-in clears the note and overwrites the cookie, so that a later sign-out removes it.
        return
    if user_name is None:
        value, max_age = None, 0
    else:
        if end is None or end <= time.time():  # single-user mode's first run, or its session's end: anew
            signed_in()
            end = st.session_state[_END]
        max_age = int(end - time.time())
        value = make_token(signing_key(), Session(user_name, open_check(), int(end)))
    data = {"name": COOKIE, "value": value, "maxAge": max(0, max_age)}
    if st.session_state.get(_DRAWN) == data:
        return
    st.session_state[_DRAWN] = data
    with slot.container():
        _writer()(data=data, height=0)


__all__ = ["COOKIE", "CookieError", "Session", "ended", "make_token", "open_check", "read_token", "restored",
           "set_open_check", "signed_in", "signed_out", "signing_key", "take_reopen", "write"]
