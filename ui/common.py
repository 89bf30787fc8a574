"""Session state, cached resources and small widgets shared by the app's pages."""
from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass

import streamlit as st

from truthometer.config import Config
from truthometer.errors import TruthometerError
from ui.text import code_md, plain_md  # noqa: F401  (the pages import them from here too)

STATUS_ICON = {"supported": "✅", "contradicted": "❌", "unverifiable": "❔", "skipped": "➖"}


def page_setup(title: str) -> None:
    st.set_page_config(page_title=f"Truth-O-Meter · {title}", page_icon="🧭", layout="wide")


@dataclass
class WarmUp:
    """The models' loading in the background: started when the server's first page is opened."""

    thread: threading.Thread
    began: float
    seconds: float | None = None  # set when loaded

    @property
    def loading(self) -> bool:
        return self.thread.is_alive()


@st.cache_resource(show_spinner=False)
def warm_models() -> WarmUp:
    """Load the models once per server process in the background, from the first page anyone opens (the
    sign-in page too), while the first user pastes a text: the first check then starts at once instead of
    waiting for them (``truthometer.pipeline.warm_up``)."""
    from truthometer.pipeline import warm_up

    def load():
        warm_up(Config())
        warming.seconds = time.monotonic() - warming.began

    warming = WarmUp(threading.Thread(target=load, name="truthometer-warm-up", daemon=True), time.monotonic())
    warming.thread.start()
    return warming


def models_status() -> None:
    """While the models load, say so. Read on each run of the page, not polled: a rerun of its own would
    redraw the page under the editor's hands (and did, under a browser test's)."""
    warming = warm_models()
    slot = st.empty()  # always one element: one shown on some runs only would shift the page's others
    if warming.loading:
        slot.caption(f"⏳ Loading the models ({time.monotonic() - warming.began:.0f} s so far, once per server "
                     "start): a check started now waits for them.")


def kb_dir() -> str:
    return os.environ.get("TRUTHOMETER_KB") or Config().kb_dir


@st.cache_resource(show_spinner="Opening the knowledge base…")
def _open_kb(path: str):
    from truthometer.knowledge import open_kb

    return open_kb(path)


def knowledge_base():
    """The verified knowledge base, or None (with a message) when it cannot be opened."""
    try:
        return _open_kb(kb_dir())
    except TruthometerError as exc:
        st.warning(f"Knowledge base unavailable: {plain_md(exc)}")
    except Exception as exc:  # never a traceback in the UI
        st.warning(f"Knowledge base unavailable: {type(exc).__name__}: {plain_md(exc)}")
    return None


def reviewer_name() -> str:
    """Who decides: the signed-in user; in single-user mode, the name typed in the sidebar."""
    from ui.auth import current_user

    user = current_user()
    if user is not None and not user.single_user:
        return user.name
    return st.sidebar.text_input("Reviewer name", key="reviewer", help="Recorded with every saved correction "
                                 "and curation decision.")


def input_key(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:16]


def show_error(exc: Exception) -> None:
    """The error's message, escaped: a message may quote the input (a file name, a line of a program, an
    answer from the LLM or a web server)."""
    if isinstance(exc, TruthometerError):
        st.error(plain_md(exc))
    else:
        st.error(f"Something went wrong: {type(exc).__name__}: {plain_md(exc)}")


_CLICKABLE_JS = """
export default function(component) {
    const { data, setTriggerValue, parentElement } = component;
    let holder = parentElement.querySelector('div.tom-holder');
    if (!holder) {
        holder = document.createElement('div');
        holder.className = 'tom-holder';
        parentElement.appendChild(holder);
    }
    holder.innerHTML = data;  // built by truthometer.reports.highlight_html: every text in it is escaped
    holder.querySelectorAll('.tom-s').forEach((span) => {
        span.style.cursor = 'pointer';
        span.onclick = () => setTriggerValue('clicked', Number(span.dataset.index));
    });
}
"""


@st.cache_resource(show_spinner=False)
def _clickable_component():
    return st.components.v2.component("truthometer_clickable_text", js=_CLICKABLE_JS)


def clickable_text(html: str, key: str, on_click) -> None:
    """The highlighted text (``reports.highlight_html``, escaped there) with each sentence clickable:
    ``on_click(index)`` runs before the page is drawn again, so it may set a picker's state."""
    def clicked() -> None:
        value = getattr(st.session_state.get(key), "clicked", None)
        if value is None and isinstance(st.session_state.get(key), dict):
            value = st.session_state[key].get("clicked")
        if value is not None:
            on_click(int(value))

    _clickable_component()(data=html, key=key, on_clicked_change=clicked)
