"""The Markdown form of a report: a summary, then each checked sentence with its verdict and evidence."""
from __future__ import annotations

from ..report import Report

_MARK = {"supported": "✅", "contradicted": "❌", "unverifiable": "❔", "skipped": "➖"}


def _md_escape(text: str) -> str:
    # Pasted text must not turn into Markdown structure (links, emphasis, HTML) in a viewer.
    for ch in "\\`*_{}[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text.replace("\n", " ")


def report_markdown(report: Report, review=None) -> str:
    """With ``review`` (a ``review.Review``), each sentence says its decision and who made it, and the
    corrected text is the reviewed one; without, the corrected text applies every suggestion."""
    stats = report.stats
    lines = ["# Truth-O-Meter report", "",
             f"{stats['total']} sentences: {stats['supported']} supported, {stats['contradicted']} contradicted, "
             f"{stats['unverifiable']} unverifiable, {stats['skipped']} skipped (method: {report.method}).", ""]
    for note in report.notes:
        lines.append(f"> {_md_escape(note)}")
    for s in report.sentences:
        lines.append(f"## {s.index + 1}. {_MARK[s.status]} {s.status}")
        lines += ["", f"> {_md_escape(s.text)}", "", f"*{_md_escape(s.reason)}*", ""]
        if len(s.spans) > 1:
            lines += [f"- part ({_md_escape(span.status)}): {_md_escape(span.part)}" for span in s.spans] + [""]
        for e in s.evidence:
            lines.append(f"- [{e.relation}, {e.score:.2f}] {_md_escape(e.text)} — *{_md_escape(e.source)}: "
                         f"{_md_escape(e.locator)}*")
        if s.suggestion:
            lines += ["", f"**Suggested correction:** {_md_escape(s.suggestion.corrected)}"]
            for sub in s.suggestion.substitutions:
                lines.append(f"- `{_md_escape(sub.from_)}` → `{_md_escape(sub.to)}` ({sub.kind})")
        if review is not None and (s.suggestion or s.index in review.edits):
            by = review.decided_by.get(s.index, "")
            lines += ["", f"**Review:** {review.sentence_decision(s)}" + (f" by {_md_escape(by)}" if by else "")
                      + f" — {_md_escape(review.sentence_text(s))}"]
        lines.append("")
    corrected = review.corrected_text(report) if review is not None else report.corrected_text
    lines += ["## Corrected text" if review is not None else "## Text with every suggestion applied", "",
              _md_escape(corrected), ""]
    return "\n".join(lines)
