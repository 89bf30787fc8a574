"""Streamlit helpers shared by app.py and pages/. Only this package and the pages import Streamlit."""
