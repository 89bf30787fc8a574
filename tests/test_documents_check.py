"""Checked as a user would: two articles written here as plain text, DOCX and PDF give the same verdicts,
a PDF reference's evidence names its page, and `check --format docx` writes the corrections as tracked
changes. Loads the models (the one such test of issue 60)."""
from __future__ import annotations

import io
import json
import zipfile

from document_builders import docx_bytes, pdf_bytes
from truthometer import check
from truthometer.cli import main
from truthometer.documents import document_from_bytes

ARTICLES = {
    "tower": ["The Eiffel Tower is a wrought-iron tower in Paris.", "It was completed in 1899.",
              "The tower is 330 metres tall."],
    "bridge": ["The Golden Gate Bridge spans the Golden Gate strait.", "It opened to traffic in 1947.",
               "The bridge is painted in International Orange."],
}
MANUAL = [["Landmarks Manual", "The Eiffel Tower is a wrought-iron lattice tower in Paris.", "Page 1"],
          ["Landmarks Manual", "The Eiffel Tower was completed in 1889.", "The tower is 330 metres tall.", "Page 2"],
          ["Landmarks Manual", "The Golden Gate Bridge opened to traffic in 1937.",
           "The bridge spans the Golden Gate strait and is painted in International Orange.", "Page 3"]]


def _docx(sentences):
    def build(document):
        document.add_paragraph(" ".join(sentences[:2]))
        document.add_paragraph(sentences[2])
    return docx_bytes(build)


def test_docx_and_pdf_articles_get_the_verdicts_of_their_text_and_evidence_names_its_page(tmp_path):
    manual = pdf_bytes(MANUAL)
    reference = document_from_bytes(manual, "manual.pdf")
    references = [("manual.pdf", reference.text, reference)]
    for name, sentences in ARTICLES.items():
        plain = check(" ".join(sentences[:2]) + "\n\n" + sentences[2], references)
        as_docx = check(document_from_bytes(_docx(sentences), f"{name}.docx").text, references)
        as_pdf = check(document_from_bytes(pdf_bytes([sentences]), f"{name}.pdf").text, references)
        verdicts = [(s.text, s.status) for s in plain.sentences]
        assert [(s.text, s.status) for s in as_docx.sentences] == verdicts
        assert [s.status for s in as_pdf.sentences] == [status for _, status in verdicts]
        wrong = next(s for s in plain.sentences if s.text == sentences[1])
        assert wrong.status == "contradicted", verdicts
        deciding = next(e for e in wrong.evidence if e.relation == "contradiction")
        assert deciding.locator.startswith(f"manual.pdf, page {2 if name == 'tower' else 3} #")

    article, reference_path, out = tmp_path / "tower.docx", tmp_path / "manual.pdf", tmp_path / "tracked.docx"
    article.write_bytes(_docx(ARTICLES["tower"]))
    reference_path.write_bytes(manual)
    assert main(["check", str(article), "-r", str(reference_path), "--no-kb", "-q", "--format", "docx",
                 "--reviewer", "Ada Editor", "--out", str(out)]) == 0
    document = zipfile.ZipFile(io.BytesIO(out.read_bytes())).read("word/document.xml").decode()
    assert 'w:author="Ada Editor"' in document and "<w:delText" in document and "1889" in document
    comments = zipfile.ZipFile(io.BytesIO(out.read_bytes())).read("word/comments.xml").decode()
    assert "Contradicted" in comments and "manual.pdf, page 2 #" in comments
    assert main(["check", str(article), "-r", str(reference_path), "--no-kb", "-q",
                 "--out", str(tmp_path / "r.json")]) == 0
    rows = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["sentences"]
    assert [(row["status"], row["locator"]) for row in rows][1] == ("contradicted", "paragraph 1")
