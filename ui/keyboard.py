"""Review by keyboard on the Check page: the flagged sentences as a list that keeps the focus.

``j``/``k`` (or the arrow keys) move to the next and previous flagged sentence, ``a`` accepts its proposed
correction, ``r`` rejects it, ``e`` opens a field to edit the sentence (Enter saves, Escape cancels), ``u``
undoes its latest decision, ``?`` shows the keys. A click on a sentence picks it and the ``?`` button opens
the help, so the mouse does all of it too (the Correction tab's buttons decide as before). Every action is
said in an ARIA live region ("Accepted correction 2 of 5"). The list is a small Streamlit component:
its texts are set as ``textContent``, never as markup, so a sentence cannot inject anything.
"""
from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

KEYS = (("j / ↓", "next flagged sentence"), ("k / ↑", "previous flagged sentence"),
        ("a", "accept the proposed correction"), ("r", "reject it"), ("e", "edit the sentence (Enter saves, Escape cancels)"),
        ("u", "undo the sentence's latest decision"), ("?", "show or hide this help"))


@dataclass(frozen=True)
class Item:
    index: int  # the sentence's index in the report
    label: str  # what the list shows: number, status, start of the sentence (plain text)
    decision: str  # pending | accepted | rejected | edited
    text: str  # the sentence as decided (the edit field starts from it)


def announcement(action: str, number: int, total: int, sentence: int, decision: str = "") -> str:
    """What the live region says after an action on the ``number``-th of ``total`` flagged sentences."""
    where = f"{number} of {total} (sentence {sentence + 1})"
    return {"accept": f"Accepted correction {where}.", "reject": f"Rejected correction {where}.",
            "edit": f"Edited sentence {where}.",
            "undo": f"Undid the decision on {where}; now {decision or 'pending'}.",
            "none": f"No correction is proposed for {where}.",
            "select": f"Flagged sentence {where}: {decision or 'pending'}."}.get(action, "")


_JS = """
export default function(component) {
    const { data, setTriggerValue, parentElement } = component;
    let root = parentElement.querySelector('div.tom-keys');
    if (!root) {
        root = document.createElement('div');
        root.className = 'tom-keys';
        root.innerHTML = `
          <div class="bar"><span class="title">Flagged sentences</span>
            <button type="button" class="help-button" aria-expanded="false" aria-controls="tom-keys-help">? Keys</button></div>
          <ul class="list" role="listbox" tabindex="0"
              aria-label="Flagged sentences: j and k move, a accepts, e edits, r rejects, u undoes, question mark shows the keys"></ul>
          <div class="edit" hidden><label>Edit the sentence, Enter to save, Escape to cancel
            <input type="text" class="edit-field"></label></div>
          <div class="help" id="tom-keys-help" role="dialog" aria-label="Keyboard shortcuts" hidden>
            <strong>Keyboard shortcuts</strong><dl></dl><button type="button" class="close">Close</button></div>
          <div class="live" role="status" aria-live="polite" aria-atomic="true"></div>`;
        parentElement.appendChild(root);
        const list = root.querySelector('.list'), help = root.querySelector('.help');
        const edit = root.querySelector('.edit'), field = root.querySelector('.edit-field');
        const toggleHelp = (show) => {
            help.hidden = !show;
            root.querySelector('.help-button').setAttribute('aria-expanded', String(show));
            if (!show) list.focus();
        };
        const send = (type, extra) => setTriggerValue('action', { type, index: root.current, nonce: Date.now(), ...extra });
        list.addEventListener('keydown', (event) => {
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            const moves = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 };
            const acts = { a: 'accept', r: 'reject', u: 'undo' };
            if (event.key in moves) {
                const order = root.items.map((item) => item.index);
                const here = order.indexOf(root.current);
                const next = order[Math.min(order.length - 1, Math.max(0, here + moves[event.key]))];
                if (next !== undefined && next !== root.current) { root.current = next; send('select'); }
            } else if (event.key in acts) {
                send(acts[event.key]);
            } else if (event.key === 'e') {
                const item = root.items.find((it) => it.index === root.current);
                if (!item) return;
                edit.hidden = false;
                field.value = item.text;
                field.focus();
            } else if (event.key === '?') {
                toggleHelp(help.hidden);
            } else if (event.key === 'Escape' && !help.hidden) {
                toggleHelp(false);
            } else {
                return;
            }
            event.preventDefault();
        });
        field.addEventListener('keydown', (event) => {
            if (event.key === 'Enter') { send('edit', { text: field.value }); }
            else if (event.key !== 'Escape') { return; }
            event.preventDefault();
            edit.hidden = true;
            list.focus();
        });
        root.querySelector('.help-button').addEventListener('click', () => toggleHelp(help.hidden));
        root.querySelector('.close').addEventListener('click', () => toggleHelp(false));
        list.addEventListener('click', (event) => {
            const option = event.target.closest('[role=option]');
            if (option) { root.current = Number(option.dataset.index); send('select'); list.focus(); }
        });
        // A rerun may draw the component afresh: the focus comes back to the list if it was there.
        list.addEventListener('focus', () => { window.tomKeysFocused = true; });
        document.addEventListener("focusin", (event) => { window.tomKeysFocused = event.composedPath().includes(list); });
    }
    const list = root.querySelector('.list');
    root.items = data.items;
    root.current = data.selected;
    list.replaceChildren(...data.items.map((item) => {
        const li = document.createElement('li');
        li.setAttribute('role', 'option');
        li.id = `tom-keys-${item.index}`;
        li.dataset.index = String(item.index);
        li.setAttribute('aria-selected', String(item.index === data.selected));
        li.textContent = `${item.label} · ${item.decision}`;
        return li;
    }));
    const chosen = list.querySelector('[aria-selected=true]');
    if (chosen) { list.setAttribute('aria-activedescendant', chosen.id); chosen.scrollIntoView({ block: 'nearest' }); }
    const dl = root.querySelector('.help dl');
    dl.replaceChildren(...data.keys.flatMap(([key, what]) => {
        const dt = document.createElement('dt'), dd = document.createElement('dd');
        dt.textContent = key;
        dd.textContent = what;
        return [dt, dd];
    }));
    const live = root.querySelector('.live');
    if (data.announce && live.dataset.said !== data.announceId) {
        live.dataset.said = data.announceId;
        live.textContent = data.announce;
    }
    if (window.tomKeysFocused && (document.activeElement === document.body || !document.activeElement)) list.focus();
}
"""

