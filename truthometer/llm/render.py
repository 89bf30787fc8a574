"""The rounds of a Truth-O-Meter-i run side by side, as escaped HTML for the app.

Every string from the answer, the evidence or the LLM is escaped: LLM output and web pages are hostile.
"""
from __future__ import annotations

from html import escape

from .iterate import RevisionRecord

COLOURS = {"supported": "#d9f2d9", "contradicted": "#f8d0d0", "unverifiable": "#fff1c2", "skipped": "#eeeeee"}


def rounds_html(record: RevisionRecord) -> str:
    """One column per round: its answer, sentence by sentence, coloured by verdict; the final text below."""
    columns = []
    for r in record.rounds:
        title = "Original answer" if r.prompt is None else f"Revision {r.index}"
        flags = []
        if r.unchanged:
            flags.append("unchanged")
        if r.refusal != "none":
            flags.append(f"soft refusal ({r.refusal})")
        head = escape(title) + (f" <small>({escape(', '.join(flags))})</small>" if flags else "")
        body = []
        for v in r.verdicts:
            tip = v["status"] + (": " + v["reason"] if v.get("reason") else "")
            if v.get("route") == "external":
                tip += " — corrected outside the LLM"
            colour = COLOURS.get(v["status"], "#ffffff")
            mark = " ⇢" if v.get("route") == "external" else ""
            body.append(f'<span class="tom-s tom-{escape(v["status"])}" title="{escape(tip)}" '
                        f'style="background:{colour}">{escape(v["text"])}{mark}</span>')
        if not r.verdicts:
            body.append(f"<em>{escape(r.answer)}</em>")
        prompt = (f'<details><summary>prompt</summary><pre style="white-space:pre-wrap">{escape(r.prompt)}</pre>'
                  "</details>" if r.prompt else "")
        columns.append(f'<div class="tom-round" style="flex:1;min-width:14em;padding:0.5em;border:1px solid #ccc">'
                       f"<h4>{head}</h4><p>{' '.join(body)}</p>{prompt}</div>")
    final = (f'<div class="tom-final"><h4>Final text — {escape(record.verdict)} '
             f"<small>(stopped: {escape(record.stop_reason)})</small></h4><p>{escape(record.final_text)}</p></div>")
    return f'<div class="tom-rounds" style="display:flex;gap:0.5em;overflow-x:auto">{"".join(columns)}</div>{final}'
