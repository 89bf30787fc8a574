"""A conflict needs the same relation: a value the evidence states for another predicate, or a place it
names as containing (or contained in) the claim's, is no rival of the claim's value.

The rule tier pairs a claim's slot with an evidence slot of the same type. Type alone is not enough: in
"Curie, born in 1867, ..." against "Curie won the prize in 1911" the two years date two events, and in "a
strait in California" against "the strait at the mouth of San Francisco Bay" the two places are one inside
the other. Truth-O-Meter's syntactic–semantic alignment (Galitsky) maps a slot only onto the slot that
fills the same role of the same predicate; this module gives the rule tier that reading:

- ``governing_predicate``: the content verb a slot is an argument or adjunct of ("1947" in "opened to
  traffic in 1947": *open*);
- ``same_relation``: two slots fill different relations when their predicates are neither one verb nor
  WordNet kin and one side tells the other's event too;
- ``rival_places``: two places compete for one slot only when neither contains the other (WordNet's part
  holonyms, or the evidence's own "Munich, Bavaria") and both are of one kind (a city and a bay are not;
  WordNet's categories where it knows both names, else the tagger's labels).
"""
from __future__ import annotations

from ..text import lexicon

#: Verbs that carry no relation of their own: the slot's relation is the noun or phrase they support
#: ("took the place of", "had eleven mills", "is in Lyon"), so they neither confirm nor rule out one.
LIGHT_VERBS = frozenset({"be", "have", "do", "make", "take", "get", "become", "give", "go", "come", "see",
                         "hold", "put", "set", "keep", "include", "remain", "stay"})
#: Dependency steps followed up from a slot to its predicate; a slot deeper than this is read as unknown.
MAX_STEPS = 6
#: The tagger's labels of places; a label pairs with itself only when WordNet knows neither name.
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})


def slot_root(span, start: int, end: int):
    """The token heading the words at character offsets ``start``-``end`` of ``span`` (offsets into the
    span's text), or None."""
    inside = [t for t in span if start <= t.idx - span.start_char < end]
    if not inside:
        return None
    ids = {t.i for t in inside}
    return next((t for t in inside if t.head.i not in ids or t.head.i == t.i), inside[0])


def governing_predicate(token):
    """The verb ``token`` is an argument or adjunct of, through nouns and prepositions ("in 1947" of
    "opened"; "the port of Saltmarsh" of the verb the port depends on), or None."""
    t = token
    for _ in range(MAX_STEPS):
        if t.pos_ == "VERB" and t.i != token.i:
            return t
        if t.head.i == t.i:
            return t if t.pos_ == "VERB" else None
        t = t.head
    return None


def _relation_word(verb) -> str | None:
    """The verb's lemma, or None where it is light or not a verb (its relation is unknown here)."""
    if verb is None:
        return None
    lemma = verb.lemma_.lower()
    return None if lemma in LIGHT_VERBS else lemma


def same_relation(claim_token, evidence_token, claim_span=None, evidence_span=None) -> bool:
    """Whether two slots can fill the same relation. They cannot where their predicates differ (not one verb,
    nor WordNet kin) and one side tells the other's event too: the evidence states the claim's verb elsewhere
    ("Curie was born in Warsaw ... she won the prize in 1911" does not date the birth), or the claim states
    the evidence's ("Curie, born in 1867, won the prize" / "won the prize in 1911"). Where neither side
    tells the other's event ("completed in 1899" / "constructed from 1887 to 1889"), or either relation is
    unknown (no verb, or a light one), they may: the judge and the alignment decide. The same reading as the
    alignment's ``_dates_another_event``."""
    mine = _relation_word(governing_predicate(claim_token))
    theirs = _relation_word(governing_predicate(evidence_token))
    if mine is None or theirs is None or mine == theirs:
        return True
    if lexicon.kindred(mine, theirs, "VERB") or lexicon.kindred(theirs, mine, "VERB"):
        return True
    claim_span = claim_token.sent if claim_span is None else claim_span
    evidence_span = evidence_token.sent if evidence_span is None else evidence_span
    told_there = any(t.pos_ == "VERB" and t.lemma_.lower() == mine for t in evidence_span)
    told_here = any(t.pos_ == "VERB" and t.lemma_.lower() == theirs for t in claim_span)
    return not (told_there or told_here)


def containers_in_apposition(span) -> set[int]:
    """Tokens of the places the evidence names as containing another place it names just before them:
    "Munich, Bavaria", "Graz, in Styria", "Tromsø in northern Norway" -> the tokens of Bavaria, Styria and
    Norway."""
    out = set()
    for t in span:
        if t.ent_type_ not in PLACE_LABELS:
            continue
        head = t.head
        if t.dep_ == "pobj" and head.lower_ == "in":
            head = head.head
        if head.i != t.i and head.ent_type_ in PLACE_LABELS and head.i < t.i \
                and t.dep_ in ("appos", "pobj", "npadvmod", "conj") and _adjacent(head, t):
            out.add(t.i)
    return out


def _adjacent(first, second) -> bool:
    """Whether only a comma, "in" and modifiers of ``second`` stand between the two place names."""
    between = first.doc[first.i + 1:second.i]
    return all(w.is_punct or w.lower_ in ("in", "the") or w.ent_iob_ == "I" or w.head.i == second.i
               or w.ent_type_ == first.ent_type_ for w in between) and len(between) <= 5


def rival_places(claim_name: str, claim_label: str, evidence_name: str, evidence_label: str) -> bool:
    """Whether two place names compete for one slot: neither lies within the other, and they are of one
    kind (WordNet's categories where it knows both; the tagger's labels otherwise)."""
    if lexicon.place_within(claim_name, evidence_name) or lexicon.place_within(evidence_name, claim_name):
        return False
    mine, theirs = lexicon.place_classes(claim_name), lexicon.place_classes(evidence_name)
    if mine and theirs:
        return bool(mine & theirs)
    if claim_label in PLACE_LABELS and evidence_label in PLACE_LABELS:
        return claim_label == evidence_label
    return True
