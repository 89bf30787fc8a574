"""Sign-in for the app: who is using it and which pages and actions their roles allow.

Three ways, chosen by configuration (truthometer.auth.users explains the roles):
- OpenID Connect, when ``.streamlit/secrets.toml`` has an ``[auth]`` section (Streamlit's ``st.login``);
  roles come from the users file by e-mail.
- A password, when the users file has users (``python -m truthometer users add``).
- Neither: single-user mode, one local user with every role, said in the sidebar of every page.
"""
from __future__ import annotations

import time

import streamlit as st

from truthometer.auth import ADMIN, CURATOR, EDITOR, User, UserFile, local_user
from truthometer.config import Config
from truthometer.errors import TruthometerError
from ui import session_cookie
from ui.text import plain_md

SESSION_KEY = "tom-user"
#: Seconds a failed sign-in waits before answering: a guesser gets a few tries a minute per session.
FAILED_PAUSE = 1.0


def users_file() -> UserFile:
    return UserFile.for_config(Config())


def oidc_configured() -> bool:
    try:
        return "auth" in st.secrets
    except Exception:  # no secrets file at all, or one Streamlit cannot parse: no OIDC
        return False


def current_user() -> User | None:
    """The signed-in user, the local user in single-user mode, or None (sign-in needed). A users file that
    cannot be read stops the page with a message: it never falls back to single-user mode. On a reload the
    session cookie signs the user in again (ui/session_cookie.py)."""
    user = st.session_state.get(SESSION_KEY)
    if isinstance(user, User):
        if session_cookie.ended():
            sign_out()
            st.session_state[session_cookie.NOTE] = "Your session expired; please sign in again."
            return None
        return user
    session = session_cookie.restored()
    try:
        if oidc_configured():
            if not getattr(st.user, "is_logged_in", False):
                return None
            user = users_file().for_identity(str(st.user.get("email") or ""), str(st.user.get("name") or ""))
            if user is None:
                st.error("You signed in, but no role is given to your account here. Ask an admin to add your "
                         "e-mail to the users file.")
                if st.button("Sign out"):
                    st.logout()
                st.stop()
        elif not users_file().configured():
            if session is not None and session.user and "reviewer" not in st.session_state:
                st.session_state["reviewer"] = session.user  # the sidebar's name, as it was before the reload
            user = local_user(str(st.session_state.get("reviewer") or "").strip() or "local")
            return user  # not stored: the name follows the sidebar field
        elif session is None:
            return None
        else:
            user = users_file().get(session.user)
            if user is None or not user.roles:
                st.session_state[session_cookie.NOTE] = "Your account is no longer here or has no role; " \
                                                        "please sign in again."
                session_cookie.signed_out()
                return None
    except TruthometerError as exc:
        st.error(f"Sign-in is unavailable: {plain_md(str(exc))}")
        st.stop()
    st.session_state[SESSION_KEY] = user
    return user


def cookie_name() -> str | None:
    """Whose session the browser's cookie should carry at the end of this run: the signed-in user's,
    single-user mode's reviewer name, or nobody's (signed out). Reads the state only: no message, no stop."""
    user = st.session_state.get(SESSION_KEY)
    if isinstance(user, User):
        return user.name
    try:
        if oidc_configured() or users_file().configured():
            return None
    except TruthometerError:
        return None
    return str(st.session_state.get("reviewer") or "").strip() or "local"


def remember() -> None:
    """Write the session cookie (app.py, at the top of every run; pages that open a check write it again)."""
    try:
        session_cookie.write(cookie_name(), start=True)
    except OSError as exc:  # the key file cannot be written: the app works, a reload signs out
        st.caption(f"Sign-in will not survive a reload here: {plain_md(str(exc))}")


def reopen(user: User) -> None:
    """After a reload, put the check that was open back on the Check page (once per browser session)."""
    check_id = session_cookie.take_reopen(user.name, user.single_user)
    if check_id is None:
        return
    from ui.checks import check_store, resume

    checks = check_store()
    if checks is None:
        return
    try:
        check = checks.get(check_id)
        resume(check, check.report())
    except Exception as exc:  # a check since gone or unreadable: its message, the page goes on
        st.warning(f"The check that was open could not be reopened: {plain_md(str(exc))}")


