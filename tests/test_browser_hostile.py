"""Hostile text in a real browser (issue 33, hardening): Debian's Chromium driven by Playwright against
`streamlit run app.py`.

Script and image tags, Markdown links with ``javascript:``, a Markdown image pointing at a local HTTP
server that records every request, Streamlit directives and LaTeX are pasted as the text and as a
reference, given as the name of an uploaded file, and stored in the knowledge base (seeded before the app
starts, as pending and rejected entries whose text, source, locator and reviewers are hostile). On each
page: no dialog opens (an ``alert`` would), the image server is never asked for anything, and the DOM
(every frame, open shadow roots included) holds no element made from the hostile text: no ``<script>``
that calls ``alert``, no ``<img>`` of it, no ``on…`` handler, no ``javascript:`` link, no link, bold,
coloured text or maths made from its Markdown; the text itself is shown, as text.

Web pages too: the app's "Search the web" goes through a SearXNG-like site on 127.0.0.1
(TRUTHOMETER_SEARXNG, allowed by TRUTHOMETER_WEB_ALLOW_HOSTS) whose result and page carry the hostile text.
Skipped only when /usr/bin/chromium is not installed.
"""
from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from browser_helpers import CHROMIUM, ROOT, HostileSite, chromium, click_until, streamlit_app

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")

ARTIFACTS = ROOT / "artifacts"
LINK = "[click](javascript:alert(1))"
SCRIPT = "<script>alert(1)</script>"
A_TAG = '<a href="javascript:alert(2)">tag link</a>'


@pytest.fixture(scope="module")
def site():
    with HostileSite() as s:
        yield s


def hostile(site: HostileSite) -> str:
    """The hostile text: every image in it points at ``site``, so loading one is a recorded request."""
    return (f"{SCRIPT} <img src=\"{site.url('/tag-image.png')}\" onerror=\"alert(3)\"> {LINK} "
            f"![x]({site.url('/md-image.png')}) **bold** :red[red] $x^2$ {A_TAG}")


@pytest.fixture(scope="module")
def app(tmp_path_factory, site):
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase

    tmp = tmp_path_factory.mktemp("hostile")
    kb_dir = tmp / "kb"
    kb = KnowledgeBase(kb_dir, embedder=hash_embedder, seed=None)
    kb.add(f"The museum opened in 1901. {hostile(site)}", source=f"web {hostile(site)}", locator=hostile(site),
           status="pending", created_by=f"editor {hostile(site)}", confidence=0.5)
    rejected = kb.add(f"The bridge opened in 1932. {hostile(site)}", source="web", locator="http://example.test/b",
                      status="pending", created_by="editor")
    kb.reject([rejected.id], f"curator {hostile(site)}")
    kb.close()
    env = {"TRUTHOMETER_KB": str(kb_dir), "TRUTHOMETER_USERS": str(tmp / "no-users.json"),
           "TRUTHOMETER_TEST_LOG": str(tmp / "streamlit.log")}
    with streamlit_app(env) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def _open(browser, url):
    page = browser.new_page(viewport={"width": 1400, "height": 1800})
    page.set_default_timeout(120_000)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(url)
    return page, dialogs


#: (CSS selector, what it would mean) for elements the hostile text must never become. Playwright's CSS
#: engine looks into open shadow roots.
FORBIDDEN = [
    ("a[href^='javascript:' i]", "a javascript: link"),
    ("[onerror], [onload], [onclick], [onmouseover]", "an inline event handler"),
    ("img[src*='127.0.0.1'], img[src='x']", "an image from the hostile text"),
    ("a:text-is('click'), a:text-is('tag link')", "a link made from the hostile text"),
    ("strong:text-is('bold'), b:text-is('bold')", "bold text from the hostile Markdown"),
    (".stMarkdownColoredText, .stMarkdownColoredBackground", "a :red[…] directive applied"),
    (".katex", "LaTeX rendered"),
]


def assert_inert(page, dialogs, site, where: str) -> None:
    time.sleep(1.5)  # let any image or script the page might have made do its worst
    problems = []
    for frame in page.frames:
        for selector, meaning in FORBIDDEN:
            count = frame.locator(selector).count()
            if count:
                problems.append(f"{where}: {meaning} ({count} × {selector}) in frame {frame.url[:80]}")
        scripts = frame.locator("script").evaluate_all(
            "list => list.filter(s => (s.textContent || '').includes('alert(')).length")
        if scripts:
            problems.append(f"{where}: {scripts} <script> calling alert in frame {frame.url[:80]}")
    page.screenshot(path=str(ARTIFACTS / f"hostile-{where}.png"), full_page=True)
    assert not problems, problems
    assert dialogs == [], f"{where}: a dialog opened: {dialogs}"
    assert site.requests == [], f"{where}: the page asked the hostile text's server for {site.requests}"


