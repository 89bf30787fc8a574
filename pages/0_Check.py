"""Truth-O-Meter — the check page: paste a text, check it, review the suggested corrections."""
from __future__ import annotations

import json
import os

import streamlit as st

from truthometer.config import JUDGES, MAX_REFERENCE_CHARS, MAX_TEXT_CHARS, METHODS, Config
from truthometer.errors import InputError
from truthometer.report import STATUSES, Report
from truthometer.reports import highlight_html, report_html, report_markdown
from truthometer.reports.html import legend_html
from truthometer.auth import EDITOR
from truthometer.review import ACCEPT, PENDING, REJECT, Review, log_decision, reviewed_report
from truthometer.vocabulary import Status
from ui.documents import (UPLOAD_TYPES, checked_source, read_upload, sentence_place, tracked_docx_download,
                          upload_label)
from ui.common import (STATUS_ICON, clickable_text, code_md, input_key, knowledge_base, page_setup, plain_md,
                       reviewer_name, show_error, models_status)
from ui.auth import require
from ui.external_judge import external_judge_options
from ui.checks import apply_decision, record_decision, save_check, undo_decision
from ui.keyboard import Item, announcement, review_keys

# Every text that did not come from this file (pasted or uploaded text and file names, references, web pages,
# knowledge entries, LLM answers, error messages) goes through plain_md or code_md before a call that
# renders Markdown (warning, caption, markdown, error, progress text…), or to st.text / st.dataframe /
# st.json, which show it as it is. Selectbox and multiselect options are plain text in Streamlit: their
# format_func results are not escaped (an escape would show its backslashes).

page_setup("Check")
require(EDITOR)
st.title("🧭 Truth-O-Meter")
st.caption("Check what a language model wrote against your references, the verified knowledge base and the "
           "web; review and accept minimal corrections.")
models_status()

# ---- sidebar: who and how ---------------------------------------------------------------------------
reviewer = reviewer_name()
method = st.sidebar.selectbox("Judging method", METHODS, index=METHODS.index(Config.method),
                              help="nli (default): the entailment judge; hybrid/cosine/overlap/keyword: DelucionQA detectors")
judge = st.sidebar.selectbox(
    "Entailment judge", JUDGES, index=JUDGES.index(Config().judge), key="judge", disabled=method != "nli",
    help="cascade: the fast head, and the fine-tuned cross-encoder where the head is unsure; cross-encoder: "
         "every pair (most accurate, slowest); head: fastest. See truthometer/data/nli/MODEL_CARD.md.")
external = external_judge_options(disabled=method != "nli")
use_kb = st.sidebar.checkbox("Use the verified knowledge base", value=True)
use_web = st.sidebar.checkbox("Search the web", value=False,
                              help="DuckDuckGo; when the web is unreachable each sentence says so.")
with st.sidebar.expander("LLM (optional)"):
    llm_url = st.text_input("OpenAI-compatible endpoint", os.environ.get("TRUTHOMETER_LLM_URL", ""), key="llm-url",
                            help="Ollama, llama.cpp server, vLLM, OpenAI… Leave empty to work without an LLM.")
    llm_model = st.text_input("Model", os.environ.get("TRUTHOMETER_LLM_MODEL", ""), key="llm-model")
    llm_key = st.text_input("API key (if the endpoint asks for one)", type="password", key="llm-key")
    llm_question = st.text_input("The question the text answers (optional)", key="llm-question")
    llm_rules = st.checkbox("Ask it for commonsense rules where evidence contradicts a claim", key="llm-rules",
                            help="Checked rules take part in that sentence's argumentation; they are never stored "
                                 "unless a curator adds them.")
llm_configured = bool(llm_url.strip() and llm_model.strip())


def llm_client():
    """The LLM the sidebar names (for the revision, and for rules when asked)."""
    from truthometer.llm import LLMClient

    return LLMClient(llm_url.strip(), llm_model.strip(), api_key=llm_key or None)

# ---- input ----------------------------------------------------------------------------------------
left, right = st.columns(2)
with left:
    text = st.text_area("Text to check", height=260, key="text",
                        placeholder="Paste the generated article here…")
    upload = st.file_uploader(f"…or upload a {upload_label} file", type=UPLOAD_TYPES, key="upload", max_upload_size=2,
                              help=f"at most {MAX_TEXT_CHARS:,} characters; an attached file is checked instead of "
                                   f"the pasted text")
