"""The knowledge base page's "Commonsense rules" section: rule entries (``truthometer.argumentation.commonsense``)
listed, added, approved, rejected and edited like facts, each text checked as a rule before it is stored.

A rule's text, source, locator and the names of who added or reviewed it are hostile like any entry's: they
reach Markdown only through ``plain_md``; the table, ``st.code`` and ``st.json`` show them as they are.
"""
from __future__ import annotations

from typing import Callable

import streamlit as st

from truthometer.argumentation.commonsense import RuleError, add_rule, check_rule, rule_entries
from truthometer.argumentation.errors import DelpSyntaxError
from ui.common import plain_md, show_error

EXAMPLE = "woman(X) <- lady(X)."
Curate = Callable[[str, list, str], None]


def refusal(exc: Exception) -> str:
    """Why a text is not stored as a rule, as escaped Markdown (the message may quote the text)."""
    return plain_md(f"Not a usable rule, nothing was stored: {exc}")


def rule_rows(entries) -> list[dict]:
    return [{"id": e.id, "status": e.status, "rule": e.text,
             "kind": "strict" if "<-" in e.text else "defeasible", "source": e.source, "locator": e.locator,
             "created by": e.created_by, "reviewed by": e.reviewed_by or ""} for e in entries]


def rules_section(kb, curator: bool, reviewer: str, curate: Curate) -> None:
    """The section itself; ``curate(verb, ids, done)`` is the page's approve/reject path, shared with facts."""
    st.subheader("Commonsense rules")
    st.caption("Strict (h <- b.) and defeasible (h -< b.) DeLP rules. An approved rule joins the argumentation "
               "of any claim whose program uses its predicates; a rule is never quoted as evidence.")
    status = st.selectbox("Rule status", ["any", "pending", "approved", "rejected"], key="kb-rule-status")
    try:
        entries = rule_entries(kb, None if status == "any" else status)
    except Exception as exc:
        show_error(exc)
        entries = []
    st.caption(f"{len(entries)} rules")
    if entries:
        st.dataframe(rule_rows(entries), hide_index=True, width="stretch")
        _one_rule(kb, entries, status, curator, reviewer, curate)
    if curator:
        _add_form(kb, reviewer)


def _one_rule(kb, entries, status: str, curator: bool, reviewer: str, curate: Curate) -> None:
    texts = {e.id: e.text for e in entries}
    chosen = st.selectbox("Rule", list(texts), format_func=lambda i: f"#{i} {texts[i][:80]}",
                          key=f"kb-rule-pick-{status}")
    entry = kb.get(chosen)
    st.code(entry.text, language="text")
    st.caption(f"#{entry.id} · {plain_md(entry.status)} · source: {plain_md(entry.source)} · created by "
               f"{plain_md(entry.created_by)}" + (f" · reviewed by {plain_md(entry.reviewed_by)}"
                                                 if entry.reviewed_by else ""))
    if not curator:
        return
    for column, (verb, status_after) in zip(st.columns([1, 1, 4]), (("Approve", "approved"), ("Reject", "rejected"))):
        if column.button(f"{verb} this rule", key=f"kb-rule-{verb.lower()}-{chosen}",
                         disabled=entry.status == status_after):
            curate(verb, [chosen], f"{verb}{'d' if verb == 'Approve' else 'ed'} rule #{chosen}.")
    with st.form(f"rule-edit-{chosen}"):
        text = st.text_input("Rule text", entry.text, key=f"kb-rule-edit-text-{chosen}")
        if st.form_submit_button("Save rule edit"):
            if not reviewer.strip():
                st.error("Enter your reviewer name in the sidebar first.")
                return
            try:
                checked = check_rule(text)  # a rule stays a rule: re-checked like one on add
            except (DelpSyntaxError, RuleError) as exc:
                st.error(refusal(exc))
                return
            try:
                kb.edit(chosen, reviewer, text=checked.text)
            except Exception as exc:
                show_error(exc)
                return
            st.session_state["kb-flash"] = f"Saved rule #{chosen}."
            st.rerun()
    with st.expander("Provenance and history of this rule"):
        st.json(entry.provenance or {})
        st.dataframe(kb.history(chosen), hide_index=True, width="stretch")


def _add_form(kb, reviewer: str) -> None:
    with st.form("rule-add", clear_on_submit=False):
        text = st.text_input("New rule", key="kb-rule-text", placeholder=EXAMPLE)
        c1, c2 = st.columns(2)
        source = c1.text_input("Rule source", key="kb-rule-source", placeholder="style guide, handbook…")
        locator = c2.text_input("Rule locator", key="kb-rule-locator", placeholder="a page, a URL, a section")
        submitted = st.form_submit_button("Add rule")
    if not submitted:
        return
    if not reviewer.strip():
        st.error("Enter your reviewer name in the sidebar first.")
        return
    try:
        entry = add_rule(kb, text, source=source.strip(), locator=locator.strip(), created_by=reviewer,
                         provenance={"added_in": "app"})
    except (DelpSyntaxError, RuleError) as exc:
        st.error(refusal(exc))
        return
    except Exception as exc:
        show_error(exc)
        return
    st.session_state["kb-flash"] = f"Added rule #{entry.id} (pending: a curator approves it before it is used)."
    st.rerun()
