"""Rendering an alignment as an inline HTML diff of the claim: substituted slots struck through with the
evidence's words beside them, unconfirmed words underlined, every piece of text escaped.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .base import SUBSTITUTED, UNCONFIRMED

if TYPE_CHECKING:
    from .model import Alignment


def alignment_html(alignment: Alignment, substitutions=()) -> str:
    """An inline diff of the claim: substituted slots struck through with the evidence's words beside,
    unconfirmed words underlined; every piece of text escaped (claims and evidence are hostile).

    ``substitutions`` (the correction proposed from this alignment) are drawn as the correction makes them:
    a slot's substitution takes more than the slot ("about 1,400" -> "over 2,300", "a writer" -> "an
    author"), and the diff shows what the reviewer accepts."""
    esc = html.escape
    parts = ['<span class="tom-alignment">']
    if alignment.polarity_mismatch:
        parts.append('<span class="tom-polarity" title="the evidence states the opposite polarity">'
                     '&#8800; polarity</span> ')
    previous_edge = None
    edge_of = {}
    for e in alignment.edges:
        for t in alignment.tokens:
            if e.claim_start <= t.start and t.end <= e.claim_end:
                edge_of[t.start] = e
    replaced = {}  # token start -> the substitution it falls in
    for sub in substitutions:
        inside = [t for t in alignment.tokens if sub.start <= t.start and t.end <= sub.end]
        replaced.update((t.start, (sub, t is inside[-1])) for t in inside)  # none for an insertion: as before
    for t in alignment.tokens:
        edge = edge_of.get(t.start)
        if t.start in replaced:
            sub, last = replaced[t.start]
            parts.append(f'<del class="tom-sub" title="{esc(sub.kind)}">{esc(t.text)}</del>')
            if last:
                parts.append(f'<ins class="tom-sub" title="{esc("evidence: " + sub.evidence)}">{esc(sub.to)}</ins>')
        elif t.op == SUBSTITUTED:
            parts.append(f'<del class="tom-sub" title="{esc(t.kind)}">{esc(t.text)}</del>')
            if edge is not None and edge is not previous_edge and (
                    t.end == edge.claim_end or not any(x.start > t.start and edge_of.get(x.start) is edge
                                                       for x in alignment.tokens)):
                parts.append(f'<ins class="tom-sub" title="{esc("evidence: " + edge.evidence_text)}">'
                             f'{esc(edge.evidence_text)}</ins>')
                previous_edge = edge
        elif t.op == UNCONFIRMED:
            parts.append(f'<u class="tom-unconfirmed" title="not confirmed by the evidence">{esc(t.text)}</u>')
        else:
            title = f' title="{esc("evidence: " + t.evidence_text)}"' if t.evidence_text else ""
            parts.append(f'<span class="tom-equal"{title}>{esc(t.text)}</span>')
        parts.append(esc(t.whitespace))
    parts.append("</span>")
    return "".join(parts)
