"""A review desk that remembers (issue 59), in Debian's Chromium driven by Playwright against `streamlit run
app.py` with a users file.

An editor checks an article against a reference and the knowledge base, decides two corrections, reloads,
and finds the sign-in, the check and both decisions as they were; signed out, a reload stays signed out; an
expired or forged session cookie signs nobody in and says why. Keys alone review a check (j, k, a, r, u, ?)
with the focus kept in the sentence list. A curator rejects the knowledge entry one saved verdict rests on:
the editor's saved check shows "evidence changed" on that sentence and, after a re-check, the old and new
verdicts side by side. Skipped only when /usr/bin/chromium is not installed.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from browser_helpers import CHROMIUM, add_users, chromium, click_until, sign_in_on, streamlit_app

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")

USERS = {"ed": ["editor"], "cy": ["curator"]}
TEXT = ("The Eiffel Tower is a wrought-iron lattice tower in Paris. The tower was completed in 1899. "
        "The Golden Gate Bridge opened in 1936.")
REFERENCE = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 for the World's Fair."
ENTRY = "The Golden Gate Bridge opened in 1937 in San Francisco."  # the third sentence's verdict rests on it


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from truthometer.knowledge import KnowledgeBase

    kb_dir = tmp_path_factory.mktemp("kb")
    add_users(kb_dir, USERS)
    kb = KnowledgeBase(kb_dir, seed=None)  # the real embedder: the check searches it
    kb.store.meta("seeded", "1")
    kb.add(ENTRY, source="atlas", status="approved", created_by="cura")
    kb.close()
    env = {"TRUTHOMETER_KB": str(kb_dir), "TRUTHOMETER_USERS": "", "TRUTHOMETER_SELF_APPROVAL": "",
           "TRUTHOMETER_SESSION_KEY": ""}
    with streamlit_app(env) as url:
        yield url, kb_dir


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def sign_in(context, url: str, name: str):
    page = context.new_page()
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.set_default_timeout(120_000)
    return sign_in_on(page, url, name)


def run_check(page) -> None:
    page.get_by_role("link", name="Check", exact=True).click()
    page.get_by_label("Text to check", exact=True).fill(TEXT)
    page.get_by_label("Reference documents", exact=True).fill(REFERENCE)
    page.get_by_label("Reference documents", exact=True).press("Control+Enter")
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_role("listbox", name="Flagged sentences").wait_for(timeout=300_000)


def options(page) -> list[str]:
    return [t.strip() for t in page.get_by_role("option").all_inner_texts()]


def wait_options(page, ends: list[str], timeout: float = 30.0) -> list[str]:
    """The flagged sentences' list once each item ends with its expected decision."""
    deadline = time.time() + timeout
    while True:
        found = options(page)
        if [f.rsplit("· ", 1)[-1] for f in found] == ends or time.time() > deadline:
            return found
        page.wait_for_timeout(250)


def saved_decisions(kb_dir: Path) -> dict[int, str]:
    from truthometer.checks import open_checks

    checks = open_checks(str(kb_dir))
    newest = checks.list()[0]["id"]
    return {i: d.action for i, d in checks.get(newest).latest_decisions().items()}


def test_a_reload_keeps_the_sign_in_the_check_and_its_decisions(app, browser):
    from ui.session_cookie import COOKIE, Session, make_token

    url, kb_dir = app
    context = browser.new_context()
    page = sign_in(context, url, "ed")
    run_check(page)
    assert wait_options(page, ["pending", "pending"])[0].startswith("2. ")
    page.get_by_role("tab", name="Correction").click()
    click_until(page, page.get_by_role("button", name="Accept").first, "decision: accepted")
    page.get_by_role("button", name="Next flagged ›").click()
    page.get_by_text("Sentence 3: contradicted").wait_for()
    page.get_by_role("tab", name="Correction").click()
    click_until(page, page.get_by_role("button", name="Reject").first, "decision: rejected")
    assert wait_options(page, ["accepted", "rejected"])[1].endswith("· rejected")
    assert saved_decisions(kb_dir) == {1: "accept", 2: "reject"}

    page.reload()
    page.get_by_text("Signed in as ed").first.wait_for(timeout=60_000)
    page.get_by_role("listbox", name="Flagged sentences").wait_for(timeout=60_000)
    assert [o.rsplit("· ", 1)[-1] for o in wait_options(page, ["accepted", "rejected"])] == ["accepted", "rejected"]
    assert page.get_by_label("Text to check", exact=True).input_value() == ""  # the check came from the cookie
    page.get_by_role("link", name="Saved checks").click()
    page.get_by_text("2 decision(s)").wait_for(timeout=60_000)
    page.reload()  # the Saved checks page opens the same check again
    page.get_by_text("Signed in as ed").first.wait_for(timeout=60_000)
    page.get_by_text("2 decision(s)").wait_for(timeout=60_000)

    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="Sign in").wait_for(timeout=60_000)
    # The removal is written by the page's cookie writer once its script has loaded, which a slow browser
    # takes a while to do.
    deadline = time.time() + 30
    while [c for c in context.cookies() if c["name"] == COOKIE] and time.time() < deadline:
        page.wait_for_timeout(250)
    assert not [c for c in context.cookies() if c["name"] == COOKIE]
    page.reload()
    page.get_by_role("button", name="Sign in").wait_for(timeout=60_000)
    assert page.get_by_text("Signed in as ed").count() == 0

    context.close()

    # A browser that comes back with a cookie that signs nobody in. Each case gets a fresh browser context
    # with the cookie in place before the first page loads: set into a live signed-out page, it raced that
    # page's cookie writer, which removes a cookie when nobody is signed in (CI lost that race).
    key = (kb_dir / "session.key").read_text().strip()
    for token, said in ((make_token(key, Session("ed", None, int(time.time()) - 5)), "Your session expired"),
                        (make_token("a guessed key", Session("ed", None, int(time.time()) + 3600)),
                         "could not be verified")):
        returning = browser.new_context()
        returning.add_cookies([{"name": COOKIE, "value": token, "url": url}])
        page = returning.new_page()
        page.set_default_timeout(120_000)
        page.goto(url)
        page.get_by_text(said).wait_for(timeout=60_000)
        page.reload()  # the note is said again: the cookie stays until a sign-in or sign-out replaces it
        page.get_by_text(said).wait_for(timeout=60_000)
        assert page.get_by_text("Signed in as ed").count() == 0
        assert [c["value"] for c in returning.cookies() if c["name"] == COOKIE] == [token]
        returning.close()


