"""HTML renderings. Every piece of user or web text goes through html.escape: pasted text is hostile."""
from __future__ import annotations

from html import escape

from ..report import Report

COLOURS = {"supported": "#c8f7c5", "contradicted": "#ffc9c9", "unverifiable": "#fff3bf", "skipped": "#e9ecef"}
LEGEND = {"supported": "supported", "contradicted": "contradicted",
          "unverifiable": "unverifiable (outside the evidence)", "skipped": "skipped (not check-worthy)"}


def legend_html() -> str:
    items = "".join(f'<span style="background:{COLOURS[k]};padding:2px 6px;margin-right:6px;border-radius:3px">'
                    f"{escape(v)}</span>" for k, v in LEGEND.items())
    return f'<div class="tom-legend">{items}</div>'


#: The underline of a part that is not supported, inside a sentence of several parts.
PART_UNDERLINE = {"contradicted": "#e03131", "unverifiable": "#e8590c"}


def _marked_parts(sentence) -> str:
    """The sentence's text, escaped, with each part that is not supported underlined in its status's colour
    (a sentence of one part is marked by its background alone)."""
    text = sentence.text
    if len(sentence.spans) < 2:
        return escape(text)
    marks, taken = [], -1
    for span in sorted(sentence.spans, key=lambda x: (x.start, -x.end)):
        start, end = span.start - sentence.start, span.end - sentence.start
        if span.status in PART_UNDERLINE and 0 <= start < end <= len(text) and start >= taken:
            marks.append((start, end, span))
            taken = end
    out, position = [], 0
    for start, end, span in marks:
        out.append(escape(text[position:start]))
        out.append(f'<span class="tom-part tom-part-{span.status}" '
                   f'title="{escape(span.status + ": " + span.part, quote=True)}" '
                   f'style="text-decoration:underline wavy {PART_UNDERLINE[span.status]};'
                   f'text-decoration-thickness:2px">{escape(text[start:end])}</span>')
        position = end
    out.append(escape(text[position:]))
    return "".join(out)


def highlight_html(report: Report, selected: int | None = None) -> str:
    """The checked text with each sentence on its status colour; text between sentences kept as is."""
    parts, position = [], 0
    for s in report.sentences:
        parts.append(escape(report.text[position:s.start]))
        border = "outline:2px solid #1c7ed6;" if s.index == selected else ""
        parts.append(f'<span class="tom-s tom-{s.status}" data-index="{s.index}" '
                     f'title="{escape(s.status + ": " + s.reason, quote=True)}" '
                     f'style="background:{COLOURS[s.status]};{border}border-radius:3px;padding:1px 2px">'
                     f'<sup style="color:#868e96">{s.index + 1}</sup>{_marked_parts(s)}</span>')
        position = s.end
    parts.append(escape(report.text[position:]))
    body = "".join(parts).replace("\n", "<br>")
    return f'<div class="tom-text" style="line-height:1.9">{body}</div>'


def report_html(report: Report, title: str = "Truth-O-Meter report", review=None) -> str:
    """A standalone HTML page: legend, highlighted text, and a table of sentences with evidence. With
    ``review`` (a ``review.Review``), each sentence's decision and the reviewed text; without, the text
    with every suggestion applied."""
    stats = report.stats
    rows = []
    for s in report.sentences:
        evidence = "".join(f"<li>[{escape(e.relation)}, {e.score:.2f}] {escape(e.text)} "
                           f"<small>({escape(e.source)}: {escape(e.locator)})</small></li>" for e in s.evidence)
        fix = escape(s.suggestion.corrected) if s.suggestion else ""
        decided = ""
        if review is not None:
            by = review.decided_by.get(s.index, "")
            decided = f"<td>{escape(review.sentence_decision(s))}{' by ' + escape(by) if by else ''}<br>" \
                      f"{escape(review.sentence_text(s))}</td>"
        rows.append(f'<tr style="background:{COLOURS[s.status]}"><td>{s.index + 1}</td><td>{escape(s.text)}</td>'
                    f"<td>{escape(s.status)}<br><small>{escape(s.reason)}</small></td>"
                    f"<td><ul>{evidence}</ul></td><td>{fix}</td>{decided}</tr>")
    summary = ", ".join(f"{stats[k]} {k}" for k in COLOURS)
    corrected = review.corrected_text(report) if review is not None else report.corrected_text
    heading = "Corrected text" if review is not None else "Text with every suggestion applied"
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title></head><body>"
            f"<h1>{escape(title)}</h1><p>{summary}</p>{legend_html()}{highlight_html(report)}"
            f"<table border='1' cellpadding='4' style='border-collapse:collapse'><tr><th>#</th><th>sentence</th>"
            f"<th>verdict</th><th>evidence</th><th>suggested correction</th>"
            f"{'<th>review</th>' if review is not None else ''}</tr>{''.join(rows)}</table>"
            f"<h2>{heading}</h2><p>{escape(corrected)}</p></body></html>")