with right:
    reference_text = st.text_area("Reference documents", height=260, key="references",
                                  placeholder="Paste trusted reference text here. Separate documents with a line "
                                              "containing only ---")
    ref_uploads = st.file_uploader(f"…and/or upload reference files ({upload_label})", type=UPLOAD_TYPES,
                                   max_upload_size=20,
                                   accept_multiple_files=True, key="ref_uploads",
                                   help=f"at most {MAX_REFERENCE_CHARS:,} characters each")


def gather_inputs() -> tuple[str, list[tuple[str, str]], list[str]]:
    """The text, the references, and a note for every input left out (none is dropped silently)."""
    body, ignored, document = text, [], None
    if upload is not None:
        document = read_upload(upload, MAX_TEXT_CHARS)
        body = document.text
        if text.strip():
            ignored.append(f"The pasted text was not checked: the attached file {upload.name} was. Remove the "
                           f"file to check the pasted text.")
    references = []
    for i, doc in enumerate(reference_text.split("\n---\n"), 1):
        if doc.strip():
            references.append((f"pasted reference {i}", doc.strip()))
        elif doc:
            ignored.append(f"Pasted reference {i} holds only blank space and was left out.")
    for f in ref_uploads or []:
        read = read_upload(f, MAX_REFERENCE_CHARS)
        content = read.text
        if content.strip():
            references.append((f.name, content, read))  # its blocks locate the evidence: "manual.pdf, page 12"
        else:
            ignored.append(f"The reference file {f.name} is empty and was left out.")
    if not body.strip():
        raise InputError("paste a text or upload a file to check")
    st.session_state["source"] = checked_source(upload, body, document)
    return body, references, ignored


def run_check(body: str, references, config: Config) -> Report:
    from truthometer.pipeline import Checker
    from truthometer.sources import build_sources

    # The bar and the live table share one slot of the page: a second slot would shift every element after
    # it between this run and the next, and a rerun shows the old elements beside the new until it ends.
    slot = st.empty()
    with slot.container():
        bar = st.progress(0.0, text="starting")
        live = st.empty()
    sources = build_sources(config, use_kb=use_kb, web=use_web)
    llm = llm_client() if llm_rules and llm_configured else None
    seen = []

    def arrived(result) -> None:  # a long text shows its first verdicts while the rest is read
        seen.append({"": STATUS_ICON.get(result.status, ""), "status": str(result.status), "sentence": result.text})
        live.dataframe(seen, hide_index=True, use_container_width=True)

    report = Checker(config, sources, llm=llm).check(body, references, on_sentence=arrived,
                                                     progress=lambda f, m: bar.progress(min(1.0, f), text=plain_md(m)))
    slot.empty()
    return report


if st.button("Check", type="primary", key="check"):
    # One state per check: whatever the last check showed goes, whether this one succeeds or not.
    st.session_state.pop("current", None)
    st.session_state.pop("ignored", None)
    try:
        body, references, ignored = gather_inputs()
        config = Config().with_(method=method, judge=judge, **external)
        key = input_key(body, references, method, judge, external, use_kb, use_web,
                        llm_rules and llm_configured and (llm_url.strip(), llm_model.strip()))
        cache = st.session_state.setdefault("reports", {})
        if key not in cache:
            cache[key] = run_check(body, references, config)
        save_check(key, cache[key], references, config, reviewer)  # kept for the Checks page
        st.session_state["current"] = key
        st.session_state.setdefault("sources", {})[key] = st.session_state.pop("source")
        st.session_state["ignored"] = ignored
        st.session_state.setdefault("reviews", {}).setdefault(key, Review())
    except Exception as exc:  # a clear message, never a traceback
        show_error(exc)

key = st.session_state.get("current")
report: Report | None = st.session_state.get("reports", {}).get(key) if key else None
if report is None:
    st.info("Paste a text and its references, then press **Check**.")
    st.stop()

review: Review = st.session_state["reviews"][key]
stats = report.stats
for note in st.session_state.get("ignored", []):
    st.warning(plain_md(note))  # names the uploaded files

# ---- results --------------------------------------------------------------------------------------
cols = st.columns(5)
for col, name in zip(cols, ("supported", "contradicted", "unverifiable", "skipped")):
    col.metric(f"{STATUS_ICON[name]} {name}", stats[name])
cols[4].metric("suggestions", stats["suggestions"])
for note in report.notes:
    st.warning(plain_md(note))

# The picker's key belongs to this check: a new check starts on its own first flagged sentence.
pick_key, filter_key = f"selected-{key}", f"status-filter-{key}"
shown = st.multiselect("Show sentences that are", STATUSES, default=list(STATUSES), key=filter_key,
                       format_func=lambda name: f"{STATUS_ICON[name]} {name}")
