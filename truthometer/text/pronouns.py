"""Pronouns that stand for something named before: the third person, by case and by what they can stand for.
One table, so that the pronoun resolution, the judge's features and the propagation of corrections read
"his" or "them" alike.
"""
from __future__ import annotations

#: Those that open a sentence about what was named before: subject forms and possessive determiners
#: ("It was designed ...", "Its walls ...").
OPENING = frozenset({"he", "she", "it", "they", "his", "her", "its", "their"})
#: Every case of the third person, with the possessive pronouns: any word of a later sentence that may stand
#: for a name said before ("... appointed him", "the prize was theirs").
THIRD_PERSON = OPENING | {"him", "them", "hers", "theirs"}
#: The possessive determiners: the antecedent takes "'s" in their place.
POSSESSIVE = frozenset({"its", "his", "her", "their"})
#: Those that stand only for a person, and only for a thing.
PERSONAL = frozenset({"he", "she", "his", "her"})
IMPERSONAL = frozenset({"it", "its"})
