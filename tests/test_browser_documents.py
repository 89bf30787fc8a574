"""In a real browser (Debian's Chromium through Playwright): upload a Word article and a PDF reference on the
Check page, accept the correction, download the Word file with tracked changes, and find the change under
the reviewer's name, in the file and as LibreOffice reads it. Skipped without /usr/bin/chromium; the
LibreOffice step without soffice."""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from browser_helpers import CHROMIUM, ROOT, chromium, click_until, streamlit_app
from document_builders import docx_bytes, pdf_bytes
from truthometer.documents import document_from_bytes
from truthometer.documents.export import accept_all

ARTIFACTS = ROOT / "artifacts"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")


def _article(document):
    document.add_heading("The Eiffel Tower", 1)
    p = document.add_paragraph("The Eiffel Tower is a wrought-iron lattice tower in Paris. The tower was completed in ")
    p.add_run("1899").bold = True
    p.add_run(" for the World's Fair.")


MANUAL = [["Landmarks of Paris", "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris.",
           "Page 1"],
          ["Landmarks of Paris", "Constructed from 1887 to 1889 as the centrepiece of the 1889 World's Fair,",
           "it was completed in 1889.", "Page 2"],
          ["Landmarks of Paris", "The tower is visited by millions of people every year.", "Page 3"]]


def test_upload_word_and_pdf_accept_and_download_word_with_tracked_changes(tmp_path):
    from playwright.sync_api import expect

    article, manual = tmp_path / "article.docx", tmp_path / "manual.pdf"
    article.write_bytes(docx_bytes(_article))
    manual.write_bytes(pdf_bytes(MANUAL))
    ARTIFACTS.mkdir(exist_ok=True)
    with streamlit_app({"TRUTHOMETER_KB": str(tmp_path / "kb"), "TRUTHOMETER_USERS": ""}) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1800})
        page.set_default_timeout(120_000)
        page.goto(url)
        page.get_by_role("button", name="Check", exact=True).wait_for()
        page.get_by_role("textbox", name="Reviewer name").fill("Ada Editor")
        page.get_by_role("textbox", name="Reviewer name").press("Enter")
        uploads = page.locator("input[type=file]")
        uploads.nth(0).set_input_files(str(article))
        page.get_by_text("article.docx").first.wait_for()
        uploads.nth(1).set_input_files(str(manual))
        page.get_by_text("manual.pdf").first.wait_for()
        try:
            click_until(page, page.get_by_role("button", name="Check", exact=True), "contradicted", timeout=60_000)
            page.get_by_text("in article.docx, paragraph 2").wait_for()  # where the flagged sentence is
            page.get_by_role("tab", name="Correction").click()
            click_until(page, page.get_by_role("button", name="Accept").first, "decision: accepted")
            with page.expect_download() as download:
                page.get_by_role("button", name="JSON report").click()
            report = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
            button = page.get_by_role("button", name="Download as Word with tracked changes")
            expect(button).to_be_visible()
            with page.expect_download() as download:
                button.click()
            word = Path(download.value.path()).read_bytes()
            assert download.value.suggested_filename == "article-tracked.docx"
        finally:
            page.screenshot(path=str(ARTIFACTS / "e2e-documents.png"), full_page=True)
        page.close()

    wrong = next(s for s in report["sentences"] if "1899" in s["text"])
    assert wrong["status"] == "contradicted"
    assert any(e["locator"].startswith("manual.pdf, page 2 #") for e in wrong["evidence"])
    xml = zipfile.ZipFile(io.BytesIO(word)).read("word/document.xml").decode()
    assert 'w:author="Ada Editor"' in xml and "<w:delText" in xml
    assert document_from_bytes(accept_all(word), "a.docx").text == report["corrected_text"]
    assert "completed in 1889 for" in report["corrected_text"]
    if shutil.which("soffice"):
        (tmp_path / "tracked.docx").write_bytes(word)
        subprocess.run(["soffice", f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
                        "--convert-to", "odt", "--outdir", str(tmp_path), str(tmp_path / "tracked.docx")],
                       check=True, capture_output=True, timeout=180)
        content = zipfile.ZipFile(tmp_path / "tracked.odt").read("content.xml").decode()
        assert "<text:tracked-changes" in content and "<dc:creator>Ada Editor</dc:creator>" in content
