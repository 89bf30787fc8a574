"""DOCX out: the original document with each correction as a tracked change (``w:del``/``w:ins`` by the
reviewer, dated) inside the run structure, and a comment on each flagged sentence.

A run is cut only where a change or a comment begins or ends, each piece keeping a copy of the run's
properties (``w:rPr``), so formatting survives and untouched runs stay as they were. A run that holds
more than text (a tab, a break, a field) is never cut: a change inside it takes the whole run.
"""
from __future__ import annotations

import copy
import io
import re
from dataclasses import dataclass
from datetime import datetime, timezone

from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.text.run import Run

from ..report import Report
from .changes import Change, apply, changes, xml_safe
from .model import Block, ExtractedDocument
from .wordml import W_T, body_paragraphs, is_simple, paragraph_runs, paragraph_text
from ..vocabulary import Relation

#: Statuses that get a comment even without a correction.
FLAGGED = ("contradicted", "unverifiable")
DEFAULT_REVIEWER = "Truth-O-Meter"


@dataclass
class Written:
    data: bytes
    changes: int  # tracked replacements placed
    comments: int
    skipped: int  # changes that fell where no body paragraph is (footnotes, text boxes): left out


def tracked_docx(document: ExtractedDocument, report: Report, decided: dict[int, str], data: bytes | None = None,
                 reviewer: str = DEFAULT_REVIEWER, when: datetime | None = None) -> Written:
    """The DOCX ``data`` (or, without it, a new DOCX of ``document``'s blocks, one paragraph each) with the
    sentences of ``decided`` (index -> new text) as tracked changes and comments on flagged sentences."""
    import docx

    if data is None:
        data, document = fresh_docx(document)
    word = docx.Document(io.BytesIO(data))
    stamp = (when or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    paragraphs = body_paragraphs(word.element.body)
    ids = _ids(word.element)
    edits = changes(report, decided)
    plan: dict[int, tuple[list, list]] = {}  # paragraph -> (edits, comments) in paragraph offsets
    skipped = 0
    for c in edits:
        place = _place(document, c.start, c.end)
        if place is None:
            skipped += 1
            continue
        plan.setdefault(place[0], ([], []))[0].append(Change(place[1], place[2], c.new, c.sentence))
    for s in report.sentences:
        if s.status in FLAGGED or s.index in decided:
            place = _place(document, s.start, s.end)
            if place is not None:
                plan.setdefault(place[0], ([], []))[1].append((place[1], place[2], comment_text(s)))
    comments = 0
    for index, (paragraph_edits, paragraph_comments) in sorted(plan.items()):
        p = paragraphs[index]
        paragraph_edits = _widen(p, paragraph_edits)
        for cut in sorted({x for c in paragraph_edits for x in (c.start, c.end)} |
                          {x for a, b, _ in paragraph_comments for x in (a, b)}):
            _split_at(p, cut)
        for start, end, text in paragraph_comments:
            runs = [r for r, a, b in paragraph_runs(p) if a >= start and b <= end and b > a]
            if runs:
                word.add_comment([Run(runs[0], None), Run(runs[-1], None)], text=xml_safe(text),
                                 author=xml_safe(reviewer), initials=_initials(reviewer))
                comments += 1
        for c in sorted(paragraph_edits, key=lambda c: (c.start, c.end), reverse=True):
            _track(p, c, reviewer, stamp, ids)
    out = io.BytesIO()
    word.save(out)
    return Written(out.getvalue(), len(edits) - skipped, comments, skipped)


def fresh_docx(document: ExtractedDocument) -> tuple[bytes, ExtractedDocument]:
    """A new DOCX with one paragraph per block (a line break where the block has one), and the document
    re-anchored on those paragraphs, offsets into the same text kept."""
    import docx

    word = docx.Document()
    blocks = []
    for number, block in enumerate(document.blocks):
        p = word.add_paragraph()
        for k, line in enumerate(block.text.split("\n")):
            if k:
                p.add_run().add_break()
            if line:
                p.add_run(xml_safe(line))
        blocks.append(Block(block.text, block.kind, f"paragraph {number + 1}", block.start, block.end, number))
    out = io.BytesIO()
    word.save(out)
    return out.getvalue(), ExtractedDocument(document.name, "docx", document.text, tuple(blocks))


def comment_text(sentence) -> str:
    """Status, reason, and the evidence that decided it with its source and place."""
    lines = [f"{sentence.status.capitalize()}: {sentence.reason}".strip()]
    if sentence.suggestion:
        lines.append(f"Suggested: {sentence.suggestion.corrected}")
    for e in [e for e in sentence.evidence if e.relation != Relation.RELATED][:3] or sentence.evidence[:1]:
        lines.append(f"Evidence ({e.relation}; {e.source}: {e.locator}): {e.text}")
    return "\n".join(lines)


def _initials(name: str) -> str:
    return "".join(word[0] for word in name.split() if word[:1].isalnum())[:4].upper()


def _place(document: ExtractedDocument, start: int, end: int) -> tuple[int, int, int] | None:
    """(paragraph index, start, end) in that paragraph's text; None where the text is no body paragraph."""
    location = document.locate(start)
    if location is None or not isinstance(location.block.anchor, int):
        return None
    block = location.block
    if not block.start <= start <= end <= block.end:
        return None
    return block.anchor, start - block.start, end - block.start


def _ids(root) -> list[int]:
    used = [int(v) for v in root.xpath("//@w:id") if str(v).lstrip("-").isdigit()]
    return [max(used, default=0) + 1]


def _next_id(ids: list[int]) -> str:
    ids[0] += 1
    return str(ids[0] - 1)


def _widen(p, edits: list[Change]) -> list[Change]:
    """The edits grown to whole runs where they start or end inside a run that cannot be cut; edits that
    then overlap (two numbers in one run with a tab) become one."""
    text, runs = paragraph_text(p), paragraph_runs(p)

    def grown(c: Change) -> tuple[int, int]:
        start, end = c.start, c.end
        for r, a, b in runs:
            if not is_simple(r) and a < start < b:
                start = a
            if not is_simple(r) and a < end < b:
                end = b
        return start, end

    clusters: list[tuple[int, int, list[Change]]] = []
    for c in sorted(edits, key=lambda c: (c.start, c.end)):
        start, end = grown(c)
        if clusters and start < clusters[-1][1]:
            first, last, members = clusters.pop()
            clusters.append((first, max(last, end), members + [c]))
        else:
            clusters.append((start, end, [c]))
    out = []
    for start, end, members in clusters:
        moved = [Change(c.start - start, c.end - start, c.new) for c in members]
        out.append(Change(start, end, apply(text[start:end], moved), members[0].sentence))
    return out


def _split_at(p, offset: int) -> None:
    """Cut the simple run that ``offset`` falls strictly inside in two, both with its properties."""
    for r, a, b in paragraph_runs(p):
        if a < offset < b and is_simple(r):
            t = r.find(W_T)
            text, k = t.text or "", offset - a
            tail = copy.deepcopy(r)
            _set_text(t, text[:k])
            _set_text(tail.find(W_T), text[k:])
            r.addnext(tail)
            return


def _set_text(t, text: str) -> None:
    t.text = xml_safe(text)
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")


def _track(p, c: Change, reviewer: str, stamp: str, ids: list[int]) -> None:
    """Wrap the runs of [c.start, c.end) in ``w:del`` and put ``c.new`` after them in a ``w:ins``."""
    runs = paragraph_runs(p)
    inside = [r for r, a, b in runs if a >= c.start and b <= c.end and b > a]
    template = inside[0] if inside else next((r for r, a, b in runs if b == c.start and b > a),
                                             next((r for r, a, b in runs if a == c.start and b > a), None))
    last = None
    for r in inside:
        deleted = OxmlElement("w:del", attrs={qn("w:id"): _next_id(ids), qn("w:author"): xml_safe(reviewer),
                                              qn("w:date"): stamp})
        r.addprevious(deleted)
        deleted.append(r)
        for t in r.iter(W_T):
            t.tag = qn("w:delText")
        for instr in r.iter(qn("w:instrText")):
            instr.tag = qn("w:delInstrText")
        last = deleted
    if not c.new:
        return
    inserted = OxmlElement("w:ins", attrs={qn("w:id"): _next_id(ids), qn("w:author"): xml_safe(reviewer),
                                           qn("w:date"): stamp})
    run = OxmlElement("w:r")
    properties = template.find(qn("w:rPr")) if template is not None else None
    if properties is not None:
        run.append(copy.deepcopy(properties))
    for piece in re.split(r"([\t\n])", c.new):  # a tab or a line break is an element of its own, not text
        if piece in ("\t", "\n"):
            run.append(OxmlElement("w:tab" if piece == "\t" else "w:br"))
        elif piece:
            t = OxmlElement("w:t")
            _set_text(t, piece)
            run.append(t)
    inserted.append(run)
    if last is not None:
        last.addnext(inserted)
    elif template is not None and any(r is template and b == c.start for r, a, b in runs):
        template.addnext(inserted)
    elif template is not None:
        template.addprevious(inserted)
    else:
        p.append(inserted)
