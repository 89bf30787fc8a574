"""What the desk learned — for anyone signed in: over every saved check, how often reviewers accepted,
edited and rejected each kind of proposal (by rule family, flag and source kind), so that a team sees
where the machine is overruled. The same table as `python -m truthometer checks stats`."""
from __future__ import annotations

import streamlit as st

from truthometer.checks.stats import DIMENSIONS, decision_stats
from ui.auth import require
from ui.checks import check_store
from ui.common import page_setup, show_error

# Kinds, flags and sources are the pipeline's own names, but they are shown through st.dataframe all the
# same: nothing here is rendered as Markdown.

page_setup("What the desk learned")
require()
st.title("🎓 What the desk learned")
st.caption("Each sentence's latest decision on its proposed correction, over every saved check. "
           "Overruled: edited or rejected.")
checks = check_store()
if checks is None:
    st.stop()
try:
    stats, count = decision_stats(checks.decisions()), checks.count()
except Exception as exc:
    show_error(exc)
    st.stop()
total = sum(r["total"] for r in stats["kind"].values())
left, right = st.columns(2)
left.metric("saved checks", count)
right.metric("decisions", total)
if not total:
    st.info("No decisions yet: accept, edit or reject proposed corrections on the Check page.")
    st.stop()
for name, label in DIMENSIONS:
    st.subheader(f"By {'rule family' if name == 'kind' else label}")
    rows = sorted(stats[name].items(), key=lambda kv: (-kv[1]["total"], kv[0]))
    st.dataframe([{label: value, "accepted": row["accept"], "edited": row["edit"], "rejected": row["reject"],
                   "decisions": row["total"],
                   "overruled": f"{(row['edit'] + row['reject']) / row['total']:.0%}" if row["total"] else ""}
                  for value, row in rows], hide_index=True, width="stretch", key=f"desk-{name}")
