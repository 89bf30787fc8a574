"""The Check page's choice of a stronger judge (docs/external-judges.md): off, or the one the server's
configuration names (``TRUTHOMETER_EXTERNAL_JUDGE``), with its escalation threshold.

Only a configured judge is offered: a model directory or a server address typed into the page would let
any editor make the server load files or call hosts its administrator never chose."""
from __future__ import annotations

import streamlit as st

from truthometer.config import Config

BUNDLED_ALONE = "the bundled judge alone"


def external_judge_options(disabled: bool = False) -> dict:
    """The sidebar's selector; returns the Config fields it sets (for ``Config().with_(**...)``)."""
    configured = Config()
    if not configured.external_judge:
        return {}
    with st.sidebar.expander("Stronger judge"):
        choice = st.selectbox("Pairs the bundled judge is unsure of are read by", [configured.external_judge,
                              BUNDLED_ALONE], key="external-judge", disabled=disabled,
                              help="A model or server the administrator configured (TRUTHOMETER_EXTERNAL_JUDGE). "
                                   "Where it cannot be reached, each sentence says so and the bundled reading "
                                   "stands.")
        below = st.slider("Escalate below this confidence of the bundled judge (1: every pair)", 0.05, 1.0,
                          float(configured.external_below), 0.05, key="external-below",
                          disabled=disabled or choice == BUNDLED_ALONE)
    if choice == BUNDLED_ALONE:
        return {"external_judge": None}
    return {"external_below": round(below, 2)}
