"""The Markdown form of a report: a summary, then each checked sentence with its verdict and evidence."""
from __future__ import annotations

from ..report import Report

_MARK = {"supported": "✅", "contradicted": "❌", "unverifiable": "❔", "skipped": "➖"}


def _md_escape(text: str) -> str:
    # Pasted text must not turn into Markdown structure (links, emphasis, HTML) in a viewer.
    for ch in "\\`*_{}[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text.replace("\n", " ")


def report_markdown(report: Report) -> str:
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
        lines.append("")
    lines += ["## Corrected text", "", _md_escape(report.corrected_text), ""]
    return "\n".join(lines)