_CSS = """
.tom-keys { font-family: inherit; font-size: 0.9rem; }
.tom-keys .bar { display: flex; justify-content: space-between; align-items: center; margin-bottom: 0.25rem; }
.tom-keys .title { font-weight: 600; }
.tom-keys .list { list-style: none; margin: 0; padding: 0.25rem; max-height: 12rem; overflow-y: auto;
                  border: 1px solid rgba(128, 128, 128, 0.5); border-radius: 0.4rem; }
.tom-keys .list:focus { outline: 2px solid #1f77b4; outline-offset: 1px; }
.tom-keys [role=option] { padding: 0.15rem 0.4rem; cursor: pointer; border-radius: 0.25rem; }
.tom-keys [role=option][aria-selected=true] { background: rgba(31, 119, 180, 0.18); font-weight: 600; }
.tom-keys .help { border: 1px solid rgba(128, 128, 128, 0.6); border-radius: 0.4rem; padding: 0.5rem;
                  margin-top: 0.4rem; background: rgba(128, 128, 128, 0.08); }
.tom-keys .help dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.8rem; margin: 0.4rem 0; }
.tom-keys .help dt { font-family: monospace; font-weight: 600; }
.tom-keys .help dd { margin: 0; }
.tom-keys .edit input { width: 100%; margin-top: 0.25rem; }
.tom-keys .live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
"""


@st.cache_resource(show_spinner=False)
def _component():
    return st.components.v2.component("truthometer_review_keys", js=_JS, css=_CSS)


def review_keys(items: list[Item], selected: int, announce: str, announce_id: str, key: str, on_action) -> None:
    """The flagged sentences' list; ``on_action(dict)`` gets {"type": select | accept | reject | edit |
    undo, "index": sentence, "text": the edited sentence} before the page is drawn again."""
    def changed() -> None:
        value = getattr(st.session_state.get(key), "action", None)
        if value is None and isinstance(st.session_state.get(key), dict):
            value = st.session_state[key].get("action")
        if not isinstance(value, dict) or not isinstance(value.get("index"), int):
            return
        # A rerun can hand the same action back (measured: a rejection recorded twice, so that undo left
        # it standing); each key press carries its own nonce, and one is acted on once.
        applied = f"{key}-applied-nonce"
        if value.get("nonce") is not None and st.session_state.get(applied) == value["nonce"]:
            return
        st.session_state[applied] = value.get("nonce")
        on_action(value)

    _component()(data={"items": [item.__dict__ for item in items], "selected": selected, "keys": KEYS,
                       "announce": announce, "announceId": announce_id}, key=key, on_action_change=changed)


__all__ = ["KEYS", "Item", "announcement", "review_keys"]
