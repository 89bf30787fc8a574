"""Same-kind substitutions: a phrase is replaced by a phrase of the same kind (a person by a person, an
organisation by an organisation, a place by a place; the text layer pairs numbers and dates already), and by
one that reads as a phrase in its place (a noun phrase by a noun phrase, one determiner before a noun).

The kind of a name is read from its spaCy entity label where WordNet (Miller 1995) or the way it is written
agrees; the kind of a common noun is that of its first WordNet sense, as far as it is a person or an
organisation ("the British engineer" is a person, "the Suez Canal Company" an organisation). Where the kind
of either side is unclear, the substitution stands.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..text import lexicon
from .registry import rule
from ..vocabulary import SlotKind

#: The small model's labels alone are no evidence of a kind: it tags a venue ORG, FAC, GPE or LOC from one
#: sentence to the next, an album PERSON, a person ORG. A kind is only read where a second source agrees:
#: a person is a name tagged PERSON written as a name (proper nouns only); an organisation is a name or noun
#: whose head noun WordNet knows as an organisation ("the Suez Canal Company", "a university"); a place is a
#: name tagged GPE or LOC that WordNet knows as a place ("Egypt", "Europe"); a common noun is the kind of its
#: first WordNet sense ("the British engineer" is a person). Dates and amounts by their labels.
_PERSON, _ORGANISATION, _PLACE, _TIME, _AMOUNT = "person", "organisation", "place", "time", "amount"
_NUMERIC = {"DATE": _TIME, "TIME": _TIME, "CARDINAL": _AMOUNT, "QUANTITY": _AMOUNT, "MONEY": _AMOUNT,
            "PERCENT": _AMOUNT}

#: WordNet synsets a noun's first sense falls under -> its kind.
_KIND_OF_SYNSET = (("person.n.01", _PERSON), ("organization.n.01", _ORGANISATION))

_NOMINAL = ("NOUN", "PROPN", "PRON", "NUM")
_ARTICLES = frozenset({"a", "an", "the"})
#: Words that open a noun phrase and take no article before them ("that" is left out: it is also a conjunction).
_DETERMINERS = _ARTICLES | {"this", "these", "those", "his", "her", "its", "their", "my", "our", "your"}


def _span(doc, start: int, end: int):
    """The tokens of ``doc`` from character ``start`` to ``end``, or None."""
    if doc is None or start < 0:
        return None
    tokens = [t for t in doc if start <= t.idx < end]
    return doc[tokens[0].i:tokens[-1].i + 1] if tokens else None


@lru_cache(maxsize=20_000)
def _noun_kind(lemma: str) -> str | None:
    synsets = lexicon.wordnet().synsets(lemma.replace(" ", "_"), "n")
    if not synsets:
        return None
    above, frontier = set(), [synsets[0]]
    while frontier:
        frontier = [h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()]
        above |= {h.name() for h in frontier}
    return next((kind for synset, kind in _KIND_OF_SYNSET if synset in above), None)


def kind_of(span) -> str | None:
    """What ``span`` names: a person, an organisation, a place, a time, an amount; None when unclear."""
    if span is None:
        return None
    root = span.root
    labels = {t.ent_type_ for t in span if t.ent_type_}
    words = [t for t in span if not t.is_punct and t.dep_ != "det"]
    if len(labels) == 1:
        label = next(iter(labels))
        if label in _NUMERIC:
            return _NUMERIC[label]
        if label == "PERSON" and all(t.pos_ == "PROPN" for t in words):
            return _PERSON
        if label in ("GPE", "LOC") and lexicon.place_kinds(span.text):
            return _PLACE
        if label in ("ORG", "FAC", "GPE", "LOC", "") and words and _noun_kind(words[-1].lemma_.lower()) == _ORGANISATION:
            return _ORGANISATION
        return None
    if not labels and root.pos_ == "NOUN":
        return _noun_kind(root.lemma_.lower())
    return None


@rule("same-kind", "a name or noun phrase is replaced by one of the same kind: a person by a person, an "
      "organisation by an organisation, a place by a place (numbers and dates are paired by the text layer)",
      off=lambda alignment, edge: True)
def same_kind(alignment, edge) -> bool:
    """False where the claim's slot and its evidence counterpart name clearly different kinds of thing
    ("the British engineer" / "the Suez Canal Company")."""
    # A number or a date slot was paired with a number or a date by the text layer's own reading; spaCy's
    # labels for amounts and times ("one and a half" DATE, "10 to 6" CARDINAL) would only add noise.
    if edge.kind not in (SlotKind.ENTITY, SlotKind.NOUN):
        return True
    if alignment.evidence[edge.evidence_start:edge.evidence_end] != edge.evidence_text:
        return True  # a value the alignment derived ("three" films counted in a list) has no span to read
    mine = kind_of(_span(alignment.claim_doc, edge.claim_start, edge.claim_end))
    theirs = kind_of(_span(alignment.evidence_doc, edge.evidence_start, edge.evidence_end))
    return mine is None or theirs is None or mine == theirs


@rule("phrase-in-place", "the new words read as a phrase in the old one's place: a noun phrase for a noun phrase, "
      "one determiner before a noun", off=lambda claim, alignment, substitution, edge=None: True)
def reads_in_place(claim: str, alignment, substitution, edge=None) -> bool:
    """False where ``substitution`` (from ``edge``, when it came from a slot) would put a verb where the claim
    has a noun phrase, or a determiner after the determiner the claim keeps ("the the Suez Canal Company")."""
    before = re.search(r"(\w+)\s+$", claim[:substitution.start])
    first = re.match(r"\s*(\w+)", substitution.to)
    if before and first and before.group(1).lower() in _ARTICLES and first.group(1).lower() in _DETERMINERS:
        return False
    if _repeats_a_neighbour(claim, substitution):
        return False
    if edge is not None and _correlative_same(_span(alignment.claim_doc, edge.claim_start, edge.claim_end)):
        return False
    if edge is None or edge.kind not in (SlotKind.ENTITY, SlotKind.NOUN):
        return True
    mine = _span(alignment.claim_doc, edge.claim_start, edge.claim_end)
    theirs = _span(alignment.evidence_doc, edge.evidence_start, edge.evidence_end)
    if mine is None or theirs is None:
        return True
    return not (mine.root.pos_ in _NOMINAL and theirs.root.pos_ in ("VERB", "AUX")
                and theirs.root.dep_ not in ("amod", "compound"))


def _repeats_a_neighbour(claim: str, substitution) -> bool:
    """The new words begin with the words before them or end with the words after them ("Foreign companies"
    -> "Companies companies", "history of Malta" -> "Folklore of Malta of Malta"): the evidence's phrase
    overlaps words the claim keeps, and the draft would say them twice."""
    new = [w.lower() for w in re.findall(r"\w+", substitution.to)]
    before = [w.lower() for w in re.findall(r"\w+", claim[:substitution.start])]
    after = [w.lower() for w in re.findall(r"\w+", claim[substitution.end:])]
    return any(new[:n] == before[-n:] or new[-n:] == after[:n] for n in range(1, len(new) + 1))


def _correlative_same(span) -> bool:
    """"the same pressure as the rear tires": "same" is half of a construction that "as" completes, and no
    word the evidence has in its place reads with "as" ("the recommended pressure as the rear tires")."""
    if span is None or span.root.lower_ != "same":
        return False
    return any(t.lower_ == "as" for t in span.doc[span.end:span.end + 4])
