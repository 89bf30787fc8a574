"""Swapped arguments: the claim's subject and object of a verb are the evidence's object and subject of the
same verb ("Horse riders must give way to cyclists" / "Cyclists must ... give way to walkers and horse
riders"; "The museum bought the painting from the collector" / "The collector bought the painting from the
museum"). The same words stand on both sides, so overlap and the judge's pair features read a paraphrase;
who did what to whom is the other way round (the lexical-overlap heuristic of NLI models, McCoy, Pavlick &
Linzen 2019, "Right for the Wrong Reasons", ACL).
"""
from __future__ import annotations

from .base import OPPOSITE, SUBSTITUTED, Edge
from ..vocabulary import SlotKind

#: Verbs whose subject and object can trade places without changing what is said ("Spain faced the
#: Netherlands" / "The Netherlands faced Spain"), and the copula, which equates.
SYMMETRIC_VERBS = frozenset({"be", "marry", "wed", "meet", "encounter", "face", "play", "fight", "battle", "border",
                             "adjoin", "neighbour", "touch", "resemble", "equal", "match", "mirror", "parallel",
                             "rival", "date", "divorce", "draw", "tie", "partner", "accompany", "join", "kiss"})
#: Prepositions whose object is a participant that trades places with the subject ("give way to", "bought
#: from", "works for"); not "with" or "against", said of both alike, nor of places and times.
DIRECTED_PREPOSITIONS = frozenset({"to", "from", "for", "over", "into", "onto"})


def _participant(token) -> bool:
    return token.pos_ in ("NOUN", "PROPN")


def _with_conjuncts(token) -> list:
    """The token and the members of a list it heads ("walkers and horse riders")."""
    return [token, *[t for t in token.subtree if t.dep_ == "conj" and t.head.i != token.head.i
                     and _participant(t)]]


def _subject(verb):
    """The active subject of ``verb``, a conjoined verb's being its first verb's ("Cyclists must stay ... and
    give way"); None for a passive."""
    while True:
        if any(c.dep_ in ("nsubjpass", "auxpass", "agent") for c in verb.children):
            return None
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is not None or verb.dep_ != "conj":
            return subject
        verb = verb.head


def _objects(verb) -> list:
    """The verb's direct object and the objects of its directed prepositions, with the lists they head."""
    found = []
    for child in verb.children:
        if child.dep_ == "dobj" and _participant(child):
            found += _with_conjuncts(child)
        elif child.dep_ in ("prep", "dative") and child.lower_ in DIRECTED_PREPOSITIONS:
            found += [o for c in child.children if c.dep_ == "pobj" and _participant(c) for o in _with_conjuncts(c)]
    return found


def _span_of(token) -> tuple[int, int, str]:
    """(start char, end char, text) of a participant with its compounds ("horse riders")."""
    first = token
    while first.i > 0 and first.doc[first.i - 1].dep_ == "compound" and first.doc[first.i - 1].head.i == token.i:
        first = first.doc[first.i - 1]
    text = token.doc[first.i:token.i + 1].text
    return first.idx, first.idx + len(text), text


def _swapped_arguments(claim, evidence, edges: list) -> None:
    """Where the claim's subject is an object of the same verb in the evidence and one of the claim's
    objects is that verb's subject there, each is substituted by the other's counterpart."""
    if any(e.op == SUBSTITUTED for e in edges):
        return  # a slot filled otherwise is the difference already
    for verb in claim:
        if verb.pos_ != "VERB" or verb.lemma_.lower() in SYMMETRIC_VERBS:
            continue
        subject = _subject(verb)
        if subject is None or not _participant(subject):
            continue
        lemma, mine, objects = verb.lemma_.lower(), subject.lemma_.lower(), _objects(verb)
        for other in evidence:
            if other.pos_ != "VERB" or other.lemma_.lower() != lemma:
                continue
            their_subject = _subject(other)
            if their_subject is None or not _participant(their_subject):
                continue
            their_subjects = {t.lemma_.lower(): t for t in _with_conjuncts(their_subject)}
            their_objects = {t.lemma_.lower(): t for t in _objects(other)}
            if mine not in their_objects or mine in their_subjects:
                continue
            swapped = next((o for o in objects if o.lemma_.lower() in their_subjects
                            and o.lemma_.lower() != mine and o.lemma_.lower() not in their_objects), None)
            if swapped is None:
                continue
            # The claim's subject takes the evidence's subject, the claim's object the evidence's object, each
            # as the evidence writes it (a phrase: the words of one member of a list, not its head's).
            replacements = ((subject, their_subjects[swapped.lemma_.lower()]), (swapped, their_objects[mine]))
            spans = [(_span_of(c), _span_of(e)) for c, e in replacements]
            edges[:] = [e for e in edges if not any(start <= e.claim_start < end for (start, end, _), _ in spans)]
            for (c_start, c_end, c_text), (e_start, e_end, e_text) in spans:
                edges.append(Edge(SlotKind.PHRASE, SUBSTITUTED, c_text, c_start, c_end, e_text, e_start, e_end,
                                  label=OPPOSITE, score=1.0))
            return

