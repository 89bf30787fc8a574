"""Dialectical trees — for analysts: the DeLP program behind a checked sentence, or one of your own."""
from __future__ import annotations

import streamlit as st

import json
import re

from truthometer.argumentation import (DelpError, annotate_evidence, argue, parse_program, query, render_text,
                                       to_pyvis_html)
from truthometer.argumentation.warrant import CRITERIA
from ui.auth import require
from ui.common import page_setup, plain_md, show_error

page_setup("Dialectical trees")
require()
st.title("🌳 Dialectical trees")
st.caption("Defeasible Logic Programming (García & Simari 2004): the most trusted undefeated evidence wins. "
           "U = undefeated, D = defeated; a proper defeater is preferred to what it attacks, a blocking one "
           "is as strong.")

EXAMPLE = """% Sources disagree about when the cave's bottom was reached.
kb: reached(bottom, y2018) -< true.
web: ~reached(bottom, y2018) -< true.
kb > web.
"""

reports = st.session_state.get("reports", {})
current = reports.get(st.session_state.get("current"))
candidates = [s for s in current.sentences if s.evidence] if current else []
origin = st.radio("Program", ["From a checked sentence", "Write my own"], horizontal=True,
                  index=0 if candidates else 1, key="delp-origin")

program_text, default_query, default_criterion = EXAMPLE, "reached(bottom, y2018)", "priority"
chosen = None
if origin == "From a checked sentence":
    if not candidates:
        st.info("Check a text on the main page first; sentences with evidence appear here.")
        st.stop()
    # Keyed by the check: a new check's sentences never show under the last check's label.
    chosen = st.selectbox("Sentence", candidates, format_func=lambda s: f"{s.index + 1}. [{s.status}] {s.text[:90]}",
                          key=f"delp-sentence-{st.session_state.get('current')}")
    # The program the check settled the sentence with (relations between evidence included); a sentence
    # whose evidence did not conflict gets one built now.
    stored = chosen.argumentation or {}
    if stored.get("program"):
        program_text, default_query = stored["program"], stored.get("query") or "claim"
        default_criterion, explanation = stored.get("criterion") or "priority", stored.get("explanation", "")
    else:
        outcome = argue(chosen.claim or chosen.text, chosen.evidence)
        program_text, default_query, default_criterion = outcome.program, outcome.query, outcome.criterion
        explanation = outcome.explanation
    st.caption(plain_md(explanation))  # quotes the evidence's literals

text = st.text_area("DeLP program", program_text, height=260, key=f"delp-text-{hash(program_text)}")
c1, c2 = st.columns([3, 1])
literal = c1.text_input("Query (a ground literal)", default_query, key=f"delp-query-{hash(program_text)}")
criterion = c2.radio("Comparison", CRITERIA, index=CRITERIA.index(default_criterion) if default_criterion in CRITERIA
                     else 0, horizontal=True,
                     key=f"delp-criterion-{hash(program_text)}")

try:
    program = parse_program(text)
    result = query(program, literal, criterion=criterion, budget=10.0)
except DelpError as exc:
    # Syntax errors carry line and column; budget and consistency errors say what to change.
    st.error(plain_md(exc))  # quotes the program's text
    st.stop()
except Exception as exc:
    show_error(exc)
    st.stop()

st.subheader(f"Answer: {plain_md(result.answer)}")
st.caption({"YES": "the query is warranted", "NO": "its complement is warranted",
            "UNDECIDED": "neither the query nor its complement is warranted",
            "UNKNOWN": "the query is not in the program's language"}[result.answer])
if not result.trees:
    st.info("No argument for the query or its complement.")
    st.stop()

if chosen is not None:  # each node names the evidence (source, locator, text) its argument rests on
    for t in result.trees:
        annotate_evidence(t, chosen.evidence)
# The rules the program argues with beside the evidence: commonsense (knowledge base, LLM, WordNet) and the
# strict "one value per subject and relation" rules that make sources disagree on a literal.
rules_used = [r for r in program.rules if r.kind == "strict" or (
    r.kind == "defeasible" and r.body and not all(re.fullmatch(r"e\d+", b.predicate) for b in r.body))]
commonsense = [line[len("% commonsense rule"):].strip() for line in text.splitlines()
               if line.startswith("% commonsense rule")]
if rules_used:
    with st.expander(f"Rules in this program ({len(rules_used)})"):
        st.code("\n".join(str(r) + "." for r in rules_used), language="text")
        if commonsense:
            st.caption(plain_md("Commonsense rules from: " + "; ".join(c or "a given rule" for c in commonsense)))
exports = st.columns([1, 1, 4])
exports[0].download_button("Trees as JSON", json.dumps({"query": literal, "criterion": criterion, "answer": result.answer,
                                                        "program": text, "trees": result.trees}, indent=2,
                                                       ensure_ascii=False), "dialectical-trees.json", "application/json")
exports[1].download_button("Trees as text", "".join(render_text(t) + "\n" for t in result.trees) + result.answer + "\n",
                           "dialectical-trees.txt", "text/plain")
labels = [f"tree {i + 1}: {t['conclusion']} — {'U (undefeated)' if t['mark'] == 'U' else 'D (defeated)'}"
          for i, t in enumerate(result.trees)]
st.dataframe([{"tree": i + 1, "root conclusion": t["conclusion"], "mark": t["mark"], "root argument": t["text"]}
              for i, t in enumerate(result.trees)], hide_index=True, width="stretch")
# Keyed by the program and query: a picker always names a tree of what is shown.
picked = st.selectbox("Tree", range(len(result.trees)), format_func=lambda i: labels[i],
                      key=f"delp-tree-{hash((text, literal, criterion))}")
tree = result.trees[picked]
# The tree page is built by us from escaped labels and carries no remote scripts.
st.iframe(to_pyvis_html(tree, height="480px"), height=500)
st.code(render_text(tree), language="text")

st.markdown("**Arguments in this tree**")


def walk(node, depth=0):
    yield depth, node
    for child in node.get("children", []):
        yield from walk(child, depth + 1)


st.dataframe([{"depth": d, "conclusion": n["conclusion"], "mark": n["mark"], "defeats parent": n.get("defeat") or "",
               "rules": "; ".join(n["rules"]),
               "evidence": " | ".join(f"{e['source']} {e['locator']}: {e['text']}" for e in n.get("evidence", []))}
              for d, n in walk(tree)], hide_index=True, width="stretch")
