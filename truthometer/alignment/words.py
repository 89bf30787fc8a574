"""Word-level relations between a claim word and an evidence word: one derived from the other ("drums" /
"drummer", not "significant" / "insignificant"), spelt alike, entailed or more general by WordNet, similar
adjectives, and a doubled letter. These decide whether two single words state the same thing before any
slot is paired.
"""
from __future__ import annotations

from typing import Any

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from ..text import lexicon
from ..text.negation import NEGATIVE_PREFIXES
from .base import _content, normalise


def _spelt_alike(a: str, b: str) -> bool:
    """Two spellings of one name: close overall, or sharing the first four letters and nearly all the
    rest ("Hickman" / "Hickam", where one letter is dropped and two swapped)."""
    ratio = fuzz.ratio(a, b)
    # At most two letters apart: "Levothyroxine" / "Liothyronine" are as close by ratio, and two drugs.
    return (ratio >= 80 or (ratio >= 75 and min(len(a), len(b)) >= 6 and a[:4] == b[:4])) \
        and Levenshtein.distance(a, b) <= 2


def _another_word_each(a: str, b: str) -> bool:
    """Two names of several words that each have a word the other lacks, none of them another spelling
    of the other's nor its initials: long names alike but for one word are two names ("Atlantic coast
    of South America" / "Pacific coast of South America"), which a spelling ratio or an embedding
    would call one."""
    mine, theirs = a.split(), b.split()
    only_mine = [w for w in mine if w not in theirs]
    only_theirs = [w for w in theirs if w not in mine]
    if not only_mine or not only_theirs or len(mine) < 2 or len(theirs) < 2:
        return False
    if "".join(only_theirs) == "".join(w[0] for w in only_mine) or \
            "".join(only_mine) == "".join(w[0] for w in only_theirs):
        return False  # "U S Army" / "United States Army"
    return not any(_spelt_alike(x, y) for x in only_mine for y in only_theirs)


def _similar_adjectives(mine, theirs) -> bool:
    """One adjective for another of its WordNet cluster ("brief heating" / "for short periods")."""
    return (mine.pos_ == theirs.pos_ == "ADJ"
            and lexicon.similar_adjectives(mine.lemma_.lower(), theirs.lemma_.lower()))


def _one_word_relation(claim_span, evidence_span) -> tuple[Any, str | None]:
    """(the claim's word, its WordNet relation to the evidence's) when each side has one content word of
    the same part of speech; (None, None) otherwise."""
    mine = [t for t in claim_span if t.pos_ in ("NOUN", "VERB", "ADJ")]
    theirs = [t for t in evidence_span if t.pos_ in ("NOUN", "VERB", "ADJ")]
    if len(mine) != 1 or len(theirs) != 1 or mine[0].pos_ != theirs[0].pos_:
        return None, None
    return mine[0], lexicon.relation(mine[0].lemma_.lower(), theirs[0].lemma_.lower(), mine[0].pos_)


def _entailed_word(claim_span, evidence_span) -> bool:
    """A one-word slot the evidence's word entails by WordNet, being a kind of it ("a musician" / "the lead
    vocalist", "a football player" / "a football quarterback"). WordNet's synonyms are not taken: a shared
    sense can be a rare one ("country" / "state", "president" / "chairman"), and the phrase similarity
    already confirms the common synonyms."""
    word, relation = _one_word_relation(claim_span, evidence_span)
    if relation != lexicon.MORE_GENERAL:
        return False
    compound = _known_compound(word)
    if compound is not None and lexicon.relation(compound, evidence_span.root.lemma_.lower(), "NOUN") \
            not in (lexicon.MORE_GENERAL, lexicon.SYNONYM):
        return False  # a kitchen is a room, not a dining room
    # "a pop music performer": a phrase of modifiers, replaced whole with its noun.
    return not any(_content(g) for c in word.children for g in c.children)


def _known_compound(noun) -> str | None:
    """The noun with the modifier before it, where WordNet knows the two as one word ("dining room",
    "prison cell", "French horn"): what the claim names is the compound, not its head. None otherwise."""
    doc = noun.doc
    if noun.pos_ != "NOUN" or noun.i == 0:
        return None
    modifier = doc[noun.i - 1]
    if modifier.head.i != noun.i or modifier.dep_ not in ("compound", "amod"):
        return None
    compound = f"{modifier.lower_} {noun.lemma_.lower()}"
    return compound if lexicon.known_noun(compound) else None


def _more_general_word(claim_span, evidence_span) -> bool:
    """The evidence names the claim's one-word slot by a more general word (WordNet): "a man-made version"
    / "a synthetic form" does not confirm the version, nor does it say that it is something else; nor
    does a kind for a name ("the Earth's surface" / "the planet's surface")."""
    if _one_word_relation(claim_span, evidence_span)[1] == lexicon.MORE_SPECIFIC:
        return True
    nouns = [t for t in evidence_span if t.pos_ == "NOUN"]
    name = " ".join(t.text for t in claim_span if t.pos_ == "PROPN")
    # The bare kind only: "the European continent" is no more general than "Africa", it is another one.
    return bool(name) and len(nouns) == 1 and all(t.pos_ in ("PROPN", "DET") for t in claim_span) and \
        not any(c.dep_ in ("amod", "compound", "nmod", "poss") for c in nouns[0].children) and \
        lexicon.relation(name.lower(), nouns[0].lemma_.lower(), "NOUN") == lexicon.MORE_SPECIFIC


def _doubled_letter(a: str, b: str) -> bool:
    """One spelling is the other with a letter typed twice ("bestt" / "best"): a typo, the same word."""
    if abs(len(a) - len(b)) != 1 or min(len(a), len(b)) < 3:
        return False
    long_, short = (a, b) if len(a) > len(b) else (b, a)
    return any(long_[k] == long_[k - 1] and long_[:k] + long_[k + 1:] == short for k in range(1, len(long_)))


def _same_stem(a: str, b: str) -> bool:
    """One word derived from the other: "distinct" / "distinctive", "drums" / "drummer",
    "communication" / "telecommunication"."""
    a, b = normalise(a), normalise(b)
    if min(len(a), len(b)) >= 5 and (a in b or b in a):
        return True
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n >= 4 and n >= 0.7 * min(len(a), len(b))


def _derived(a: str, b: str) -> bool:
    """One word derived from the other without a change of sense: "drums" / "drummer", but not
    "significant" / "insignificant" (a negative prefix) and not the same word."""
    a, b = normalise(a), normalise(b)
    if a == b or not _same_stem(a, b):
        return False
    short, long_ = sorted((a, b), key=len)
    return not any(long_ == p + short or long_.startswith(p) and not short.startswith(p) and short in long_
                   for p in NEGATIVE_PREFIXES)
