"""Relations a preposition or a reference time states: prepositions stating the contrary relation to the
same object ("born outside of" / "born in"), values the claim excludes, values the evidence names only to
deny them ("in the chloroplasts, not in the mitochondria"), dates a statement holds at ("as of 2016"), and
rewordings of a noun under a modifier both sentences share.
"""
from __future__ import annotations

from ..text import lexicon
from .base import DENIED, EQUAL, SUBSTITUTED, UNCONFIRMED, Edge, entity_of
from .words import _known_compound
from ..vocabulary import SlotKind


#: Prepositions that state the opposite relation to the same object: "born in Trieste" / "born outside
#: of Trieste", "because of the Beatles" / "despite the Beatles"; in time, "take it with breakfast" /
#: "before breakfast"; in space, "near the beach" / "far from the beach".
_CONTRARY_PREPOSITIONS = [({"in", "inside", "within"}, {"outside"}), ({"with"}, {"without"}),
                          ({"near", "close", "next", "beside", "by"}, {"far"}),
                          ({"because"}, {"despite"}), ({"for"}, {"against"}),
                          ({"above", "over", "on top of"}, {"below", "under", "beneath", "underneath"}),
                          ({"behind"}, {"in front of", "ahead of"}),
                          ({"before"}, {"after", "during", "with"}), ({"after"}, {"during", "with"}),
                          ({"including"}, {"excluding"})]


#: Prepositions of three words, with a noun inside ("in front of the house").
_PHRASAL_PREPOSITIONS = {"in front of", "on top of", "ahead of"}
#: Where a thing is from the object: hung on the verb or the nearest noun alike ("lies in the grass behind
#: the tower", "lies in the grass in front of the tower").
_POSITIONS = {"behind", "in front of", "ahead of", "above", "over", "on top of", "below", "under", "beneath",
              "underneath"}
#: Adverbs of degree ("very far from").
_DEGREE_ADVERBS = {"very", "so", "too", "quite", "rather", "really", "pretty", "fairly", "extremely"}
#: Words that with "from" or "to" state a distance: "far from", "far away from", "close to", "next to".
_DISTANCE_WORDS = {"far", "away", "close", "next", "near"}


def _preposition_of(tok):
    """(first token, last token) of the preposition governing ``tok`` ("in", "outside of", "because of"),
    or None."""
    if tok.dep_ != "pobj":
        return None
    p = tok.head
    first = last = p
    if p.lower_ == "of" and p.head.i == p.i - 1 and p.head.dep_ in ("prep", "advmod", "mark"):
        first = p.head  # "outside of" parsed as two prepositions
    elif p.lower_ in ("from", "to") and p.i > 0 and p.doc[p.i - 1].lower_ in _DISTANCE_WORDS:
        # "far from", "close to", "next to": the adverb is the relation (the parser hangs "from" on it or
        # on the verb).
        first = p.doc[p.i - 1]
        if first.lower_ == "away" and first.i > 0 and p.doc[first.i - 1].lower_ == "far":
            first = p.doc[first.i - 1]  # "far away from"
    elif p.lower_ == "of" and p.i >= 2 and p.doc[p.i - 2:p.i + 1].text.lower() in _PHRASAL_PREPOSITIONS:
        first = p.doc[p.i - 2]  # "in front of", "on top of": a noun inside the preposition
    elif p.i + 1 < len(p.doc) and p.doc[p.i + 1].lower_ == "of" and p.doc[p.i + 1].head.i == p.i:
        last = p.doc[p.i + 1]  # "because of" with "of" hanging from "because"
    return first, last


def _attached_anywhere(mine, theirs) -> bool:
    """Both relations say how far something is from the object ("far away from the cliffs" / "near the
    cliffs"), or whether it is among what is counted ("including" / "excluding"): the small parser hangs
    such phrases on the verb, the adverb or the nearest noun alike, so their governors say nothing about
    whether the relation is the same one."""
    return mine.lower_ in _DISTANCE_WORDS and theirs.lower_ in _DISTANCE_WORDS or \
        {mine.lower_, theirs.lower_} == {"including", "excluding"}  # hung on the verb or on the noun alike


def _relation(span) -> str:
    """The words of a preposition as its relation: "in front of" whole, else the first word ("outside")."""
    text = span.text.lower()
    return text if text in _PHRASAL_PREPOSITIONS else span[0].lower_


def _contrary(a: str, b: str) -> bool:
    return any((a in x and b in y) or (a in y and b in x) for x, y in _CONTRARY_PREPOSITIONS)


