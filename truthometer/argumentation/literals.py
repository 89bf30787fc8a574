"""Facts from text: a sentence becomes a DeLP literal with arguments, ``relation(subject, value[, time])``
or ``attribute(subject)``, so that two sources about the same subject and relation conflict on the literal
itself ("completed in 1899" against "completed in 1889") and the dialectical tree says what they disagree
about.

The reading is a few dependency patterns over spaCy's parse (the parses ``truthometer.models.parse_many``
keeps), nothing learnt:

- a verb with a subject: ``complete(eiffel_tower, 1889)`` - the relation is the verb's lemma; the value is
  the first number or date it governs (through a preposition or directly), else its object; a year beside
  another value is the time (``set(usain_bolt, "100 m record", 2009)``);
- a quantity named by a noun, "the population of Tokyo was 13 million in 2011" or "Tokyo had a population
  of 14 million": ``population(tokyo, "13 million", 2011)`` - the noun is the relation;
- a copula with a noun or adjective, "Tina is a lady": ``lady(tina)`` (what taxonomy and commonsense rules
  are written over, ``woman(X) <- lady(X).``);
- "not" on the verb makes the literal strongly negated.

A sentence none of these fit has no fact (``None``): the program then keeps the opaque ``claim`` literal.
A relation read this way is taken as *functional* (one value per subject and time): a source stating
another value for the claim's subject and relation contradicts the claim's literal by a strict rule,
``~complete(eiffel_tower, 1899) <- complete(eiffel_tower, 1889).`` (``evidence_program.build_program``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .syntax import Literal

_DETERMINERS = {"the", "a", "an", "this", "that", "these", "those", "its", "their", "his", "her"}
_SUBJECTS = ("nsubj", "nsubjpass")
_MODIFIERS = ("compound", "amod", "nmod", "flat", "poss", "nummod")
#: Verbs too light to name a relation by themselves: the noun they take names it ("had a population of").
_LIGHT = {"have", "be", "reach", "hit", "record", "number", "total"}
_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_IDENT = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class Fact:
    """What one sentence states: ``relation(subject, value[, time])``; ``value`` "" for an attribute."""

    subject: str
    relation: str
    value: str = ""
    time: str = ""
    negated: bool = False

    def literal(self, subject: str | None = None, time: str | None = None) -> Literal:
        args = [subject or self.subject]
        if self.value:
            args.append(self.value)
            when = self.time if time is None else time
            if when:
                args.append(when)
        return Literal(self.negated, self.relation, tuple(args))


def ident(text: str) -> str:
    """A DeLP constant for a phrase: lower case, words joined by '_' ("The Eiffel Tower" -> eiffel_tower);
    a number stays a number ("1,889" -> 1889) and a phrase starting with a digit keeps its words."""
    words = [w for w in text.lower().split() if w not in _DETERMINERS] or text.lower().split()
    joined = " ".join(words).replace(",", "") if re.match(r"^[\d,.]+$", " ".join(words)) else " ".join(words)
    if re.match(r"^-?\d+(?:\.\d+)?$", joined):
        return joined
    if joined[:1].isdigit():
        return re.sub(r"\s+", " ", joined).strip(" .")
    return _IDENT.sub("_", joined).strip("_")


def _predicate(word: str) -> str:
    return _IDENT.sub("_", word.lower()).strip("_")


def _phrase(tok) -> str:
    """The noun phrase a head token names, without determiners or clauses: left modifiers and the head."""
    left = [t for t in tok.lefts if t.dep_ in _MODIFIERS or (t.dep_ == "det" and t.lower_ not in _DETERMINERS)]
    start = min([tok.i] + [min(t.subtree, key=lambda s: s.i).i for t in left])
    end = tok.i + 1
    # A name's number or second part after it belongs to the name ("iPhone 15").
    while end < len(tok.doc) and tok.doc[end].dep_ in ("flat", "nummod", "compound") and tok.doc[end].head == tok:
        end += 1
    text = tok.doc[start:end].text
    named = _of_name(tok)
    if named is not None and tok.pos_ == "PROPN":
        text += " of " + _phrase(named)  # "the Lighthouse of Varn" is one name
    return text


def _number_phrase(tok) -> str:
    """A number with its multiplier and unit ("14 million", "100 m"), or a year."""
    head = tok.head if tok.dep_ in ("nummod", "quantmod", "compound") and tok.head.pos_ in ("NUM", "NOUN") else tok
    words = sorted([t for t in head.subtree if t.dep_ in ("nummod", "quantmod", "compound") or t == head
                    or t.pos_ == "NUM"], key=lambda t: t.i)
    return " ".join(t.text for t in words)


def _is_number(tok) -> bool:
    return tok.like_num or tok.pos_ == "NUM" or tok.ent_type_ in ("DATE", "CARDINAL", "QUANTITY", "MONEY", "PERCENT")


def _values(verb):
    """(kind, token) the verb governs, in order: numbers and dates through a preposition or directly,
    objects and attributes."""
    out = []
    for child in verb.children:
        if child.dep_ == "prep":
            for obj in child.children:
                if obj.dep_ == "pobj":
                    out.append(("number" if _is_number(obj) else "noun", obj, child.lower_))
        elif child.dep_ in ("dobj", "attr", "npadvmod", "acomp", "oprd", "nummod"):
            out.append(("number" if _is_number(child) else "noun", child, ""))
    return out


def _of_number(noun):
    """The number a quantity noun takes with 'of' ("a population of 14 million"), or None."""
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in prep.children:
                if obj.dep_ == "pobj" and _is_number(obj):
                    return obj
    return None


def _of_name(noun):
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in prep.children:
                if obj.dep_ == "pobj" and obj.pos_ == "PROPN":
                    return obj
    return None


def _year(tok) -> str:
    return tok.text if _YEAR.match(tok.text) else ""


def extract_fact(doc) -> Fact | None:
    """The fact the first sentence of a parsed ``doc`` states, or None where no pattern fits."""
    try:
        sent = next(iter(doc.sents))
    except (StopIteration, ValueError):
        return None
    root = sent.root
    if root.pos_ not in ("VERB", "AUX"):
        return None
    subjects = [t for t in root.children if t.dep_ in _SUBJECTS]
    if not subjects:
        return None
    subject_tok = subjects[0]
    negated = any(t.dep_ == "neg" for t in root.children)
    subject = ident(_phrase(subject_tok))
    relation = _predicate(root.lemma_)
    values = _values(root)
    time = next((_year(t) for kind, t, _ in values if kind == "number" and _year(t)), "")
    # "The population of Tokyo was 13 million": the noun names the relation, its 'of' the subject.
    owner = _of_name(subject_tok) if subject_tok.pos_ == "NOUN" else None
    if owner is not None:
        number = next((t for kind, t, _ in values if kind == "number" and not (_year(t) and t.text == time)), None)
        if number is not None:
            return Fact(ident(_phrase(owner)), _predicate(subject_tok.lemma_), ident(_number_phrase(number)),
                        time, negated)
    if root.lemma_ in _LIGHT:
        for kind, tok, _ in values:
            if kind == "noun" and tok.pos_ == "NOUN" and (number := _of_number(tok)) is not None:
                return Fact(subject, _predicate(tok.lemma_), ident(_number_phrase(number)), time, negated)
    if root.lemma_ == "be":
        # A copula with a noun or adjective and nothing more: an attribute of the subject ("Tina is a lady").
        for kind, tok, _ in values:
            if kind == "noun" and tok.dep_ in ("attr", "acomp") and tok.pos_ in ("NOUN", "ADJ") \
                    and not any(c.dep_ == "prep" for c in tok.children):
                return Fact(subject, _predicate(tok.lemma_), "", "", negated)
        return None
    numbers = [t for kind, t, _ in values if kind == "number"]
    objects = [t for kind, t, _ in values if kind == "noun" and t.dep_ == "dobj"]
    if objects and numbers and all(_year(t) for t in numbers):
        # "won the Nobel Prize in 1903": the object is what was won, the year when.
        return Fact(subject, relation, ident(_phrase(objects[0])), _year(numbers[0]), negated)
    if numbers:
        value = numbers[0]
        rest_time = next((_year(t) for t in numbers[1:] if _year(t)), "")
        return Fact(subject, relation, ident(_number_phrase(value)), rest_time, negated)
    nouns = [t for kind, t, _ in values if kind == "noun" and t.dep_ in ("dobj", "attr", "oprd")]
    if nouns:
        return Fact(subject, relation, ident(_phrase(nouns[0])), time, negated)
    return None


def same_subject(a: str, b: str) -> bool:
    """Whether two subject constants name the same thing: equal, or one's words within the other's with
    the same last word ("tower" and "eiffel_tower")."""
    if a == b:
        return True
    wa, wb = a.split("_"), b.split("_")
    return bool(wa and wb) and wa[-1] == wb[-1] and (set(wa) <= set(wb) or set(wb) <= set(wa))


def facts_for(texts: list[str], parsed: dict | None = None) -> dict[str, Fact | None]:
    """{text: Fact or None}; ``parsed`` ({text: spaCy Doc}) is used where given, else the texts are parsed
    (``models.parse_many``). Without the spaCy model no text has a fact."""
    parsed = dict(parsed or {})
    missing = [t for t in dict.fromkeys(texts) if t not in parsed]
    if missing:
        try:
            from ..models import parse_many

            parsed.update(parse_many(missing))
        except Exception:  # no parser: every text keeps the opaque literal
            return {t: (extract_fact(parsed[t]) if t in parsed else None) for t in texts}
    out = {}
    for t in texts:
        try:
            out[t] = extract_fact(parsed[t])
        except Exception:  # a parse no pattern expected must not stop the argumentation
            out[t] = None
    return out