def test_a_hostile_file_name_in_an_error_stays_text(app, site, browser, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    page, dialogs = _open(browser, app)
    page.get_by_role("button", name="Check", exact=True).wait_for()
    # An empty file is refused with its name in the message (a name cannot hold "/", so no URL here).
    empty = tmp_path / f"{LINK} <img src=x onerror=alert(4)> **bold** :red[red] $x^2$.txt"
    empty.write_text("", encoding="utf-8")
    page.locator("input[type=file]").first.set_input_files(str(empty))
    page.get_by_text(re.compile(r"\.txt$")).first.wait_for()  # the uploader shows the name, shortened
    click_until(page, page.get_by_role("button", name="Check", exact=True), "is empty; nothing to check")
    assert_inert(page, dialogs, site, "error")
    error = page.get_by_test_id("stAlert").filter(has_text="is empty").first
    assert f"{LINK} <img src=x onerror=alert(4)> **bold** :red[red] $x^2$.txt" in error.inner_text()
    page.close()


def test_hostile_text_and_references_checked_stay_text(app, site, browser, tmp_path):
    page, dialogs = _open(browser, app)
    page.get_by_role("button", name="Check", exact=True).wait_for()
    named = tmp_path / f"{LINK} <img src=x onerror=alert(5)> :red[red].txt"
    named.write_text(f"The Eiffel Tower was completed in 1889 **bold** {LINK}. {hostile(site)}", encoding="utf-8")
    page.locator("input[type=file]").nth(1).set_input_files(str(named))
    page.get_by_text(re.compile(r"\.txt$")).first.wait_for()  # the uploader shows the name, shortened
    page.get_by_label("Text to check", exact=True).fill(
        f"The Eiffel Tower was completed in 1899 :red[red] **bold**. {hostile(site)} Koalas sleep $x^2$ hours.")
    page.get_by_label("Reference documents", exact=True).fill(
        f"The Eiffel Tower was completed in 1889 {LINK} :red[red] $x^2$. {hostile(site)}")
    page.get_by_label("Reference documents", exact=True).press("Control+Enter")
    click_until(page, page.get_by_role("button", name="Check", exact=True), "Sentence 1: contradicted")
    assert_inert(page, dialogs, site, "check")
    # The claim, as checked, keeps its directive as text.
    page.get_by_text("checked as: The Eiffel Tower was completed in 1899 :red[red]").first.wait_for(timeout=10_000)
    for tab in ("Correction", "Alignment", "Dialectical tree", "Evidence"):
        page.get_by_role("tab", name=tab).click()
        time.sleep(0.5)
    page.get_by_role("tab", name="Correction").click()
    page.get_by_text("from: The Eiffel Tower was completed in 1889").first.wait_for()
    assert_inert(page, dialogs, site, "check-tabs")
    page.close()


def test_hostile_knowledge_entries_stay_text(app, site, browser):
    page, dialogs = _open(browser, app + "/Knowledge_base")
    page.get_by_text("2 entries").wait_for()
    caption = page.get_by_text("· source: web").first
    caption.wait_for()
    assert_inert(page, dialogs, site, "knowledge-base")
    # The entry's source and author are shown as the characters they are.
    text = caption.inner_text().replace("\u2060", "")
    assert f"source: web {hostile(site)}" in text and f"created by editor {hostile(site)}" in text, text
    # The rejected entry: its reviewer's name is hostile too.
    page.get_by_test_id("stSelectbox").filter(has_text="Entry").locator("input").first.click()
    page.get_by_role("option", name="The bridge opened in 1932").first.click()
    reviewed = page.get_by_text(f"reviewed by curator {SCRIPT}").first
    reviewed.wait_for()
    assert_inert(page, dialogs, site, "knowledge-base-rejected")
    page.close()


@pytest.fixture(scope="module")
def web_site():
    """A SearXNG-like search and the page it finds, both carrying the hostile text."""
    with HostileSite() as s:
        s.markup = hostile(s)
        yield s


@pytest.fixture(scope="module")
def web_app(tmp_path_factory, web_site):
    tmp = tmp_path_factory.mktemp("hostile-web")
    env = {"TRUTHOMETER_KB": str(tmp / "kb"), "TRUTHOMETER_USERS": str(tmp / "no-users.json"),
           "TRUTHOMETER_SEARXNG": web_site.url("/"), "TRUTHOMETER_WEB_ALLOW_HOSTS": "127.0.0.1",
           "TRUTHOMETER_TEST_LOG": str(tmp / "streamlit.log")}
    with streamlit_app(env) as url:
        yield url


def test_hostile_text_fetched_from_a_web_page_stays_text(web_app, web_site, browser):
    """The team's SearXNG (TRUTHOMETER_SEARXNG) finds a page on 127.0.0.1 (allowed by name) whose title,
    snippet and text carry the hostile markup; the check shows that evidence as text."""
    page, dialogs = _open(browser, web_app)
    page.get_by_role("button", name="Check", exact=True).wait_for()
    page.get_by_text("Search the web").click()
    page.get_by_label("Text to check", exact=True).fill("The Eiffel Tower was completed in 1899.")
    page.get_by_label("Text to check", exact=True).press("Control+Enter")
    click_until(page, page.get_by_role("button", name="Check", exact=True), "Sentence 1:", timeout=180_000)
    page.get_by_role("tab", name="Evidence").click()
    page.get_by_text("127.0.0.1").first.wait_for(state="attached", timeout=30_000)  # web evidence in the table
    fetched = [urlsplit(r).path for r in web_site.requests]
    assert "/search" in fetched and "/page.html" in fetched, fetched
    web_site.requests.clear()  # from here on, any request would be the page loading the hostile text's images
    for tab in ("Correction", "Alignment", "Dialectical tree", "Evidence"):
        page.get_by_role("tab", name=tab).click()
        time.sleep(0.5)
    assert_inert(page, dialogs, web_site, "web")
    page.close()
