"""Truth-O-Meter's entry point: `streamlit run app.py`. The pages, named as the navigation shows them."""
import streamlit as st

st.navigation([
    st.Page("pages/0_Check.py", title="Check", icon="🧭", default=True),
    st.Page("pages/1_Dialectical_trees.py", title="Dialectical trees", icon="🌳", url_path="Dialectical_trees"),
    st.Page("pages/2_Knowledge_base.py", title="Knowledge base", icon="📚", url_path="Knowledge_base"),
]).run()