def _preposition_edges(claim, evidence, slot_edges) -> list[Edge]:
    """The relation to an object both sentences name, where the prepositions say the opposite: the
    preposition is the slot ("born outside of Trieste" -> "born in Trieste"). The object is a slot the
    alignment found equal, or the same word as object of a preposition on both sides ("far from the
    house" / "near the house")."""
    out, done = [], set()
    for c_tok, e_tok in _objects_named_on_both_sides(claim, evidence, slot_edges):
        mine, theirs = _preposition_of(c_tok), _preposition_of(e_tok)
        if mine is None or theirs is None or mine[0].i in done:
            continue
        relations = _relation(claim[mine[0].i:mine[1].i + 1]), _relation(evidence[theirs[0].i:theirs[1].i + 1])
        if not _contrary(*relations):
            continue
        g1, g2 = mine[0].head, theirs[0].head
        if g1.lemma_.lower() != g2.lemma_.lower() and g1.head.lemma_.lower() != g2.lemma_.lower() \
                and g1.lemma_.lower() != g2.head.lemma_.lower() and not _attached_anywhere(mine[0], theirs[0]) \
                and not set(relations) <= _POSITIONS:
            continue  # another governor, another relation ("a destination because of" / "is ... despite")
        # "together with breakfast": the adverb belongs to the relation it qualifies and goes with it.
        # Of a distance only a degree goes with it: "very far from" -> "close to", but the parser also hangs
        # "deep" of "not very deep far from the beach" on "far".
        start = mine[0].i - 1 if mine[0].i > 0 and claim[mine[0].i - 1].dep_ == "advmod" and \
            claim[mine[0].i - 1].head.i == mine[0].i and (
                not _attached_anywhere(mine[0], theirs[0]) or claim[mine[0].i - 1].lower_ in _DEGREE_ADVERBS) else mine[0].i
        # And the evidence's own adverb goes with its relation: "very far from" -> "very close to".
        their_start = theirs[0].i - 1 if start < mine[0].i and theirs[0].i > 0 and \
            evidence[theirs[0].i - 1].dep_ == "advmod" and evidence[theirs[0].i - 1].head.i == theirs[0].i else theirs[0].i
        c_span, e_span = claim[start:mine[1].i + 1], evidence[their_start:theirs[1].i + 1]
        done.add(mine[0].i)
        out.append(Edge(SlotKind.PREPOSITION, SUBSTITUTED, c_span.text, c_span.start_char, c_span.end_char,
                        e_span.text, e_span.start_char, e_span.end_char, label="prep"))
    return out


def _objects_named_on_both_sides(claim, evidence, slot_edges):
    """(claim token, evidence token) pairs naming one object: the heads of the name and noun slots the
    alignment found equal, then the objects of prepositions with the same lemma on both sides."""
    for slot, edge in slot_edges.values():
        if edge.op != EQUAL or slot.kind not in (SlotKind.ENTITY, SlotKind.NOUN) or edge.evidence_start < 0:
            continue
        e_tok = next((t for t in evidence if t.idx <= edge.evidence_start < t.idx + len(t.text) + 1
                      and not t.is_punct), None)
        if e_tok is not None:
            end = next((t.i for t in evidence if t.idx >= edge.evidence_end), len(evidence))
            yield claim[slot.i:slot.j].root, evidence[e_tok.i:end].root
    for c_tok in claim:
        if c_tok.dep_ == "pobj" and c_tok.pos_ in ("NOUN", "PROPN", "PRON"):
            for e_tok in evidence:
                if e_tok.dep_ == "pobj" and e_tok.lemma_.lower() == c_tok.lemma_.lower() \
                        and (c_tok.pos_ != "PRON" or e_tok.lower_ == c_tok.lower_):  # "far from them" / "near them"
                    yield c_tok, e_tok


#: Prepositions that exclude their object: the claim says where or with what the thing is not.
_EXCLUDING_PREPOSITIONS = {"outside", "without", "except", "excluding"}


def _excluded_values(claim, slot_edges) -> None:
    """A value the claim excludes ("born outside of Trieste", "made without sugar") is not contradicted by
    another value ("born in Naples", "made with honey"): Naples may well be outside Trieste, or inside it
    ("born outside of Italy" / "born in Naples"). Unconfirmed, not substituted."""
    for slot, edge in slot_edges.values():
        if edge.op != SUBSTITUTED or slot.kind not in (SlotKind.ENTITY, SlotKind.NOUN):
            continue
        prep = _preposition_of(claim[slot.i:slot.j].root)
        if prep is not None and prep[0].lower_ in _EXCLUDING_PREPOSITIONS:
            edge.op = UNCONFIRMED


def _denial(tok):
    """The value the evidence affirms in place of ``tok`` when it denies ``tok`` ("in the chloroplasts, not
    in the mitochondria", "signed in Paris, not in London", "shot in Montana, not Wyoming"), else None."""
    prep = tok.head if tok.dep_ == "pobj" else None
    if prep is not None and any(c.dep_ == "neg" for c in prep.children):
        # "signed in Paris, not in London": the same preposition's earlier object.
        other = next((p for p in prep.head.children if p.dep_ == "prep" and p.i < prep.i
                      and p.lower_ == prep.lower_), None)
        return next((c for c in other.children if c.dep_ == "pobj"), None) if other is not None else None
    anchor = prep.head if prep is not None and prep.dep_ == "prep" \
        else tok.head if tok.dep_ in ("appos", "conj") else None
    if anchor is not None and anchor.pos_ in ("NOUN", "PROPN") and any(
            c.dep_ == "neg" and anchor.i < c.i < tok.i for c in anchor.children):
        return anchor  # "in the chloroplasts, not in the mitochondria"; "in Montana, not Wyoming"
    return None


