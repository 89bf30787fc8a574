"""End to end in a real browser: Debian's Chromium driven by Playwright against `streamlit run app.py`.

Paste an article and its reference, check, accept a correction, save it with a reviewer name, and find
the new entry on the knowledge base page. Skipped only when /usr/bin/chromium is not installed
(`.ci/run` installs it).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_helpers import CHROMIUM, ROOT, chromium, click_until, streamlit_app

ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    kb = tmp_path_factory.mktemp("kb")
    with streamlit_app({"TRUTHOMETER_KB": str(kb), "TRUTHOMETER_USERS": ""}) as url:
        yield url, kb


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def test_check_accept_save_and_find_in_knowledge_base(server, browser):
    from playwright.sync_api import expect

    url, kb = server
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 1800})
    page.set_default_timeout(120_000)
    page.goto(url)
    page.get_by_role("button", name="Check", exact=True).wait_for()
    # The first page is named "Check" in the navigation, and there is no deploy button.
    expect(page.get_by_role("link", name="Check", exact=True)).to_be_visible()
    expect(page.get_by_text("Single-user mode")).to_be_visible()
    assert page.get_by_role("button", name="Deploy").count() == 0
    page.get_by_role("textbox", name="Reviewer name").fill("e2e-reviewer")
    page.get_by_role("textbox", name="Reviewer name").press("Enter")
    page.get_by_label("Text to check", exact=True).fill(
        "The Eiffel Tower is a wrought-iron lattice tower in Paris. The tower was completed in 1899 for the "
        "World's Fair. I think it is the most beautiful building in Europe.")
    page.get_by_label("Reference documents", exact=True).fill(
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. Constructed "
        "from 1887 to 1889 as the centrepiece of the 1889 World's Fair, it was initially criticised.")
    page.get_by_label("Reference documents", exact=True).press("Control+Enter")
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_role("tab", name="Correction").wait_for()
    page.get_by_role("tab", name="Correction").click()
    page.get_by_role("button", name="Accept").first.wait_for()
    click_until(page, page.get_by_role("button", name="Accept").first, "decision: accepted")
    reviewed = ("The Eiffel Tower is a wrought-iron lattice tower in Paris. The tower was completed in 1889 for the "
                "World's Fair. I think it is the most beautiful building in Europe.")
    # The downloads follow the review: the accepted year, the decision and who made it.
    with page.expect_download() as download:
        page.get_by_role("button", name="JSON report").click()
    report = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert report["corrected_text"] == reviewed
    assert {"decision": "accepted", "by": "e2e-reviewer"}.items() <= report["sentences"][1]["review"].items()
    with page.expect_download() as download:
        page.get_by_role("button", name="Corrected text", exact=True).click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == reviewed
    save = page.get_by_role("button", name="Save 1 correction(s) to knowledge base")
    save.wait_for()
    save.click()
    page.get_by_text("Saved 1 entry to the knowledge base, awaiting a curator's review").wait_for()
    # Saved once: the button now has nothing left to save.
    expect(page.get_by_role("button", name="Save 0 correction(s) to knowledge base")).to_be_disabled()
    page.screenshot(path=str(ARTIFACTS / "e2e-check.png"), full_page=True)

    page.goto(url + "/Knowledge_base")
    page.get_by_role("textbox", name="Reviewer name").fill("e2e-reviewer")
    page.get_by_role("textbox", name="Reviewer name").press("Enter")
    page.get_by_role("textbox", name="Search").fill("Eiffel Tower completed in 1889 for the World's Fair")
    page.get_by_role("textbox", name="Search").press("Enter")
    try:
        # Pending until approved; alone on a laptop, the proposer may approve it.
        page.get_by_text("pending · source: review · created by e2e-reviewer").first.wait_for()
        page.get_by_role("button", name="Approve this entry").click()
        page.get_by_text("approved · source: review · created by e2e-reviewer").first.wait_for()
        # The entry's caption can render a moment before its text box is filled: wait for the value.
        expect(page.get_by_role("textbox", name="Text", exact=True)).to_have_value(
            "The Eiffel Tower was completed in 1889 for the World's Fair.", timeout=30_000)
    finally:
        page.screenshot(path=str(ARTIFACTS / "e2e-knowledge-base.png"), full_page=True)
    page.close()


def test_clicking_a_highlighted_sentence_selects_it(server, browser):
    url, _ = server
    page = browser.new_page(viewport={"width": 1400, "height": 1400})
    page.set_default_timeout(120_000)
    page.goto(url)
    page.get_by_label("Text to check", exact=True).fill(
        "The Eiffel Tower was completed in 1899. The Eiffel Tower is in Paris. Koalas are marsupials.")
    page.get_by_label("Reference documents", exact=True).fill("The Eiffel Tower in Paris was completed in 1889.")
    page.get_by_label("Reference documents", exact=True).press("Control+Enter")
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Sentence 1: contradicted").wait_for()
    for attempt in range(5):  # a click during a rerun is dropped: retry until the page follows it
        page.locator(".tom-s[data-index='1']").click()
        try:
            page.get_by_text("Sentence 2: supported").wait_for(timeout=15_000)
            break
        except Exception:
            if attempt == 4:
                page.screenshot(path=str(ARTIFACTS / "e2e-click.png"), full_page=True)
                raise
    page.close()


def test_an_attached_file_replaces_the_pasted_text_and_the_page_says_so(server, browser, tmp_path):
    url, _ = server
    page = browser.new_page(viewport={"width": 1400, "height": 1400})
    page.set_default_timeout(120_000)
    page.goto(url)
    page.get_by_role("button", name="Check", exact=True).wait_for()
    # The uploader advertises the limit the text has, not Streamlit's 200 MB.
    page.get_by_text("2MB per file").first.wait_for()
    page.get_by_label("Text to check", exact=True).fill("Koalas are marsupials that live in Australia.")
    page.get_by_label("Text to check", exact=True).press("Control+Enter")
    attached = tmp_path / "article.txt"
    attached.write_text("The Eiffel Tower was completed in 1899.", encoding="utf-8")
    page.locator("input[type=file]").first.set_input_files(str(attached))
    page.get_by_text("article.txt").first.wait_for()
    page.get_by_label("Reference documents", exact=True).fill("The Eiffel Tower was completed in 1889.")
    page.get_by_label("Reference documents", exact=True).press("Control+Enter")
    try:
        click_until(page, page.get_by_role("button", name="Check", exact=True), "Sentence 1: contradicted",
                    timeout=30_000)
        page.get_by_text("The pasted text was not checked: the attached file article.txt was.").wait_for()
    finally:
        page.screenshot(path=str(ARTIFACTS / "e2e-upload.png"), full_page=True)
    page.close()

