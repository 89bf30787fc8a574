"""Concessive and causal prepositions flip with the polarity ("because of" <-> "despite")."""
from __future__ import annotations

from ..report import Substitution
from .registry import rule


@rule("concessive", "a cause turns concessive with the polarity ('because of' <-> 'despite')",
      off=lambda claim, alignment, evidence_text, locator: [])
def concessive_flip(claim: str, alignment, evidence_text: str, locator: str) -> list[Substitution]:
    """A cause goes with the polarity: what holds because of something, and is said not to hold, does
    not hold despite it ("is a tourist destination because of the Beatles" -> "is not a tourist
    destination despite the Beatles"), and the other way round ("is not ... despite of" -> "is ...
    because of"). Only the prepositions, whose object is a noun phrase; a clause of reason is left alone."""
    doc = alignment.claim_doc
    out = []
    for t in doc:
        if t.lower_ not in ("because", "despite") or t.i + 1 >= len(doc):
            continue
        nxt = doc[t.i + 1]
        has_of = nxt.lower_ == "of"
        if t.lower_ == "because" and not has_of:
            continue  # "because it rained": a clause
        end = nxt.idx + len(nxt.text) if has_of else t.idx + len(t.text)
        new = "despite" if t.lower_ == "because" else "because of"
        if t.text[:1].isupper():
            new = new.capitalize()
        out.append(Substitution(claim[t.idx:end], new, t.idx, end, kind="negation", evidence=evidence_text,
                                evidence_locator=locator))
    return out

