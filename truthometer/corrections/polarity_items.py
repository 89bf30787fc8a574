"""Polarity items: "any" and "some" change with the negation ("did not write any novels" -> "wrote some
novels", "did not see anyone" -> "saw someone")."""
from __future__ import annotations

from ..report import Substitution
from .registry import rule
from ..vocabulary import SlotKind

#: Determiners that change with the polarity: "did not write any novels" / "wrote some novels".
POLARITY_ITEMS = {"any": "some", "some": "any"}
#: ... and the pronouns built on them: "did not see anyone" / "saw someone".
POLARITY_PRONOUNS = {"anyone": "someone", "anybody": "somebody", "anything": "something",
                     "someone": "anyone", "somebody": "anybody", "something": "anything"}


@rule("polarity-items", "'any' and 'some' change with the negation ('did not write any' -> 'wrote some', "
      "'did not see anyone' -> 'saw someone')",
      off=lambda claim, alignment, flip, evidence_text, locator: [])
def polarity_items(claim: str, alignment, flip: Substitution, evidence_text: str,
                   locator: str) -> list[Substitution]:
    """ "any" under a negation becomes "some" when the negation goes, and "some" becomes "any" when one
    comes: the determiners of the predicate's objects after the flipped words."""
    removed = alignment.claim_negated
    out = []
    for t in alignment.claim_doc:
        if t.idx < flip.end:
            continue
        if t.dep_ == "det" and t.lower_ in POLARITY_ITEMS and t.head.dep_ in ("dobj", "pobj", "attr"):
            new = POLARITY_ITEMS[t.lower_]
        elif t.lower_ in POLARITY_PRONOUNS and t.dep_ in ("dobj", "pobj", "attr"):
            new = POLARITY_PRONOUNS[t.lower_]
        else:
            continue
        if t.lower_.startswith("any") != removed:
            continue  # "some" under a negation, "any" in an assertion: left as written
        if _negated_elsewhere(t, flip):
            continue  # "... and wasn't used by anyone": another clause's negation still holds it
        out.append(Substitution(t.text, new, t.idx, t.idx + len(t.text), kind=SlotKind.NEGATION,
                                evidence=evidence_text, evidence_locator=locator))
    return out



def _negated_elsewhere(token, flip: Substitution) -> bool:
    """Whether the verb ``token`` depends on is negated by a word the flip does not touch."""
    verb = next((a for a in token.ancestors if a.pos_ in ("VERB", "AUX")), None)
    return verb is not None and any(c.dep_ == "neg" and not flip.start <= c.idx < flip.end for c in verb.children)
