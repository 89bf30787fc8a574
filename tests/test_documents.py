"""Reading the documents editors have (truthometer.documents): text and structure of DOCX, PDF, HTML,
Markdown and plain text, a locator for every offset, and a one-line error for every bad file."""
from __future__ import annotations

import io
import re
import zipfile

import pytest

from document_builders import docx_bytes, odt_bytes, pdf_bytes
from truthometer.documents import DocumentError, document_from_bytes, read_document
from truthometer.documents.model import HEADING, LIST_ITEM, PARAGRAPH, SEPARATOR, TABLE_CELL
from truthometer.errors import InputError


def _article(document):
    document.add_heading("The Eiffel Tower", 1)
    p = document.add_paragraph("The tower is ")
    p.add_run("330 metres").bold = True
    p.add_run(" tall.")
    document.add_paragraph("It opened in 1889.", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Height"
    table.cell(1, 1).text = "330 m"
    document.add_paragraph("Source: the city archive.")


def _pages(count: int) -> list[list[str]]:
    """Pages with a running header, a numbered footer and text of their own."""
    return [["Tower Manual", f"The tower had {n} visitors on day {n + 40}. They climbed the stairs.",
             "", "Maintenance", f"Section {n} was painted in {1900 + n}.", f"Page {n} of {count}"]
            for n in range(1, count + 1)]


def test_docx_blocks_keep_their_kind_paragraph_index_and_text_across_runs():
    document = document_from_bytes(docx_bytes(_article), "article.docx")
    kinds = [(b.kind, b.text, b.locator) for b in document.blocks]
    assert kinds == [(HEADING, "The Eiffel Tower", "paragraph 1"),
                     (PARAGRAPH, "The tower is 330 metres tall.", "paragraph 2"),
                     (LIST_ITEM, "It opened in 1889.", "paragraph 3"),
                     (TABLE_CELL, "Height", "table 1, row 1, cell 1"),
                     (TABLE_CELL, "330 m", "table 1, row 2, cell 2"),
                     (PARAGRAPH, "Source: the city archive.", "paragraph 8")]
    assert document.text == SEPARATOR.join(b.text for b in document.blocks)
    for block in document.blocks:
        assert document.text[block.start:block.end] == block.text


def test_every_offset_maps_back_to_its_block_and_the_place_in_it():
    document = document_from_bytes(docx_bytes(_article), "article.docx")
    offset = document.text.index("1889")
    location = document.locate(offset)
    assert location.block.locator == "paragraph 3" and location.block.anchor == 2
    assert location.block.text[location.offset:location.offset + 4] == "1889"
    assert document.locator(document.text.rindex("330 m")) == "table 1, row 2, cell 2"
    assert document.locator(0) == "paragraph 1"


def test_docx_footnotes_are_read_as_their_own_blocks():
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part

    def build(document):
        document.add_paragraph("The bridge opened in 1937.")
        xml = ('<w:footnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
               '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
               '<w:footnote w:id="1"><w:p><w:r><w:t>Opening day records, 1937.</w:t></w:r></w:p></w:footnote>'
               '</w:footnotes>')
        part = Part(PackURI("/word/footnotes.xml"),
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml",
                    xml.encode(), document.part.package)
        document.part.relate_to(part, RT.FOOTNOTES)

    document = document_from_bytes(docx_bytes(build), "notes.docx")
    assert [(b.kind, b.text, b.locator) for b in document.blocks][-1] == \
        ("footnote", "Opening day records, 1937.", "footnote 1")


def test_odt_blocks_leave_out_tracked_deletions_comments_and_read_footnotes_apart():
    body = ('<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>1887</text:p>'
            '</text:deletion></text:changed-region></text:tracked-changes>'
            '<text:h text:outline-level="1">The <text:span>Eiffel</text:span> Tower</text:h>'
            '<text:p>The tower opened in<text:s text:c="2"/>1889.<text:note><text:note-citation>1</text:note-citation>'
            '<text:note-body><text:p>City archive.</text:p></text:note-body></text:note>'
            '<office:annotation><dc:creator>A</dc:creator><text:p>a comment</text:p></office:annotation></text:p>'
            '<text:list><text:list-item><text:p>Paris</text:p></text:list-item></text:list>'
            '<table:table><table:table-row><table:table-cell><text:p>Height</text:p></table:table-cell>'
            '<table:table-cell><text:p>330 m</text:p></table:table-cell></table:table-row></table:table>')
    document = document_from_bytes(odt_bytes(body), "tower.odt")
    assert [(b.kind, b.text, b.locator) for b in document.blocks] == [
        (HEADING, "The Eiffel Tower", "paragraph 1"), (PARAGRAPH, "The tower opened in  1889.", "paragraph 2"),
        (LIST_ITEM, "Paris", "paragraph 3"), (TABLE_CELL, "Height", "table 1, row 1, cell 1"),
        (TABLE_CELL, "330 m", "table 1, row 1, cell 2"), ("footnote", "City archive.", "footnote 1")]
    assert document.located and "1887" not in document.text and "a comment" not in document.text


def test_pdf_pages_lose_running_headers_and_page_numbers_and_keep_their_page():
    document = document_from_bytes(pdf_bytes(_pages(4)), "manual.pdf")
    assert "Tower Manual" not in document.text and "Page 2 of 4" not in document.text
    assert "Section 3 was painted in 1903." in document.text
    assert document.locator(document.text.index("Section 3")) == "page 3"
    assert document.locator(document.text.index("3 visitors")) == "page 3"
    headings = [b.text for b in document.blocks if b.kind == HEADING]
    assert headings == ["Maintenance"] * 4


def test_a_long_pdf_is_read_with_progress_page_by_page():
    heard = []
    document = document_from_bytes(pdf_bytes(_pages(200)), "long.pdf",
                                   progress=lambda fraction, message: heard.append((fraction, message)))
    assert document.locator(document.text.index("Section 200 was")) == "page 200"
    assert len(heard) == 201 and heard[0][0] == 0 and heard[-1][0] == 1.0
    assert "page 200 of 200" in heard[-2][1]
    assert [f for f, _ in heard] == sorted(f for f, _ in heard)


def test_a_pdf_over_the_character_limit_stops_reading_with_a_message():
    with pytest.raises(InputError, match="over the limit of 2,000 characters by page"):
        document_from_bytes(pdf_bytes(_pages(60)), "long.pdf", limit=2_000)


def test_html_blocks_are_innermost_elements_located_by_path_without_scripts_or_navigation():
    page = (b"<html><head><title>T</title><script>var claim = 'The tower is 5 m tall.';</script></head><body>"
            b"<nav><a href='/'>Home</a></nav><article><h1>The  Eiffel\nTower</h1>"
            b"<p>The tower is <b>330&nbsp;metres</b> tall.<br>It opened in 1889.</p>"
            b"<ul><li>Paris</li><li>France</li></ul><!-- a comment --></article></body></html>")
    document = document_from_bytes(page, "tower.html")
    assert [(b.kind, b.text) for b in document.blocks] == [
        (HEADING, "The Eiffel Tower"), (PARAGRAPH, "The tower is 330 metres tall. It opened in 1889."),
        (LIST_ITEM, "Paris"), (LIST_ITEM, "France")]
    assert document.locator(document.text.index("France")) == "article/ul/li[2]"
    assert "var claim" not in document.text and "Home" not in document.text and "comment" not in document.text


def test_html_text_beside_blocks_is_read_too():
    page = (b"<html><body>Intro <b>text</b>.<div><p>One.</p>Two.</div>"
            b"<ul><li>Paris<ul><li>Louvre</li></ul></li></ul></body></html>")
    document = document_from_bytes(page, "loose.html")
    assert [(b.kind, b.text, b.locator) for b in document.blocks] == [
        (PARAGRAPH, "Intro text.", "body"), (PARAGRAPH, "Two.", "div"), (PARAGRAPH, "One.", "div/p"),
        (LIST_ITEM, "Paris", "ul/li"), (LIST_ITEM, "Louvre", "ul/li/ul/li")]


def test_markdown_and_text_are_read_exactly_as_written_located_by_line(tmp_path):
    text = "# Tower\n\nThe tower is **330 m** tall.\n\n- It opened in 1889.\n"
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    document = read_document(str(path))
    assert document.text == text and document.format == "md" and not document.located
    assert [(b.kind, b.locator) for b in document.blocks] == [(HEADING, "line 1"), (PARAGRAPH, "line 3"),
                                                              (LIST_ITEM, "line 5")]
    plain = tmp_path / "notes.txt"
    plain.write_bytes(b"\xef\xbb\xbfOne line.")
    assert read_document(str(plain)).text == "One line."


def _zip_like_docx(extra: dict[str, int]) -> bytes:
    """A real DOCX with members of so many MB of zeros added (streamed, so the test holds none of it)."""
    source = zipfile.ZipFile(io.BytesIO(docx_bytes(_article)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as target:
        for info in source.infolist():
            target.writestr(info, source.read(info))
        chunk = bytes(2**20)
        for name, megabytes in extra.items():
            with target.open(name, "w", force_zip64=True) as handle:
                for _ in range(megabytes):
                    handle.write(chunk)
    return out.getvalue()


@pytest.mark.parametrize("name, data, message", [
    ("bomb.docx", None, "zip bomb"),
    ("broken.docx", b"PK\x03\x04" + b"\x00" * 200, "not a Word (.docx) file"),
    ("old.docx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "an old .doc"),
    ("other.docx", None, "no word/document.xml"),
    ("scan.pdf", None, "no text layer"),
    ("locked.pdf", None, "encrypted"),
    ("cut.pdf", None, "not a readable PDF"),
    ("fake.pdf", b"hello, not a pdf", "not a PDF file"),
    ("broken.odt", b"PK\x03\x04" + b"\x00" * 50, "not an OpenDocument text (.odt) file"),
    ("image.html", b"\x89PNG\r\n\x1a\n\x00\x00\x00", "not an HTML file"),
    ("empty.html", b"<html><body><script>x()</script></body></html>", "is empty"),
])
def test_bad_files_get_one_line_errors(name, data, message):
    if name == "bomb.docx":  # 300 MB of zeros, packed to a few hundred kB
        data = _zip_like_docx({"word/media/image1.bin": 310})
    elif name == "other.docx":
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as archive:
            archive.writestr("content.xml", "<x/>")
        data = out.getvalue()
    elif name == "scan.pdf":
        data = pdf_bytes([[], []])
    elif name == "locked.pdf":
        data = pdf_bytes(_pages(2), password="secret")
    elif name == "cut.pdf":
        data = pdf_bytes(_pages(2))[:300]
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        document_from_bytes(data, name)
    assert isinstance(caught.value, InputError)
    assert "\n" not in str(caught.value) and str(caught.value).startswith(name)


def test_one_ratio_bomb_member_is_refused_before_it_is_unpacked():
    data = _zip_like_docx({"word/media/a.bin": 40})  # within the total, but 1000:1
    with pytest.raises(DocumentError, match="times its size"):
        document_from_bytes(data, "ratio.docx")


def test_a_pdf_with_an_empty_user_password_is_read():
    document = document_from_bytes(pdf_bytes(_pages(2), password=""), "open.pdf")
    assert "Section 2 was painted in 1902." in document.text


def test_the_cli_reads_missing_and_bad_files_as_one_line_errors(tmp_path, capsys):
    from truthometer.cli import main

    bad = tmp_path / "report.pdf"
    bad.write_bytes(pdf_bytes([[]]))
    assert main(["check", str(bad), "--no-kb", "-q"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no text layer" in err
    assert main(["check", str(tmp_path / "missing.docx"), "--no-kb", "-q"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_reference_evidence_names_the_page_and_plain_references_keep_their_locators():
    from truthometer.evidence.references import ReferenceDocument, as_documents, reference_sentences

    pdf = document_from_bytes(pdf_bytes(_pages(3)), "manual.pdf")
    located = reference_sentences(as_documents([("manual.pdf", pdf.text, pdf)]))
    by_text = {s.text: s.locator for s in located}
    assert by_text["Section 2 was painted in 1902."].startswith("manual.pdf, page 2 #")
    assert by_text["The tower had 3 visitors on day 43."].startswith("manual.pdf, page 3 #")
    text = "The tower is tall.\n\nIt opened in 1889."
    plain = read_document_text(text)
    as_before = reference_sentences([ReferenceDocument("ref.md", text)])
    now = reference_sentences(as_documents([("ref.md", plain.text, plain)]))
    assert [(s.text, s.locator) for s in now] == [(s.text, s.locator) for s in as_before] == \
        [("The tower is tall.", "ref.md #1"), ("It opened in 1889.", "ref.md #2")]


def read_document_text(text: str):
    from truthometer.documents.text_reader import read_plain

    return read_plain(text, "ref.md", "md")


def test_a_batch_folder_reads_word_pdf_and_html_files_and_reports_a_bad_one(tmp_path):
    from truthometer.batch.inputs import read_documents

    (tmp_path / "a.docx").write_bytes(docx_bytes(_article))
    (tmp_path / "b.pdf").write_bytes(pdf_bytes(_pages(3)))
    (tmp_path / "c.html").write_bytes(b"<html><body><p>The tower is in Paris.</p></body></html>")
    (tmp_path / "d.txt").write_text("Plain text.", encoding="utf-8")
    (tmp_path / "e.pdf").write_bytes(pdf_bytes([[]]))
    (tmp_path / "f.png").write_bytes(b"\x89PNG")
    documents = {d.id: d for d in read_documents(tmp_path)}
    assert sorted(documents) == ["a.docx", "b.pdf", "c.html", "d.txt", "e.pdf"]
    assert documents["a.docx"].text.startswith("The Eiffel Tower\n\nThe tower is 330 metres tall.")
    assert "Section 2 was painted in 1902." in documents["b.pdf"].text
    assert documents["c.html"].text == "The tower is in Paris." and documents["d.txt"].text == "Plain text."
    assert documents["e.pdf"].error.startswith("e.pdf: has no text layer") and not documents["e.pdf"].text


def test_a_pdf_asked_back_in_its_own_format_is_refused_before_the_check(tmp_path, capsys):
    from truthometer.cli import main

    pdf = tmp_path / "article.pdf"
    pdf.write_bytes(pdf_bytes(_pages(1)))
    assert main(["check", str(pdf), "--no-kb", "-q", "--format", "corrected", "--out", str(tmp_path / "x")]) == 2
    assert "a PDF file cannot be written back; use --format docx" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
