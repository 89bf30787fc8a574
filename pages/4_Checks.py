"""Checks — for editors: the saved checks (from the Check page, `check --save`, `batch --save`), each opened
read-only as it was saved, with its decisions, the sentences whose evidence changed, and its re-checks."""
from __future__ import annotations

import json

import streamlit as st
from streamlit.errors import StreamlitAPIException

from truthometer.auth import EDITOR
from ui.auth import require
from ui.checks import check_store, resume
from ui.common import STATUS_ICON, page_setup, plain_md, show_error
from ui.session_cookie import open_check, set_open_check

# Texts, titles, authors and evidence come from users and documents: they go to st.text, st.dataframe or
# through plain_md, never into Markdown as they are.

page_setup("Checks")
user = require(EDITOR)
st.title("🗂️ Saved checks")
checks = check_store()
if checks is None:
    st.stop()

mine = st.checkbox("Only my checks", key="checks-mine")
try:
    rows = checks.list(limit=500, author=user.name if mine else None)
except Exception as exc:
    show_error(exc)
    st.stop()
if not rows:
    st.info("No saved checks yet. Every check run on the Check page is saved here.")
    st.stop()

st.dataframe([{"id": r["id"], "title": r["title"], "author": r["created_by"], "date": r["created_at"][:19],
               "from": r["origin"], "supported": r["counts"].get("supported", 0),
               "contradicted": r["counts"].get("contradicted", 0),
               "unverifiable": r["counts"].get("unverifiable", 0), "decisions pending": r["pending"],
               "evidence changed": r["evidence_changed"]} for r in rows],
             hide_index=True, width="stretch", key="checks-table")

by_id = {r["id"]: r for r in rows}
opened = open_check()  # the check open before a reload, or on the Check page
chosen = st.selectbox("Open a check", list(by_id), key="checks-open",
                      index=list(by_id).index(opened) if opened in by_id else 0,
                      format_func=lambda i: f"#{i} {by_id[i]['title'][:80]} ({by_id[i]['created_by']})")
set_open_check(chosen)
try:
    check = checks.get(chosen)
    report = check.report()
except Exception as exc:  # a corrupt or newer saved check: its message, the list stays
    show_error(exc)
    st.stop()

st.subheader(f"Check #{check.id}")
st.text(check.title)
st.caption(f"run by {plain_md(check.created_by or '?')} at {plain_md(check.created_at[:19])} "
           f"({plain_md(check.origin)}, Truth-O-Meter {plain_md(check.app_version)})")
if check.refs:
    st.caption("references: " + plain_md(", ".join(f"{r['name']} (sha256 {r['sha256'][:12]}…)" for r in check.refs)))
changed = check.changed_sentences()
decided = check.latest_decisions()
if changed:
    st.warning(f"The evidence of {len(changed)} sentence(s) changed since this check.")
    if st.button(f"Re-check {len(changed)} sentence(s)", key="check-recheck",
                 help="checks them again with the saved configuration against the knowledge base (references "
                      "are saved by hash only: `python -m truthometer checks recheck` takes them again)"):
        from truthometer.checks.recheck import recheck
        from ui.common import kb_dir

        try:
            with st.spinner("Re-checking…"):
                done = recheck(checks, check.id, user.name, kb_location=kb_dir())
            st.session_state["checks-flash"] = f"Re-checked {len(done['sentences'])} sentence(s)." + (
                f" Without the references: {', '.join(done['missing_references'])}."
                if done["missing_references"] else "")
            st.rerun()
        except Exception as exc:
            show_error(exc)
if st.session_state.get("checks-flash"):
    st.success(plain_md(st.session_state.pop("checks-flash")))
st.dataframe([{"": STATUS_ICON.get(s.status, ""), "#": s.index + 1, "status": s.status, "sentence": s.text,
               "proposed": s.suggestion.corrected if s.suggestion else "",
               "decision": (f"{decided[s.index].action} by {decided[s.index].author}" if s.index in decided
                            else ("pending" if s.suggestion else "")),
               "evidence changed": "; ".join(f"{r.locator} {r.change}" for r in changed.get(s.index, []))}
              for s in report.sentences], hide_index=True, width="stretch", key="check-sentences")

if check.rechecks:
    st.markdown("**Re-checks** (old and new verdict side by side)")
    st.dataframe([{"#": r["sentence"] + 1, "old": r["old"].get("status", ""), "new": r["new"].get("status", ""),
                   "new reason": r["new"].get("reason", ""), "by": r["author"], "at": r["at"][:19]}
                  for r in check.rechecks], hide_index=True, width="stretch", key="check-rechecks")
if check.decisions:
    with st.expander(f"{len(check.decisions)} decision(s)"):
        st.dataframe([{"#": d.sentence + 1, "decision": d.action, "text": d.text, "by": d.author, "at": d.at[:19]}
                      for d in check.decisions], hide_index=True, width="stretch", key="check-decisions")
if st.button("Carry on reviewing on the Check page", key="check-resume",
             help="opens this check on the Check page with its decisions; new decisions are saved to it"):
    resume(check, report)
    try:
        st.switch_page("pages/0_Check.py")
    except StreamlitAPIException:  # the page run alone, outside app.py's navigation
        st.success("The check is open on the Check page.")
st.download_button("Export this check (JSON)", json.dumps(check.to_export(), indent=2, ensure_ascii=False),
                   f"check-{check.id}.json", "application/json", key="check-export")