options = [s.index for s in report.sentences if s.status in shown] or [s.index for s in report.sentences]
flagged = [i for i in options if report.sentences[i].status in (Status.CONTRADICTED, Status.UNVERIFIABLE)]
if st.session_state.get(pick_key) not in options:
    st.session_state[pick_key] = flagged[0] if flagged else options[0]


def next_flagged() -> None:
    here = st.session_state.get(pick_key, -1)
    later = [i for i in flagged if i > here] or flagged
    if later:
        st.session_state[pick_key] = later[0]


pick_col, next_col = st.columns([5, 1])
selected = pick_col.selectbox("Sentence", options, key=pick_key,
                              format_func=lambda i: f"{i + 1}. {STATUS_ICON[report.sentences[i].status]} "
                                                    f"{report.sentences[i].status}: {report.sentences[i].text[:90]}")
next_col.button("Next flagged ›", key=f"next-{key}", on_click=next_flagged, disabled=not flagged,
                help="the next contradicted or unverifiable sentence")
st.html(legend_html())


def audit(sentence, action: str, before, after) -> None:
    """A review decision into the knowledge base's audit trail; the decision stands even when the trail
    cannot be written (the reviewer is told)."""
    try:
        log_decision(knowledge_base(), reviewer, sentence, action, before, after)
    except Exception as exc:
        show_error(exc)


def decide_sentence(s, action: str, text: str = "") -> str:
    """A whole-sentence decision from the keys (accept | reject | edit | undo), recorded as the buttons'
    are; what the live region says of it."""
    if action in ("accept", "reject") and not s.suggestion:
        return "none"
    before = review.sentence_decision(s)
    if action == "undo":
        left = undo_decision(key, s.index, reviewer)
        if left is False:  # not saved: back to pending
            left = None
        apply_decision(review, s, left)
    elif action == "edit":
        review.edit(s.index, text, reviewer)
        record_decision(key, s.index, "edit", reviewer, text)
    else:
        for i in range(len(s.suggestion.substitutions)):
            review.decide(s.index, i, ACCEPT if action == "accept" else REJECT, reviewer)
        record_decision(key, s.index, action, reviewer, review.sentence_text(s))
    audit(s, f"sentence {action} (keyboard)", {"decision": before}, {"decision": review.sentence_decision(s),
                                                                     "text": review.sentence_text(s)})
    st.session_state[f"edit-{key}-{s.index}"] = review.edits.get(s.index, "")  # the edit field follows
    return action


say_key = f"keys-say-{key}"


def on_key(action: dict) -> None:
    index, kind = action["index"], action.get("type")
    if index not in flagged or kind not in ("select", "accept", "reject", "edit", "undo"):
        return
    st.session_state[pick_key] = index
    s = report.sentences[index]
    text = str(action.get("text") or "").strip()
    said = "select" if kind == "select" or (kind == "edit" and not text) else decide_sentence(s, kind, text)
    count = st.session_state.get(say_key, ("", 0))[1] + 1
    st.session_state[say_key] = (announcement(said, flagged.index(index) + 1, len(flagged), index,
                                              review.sentence_decision(s)), count)


if flagged:
    said, said_id = st.session_state.get(say_key, ("", 0))
    review_keys([Item(i, f"{i + 1}. {STATUS_ICON[report.sentences[i].status]} {report.sentences[i].status}: "
                         f"{report.sentences[i].text[:90]}", review.sentence_decision(report.sentences[i]),
                      review.sentence_text(report.sentences[i])) for i in flagged],
                selected, said, str(said_id), f"keys-{key}", on_key)
    st.caption("Review by keyboard in the list: j/k move, a accept, e edit, r reject, u undo, ? the keys.")


def select_sentence(index: int) -> None:
    if index in options:
        st.session_state[pick_key] = index


clickable_text(highlight_html(report, selected=selected), f"text-{key}", select_sentence)
st.caption("Click a sentence to see it below.")

s = report.sentences[selected]
st.subheader(f"{STATUS_ICON[s.status]} Sentence {s.index + 1}: {s.status}")
st.text(s.text)
if where := sentence_place(st.session_state.get("sources", {}).get(key), s):
    st.caption(f"in {plain_md(where)}")  # the uploaded file's page, paragraph or element
st.caption(plain_md(s.reason))
if s.claim:
    st.caption(f"checked as: {plain_md(s.claim)}")
for note in s.notes:
    st.warning(plain_md(note))

tab_evidence, tab_fix, tab_tree, tab_align = st.tabs(["Evidence", "Correction", "Dialectical tree", "Alignment"],
                                                       key="detail-tabs")
