"""Polarity items: "any" and "some" change with the negation ("did not write any novels" -> "wrote some
novels")."""
from __future__ import annotations

from ..report import Substitution
from .registry import rule

#: Determiners that change with the polarity: "did not write any novels" / "wrote some novels".
POLARITY_ITEMS = {"any": "some", "some": "any"}


@rule("polarity-items", "'any' and 'some' change with the negation ('did not write any' -> 'wrote some')",
      off=lambda claim, alignment, flip, evidence_text, locator: [])
def polarity_items(claim: str, alignment, flip: Substitution, evidence_text: str,
                   locator: str) -> list[Substitution]:
    """ "any" under a negation becomes "some" when the negation goes, and "some" becomes "any" when one
    comes: the determiners of the predicate's objects after the flipped words."""
    removed = alignment.claim_negated
    out = []
    for t in alignment.claim_doc:
        if t.dep_ != "det" or t.lower_ not in POLARITY_ITEMS or t.idx < flip.end:
            continue
        if (t.lower_ == "any") != removed:
            continue  # "some" under a negation, "any" in an assertion: left as written
        if t.head.dep_ not in ("dobj", "pobj", "attr"):
            continue
        out.append(Substitution(t.text, POLARITY_ITEMS[t.lower_], t.idx, t.idx + len(t.text), kind="negation",
                                evidence=evidence_text, evidence_locator=locator))
    return out