def test_keys_alone_review_a_check_and_the_focus_stays_in_the_list(app, browser):
    url, kb_dir = app
    context = browser.new_context()
    page = sign_in(context, url, "ed")
    run_check(page)
    listbox = page.get_by_role("listbox", name="Flagged sentences")
    listbox.focus()  # what a Tab brings it to; from here on, keys only
    live = page.get_by_role("status").filter(has_text="of 2")

    def press(key: str, said: str) -> None:
        page.keyboard.press(key)
        try:
            live.filter(has_text=said).wait_for(timeout=60_000)
        except Exception:
            raise AssertionError(f"after {key!r}: {page.get_by_role('status').all_inner_texts()}")
        # Each decision reruns the page: the next key goes to the list once that rerun is over (on a
        # loaded machine a key pressed mid-rerun reached a list about to be redrawn).
        page.get_by_test_id("stStatusWidget").wait_for(state="hidden", timeout=60_000)
        page.wait_for_timeout(500)

    press("a", "Accepted correction 1 of 2 (sentence 2)")
    press("j", "Flagged sentence 2 of 2 (sentence 3)")
    press("r", "Rejected correction 2 of 2 (sentence 3)")
    assert wait_options(page, ["accepted", "rejected"])
    press("u", "Undid the decision on 2 of 2 (sentence 3); now pending")
    press("k", "Flagged sentence 1 of 2 (sentence 2): accepted")
    assert wait_options(page, ["accepted", "pending"])
    assert saved_decisions(kb_dir) == {1: "accept"}
    assert page.evaluate("""() => { let a = document.activeElement;
        while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
        return a && a.getAttribute('role'); }""") == "listbox"
    page.keyboard.press("?")
    page.get_by_role("dialog", name="Keyboard shortcuts").wait_for(timeout=10_000)
    assert "undo the sentence's latest decision" in page.get_by_role("dialog", name="Keyboard shortcuts").inner_text()
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name="Keyboard shortcuts").wait_for(state="hidden", timeout=10_000)
    context.close()


def test_a_retired_entry_marks_the_saved_verdict_and_a_recheck_shows_old_and_new(app, browser):
    url, kb_dir = app
    editor = browser.new_context()
    page = sign_in(editor, url, "ed")
    run_check(page)
    curator = browser.new_context()
    desk = sign_in(curator, url, "cy")
    desk.get_by_role("link", name="Knowledge base").click()
    desk.get_by_test_id("stRadioGroup").get_by_text("text", exact=True).click()
    desk.get_by_role("textbox", name="Search").fill("Golden Gate")
    desk.get_by_role("textbox", name="Search").press("Enter")
    desk.get_by_text("1 entries").wait_for(timeout=30_000)
    click_until(desk, desk.get_by_role("button", name="Reject this entry"), "Rejected entry #1")
    curator.close()

    page.reload()  # the cookie reopens the editor's check; the Saved checks page shows it
    page.get_by_text("Signed in as ed").first.wait_for(timeout=60_000)
    page.get_by_role("link", name="Saved checks").click()
    page.get_by_text("The evidence of 1 sentence(s) changed since this check.").wait_for(timeout=60_000)
    rows = page.get_by_test_id("stDataFrame").nth(1)
    rows.get_by_text("kb:1 reject").first.wait_for(state="attached", timeout=30_000)  # the grid's cells
    click_until(page, page.get_by_role("button", name="Re-check 1 sentence(s)"), "Re-checked 1 sentence(s).",
                timeout=240_000)
    page.get_by_text("Re-checks (old and new verdict side by side)").wait_for(timeout=30_000)
    from truthometer.checks import open_checks

    checks = open_checks(str(kb_dir))
    [again] = checks.get(checks.list()[0]["id"]).rechecks
    assert again["sentence"] == 2 and again["old"]["status"] == "contradicted"
    assert again["new"]["status"] != "contradicted"
    table = page.get_by_test_id("stDataFrame").nth(2)
    table.get_by_text(again["new"]["status"]).first.wait_for(state="attached", timeout=30_000)
    editor.close()