with tab_evidence:
    if len(s.spans) > 1:
        st.write("Checked part by part:")
        st.dataframe([{"part": span.part, "status": span.status, "evidence": span.evidence,
                       "p": None if span.probability is None else round(span.probability, 3)} for span in s.spans],
                     hide_index=True, width="stretch", key="parts-table")
    if s.evidence:
        st.dataframe([{"relation": e.relation, "score": round(e.score, 3), "source": e.source,
                       "locator": e.locator, "evidence": e.text,
                       "read with its neighbours": e.passage} for e in s.evidence],
                     hide_index=True, width="stretch")
    else:
        st.write("No evidence was found for this sentence.")

with tab_fix:
    if s.suggestion:
        st.markdown("**Suggested correction**")
        st.text(s.suggestion.corrected)
        if s.suggestion.note:
            st.caption(plain_md(s.suggestion.note))
        for i, sub in enumerate(s.suggestion.substitutions):
            c1, c2, c3, c4 = st.columns([4, 1, 1, 1])
            c1.markdown(f"{code_md(sub.from_)} → {code_md(sub.to)} · *{plain_md(sub.kind)}*")
            c1.caption(f"from: {plain_md(sub.evidence)} ({code_md(sub.evidence_locator)})")
            state = review.decision(s.index, i)
            for column, label, decision in ((c2, "Accept", ACCEPT), (c3, "Reject", REJECT), (c4, "Undo", PENDING)):
                if column.button(label, key=f"{label[:3].lower()}-{key}-{s.index}-{i}", disabled=state == decision):
                    review.decide(s.index, i, decision, reviewer)
                    if decision != PENDING:
                        record_decision(key, s.index, "accept" if decision == ACCEPT else "reject", reviewer,
                                        review.sentence_text(s))
                    else:  # the saved check takes it back too: a reload shows what the page shows
                        undo_decision(key, s.index, reviewer)
                    audit(s, f"correction {decision if decision != PENDING else 'undone'}",
                          {"decision": state, "substitution": f"{sub.from_} -> {sub.to}"},
                          {"decision": decision, "substitution": f"{sub.from_} -> {sub.to}"})
                    st.rerun()
            c1.caption(f"decision: {plain_md(state)}")
    else:
        st.write("No correction suggested for this sentence.")
    edited = st.text_input("Edit the sentence yourself (empty to use the decisions above)",
                           value=review.edits.get(s.index, ""), key=f"edit-{key}-{s.index}")
    if edited != review.edits.get(s.index, ""):
        audit(s, "sentence edited", {"text": review.sentence_text(s)}, {"text": edited or s.text})
        review.edit(s.index, edited, reviewer)
        if edited:
            record_decision(key, s.index, "edit", reviewer, edited)
    st.markdown(f"**Sentence as decided** ({plain_md(review.sentence_decision(s))}):")
    st.text(review.sentence_text(s))
    if review.sentence_text(s) != s.text:
        # What the knowledge base would store: the sentence as checked, standing alone.
        entry = st.text_input("Knowledge entry to save (edit it so it stands alone)", value=review.entry_text(s, report),
                              key=f"entry-{key}-{s.index}-{review.sentence_text(s)}")
        if entry.strip() != review.entry_text(s, report):
            review.edit_entry(s.index, entry)

with tab_tree:
    if s.argumentation:
        from truthometer.argumentation import render_text, to_pyvis_html

        st.caption(plain_md(s.argumentation.get("explanation", "")))
        trees = s.argumentation.get("trees") or []
        if trees:
            pick = st.selectbox("Tree", range(len(trees)), key=f"tree-{key}-{s.index}",
                                format_func=lambda i: f"{trees[i]['conclusion']} ({trees[i]['mark']})")
            st.iframe(to_pyvis_html(trees[pick], height="420px"), height=440)
            st.code(render_text(trees[pick]), language="text")
        rules = s.argumentation.get("rules") or []
        if rules:
            st.markdown("**Commonsense rules in this program**")
            st.dataframe([{"rule": r.get("text", ""), "from": r.get("origin", "") or "given"} for r in rules],
                         hide_index=True, width="stretch")
        with st.expander("DeLP program"):
            st.code(s.argumentation.get("program", ""), language="prolog")
    else:
        st.write("The evidence for this sentence did not conflict, so no argumentation was needed. "
                 "The Dialectical trees page builds the program for any checked sentence.")

with tab_align:
    if s.alignment:
        st.caption(f"aligned with: {code_md(s.alignment.get('evidence_locator', ''))}")
        st.html(s.alignment.get("html", ""))
        with st.expander("Alignment data"):
            st.json({k: v for k, v in s.alignment.items() if k != "html"}, expanded=False)
    else:
        st.write("No alignment for this sentence.")