def _denied_values(evidence, slot_edges) -> None:
    """A claim's value the evidence names only to deny it is substituted by the value it affirms instead:
    "Photosynthesis takes place in the mitochondria" / "occurs in the chloroplasts, not in the
    mitochondria"."""
    for slot, edge in slot_edges.values():
        if edge.op != EQUAL or slot.kind not in (SlotKind.ENTITY, SlotKind.NOUN) or edge.evidence_start < 0:
            continue
        tok = next((t for t in evidence if t.idx == edge.evidence_start), None)
        if tok is None:
            continue
        span = evidence.char_span(edge.evidence_start, edge.evidence_end, alignment_mode="expand")
        affirmed = _denial(span.root if span is not None else tok)
        if affirmed is not None:
            ent = entity_of(affirmed)
            chosen = ent if ent is not None and slot.kind == SlotKind.ENTITY else evidence[affirmed.i:affirmed.i + 1]
            edge.op, edge.evidence_text, edge.score, edge.label = SUBSTITUTED, chosen.text, 1.0, DENIED
            edge.evidence_start, edge.evidence_end = chosen.start_char, chosen.end_char


def as_of_date(tok) -> bool:
    """ "as of 2016": the date the statement holds at, not the date of an event."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.lower_ == "as"


def _reference_times(claim, evidence, slot_edges) -> None:
    """A date the claim is said to hold at ("has yet to appear in a film as of 2016") pairs only with the
    date the evidence holds at ("as of 2021, the city had ..."): the year of an event the evidence tells
    ("the 1992 film") is no other value of it."""
    for slot, edge in slot_edges.values():
        if slot.kind != SlotKind.DATE or edge.op != SUBSTITUTED or not as_of_date(claim[slot.i:slot.j].root):
            continue
        theirs = evidence.char_span(edge.evidence_start, edge.evidence_end, alignment_mode="expand")
        if theirs is None or not as_of_date(theirs.root):
            edge.op = UNCONFIRMED


#: Least embedding similarity of a claim noun and its evidence counterpart, under a modifier both
#: share, for the two to be one thing reworded: "country music performer" / "country singer", but not
#: "comedy drama film" / "comedy drama book" (0.46).
REWORDING_SIMILARITY = 0.5
#: Steps up from both nouns within which two kinds of one category are no rewording of each other: one more
#: than ``lexicon.SISTER_STEPS``, for the rewording's low similarity ("champagne" / "beer": 5, through
#: "alcohol"; 0.57, near "country performer" / "country singer", 0.58, which is a rewording).
REWORDING_SISTER_STEPS = 5


def _same_modifier(noun, e_noun) -> bool:
    """One of the claim noun's modifiers qualifies the evidence noun too."""
    mine = {t.lemma_.lower() for t in noun.lefts if t.dep_ in ("amod", "compound") and not t.ent_type_}
    theirs = {t.lemma_.lower() for t in e_noun.lefts if t.dep_ in ("amod", "compound")}
    return bool(mine & theirs)


def _rewordings(claim, evidence, slot_edges, similar) -> None:
    """A substituted noun under a modifier the evidence repeats, close in meaning to its counterpart
    ("a country performer" / "an American country singer"), is the claim's wording of the same thing:
    equal. Nouns further apart are not ("a fictional place" / "the fictional setting", 0.41), nor are two
    kinds of one thing ("drinking whisky" / "drinking beer", ``lexicon.sister_kinds``)."""
    for slot, edge in slot_edges.values():
        if slot.kind != SlotKind.NOUN or edge.op != SUBSTITUTED or slot.j - slot.i != 1:
            continue
        noun = claim[slot.i]
        e_noun = next((t for t in evidence if t.idx == edge.evidence_start), None)
        if e_noun is None or e_noun.pos_ != "NOUN" or noun.pos_ != "NOUN":
            continue
        # A noun of a compound WordNet knows is the compound ("the dining room" / "the kitchen").
        mine, theirs = _known_compound(noun) or noun.lemma_.lower(), _known_compound(e_noun) or e_noun.lemma_.lower()
        if _same_modifier(noun, e_noun) and similar.score(noun.text, e_noun.text) >= REWORDING_SIMILARITY \
                and not lexicon.sister_kinds(mine, theirs, "NOUN", REWORDING_SISTER_STEPS):
            edge.op = EQUAL
