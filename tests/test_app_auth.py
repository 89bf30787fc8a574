"""Sign-in and roles in the app, through Streamlit's AppTest: each role sees and may do only its part."""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from truthometer.auth import UserFile
from truthometer.knowledge import KnowledgeBase

from kb_support import hash_embedder, page_as, password_of, team_kb

ROLES = {"ed": ["editor"], "cy": ["curator"], "cu": ["curator"], "ad": ["admin"]}


@pytest.fixture()
def team(tmp_path, monkeypatch):
    """A knowledge base with users: an editor, two curators, an admin; one pending entry proposed by cy."""
    kb_dir, kb = team_kb(tmp_path, monkeypatch, ROLES)
    kb.add("The bridge opened in 1937.", "review", status="pending", created_by="cy")
    kb.close()
    return kb_dir


def _as(page: str, name: str | None) -> AppTest:
    return page_as(page, name, ROLES)


def test_nobody_signed_in_sees_only_the_sign_in(team):
    at = _as("app.py", None)
    assert [t.label for t in at.text_input] == ["User name", "Password"]
    assert not at.text_area  # no article box, no knowledge base
    at.text_input(key="sign-in-name").set_value("ed")
    at.text_input(key="sign-in-password").set_value("not ed's password")
    at.button[0].click().run()
    assert any("Unknown user name or wrong password" in e.value for e in at.error)
    assert "tom-user" not in at.session_state
    at.text_input(key="sign-in-password").set_value(password_of("ed"))
    at.button[0].click().run()
    assert not at.exception
    assert at.session_state["tom-user"].name == "ed"
    assert any(t.label == "Text to check" for t in at.text_area), [t.label for t in at.text_area]


@pytest.mark.parametrize("page", ["pages/0_Check.py", "pages/1_Dialectical_trees.py", "pages/2_Knowledge_base.py",
                                  "pages/3_Users.py"])
def test_every_page_refuses_an_anonymous_visitor(team, page):
    at = _as(page, None)  # the page is the sign-in form, nothing else
    assert [t.label for t in at.text_input] == ["User name", "Password"]
    assert not at.metric and not at.text_area and not at.dataframe


def test_roles_gate_the_pages(team):
    assert any("for the editor role" in e.value for e in _as("pages/0_Check.py", "cy").error)
    assert any("for the admin role" in e.value for e in _as("pages/3_Users.py", "ed").error)
    editor = _as("pages/2_Knowledge_base.py", "ed")
    assert any("Read-only" in i.value for i in editor.info)
    assert not [b for b in editor.button if b.label.startswith(("Approve", "Reject"))]
    assert not [b for b in editor.button if b.label == "Save edit"]
    assert not editor.get("file_uploader")
    assert not [s for s in editor.subheader if s.value == "Audit trail"]


def _approve_the_pending_entry(at: AppTest) -> AppTest:
    at.session_state["kb-table"] = {"edited_rows": {0: {"select": True}}, "added_rows": [], "deleted_rows": []}
    at.run()
    [approve] = [b for b in at.button if b.label.startswith("Approve 1")]
    approve.click().run()
    assert not at.exception
    return at


def test_a_curator_cannot_approve_their_own_proposal_but_another_can(team):
    own = _approve_the_pending_entry(_as("pages/2_Knowledge_base.py", "cy"))
    assert any("another curator must approve" in e.value for e in own.error)
    kb = KnowledgeBase(team, embedder=hash_embedder, seed=None)
    assert kb.get(1).status == "pending"
    other = _approve_the_pending_entry(_as("pages/2_Knowledge_base.py", "cu"))
    assert not other.error
    assert kb.get(1).status == "approved" and kb.get(1).reviewed_by == "cu"
    trail = _as("pages/2_Knowledge_base.py", "cu")
    assert [s for s in trail.subheader if s.value == "Audit trail"]
    rows = trail.dataframe[-1].value
    assert list(rows["action"]) == ["create", "approve"] and list(rows["actor"]) == ["cy", "cu"]


def test_an_admin_adds_a_user_and_the_change_is_audited(team):
    at = _as("pages/3_Users.py", "ad")
    at.text_input(key="user-add-name").set_value("bo")
    at.text_input(key="user-add-password").set_value("bo's long password")
    at.multiselect(key="user-add-roles").set_value(["editor", "curator"])
    [b for b in at.button if b.label == "Add user"][0].click().run()
    assert not at.exception and not at.error
    assert UserFile(team / "users.json").authenticate("bo", "bo's long password").roles == {"editor", "curator"}
    kb = KnowledgeBase(team, embedder=hash_embedder, seed=None)
    [added] = [r for r in kb.trail() if r["action"] == "user add"]
    assert added["actor"] == "ad" and added["subject"] == "bo"


def test_single_user_mode_says_so_and_has_every_page(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    monkeypatch.delenv("TRUTHOMETER_USERS", raising=False)
    at = _as("app.py", None)
    assert any("Single-user mode" in i.value for i in at.sidebar.info)
    assert any(t.label == "Text to check" for t in at.text_area)


def test_a_damaged_users_file_stops_the_app_instead_of_opening_it(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    (tmp_path / "kb").mkdir()
    (tmp_path / "kb" / "users.json").write_text('{"users": {"ed": ')
    at = _as("app.py", None)
    assert any("Sign-in is unavailable" in e.value for e in at.error)
    assert not at.text_area and not any("Single-user" in i.value for i in at.sidebar.info)
