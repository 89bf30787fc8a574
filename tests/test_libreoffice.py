"""The exported Word file as a user opens it: LibreOffice reads its tracked changes and comments, renders
them, and accepting all its changes there gives the reviewed text. Skipped where LibreOffice or poppler
is not installed (.ci/run installs them)."""
from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from document_builders import docx_bytes
from test_docx_tracked import WHEN, WRONG, _long_article, _report
from truthometer.documents import document_from_bytes
from truthometer.documents.export import export

pytestmark = pytest.mark.skipif(not all(shutil.which(tool) for tool in ("soffice", "pdftotext", "pdftoppm")),
                                reason="needs LibreOffice (soffice) and poppler-utils (pdftotext, pdftoppm)")
HERE = Path(__file__).resolve().parent
ODF = {"text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0", "dc": "http://purl.org/dc/elements/1.1/",
       "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0"}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("libreoffice")
    original = docx_bytes(_long_article)
    document = document_from_bytes(original, "bridges.docx")
    report = _report(document.text, WRONG)
    (folder / "original.docx").write_bytes(original)
    (folder / "tracked.docx").write_bytes(export("docx", document, report, original, reviewer="Ada Editor", when=WHEN))
    return folder, report


def _convert(folder: Path, name: str, to: str) -> Path:
    # A profile of its own: a LibreOffice already running for the user would otherwise take the job over.
    subprocess.run(["soffice", f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless",
                    "--convert-to", to, "--outdir", str(folder / to), str(folder / name)],
                   check=True, capture_output=True, timeout=180)
    return folder / to / f"{Path(name).stem}.{to}"


def test_libreoffice_reads_the_changes_and_comments_with_the_reviewers_name(exported):
    folder, _ = exported
    with zipfile.ZipFile(_convert(folder, "tracked.docx", "odt")) as odt:
        content = etree.fromstring(odt.read("content.xml"))
    regions = content.findall(".//text:tracked-changes/text:changed-region", ODF)
    kinds = sorted(etree.QName(r[0]).localname for r in regions)
    assert kinds == ["deletion", "insertion"]
    assert {r.findtext(".//dc:creator", namespaces=ODF) for r in regions} == {"Ada Editor"}
    deleted = next(r for r in regions if etree.QName(r[0]).localname == "deletion")
    assert "1938" in "".join(deleted.itertext())
    notes = content.findall(".//office:annotation", ODF)
    assert len(notes) == 3 and {n.findtext("dc:creator", namespaces=ODF) for n in notes} == {"Ada Editor"}
    texts = ["".join(n.itertext()) for n in notes]
    assert any("Contradicted: the reference contradicts 1938" in t and "manual.pdf, page 12 #41" in t for t in texts)


def test_the_pdf_libreoffice_makes_shows_the_changes_in_colour(exported):
    folder, _ = exported
    tracked, original = _convert(folder, "tracked.docx", "pdf"), _convert(folder, "original.docx", "pdf")
    text = subprocess.run(["pdftotext", "-layout", str(tracked), "-"], check=True, capture_output=True,
                          text=True, timeout=60).stdout
    assert "opened in 19381937 and" in text  # the deleted and the inserted year, side by side
    assert "\f" in text.rstrip("\f")  # more than one page
    colour = {}
    for name, pdf in (("tracked", tracked), ("original", original)):
        subprocess.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(folder / name)],
                       check=True, timeout=60)
        colour[name] = _coloured_pixels(next(folder.glob(f"{name}*.ppm")).read_bytes())
    assert colour["tracked"] > colour["original"] + 20  # the heading is blue in both; the changes add colour


def _coloured_pixels(ppm: bytes) -> int:
    """Pixels of a binary PPM (pdftoppm's output) that are clearly not grey."""
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm)
    assert header, ppm[:20]
    pixels = ppm[header.end():header.end() + int(header.group(1)) * int(header.group(2)) * 3]
    return sum(1 for i in range(0, len(pixels), 3) if max(pixels[i:i + 3]) - min(pixels[i:i + 3]) > 80)


def _has_uno() -> bool:
    """LibreOffice's Python bridge, and the full build: the "nogui" one aborts opening a commented file in
    a frame (it has no windows for the comments)."""
    if not Path("/usr/bin/python3").exists() or not shutil.which("dpkg"):
        return False
    full = subprocess.run(["dpkg", "-s", "libreoffice-core"], capture_output=True).returncode == 0
    return full and subprocess.run(["/usr/bin/python3", "-c", "import uno"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _has_uno(), reason="needs LibreOffice's Python bridge (python3-uno, libreoffice-core)")
def test_accepting_all_changes_in_libreoffice_gives_the_reviewed_text(exported):
    folder, report = exported
    out = folder / "accepted.txt"
    run = subprocess.run(["/usr/bin/python3", str(HERE / "libreoffice_accept.py"), str(folder / "tracked.docx"),
                          str(out), str(folder / "uno-profile")], capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "redlines 2 accepted, left 0" in run.stdout
    words = re.findall(r"\w+", out.read_text(encoding="utf-8-sig"))
    assert words == re.findall(r"\w+", report.corrected_text)
    assert "1938" not in words and "1937" in words


def test_a_pdf_libreoffice_made_from_the_word_file_reads_back_without_losing_text(exported):
    folder, _ = exported
    original = document_from_bytes((folder / "original.docx").read_bytes(), "original.docx")
    pdf = document_from_bytes(_convert(folder, "original.docx", "pdf").read_bytes(), "original.pdf")
    assert re.findall(r"\w+", pdf.text) == re.findall(r"\w+", original.text)
    assert [b.text for b in pdf.blocks if b.kind == "list item"] == [
        "The bridge is painted in International Orange.", "It carries six lanes of traffic."]
    last = pdf.locate(pdf.text.index("Figures from the bridge district"))
    assert last.block.anchor == max(b.anchor for b in pdf.blocks) > 1
    assert pdf.locator(pdf.text.index("Bridges of San Francisco")) == "page 1"
