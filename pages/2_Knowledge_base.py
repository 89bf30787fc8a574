"""Knowledge base — for curators: search, filter, approve / reject / edit, history, import and export."""
from __future__ import annotations

import streamlit as st

from ui.common import input_key, knowledge_base, page_setup, reviewer_name, show_error

page_setup("Knowledge base")
st.title("📚 Verified knowledge base")
reviewer = reviewer_name()
kb = knowledge_base()
if kb is None:
    st.error("The knowledge base could not be opened.")
    st.stop()

if st.session_state.get("kb-flash"):
    st.success(st.session_state.pop("kb-flash"))
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


entries = [(e, d) for e, d in entries if keep(e)]
st.caption(f"{len(entries)} entries")
rows = [{"select": False, "id": e.id, "status": e.status, "text": e.text, "source": e.source,
         "locator": e.locator, "confidence": e.confidence, "created by": e.created_by,
         "reviewed by": e.reviewed_by or "", **({"distance": round(d, 3)} if d is not None else {})}
        for e, d in entries]
edited = st.data_editor(rows, hide_index=True, key="kb-table", width="stretch",
                        disabled=[k for k in (rows[0] if rows else {}) if k != "select"])
selected = [r["id"] for r in edited if r.get("select")] if rows else []

# ---- curation ---------------------------------------------------------------------------------------
for column, (verb, act) in zip(st.columns([1, 1, 4]), (("Approve", kb.approve), ("Reject", kb.reject))):
    if column.button(f"{verb} {len(selected)} selected", disabled=not selected, key=f"kb-{verb.lower()}"):
        if not reviewer.strip():
            st.error("Enter your reviewer name in the sidebar first.")
        else:
            act(selected, reviewer)
            st.session_state["kb-flash"] = f"{verb}d {len(selected)}." if verb == "Approve" else \
                f"{verb}ed {len(selected)}."
            st.rerun()

if entries:
    st.subheader("One entry")
    ids = [e.id for e, _ in entries]
    chosen = st.selectbox("Entry", ids, format_func=lambda i: f"#{i} {next(e.text for e, _ in entries if e.id == i)[:80]}",
                          key=f"kb-entry-{input_key(query, mode, status, source, min_conf, by)}")
    entry = kb.get(chosen)
    st.caption(f"#{entry.id} · {entry.status} · source: {entry.source} · created by {entry.created_by} · "
               f"confidence {entry.confidence:.2f}" + (f" · reviewed by {entry.reviewed_by}" if entry.reviewed_by else ""))
    if entry.status == "pending":
        try:
            near = kb.near_duplicates(entry.text, exclude=entry.id)
        except Exception as exc:
            near = []
            show_error(exc)
        for other, distance in near:
            st.warning(f"Nearly the same as approved entry #{other.id} (distance {distance:.2f}): {other.text}")
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
    if entry.provenance:
        st.markdown("**Provenance**")
        st.json(entry.provenance)
    st.markdown("**History**")
    st.dataframe(kb.history(chosen), hide_index=True, width="stretch")

# ---- import / export --------------------------------------------------------------------------------
st.subheader("Import and export (JSONL)")
i1, i2 = st.columns(2)
upload = i1.file_uploader("Import entries (one JSON object a line; status defaults to pending)", type=["jsonl", "json"],
                          key="kb-import", max_upload_size=8,
                          help="up to 8 MB here; larger files: python -m truthometer kb import FILE")
if upload is not None and i1.button("Import", key="kb-import-go"):
    try:
        from truthometer.textio import decode_text

        entries = kb.parse_jsonl(decode_text(upload.getvalue(), upload.name, 200_000_000).splitlines())
        added = kb.add_many(entries, unique=True)
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
