"""Truth-O-Meter's entry point: `streamlit run app.py`. Every page asks for a sign-in first (ui/auth.py);
the sidebar links only the pages the user's roles allow."""
import streamlit as st

from ui.auth import current_user, menu, pages, remember, sidebar
from ui.common import warm_models

warm_models()  # from the server's first page, the sign-in page too: the first check need not wait
user = current_user()
found = pages(user)
navigation = st.navigation(found, position="hidden")
if user is not None:
    menu(user, found)
    sidebar(user)
remember()  # the session cookie, before the page: a page may end with st.stop()
navigation.run()
