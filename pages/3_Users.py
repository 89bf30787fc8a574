"""Users — for admins: who may sign in and with which roles. Every change goes to the audit trail."""
from __future__ import annotations

import streamlit as st

from truthometer.auth import ADMIN, ROLES
from ui.auth import require, users_file
from ui.common import knowledge_base, page_setup, plain_md, show_error

page_setup("Users")
admin = require(ADMIN)
st.title("👥 Users")
users = users_file()
kb = knowledge_base()


def audit(action: str, subject: str, old=None, new=None) -> None:
    if kb is not None:
        kb.record(admin.name, action, subject, old, new)


if st.session_state.get("users-flash"):
    st.success(plain_md(st.session_state.pop("users-flash")))
try:
    listed = users.list()
except Exception as exc:
    show_error(exc)
    st.stop()
st.dataframe([{"name": u.name, "roles": ", ".join(sorted(u.roles)), "e-mail": u.email} for u in listed],
             hide_index=True, width="stretch")

st.subheader("Add a user")
with st.form("user-add", clear_on_submit=True):
    c1, c2 = st.columns(2)
    name = c1.text_input("User name", key="user-add-name")
    email = c2.text_input("E-mail (to match an OpenID Connect sign-in)", key="user-add-email")
    password = c1.text_input("Password (at least 8 characters)", type="password", key="user-add-password")
    roles = c2.multiselect("Roles", ROLES, default=["editor"], key="user-add-roles")
    if st.form_submit_button("Add user"):
        try:
            added = users.add(name, password, roles, email)
            audit("user add", added.name, None, {"roles": sorted(added.roles), "email": added.email})
            st.session_state["users-flash"] = f"Added {added.name}."
            st.rerun()
        except Exception as exc:
            show_error(exc)

if listed:
    st.subheader("Change a user")
    chosen = st.selectbox("User", [u.name for u in listed], key="user-chosen")
    current = next(u for u in listed if u.name == chosen)
    with st.form(f"user-roles-{chosen}"):
        roles = st.multiselect("Roles", ROLES, default=sorted(current.roles), key=f"user-roles-{chosen}-value")
        if st.form_submit_button("Save roles"):
            try:
                before, after = users.set_roles(chosen, roles)
                audit("role change", chosen, {"roles": sorted(before.roles)}, {"roles": sorted(after.roles)})
                st.session_state["users-flash"] = f"Roles of {chosen} saved."
                st.rerun()
            except Exception as exc:
                show_error(exc)
    with st.form(f"user-password-{chosen}", clear_on_submit=True):
        password = st.text_input("New password", type="password", key=f"user-password-{chosen}-value")
        if st.form_submit_button("Set password"):
            try:
                users.set_password(chosen, password)
                audit("password change", chosen)
                st.session_state["users-flash"] = f"Password of {chosen} set."
                st.rerun()
            except Exception as exc:
                show_error(exc)
    if st.button(f"Remove {chosen}", key=f"user-remove-{chosen}", disabled=chosen == admin.name,
                 help="You cannot remove yourself." if chosen == admin.name else None):
        try:
            removed = users.remove(chosen)
            audit("user remove", removed.name, {"roles": sorted(removed.roles)}, None)
            st.session_state["users-flash"] = f"Removed {chosen}."
            st.rerun()
        except Exception as exc:
            show_error(exc)
