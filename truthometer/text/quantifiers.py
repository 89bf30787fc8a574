"""How many: the quantifiers of a noun phrase, by their force.

The square of opposition orders the quantifiers by force: universal ("every", "all", "everybody"),
existential ("some", "someone") and negative ("no", "nobody"), with the proportional ones ("many", "most",
"few", "several") each a value of its own. "Every guest" and "no guest" say opposite things of the same
guests, though an encoder puts the two phrases near each other and neither is a content word. "any" is
left out: it is universal in "any child can do it" and existential in "is there any milk".
"""
from __future__ import annotations

from typing import Any, NamedTuple

#: word -> force; a two-word quantifier ("no one") is read from its determiner and its noun.
FORCE = {
    **dict.fromkeys(("every", "each", "all", "everybody", "everyone", "everything", "every one"), "universal"),
    **dict.fromkeys(("some", "somebody", "someone", "something", "some one"), "existential"),
    **dict.fromkeys(("no", "none", "nobody", "nothing", "no one"), "negative"),
    **{w: w for w in ("many", "most", "few", "several")},
}
#: nouns that make a quantifier pronoun of the determiner before them ("every one", "no one")
_PRONOUN_NOUNS = {"one", "body"}


class Quantifier(NamedTuple):
    """A quantifier's tokens [start, end), its force, and ``anchor``: the word whose place it fills (the noun
    a determiner quantifies; the pronoun itself, or the "one" of "no one")."""

    start: int
    end: int
    force: str
    anchor: Any

    @property
    def pronoun(self) -> bool:
        """A quantifier pronoun ("everybody", "no one"), not a determiner of a noun."""
        return self.anchor.i == self.end - 1


def quantifier_at(token) -> Quantifier | None:
    """The quantifier ``token`` opens or is; None for other words."""
    word = token.lower_
    if token.dep_ in ("det", "amod") and word in FORCE and token.head.i != token.i:
        head = token.head
        if head.lower_ in _PRONOUN_NOUNS and head.i == token.i + 1:
            return Quantifier(token.i, head.i + 1, FORCE.get(f"{word} {head.lower_}", FORCE[word]), head)
        return Quantifier(token.i, token.i + 1, FORCE[word], head)
    if token.pos_ in ("PRON", "NOUN") and word in FORCE and word not in ("some", "all", "most", "many", "few"):
        return Quantifier(token.i, token.i + 1, FORCE[word], token)
    return None


def place(anchor) -> tuple[str, str]:
    """Where a quantified phrase stands: its relation and the lemma of the word it hangs from. A pronoun
    ("everybody") stands where a quantified pronoun noun ("no one") does."""
    return anchor.dep_, anchor.head.lemma_.lower()
