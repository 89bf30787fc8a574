"""Knowledge base — for curators: search, filter, approve / reject / edit, history, import and export, the
audit trail. Anyone signed in may read it; only a curator changes it."""
from __future__ import annotations

import datetime as dt
import json

import streamlit as st

from truthometer.argumentation.commonsense import is_rule_entry
from truthometer.auth import ADMIN, CURATOR
from ui.auth import require
from ui.common import input_key, knowledge_base, page_setup, plain_md, reviewer_name, show_error
from ui.rules import rules_section

# Entry texts, sources, locators, reviewer names and file names are hostile: they reach Markdown only through
# plain_md; the table, the text box and st.json show them as they are. Selectbox options are plain text.

page_setup("Knowledge base")
user = require()
curator = user.can(CURATOR)
st.title("📚 Verified knowledge base")
reviewer = reviewer_name()
if not curator:
    st.info("Read-only: approving, rejecting, editing and importing entries need the curator role. Pending "
            "entries are awaiting a curator's review and are not used as evidence.")
kb = knowledge_base()
if kb is None:
    st.error("The knowledge base could not be opened.")
    st.stop()

if st.session_state.get("kb-flash"):
    st.success(plain_md(st.session_state.pop("kb-flash")))  # may name an imported file
stats = kb.stats()
cols = st.columns(4)
for col, key in zip(cols, ("total", "approved", "pending", "rejected")):
    col.metric(key, stats.get(key, 0))

# ---- search and filters -----------------------------------------------------------------------------
with st.form("search-form"):
    c1, c2 = st.columns([3, 1])
    query = c1.text_input("Search", key="kb-query", placeholder="a fact, a phrase, a name…")
    mode = c2.radio("Search by", ["meaning", "text"], horizontal=True, key="kb-mode")
    f1, f2, f3, f4 = st.columns(4)
    status = f1.selectbox("Status", ["any", "pending", "approved", "rejected"], key="kb-status")
    source = f2.text_input("Source", key="kb-source")
    min_conf = f3.slider("Minimum confidence", 0.0, 1.0, 0.0, 0.05, key="kb-conf")
    by = f4.text_input("Created or reviewed by", key="kb-reviewer")
    st.form_submit_button("Search")

status_filter = None if status == "any" else status
try:
    if query.strip() and mode == "meaning":
        hits = kb.search([query], k=50, status=status_filter)[0]
        entries = [(e, d) for e, d in hits]
    elif query.strip():
        entries = [(e, None) for e in kb.text_search(query, status=status_filter, limit=500)]
    else:
        entries = [(e, None) for e in kb.list(status=status_filter, limit=500)]
except Exception as exc:
    show_error(exc)
    entries = []


def keep(entry) -> bool:
    if source and source.lower() not in (entry.source or "").lower():
        return False
    if entry.confidence < min_conf:
        return False
    if by and by.lower() not in f"{entry.created_by} {entry.reviewed_by or ''}".lower():
        return False
    return True


# Rule entries have their own section below, where an edit is checked as a rule.
entries = [(e, d) for e, d in entries if keep(e) and not is_rule_entry(e)]
st.caption(f"{len(entries)} entries (facts; commonsense rules have their own section below)")
rows = [{"select": False, "id": e.id, "status": e.status, "text": e.text, "source": e.source,
         "locator": e.locator, "confidence": e.confidence, "created by": e.created_by,
         "reviewed by": e.reviewed_by or "", **({"distance": round(d, 3)} if d is not None else {})}
        for e, d in entries]
if not curator:
    rows = [{k: v for k, v in r.items() if k != "select"} for r in rows]
edited = st.data_editor(rows, hide_index=True, key="kb-table", width="stretch",
                        disabled=[k for k in (rows[0] if rows else {}) if k != "select"])
selected = [r["id"] for r in edited if r.get("select")] if rows and curator else []

# ---- curation ---------------------------------------------------------------------------------------
# A proposer may approve their own entry only alone on a laptop, or where the team configured it.
allow_own = True if user.single_user else None
CURATE = {"Approve": ("approved", lambda ids: kb.approve(ids, reviewer, allow_own)),
          "Reject": ("rejected", lambda ids: kb.reject(ids, reviewer))}


def curate(verb: str, ids: list[int], done: str) -> None:
    """Approve or reject ``ids``; the page then reruns with ``done`` said, or shows why not."""
    if not reviewer.strip():
        st.error("Enter your reviewer name in the sidebar first.")
        return
    try:
        CURATE[verb][1](ids)
    except Exception as exc:
        show_error(exc)
        return
    st.session_state["kb-flash"] = done
    st.rerun()


if curator:
    for column, verb in zip(st.columns([1, 1, 4]), CURATE):
        if column.button(f"{verb} {len(selected)} selected", disabled=not selected, key=f"kb-{verb.lower()}"):
            curate(verb, selected, f"{verb}{'d' if verb == 'Approve' else 'ed'} {len(selected)}.")

