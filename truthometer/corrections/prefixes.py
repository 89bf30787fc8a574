"""Negated adjectives: the word negating an adjective goes with it ("a non racial group"), and the claim's
own word less its negative prefix replaces it where that is what the evidence says ("insignificant" ->
"significant")."""
from __future__ import annotations

from ..alignment.align import NEGATIVE_PREFIXES
from ..judging import lexicon
from .registry import rule

#: Words that negate the adjective written after them: "a non racial group" is not a racial group.
_NEGATING_WORDS = {"non", "not", "un", "anti", "never"}


def _negating_word_before(doc, index: int):
    prev = doc[index - 1] if index > 0 else None
    return prev if prev is not None and prev.lower_ in _NEGATING_WORDS and prev.pos_ != "VERB" else None


@rule("negating-words", "an adjective goes with the word negating it ('an ethnic group' <-> 'a non racial group')",
      off=lambda alignment, edge, start, new, ev_start: (start, new, ev_start))
def with_negating_word(alignment, edge, start: int, new: str, ev_start: int) -> tuple[int, str, int]:
    """An adjective goes with the word that negates it, on either side: "an ethnic group" -> "a non
    racial group", "a non racial group" -> "an ethnic group"."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc or [] if t.idx == edge.evidence_start), None)
    if c is None or e is None:
        return start, new, ev_start
    mine, theirs = _negating_word_before(c.doc, c.i), _negating_word_before(e.doc, e.i)
    if theirs is not None and ev_start == e.idx and (mine is None or mine.lower_ != theirs.lower_):
        new, ev_start = theirs.text + " " + new, theirs.idx
    if mine is not None and (theirs is None or mine.lower_ != theirs.lower_):
        start = mine.idx
    return start, new, ev_start


@rule("negative-prefixes", "the claim's word less its negative prefix, where that is the evidence's word in other "
      "words ('insignificant' / 'considerable' -> 'significant')", off=lambda edge, new: new)
def without_negative_prefix(edge, new: str) -> str:
    """The claim's own word less its negative prefix, where that is what the evidence says in other words:
    "insignificant funds" / "considerable funds" -> "significant funds" (WordNet's similar adjectives)."""
    old = edge.claim_text
    if " " in old or " " in new:
        return new
    for prefix in NEGATIVE_PREFIXES:
        base = old[len(prefix):]
        if old.lower().startswith(prefix) and len(base) > 3 and lexicon.similar_adjectives(base.lower(), new.lower()):
            return base
    return new
