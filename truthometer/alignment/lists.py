"""Lists of names: the evidence's list that repeats the claim's but for one member names the right one in its
place ("Vienna, Bratislava, Budapest and Bucharest" / "Vienna, Bratislava, Budapest and Belgrade"), whatever
verb or noun each side puts the list under ("sit on its banks" / "lie on its banks", "are the most dangerous"
/ "pose the greatest threat"), which keep the pairing from placing the member by its role.
"""
from __future__ import annotations

from .base import EQUAL, SUBSTITUTED, UNCONFIRMED, Edge, another_verb_is_no_correction, entity_of
from ..text.names import ENTITY_LABELS
from ..vocabulary import SlotKind


def _member(tok):
    """The name a list member token stands for ("Plasmodium falciparum" for "falciparum"), or None where it
    is no name ("two" in "two of these, Plasmodium falciparum and ...")."""
    doc = tok.doc
    ent = entity_of(tok) if tok.ent_type_ in ENTITY_LABELS else None
    if ent is not None and not any(t.dep_ == "conj" and t.i != tok.i for t in ent):
        return ent
    start = tok.i
    while start > 0 and doc[start - 1].dep_ in ("compound", "flat") \
            and doc[start - 1].head.i in range(start, tok.i + 1):
        start -= 1
    span = doc[start:tok.i + 1]
    return span if any(t.pos_ == "PROPN" or t.ent_type_ in ENTITY_LABELS for t in span) else None


def name_lists(doc) -> list[list]:
    """Every coordination of two or more names in ``doc``, each a list of Spans in order."""
    out = []
    for tok in doc:
        if tok.dep_ == "conj" or not any(c.dep_ == "conj" for c in tok.children):
            continue
        members = [m for t in sorted([tok, *tok.conjuncts], key=lambda t: t.i) if (m := _member(t)) is not None]
        if len(members) >= 2:
            out.append(members)
    return out


def _key(span) -> str:
    return " ".join(t.lower_ for t in span if not t.is_punct)


def _list_members(claim, evidence, edges: list[Edge]) -> None:
    """A claim list and an evidence list of as many names, all the same but one each: the claim's odd member
    is substituted by the evidence's, unless its edge already pairs it with something."""
    lists = [(theirs, {_key(t) for t in theirs}) for theirs in name_lists(evidence)]
    for mine in name_lists(claim):
        my_keys = {_key(m) for m in mine}
        if any(my_keys == their_keys for _, their_keys in lists):
            continue  # the evidence states the claim's list as it is
        for theirs, their_keys in lists:
            if len(mine) != len(theirs):
                continue
            only_mine = [m for m in mine if _key(m) not in their_keys]
            only_theirs = [t for t in theirs if _key(t) not in my_keys]
            if len(only_mine) != 1 or len(only_theirs) != 1:
                continue
            m, t = only_mine[0], only_theirs[0]
            start, end = m.start_char, m.end_char
            overlapping = [e for e in edges
                           if e.claim_start < end and start < e.claim_end and e.kind != SlotKind.NEGATION]
            # A word of the member paired as equal is a part both share ("Plasmodium" of "Plasmodium malariae"
            # / "Plasmodium vivax") or a loose pairing ("malariae" / "malaria"); the member is not stated
            # anywhere in the evidence.
            if m.text.casefold() in evidence.text.casefold() or any(e.op not in (EQUAL, UNCONFIRMED)
                                                                     for e in overlapping):
                continue
            for e in overlapping:
                edges.remove(e)
            edges.append(Edge(SlotKind.ENTITY, SUBSTITUTED, m.text, start, end, evidence_text=t.text,
                              evidence_start=t.start_char, evidence_end=t.end_char,
                              label=m.root.ent_type_ or "list", score=1.0))
            another_verb_is_no_correction(edges)
            return