if entries:
    st.subheader("One entry")
    ids = [e.id for e, _ in entries]
    chosen = st.selectbox("Entry", ids, format_func=lambda i: f"#{i} {next(e.text for e, _ in entries if e.id == i)[:80]}",
                          key=f"kb-entry-{input_key(query, mode, status, source, min_conf, by)}")
    entry = kb.get(chosen)
    st.caption(f"#{entry.id} · {plain_md(entry.status)} · source: {plain_md(entry.source)} · created by "
               f"{plain_md(entry.created_by)} · confidence {entry.confidence:.2f}"
               + (f" · reviewed by {plain_md(entry.reviewed_by)}" if entry.reviewed_by else ""))
    if entry.status == "pending":
        st.caption("Awaiting a curator's review: not used as evidence until approved.")
        try:
            near = kb.near_duplicates(entry.text, exclude=entry.id)
        except Exception as exc:
            near = []
            show_error(exc)
        for other, distance in near:
            st.warning(f"Nearly the same as approved entry #{other.id} (distance {distance:.2f}): "
                       f"{plain_md(other.text)}")
    if curator:
        for column, (verb, (status_after, _)) in zip(st.columns([1, 1, 4]), CURATE.items()):
            if column.button(f"{verb} this entry", key=f"kb-one-{verb.lower()}-{chosen}",
                             disabled=entry.status == status_after):
                curate(verb, [chosen], f"{verb}{'d' if verb == 'Approve' else 'ed'} entry #{chosen}.")
    if curator:
        with st.form(f"edit-{chosen}"):
            text = st.text_area("Text", entry.text)
            confidence = st.number_input("Confidence", 0.0, 1.0, float(entry.confidence), 0.05)
            if st.form_submit_button("Save edit"):
                if not reviewer.strip():
                    st.error("Enter your reviewer name in the sidebar first.")
                else:
                    try:
                        kb.edit(chosen, text=text, confidence=confidence, reviewer=reviewer)
                        st.session_state["kb-flash"] = f"Saved entry #{chosen}."
                        st.rerun()
                    except Exception as exc:
                        show_error(exc)
    else:
        st.text(entry.text)
    if entry.provenance:
        st.markdown("**Provenance**")
        st.json(entry.provenance)
    st.markdown("**History**")
    st.dataframe(kb.history(chosen), hide_index=True, width="stretch")

# ---- commonsense rules -------------------------------------------------------------------------------
rules_section(kb, curator, reviewer, curate)

# ---- import / export --------------------------------------------------------------------------------
st.subheader("Import and export (JSONL)" if curator else "Export (JSONL)")
i1, i2 = st.columns(2)
upload = None if not curator else i1.file_uploader("Import entries (one JSON object a line; status defaults to pending)", type=["jsonl", "json"],
                          key="kb-import", max_upload_size=8,
                          help="up to 8 MB here; larger files: python -m truthometer kb import FILE")
if upload is not None and i1.button("Import", key="kb-import-go"):
    try:
        from truthometer.textio import decode_text

        entries = kb.parse_jsonl(decode_text(upload.getvalue(), upload.name, 200_000_000).splitlines(),
                                 actor=reviewer or "import")
        added = kb.import_entries(entries, reviewer or "import")
        there = len(entries) - len(added)
        st.session_state["kb-flash"] = (f"Imported {len(added)} new entr{'y' if len(added) == 1 else 'ies'} from "
                                        f"{upload.name}." + (f" {there} already in the knowledge base (same text "
                                                             f"and source) were left out." if there else ""))
        st.rerun()
    except Exception as exc:
        show_error(exc)
export_status = i2.selectbox("Export", ["all", "approved", "pending", "rejected"], key="kb-export-status")
i2.download_button("Download JSONL", "".join(line if line.endswith("\n") else line + "\n" for line in
                                              kb.export_jsonl(None if export_status == "all" else export_status)),
                   "knowledge-base.jsonl", "application/json", key="kb-export")

# ---- audit trail ------------------------------------------------------------------------------------
if curator or user.can(ADMIN):
    st.subheader("Audit trail")
    a1, a2 = st.columns(2)
    today = dt.datetime.now(dt.timezone.utc).date()
    since = a1.date_input("From (UTC)", today - dt.timedelta(days=30), key="audit-since")
    until = a2.date_input("To (UTC, included)", today, key="audit-until")
    try:
        trail = kb.trail(since.isoformat(), until.isoformat())
    except Exception as exc:
        trail = []
        show_error(exc)
    st.caption(f"{len(trail)} decisions: who, when, what before and after")
    st.dataframe(trail[-500:], hide_index=True, width="stretch")
    st.download_button("Download the trail (JSONL)",
                       "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in trail),
                       f"audit-{since.isoformat()}-{until.isoformat()}.jsonl", "application/json", key="audit-export")
