"""Sign-in and roles in a real browser (issue 33): Debian's Chromium driven by Playwright against
`streamlit run app.py` with a users file.

An anonymous visitor sees the sign-in at every address; an editor checks a text and saves a correction,
which waits for a curator, and cannot curate; a curator cannot approve their own proposal and approves
another's; an admin manages users; anyone signed in reads the dialectical trees. Each role's view is saved
as a screenshot under artifacts/roles/ (docs/screenshots/ holds copies for the user guides).
Skipped only when /usr/bin/chromium is not installed.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from browser_helpers import CHROMIUM, ROOT, add_users, chromium, click_until, password, sign_in_on, streamlit_app

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")

SHOTS = ROOT / "artifacts" / "roles"
USERS = {"ed": ["editor"], "cy": ["curator"], "cu": ["curator"], "ad": ["admin"]}
TEXT = "The Eiffel Tower is a wrought-iron lattice tower in Paris. The tower was completed in 1899."
REFERENCE = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 for the World's Fair."


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from truthometer.knowledge import KnowledgeBase

    kb_dir = tmp_path_factory.mktemp("kb")
    add_users(kb_dir, USERS)
    kb = KnowledgeBase(kb_dir, embedder=None, seed=None)
    kb.add("The Golden Gate Bridge opened in 1937.", "review", status="pending", created_by="cy")
    kb.add("The Brooklyn Bridge opened in 1883.", "review", status="pending", created_by="ed")
    kb.close()
    SHOTS.mkdir(parents=True, exist_ok=True)
    with streamlit_app({"TRUTHOMETER_KB": str(kb_dir), "TRUTHOMETER_USERS": "", "TRUTHOMETER_SELF_APPROVAL": ""}) as url:
        yield url, kb_dir


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def sign_in(browser, url: str, name: str, page=None):
    """Sign in on ``url`` (in a new page: a page of its own, so its session cookie is its own)."""
    page = page or browser.new_page(viewport={"width": 1400, "height": 1000})
    return sign_in_on(page, url, name)


def nav_labels(page) -> list[str]:
    page.locator('[data-testid="stPageLink-NavLink"]').first.wait_for(timeout=60_000)
    return [t.split("\n")[-1].strip() for t in page.locator('[data-testid="stPageLink-NavLink"]').all_inner_texts()]


def test_an_anonymous_visitor_sees_the_sign_in_at_every_address(app, browser):
    url, _ = app
    page = browser.new_page()
    for path in ("/", "/Knowledge_base", "/Users", "/Dialectical_trees"):
        page.goto(url + path)
        page.get_by_role("button", name="Sign in").wait_for(timeout=60_000)
        assert page.get_by_text("Verified knowledge base").count() == 0
        assert page.get_by_text("Single-user mode").count() == 0
    page.get_by_role("textbox", name="User name").fill("ed")
    page.get_by_role("textbox", name="Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text("Unknown user name or wrong password").wait_for()
    page.close()


def test_an_editor_checks_and_saves_for_review_but_cannot_curate(app, browser):
    from playwright.sync_api import expect

    url, _ = app
    page = sign_in(browser, url, "ed")
    assert "Users" not in nav_labels(page) and "Check" in nav_labels(page)
    page.goto(url + "/Users")  # not in the menu, and refused when asked for by address (the cookie signs ed in)
    page.get_by_text("This page is for the admin role").wait_for(timeout=60_000)
    page.get_by_role("link", name="Check", exact=True).click()
    page.set_default_timeout(120_000)
    page.get_by_label("Text to check", exact=True).fill(TEXT)
    page.get_by_label("Reference documents", exact=True).fill(REFERENCE)
    page.get_by_label("Reference documents", exact=True).press("Control+Enter")
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_role("tab", name="Correction").wait_for(timeout=240_000)
    page.get_by_role("tab", name="Correction").click()
    page.get_by_role("button", name="Accept").first.wait_for()
    click_until(page, page.get_by_role("button", name="Accept").first, "decision: accepted")
    save = page.get_by_role("button", name="Save 1 correction(s) to knowledge base")
    save.click()
    page.get_by_text("awaiting a curator's review").first.wait_for(timeout=30_000)
    page.screenshot(path=str(SHOTS / "editor.png"), full_page=True)

    page.get_by_role("link", name="Knowledge base").click()
    page.get_by_text("Read-only").wait_for(timeout=60_000)
    expect(page.get_by_role("button", name="Approve this entry")).to_have_count(0)
    expect(page.get_by_role("button", name="Save edit")).to_have_count(0)
    assert page.get_by_text("Audit trail").count() == 0
    page.close()


def _open_entry(page, words: str, proposer: str) -> None:
    page.get_by_role("link", name="Knowledge base").click()
    page.get_by_role("textbox", name="Search").wait_for(timeout=60_000)
    page.get_by_test_id("stRadioGroup").get_by_text("text", exact=True).click()  # search by text, not meaning: exactly one entry
    page.get_by_role("textbox", name="Search").fill(words)
    page.get_by_role("textbox", name="Search").press("Enter")
    page.get_by_text("1 entries").wait_for(timeout=30_000)
    page.get_by_text(f"created by {proposer} ·").wait_for(timeout=30_000)


def test_a_curator_cannot_approve_their_own_proposal_and_approves_another(app, browser):
    url, kb_dir = app
    page = sign_in(browser, url, "cy")
    assert "Check" not in nav_labels(page) and "Users" not in nav_labels(page)
    _open_entry(page, "Golden Gate", "cy")
    click_until(page, page.get_by_role("button", name="Approve this entry"), "another curator must approve")
    _open_entry(page, "Brooklyn", "ed")
    click_until(page, page.get_by_role("button", name="Approve this entry"), "approved · source: review · created by ed")
    # The trail on the page is the one in the database, this approval included.
    from truthometer.knowledge.base import DB_NAME
    from truthometer.knowledge.sqlite_store import SqliteStore

    store = SqliteStore(kb_dir / DB_NAME)
    trail = store.trail()
    store.close()
    assert [(r["actor"], r["action"], r["subject"]) for r in trail][-1] == ("cy", "approve", "entry #2")
    page.get_by_text(f"{len(trail)} decisions").wait_for(timeout=30_000)
    page.get_by_text("Audit trail").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "curator.png"), full_page=True)
    page.close()


def test_an_admin_manages_users(app, browser):
    url, kb_dir = app
    page = sign_in(browser, url, "ad")
    assert "Users" in nav_labels(page) and "Check" not in nav_labels(page)
    page.get_by_role("link", name="Users").click()
    page.get_by_role("button", name="Add user").wait_for(timeout=60_000)
    page.get_by_role("textbox", name="User name").fill("bo")
    page.get_by_role("textbox", name="Password (at least 8 characters)").fill(password("bo"))
    page.get_by_role("button", name="Add user").click()
    page.get_by_text("Added bo.").wait_for(timeout=30_000)
    page.screenshot(path=str(SHOTS / "admin.png"), full_page=True)
    page.close()
    from truthometer.auth import UserFile

    assert UserFile(kb_dir / "users.json").authenticate("bo", password("bo")).roles == {"editor"}


def test_anyone_signed_in_reads_the_trees(app, browser):
    url, _ = app
    page = sign_in(browser, url, "cu")
    page.get_by_role("link", name="Dialectical trees").click()
    page.get_by_role("heading", name="Dialectical trees").wait_for(timeout=60_000)
    page.get_by_text("Answer").first.wait_for(timeout=60_000)
    page.locator("iframe").first.wait_for(timeout=60_000)  # the tree drawn
    page.wait_for_timeout(3000)  # let the graph settle before the picture
    page.screenshot(path=str(SHOTS / "analyst.png"), full_page=True)
    page.close()