# ---- corrected text, saving, downloads --------------------------------------------------------------
st.divider()
st.subheader("Corrected text")
corrected = review.corrected_text(report)
st.text_area("Corrected text", corrected, height=180, key=f"corrected-{key}-{hash(corrected)}",
             label_visibility="collapsed")
unsaved = review.unsaved(report)
save_col, *download_cols = st.columns(5)
if unsaved:
    entries_label = f"{len(unsaved)} knowledge entr{'y' if len(unsaved) == 1 else 'ies'} a save would store"
    with st.expander(entries_label, expanded=True):
        kb = knowledge_base()
        for sentence in unsaved:
            st.text(f"{sentence.index + 1}. {review.entry_text(sentence, report)}")
            try:
                near = kb.near_duplicates(review.entry_text(sentence, report)) if kb is not None else []
            except Exception as exc:  # the preview must not stop a save
                near = []
                show_error(exc)
            for other, distance in near:
                st.warning(f"Nearly the same as approved entry #{other.id} (distance {distance:.2f}): "
                           f"{plain_md(other.text)}")
if save_col.button(f"Save {len(unsaved)} correction(s) to knowledge base", disabled=not unsaved, key=f"save-{key}"):
    kb = knowledge_base()
    if not reviewer.strip():
        st.error("Enter your reviewer name in the sidebar first.")
    elif kb is None:
        st.error("The knowledge base is not available.")
    else:
        try:
            saved = review.save(report, kb, reviewer)
            st.session_state["flash"] = f"Saved {len(saved)} entr{'y' if len(saved) == 1 else 'ies'} to the " \
                                        f"knowledge base, awaiting a curator's review."
            st.rerun()
        except Exception as exc:
            show_error(exc)
if st.session_state.get("flash"):
    st.success(plain_md(st.session_state.pop("flash")))
# Every export follows the review: only accepted substitutions and the reviewer's own edits are applied.
download_cols[0].download_button("JSON report", json.dumps(reviewed_report(report, review), indent=2, ensure_ascii=False),
                                 "truthometer-report.json", "application/json")
download_cols[1].download_button("Markdown report", report_markdown(report, review), "truthometer-report.md",
                                 "text/markdown")
download_cols[2].download_button("HTML report", report_html(report, review=review), "truthometer-report.html",
                                 "text/html")
download_cols[3].download_button("Corrected text", corrected, "corrected.txt", "text/plain")
if key in st.session_state.get("sources", {}):
    try:
        word, word_name = tracked_docx_download(st.session_state["sources"][key], report, review,
                                                reviewer.strip() or "Truth-O-Meter")
        st.download_button("Download as Word with tracked changes", word, word_name,
                           "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                           key=f"docx-{key}", help="the checked document with the corrections you accepted as "
                                                   "tracked changes under your reviewer name, and a comment "
                                                   "on each flagged sentence")
    except Exception as exc:  # the other downloads stay
        show_error(exc)

# ---- optional: revise with the LLM (Truth-O-Meter-i) --------------------------------------------------
if llm_configured:
    st.divider()
    st.subheader("Revise with LLM")
    st.caption("The LLM is asked again with the evidence and why each flagged claim is defeated, until the text "
               "verifies (at most 3 revisions); claims it keeps getting wrong go to the external correction.")
    from truthometer.llm.render import rounds_html

    if st.button("Revise with LLM", key="revise"):
        from truthometer.llm import revise
        from truthometer.sources import build_sources

        st.session_state.pop("revision", None)
        try:
            body, references, _ = gather_inputs()
            client = llm_client()
            bar = st.progress(0.0, text="revising")
            record = revise(body, llm_question or None, references, client, config=Config().with_(method=method, judge=judge),
                            progress=lambda f, m: bar.progress(min(1.0, f), text=plain_md(m)),
                            sources=build_sources(Config(), use_kb=use_kb, web=use_web))
            bar.empty()
            st.session_state["revision"] = record
        except Exception as exc:
            show_error(exc)
    record = st.session_state.get("revision")
    if record is not None:
        calls = record.llm.get("calls", "?") if isinstance(record.llm, dict) else ""
        st.caption(f"stopped: {plain_md(record.stop_reason)}; LLM calls: {plain_md(calls)}")
        if getattr(record, "error", ""):
            st.error(f"The LLM could not finish the revision: {plain_md(record.error)}")
        try:
            st.html(rounds_html(record))
        except Exception as exc:  # a record the page cannot draw must not break it
            show_error(exc)
        st.text_area("Final text", record.final_text, height=160, key="revision-final")