def sign_in_page() -> None:
    """The only page an anonymous visitor sees, whatever address they asked for."""
    st.title("🧭 Truth-O-Meter")
    st.subheader("Sign in")
    if st.session_state.get(session_cookie.NOTE):
        st.info(plain_md(st.session_state[session_cookie.NOTE]))
    if oidc_configured():
        st.button("Sign in with your organisation's account", on_click=st.login, key="sign-in-oidc")
        return
    with st.form("sign-in"):
        name = st.text_input("User name", key="sign-in-name")
        password = st.text_input("Password", type="password", key="sign-in-password")
        submitted = st.form_submit_button("Sign in")
    if submitted:
        try:
            user = users_file().authenticate(name, password)
        except TruthometerError as exc:
            st.error(f"Sign-in is unavailable: {plain_md(str(exc))}")
            return
        if user is None or not user.roles:
            time.sleep(FAILED_PAUSE)
            st.error("Unknown user name or wrong password." if user is None else
                     "Your account has no role yet; ask an admin to give you one.")
            return
        st.session_state[SESSION_KEY] = user
        session_cookie.signed_in()
        st.rerun()


def sign_out() -> None:
    user = st.session_state.pop(SESSION_KEY, None)
    session_cookie.signed_out()
    if isinstance(user, User) and user.via == "oidc":
        st.logout()


def sidebar(user: User) -> None:
    if user.single_user:
        st.sidebar.info("Single-user mode: no users are configured, so you have every role. To share this app "
                        "with a team, add users: `python -m truthometer users add NAME --role editor`.")
        return
    st.sidebar.caption(f"Signed in as {plain_md(user.name)} · {', '.join(sorted(user.roles)) or 'no role'}")
    st.sidebar.button("Sign out", on_click=sign_out, key="sign-out")


def require(role: str | None = None) -> User:
    """The page's user. Nobody signed in: the page becomes the sign-in form; a missing role: the page says
    whose it is and stops. Every page calls it first, so no page is served past the sign-in, however it
    is reached."""
    user = current_user()
    if user is None:
        sign_in_page()
        st.stop()
    if role and not user.can(role):
        st.error(f"This page is for the {role} role; you are signed in as {plain_md(user.name)} "
                 f"({', '.join(sorted(user.roles)) or 'no role'}).")
        st.stop()
    reopen(user)
    return user


#: (script, title, icon, url path, the role it needs: None for anyone signed in)
PAGES = (("pages/0_Check.py", "Check", "🧭", "Check", EDITOR),
         ("pages/1_Dialectical_trees.py", "Dialectical trees", "🌳", "Dialectical_trees", None),
         ("pages/2_Knowledge_base.py", "Knowledge base", "📚", "Knowledge_base", None),
         ("pages/3_Users.py", "Users", "👥", "Users", ADMIN),
         ("pages/4_Checks.py", "Saved checks", "🗂️", "Checks", EDITOR),
         ("pages/5_Desk.py", "What the desk learned", "🎓", "Desk", None))


def allowed(user: User | None, role: str | None) -> bool:
    return user is not None and (role is None or user.can(role))


def pages(user: User | None) -> list:
    """Every page, for the navigation to route any address (each page checks its own role); the home page
    is the first the user may open (the check page for editors, and for visitors, who are asked to sign in)."""
    home = next((p for p in PAGES if allowed(user, p[4])), PAGES[0]) if user is not None else PAGES[0]
    found = []
    for page in PAGES:
        script, title, icon, path, _ = page
        found.append(st.Page(script, title=title, icon=icon, url_path=None if page is home else path,
                             default=page is home))
    return found


def menu(user: User, found: list) -> None:
    """The sidebar's links: only the pages the user's roles allow (the Users page is for teams: in
    single-user mode users are added from the command line)."""
    for page, (_, _, _, _, role) in zip(found, PAGES):
        if allowed(user, role) and not (role == ADMIN and user.single_user):
            st.sidebar.page_link(page)


__all__ = ["ADMIN", "CURATOR", "EDITOR", "allowed", "cookie_name", "current_user", "menu", "pages", "remember",
           "require", "sidebar", "sign_in_page"]
