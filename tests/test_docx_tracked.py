"""Corrections written back (truthometer.documents): tracked changes and comments in a DOCX, and the
corrected Markdown and HTML file. Reports are made here by hand, so no model is loaded."""
from __future__ import annotations

import io
import re
import zipfile
from datetime import datetime, timezone

from lxml import etree

from document_builders import docx_bytes
from truthometer.documents import document_from_bytes
from truthometer.documents.export import accept_all, export
from truthometer.documents.text_reader import read_plain
from truthometer.report import Evidence, Report, SentenceResult, Substitution, Suggestion
from truthometer.review import ACCEPT, REJECT, Review

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
WHEN = datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc)


def _long_article(document):
    """Three pages: a heading, formatted runs, a list, a table, a page break, a footnote-like paragraph."""
    document.add_heading("Bridges of San Francisco", 1)
    p = document.add_paragraph("The Golden Gate Bridge opened in ")
    p.add_run("1938").bold = True
    p.add_run(" and its main span is 1,280 metres long.")
    for n in range(25):
        document.add_paragraph(f"Filler paragraph {n} keeps the text long enough to fill a page of the document.")
    document.add_paragraph("The bridge is painted in International Orange.", style="List Bullet")
    document.add_paragraph("It carries six lanes of traffic.", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Opened"
    table.cell(0, 1).text = "1937"
    table.cell(1, 0).text = "Length"
    table.cell(1, 1).text = "The total length is 2,737 metres."
    document.add_page_break()
    note = document.add_paragraph()
    note.add_run("1 ").font.superscript = True
    note.add_run("Figures from the bridge district's annual report.").italic = True


def _report(text: str, wrong: list[tuple[str, str, str, str]]) -> Report:
    """A report on ``text``: each (sentence, from, to, status) a sentence with that substitution proposed
    (from == to: flagged, no correction), every other block supported."""
    sentences = []
    for sentence, old, new, status in wrong:
        start = text.index(sentence)
        evidence = [Evidence(f"The bridge opened in 1937 (a {old!r} claim is wrong).", "reference",
                             "manual.pdf, page 12 #41", 0.9, "contradiction")]
        suggestion = None
        if old != new:
            at = sentence.index(old)
            suggestion = Suggestion(sentence[:at] + new + sentence[at + len(old):],
                                    [Substitution(old, new, at, at + len(old), "number",
                                                  "The bridge opened in 1937.", "manual.pdf, page 12 #41")])
        sentences.append(SentenceResult(len(sentences), sentence, start, start + len(sentence), status,
                                        f"the reference contradicts {old}", 0.9, evidence, suggestion))
    return Report(text, sentences)


def _parts(data: bytes) -> dict[str, bytes]:
    archive = zipfile.ZipFile(io.BytesIO(data))
    return {name: archive.read(name) for name in archive.namelist()}


def _body(data: bytes):
    return etree.fromstring(_parts(data)["word/document.xml"]).find(f"{W}body")


def _reject_all(data: bytes) -> bytes:
    """Undo every tracked change: insertions removed, deletions restored."""
    root = etree.fromstring(_parts(data)["word/document.xml"])
    for element in list(root.iter(f"{W}ins")):
        element.getparent().remove(element)
    for element in list(root.iter(f"{W}del")):
        for t in element.iter(f"{W}delText"):
            t.tag = f"{W}t"
        parent, position = element.getparent(), element.getparent().index(element)
        for child in reversed(list(element)):
            parent.insert(position, child)
        parent.remove(element)
    parts = _parts(data)
    parts["word/document.xml"] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name, content in parts.items():
            target.writestr(name, content)
    return out.getvalue()


WRONG = [("The Golden Gate Bridge opened in 1938 and its main span is 1,280 metres long.", "1938", "1937",
          "contradicted"),
         ("The total length is 2,737 metres.", "2,737", "2,737", "unverifiable"),
         ("It carries six lanes of traffic.", "six", "six", "contradicted")]


def _tracked():
    original = docx_bytes(_long_article)
    document = document_from_bytes(original, "bridges.docx")
    report = _report(document.text, WRONG)
    return original, document, report, export("docx", document, report, original, reviewer="Ada Editor", when=WHEN)


def test_each_correction_is_a_tracked_change_by_the_reviewer_inside_the_runs():
    _, _, _, data = _tracked()
    body = _body(data)
    deleted, inserted = body.findall(f".//{W}del"), body.findall(f".//{W}ins")
    assert len(deleted) == len(inserted) == 1
    for change in deleted + inserted:
        assert change.get(f"{W}author") == "Ada Editor" and change.get(f"{W}date") == "2026-03-04T05:06:07Z"
    assert "".join(deleted[0].itertext()) == "1938" and "".join(inserted[0].itertext()) == "1937"
    # The replaced run was bold; the new one is too, and the runs around it are cut, not rewritten.
    assert deleted[0].find(f"{W}r/{W}rPr/{W}b") is not None and inserted[0].find(f"{W}r/{W}rPr/{W}b") is not None
    paragraph = deleted[0].getparent()
    texts = ["".join(r.itertext()) for r in paragraph if r.tag in (f"{W}r", f"{W}del", f"{W}ins")]
    assert texts[:4] == ["The Golden Gate Bridge opened in ", "1938", "1937",
                         " and its main span is 1,280 metres long."]
    assert len({change.get(f"{W}id") for change in deleted + inserted}) == 2


def test_untouched_paragraphs_are_byte_for_byte_the_same():
    original, _, _, data = _tracked()
    before = [etree.tostring(p) for p in _body(original).iter(f"{W}p")]
    after = [etree.tostring(p) for p in _body(data).iter(f"{W}p")]
    assert len(before) == len(after)
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    texts = ["".join(p.itertext()) for p in _body(original).iter(f"{W}p")]
    assert sorted(texts[i] for i in changed) == sorted(s for s, *_ in WRONG)
    assert _parts(original)["word/styles.xml"] == _parts(data)["word/styles.xml"]


def test_accepting_all_changes_gives_the_corrected_text_and_rejecting_them_the_original():
    original, document, report, data = _tracked()
    accepted = document_from_bytes(accept_all(data), "accepted.docx")
    assert accepted.text == report.corrected_text
    assert "opened in 1937 and" in accepted.text and "1938" not in accepted.text
    rejected = document_from_bytes(_reject_all(data), "rejected.docx")
    assert rejected.text == document.text  # the round trip of a three-page file loses no text


def test_each_flagged_sentence_has_a_comment_with_status_reason_and_evidence():
    _, _, _, data = _tracked()
    parts = _parts(data)
    comments = etree.fromstring(parts["word/comments.xml"]).findall(f"{W}comment")
    assert len(comments) == 3
    assert {c.get(f"{W}author") for c in comments} == {"Ada Editor"}
    words = ["\n".join("".join(p.itertext()) for p in c.iter(f"{W}p")) for c in comments]
    first = next(w for w in words if "1938" in w)
    assert first.startswith("Contradicted: the reference contradicts 1938")
    assert "reference: manual.pdf, page 12 #41" in first and "Suggested: The Golden Gate Bridge opened in 1937" in first
    assert any(w.startswith("Unverifiable:") for w in words)
    body = _body(data)
    for comment in comments:
        cid = comment.get(f"{W}id")
        start = body.find(f".//{W}commentRangeStart[@{W}id='{cid}']")
        end = body.find(f".//{W}commentRangeEnd[@{W}id='{cid}']")
        assert start is not None and end is not None and start.getparent() is end.getparent()
    # The commented range of the table cell is that cell's sentence.
    cell = body.find(f".//{W}tbl").findall(f".//{W}p")[-1]
    assert cell.find(f"{W}commentRangeStart") is not None


def test_the_app_writes_only_what_the_reviewer_accepted():
    from ui.documents import CheckedSource, tracked_docx_download

    original = docx_bytes(_long_article)
    document = document_from_bytes(original, "bridges.docx")
    wrong = [WRONG[0], ("The bridge is painted in International Orange.", "Orange", "Red", "contradicted")]
    report = _report(document.text, wrong)
    review = Review()
    review.decide(0, 0, ACCEPT, "Ada")
    review.decide(1, 0, REJECT, "Ada")
    data, name = tracked_docx_download(CheckedSource(document, original), report, review, "Ada Editor")
    assert name == "bridges-tracked.docx"
    inserted = ["".join(i.itertext()) for i in _body(data).iter(f"{W}ins")]
    assert inserted == ["1937"]
    assert document_from_bytes(accept_all(data), "a.docx").text == review.corrected_text(report)


def test_a_plain_text_becomes_a_new_word_file_with_its_changes_tracked():
    text = "# Bridges\n\nThe Golden Gate Bridge opened in 1938.\nIt is orange.\n\nIt carries six lanes."
    document = read_plain(text, "article.md", "md")
    report = _report(text, [("The Golden Gate Bridge opened in 1938.", "1938", "1937", "contradicted")])
    data = export("docx", document, report, reviewer="Ada Editor", when=WHEN)
    assert [("".join(i.itertext()), i.get(f"{W}author")) for i in _body(data).iter(f"{W}ins")] == \
        [("1937", "Ada Editor")]
    assert document_from_bytes(accept_all(data), "a.docx").text == report.corrected_text


def test_a_change_inside_a_run_that_holds_a_tab_takes_the_whole_run():
    def build(document):
        p = document.add_paragraph()
        run = p.add_run("Opened:\t1938 in")
        run.italic = True
        p.add_run(" San Francisco.")

    original = docx_bytes(build)
    document = document_from_bytes(original, "tab.docx")
    report = _report(document.text, [("Opened:\t1938 in San Francisco.", "1938", "1937", "contradicted")])
    data = export("docx", document, report, original, when=WHEN)
    body = _body(data)
    deleted, inserted = body.findall(f".//{W}del"), body.findall(f".//{W}ins")
    assert ["".join(d.itertext()) for d in deleted] == ["Opened:1938 in"]
    assert [d.find(f".//{W}tab") is not None for d in deleted + inserted] == [True, True]
    assert inserted[0].find(f"{W}r/{W}rPr/{W}i") is not None
    assert document_from_bytes(accept_all(data), "a.docx").text == "Opened:\t1937 in San Francisco."


def test_two_changes_in_one_run_that_holds_a_tab_become_one_change():
    def build(document):
        document.add_paragraph().add_run("Opened 1938,\tspan 1,290 metres.")

    original = docx_bytes(build)
    document = document_from_bytes(original, "tab.docx")
    sentence = "Opened 1938,\tspan 1,290 metres."
    report = _report(document.text, [(sentence, "1938", "1937", "contradicted")])
    at = sentence.index("1,290")
    report.sentences[0].suggestion = Suggestion("Opened 1937,\tspan 1,280 metres.", [
        report.sentences[0].suggestion.substitutions[0], Substitution("1,290", "1,280", at, at + 5)])
    data = export("docx", document, report, original, when=WHEN)
    assert len(_body(data).findall(f".//{W}del")) == len(_body(data).findall(f".//{W}ins")) == 1
    assert document_from_bytes(accept_all(data), "a.docx").text == "Opened 1937,\tspan 1,280 metres."
    assert document_from_bytes(_reject_all(data), "r.docx").text == sentence


def test_markdown_and_html_come_back_in_their_own_format_with_the_changes():
    markdown = "# Bridges\n\nThe **Golden Gate Bridge** opened in 1938.\n"
    document = read_plain(markdown, "a.md", "md")
    report = _report(markdown, [("The **Golden Gate Bridge** opened in 1938.", "1938", "1937", "contradicted")])
    assert export("corrected", document, report).decode() == "# Bridges\n\nThe **Golden Gate Bridge** opened in 1937.\n"

    page = (b"<!DOCTYPE html><html><body><h1>Bridges</h1><p class=\"x\">The <b>Golden Gate</b> Bridge\n"
            b"  opened in <i>1938</i>.</p><p>It is orange.</p></body></html>")
    document = document_from_bytes(page, "a.html")
    report = _report(document.text, [("The Golden Gate Bridge opened in 1938.", "1938", "1937", "contradicted"),
                                     ("It is orange.", "orange", "International Orange", "contradicted")])
    out = export("corrected", document, report, page).decode()
    assert "<i>1937</i>" in out and "<p class=\"x\">The <b>Golden Gate</b> Bridge\n  opened in" in out
    assert "<p>It is International Orange.</p>" in out and "1938" not in out
    assert document_from_bytes(out.encode(), "b.html").text == report.corrected_text


def test_html_keeps_its_charset_when_written_back():
    page = ('<html><head><meta charset="iso-8859-1"></head><body><p>The caf\u00e9 opened in 1938.</p></body></html>'
            ).encode("latin-1")
    document = document_from_bytes(page, "a.html")
    assert document.text == "The caf\u00e9 opened in 1938."
    report = _report(document.text, [("The caf\u00e9 opened in 1938.", "1938", "1937 \u2013 1938", "contradicted")])
    out = export("corrected", document, report, page)
    assert document_from_bytes(out, "b.html").text == "The caf\u00e9 opened in 1937 \u2013 1938."
    utf8 = "<p>Caf\u00e9 at the T\u00fcrm.</p>".encode("utf-8")  # no charset declared: UTF-8, not Latin-1
    assert document_from_bytes(utf8, "c.html").text == "Caf\u00e9 at the T\u00fcrm."


def test_html_corrections_are_escaped_text_never_markup():
    page = b"<html><body><p>The bridge opened in 1938.</p></body></html>"
    document = document_from_bytes(page, "a.html")
    report = _report(document.text, [("The bridge opened in 1938.", "1938", "<script>x()</script>", "contradicted")])
    out = export("corrected", document, report, page).decode()
    assert "<script>" not in out and "&lt;script&gt;" in out


def test_a_pdf_cannot_be_written_back_but_says_what_to_use():
    import pytest

    from document_builders import pdf_bytes
    from truthometer.errors import InputError

    data = pdf_bytes([["The bridge opened in 1938."]])
    document = document_from_bytes(data, "a.pdf")
    report = _report(document.text, [("The bridge opened in 1938.", "1938", "1937", "contradicted")])
    with pytest.raises(InputError, match="use --format docx"):
        export("corrected", document, report, data)
    accepted = document_from_bytes(accept_all(export("docx", document, report, data)), "a.docx")
    assert re.sub(r"\s+", " ", accepted.text) == "The bridge opened in 1937."


def test_corrected_docx_is_the_document_with_every_change_accepted():
    original, document, report, _ = _tracked()
    corrected = export("corrected", document, report, original)
    body = _body(corrected)
    assert body.find(f".//{W}ins") is None and body.find(f".//{W}del") is None
    assert document_from_bytes(corrected, "c.docx").text == report.corrected_text


def test_characters_xml_cannot_hold_become_spaces_not_a_crash():
    text = "Page one.\x0c\n\nThe bridge opened in 1938.\x01"
    document = read_plain(text, "a.txt", "txt")
    report = _report(text, [("The bridge opened in 1938.", "1938", "19\x0b37", "contradicted")])
    accepted = document_from_bytes(accept_all(export("docx", document, report, when=WHEN)), "a.docx")
    assert accepted.text == "Page one. \n\nThe bridge opened in 19 37. "


def test_an_odt_becomes_a_new_word_file_with_its_changes_tracked():
    from document_builders import odt_bytes

    data = odt_bytes("<text:h>Bridges</text:h><text:p>The bridge opened in <text:span>1938</text:span>.</text:p>")
    document = document_from_bytes(data, "a.odt")
    report = _report(document.text, [("The bridge opened in 1938.", "1938", "1937", "contradicted")])
    tracked = export("docx", document, report, data, reviewer="Ada Editor", when=WHEN)
    assert ["".join(i.itertext()) for i in _body(tracked).iter(f"{W}ins")] == ["1937"]
    assert document_from_bytes(accept_all(tracked), "a.docx").text == "Bridges\n\nThe bridge opened in 1937."
    import pytest

    from truthometer.errors import InputError

    with pytest.raises(InputError, match="a.odt: an ODT file cannot be written back; use --format docx"):
        export("corrected", document, report, data)


def test_a_change_inside_a_hyperlink_stays_inside_it():
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    def build(document):
        p = document.add_paragraph("The bridge opened in ")
        rid = document.part.relate_to("https://example.org/bridge", "http://schemas.openxmlformats.org/officeDocument/"
                                      "2006/relationships/hyperlink", is_external=True)
        p._p.append(parse_xml(f'<w:hyperlink {nsdecls("w", "r")} r:id="{rid}"><w:r><w:rPr><w:u w:val="single"/>'
                              "</w:rPr><w:t>May 1938</w:t></w:r></w:hyperlink>"))
        p.add_run(" to traffic.")

    original = docx_bytes(build)
    document = document_from_bytes(original, "link.docx")
    assert document.text == "The bridge opened in May 1938 to traffic."
    report = _report(document.text, [(document.text, "1938", "1937", "contradicted")])
    data = export("docx", document, report, original, when=WHEN)
    link = _body(data).find(f".//{W}hyperlink")
    assert ["".join(e.itertext()) for e in link] == ["May ", "1938", "1937"]
    assert [etree.QName(e).localname for e in link] == ["r", "del", "ins"]
    assert link.find(f"{W}ins/{W}r/{W}rPr/{W}u") is not None
    assert document_from_bytes(accept_all(data), "a.docx").text == "The bridge opened in May 1937 to traffic."


def test_the_json_report_of_a_located_document_says_where_each_sentence_is():
    from truthometer.documents.export import located_report

    _, document, report, _ = _tracked()
    data = located_report(report, document)
    assert [row["locator"] for row in data["sentences"]] == ["paragraph 2", "table 1, row 2, cell 2", "paragraph 29"]
    plain = read_plain(document.text, "a.md", "md")
    assert "locator" not in located_report(report, plain)["sentences"][0]


def test_the_check_page_names_where_a_sentence_of_an_uploaded_file_is():
    from ui.documents import CheckedSource, sentence_place

    original, document, report, _ = _tracked()
    assert sentence_place(CheckedSource(document, original), report.sentences[1]) == \
        "bridges.docx, table 1, row 2, cell 2"
    assert sentence_place(CheckedSource(read_plain(document.text, "pasted text")), report.sentences[1]) == ""
    assert sentence_place(None, report.sentences[1]) == ""
