"""Shared vocabulary of the alignment: the ops (equal, substituted, unconfirmed), the entity label families,
the edge labels, the data classes every part builds on (``AlignedToken``, ``Edge``, ``Slot``), spelling
normalisation, unit lookup, and the two tests nearly every rule asks: whether a token is a content word and
whether a slot lies in the claim's subject. It imports nothing else of the package, so every other module
can import it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

# The label sets and the negators are the text layer's; the rest of the package reads them from here.
from ..text.names import ENTITY_LABELS, NUMERIC_LABELS, families
from ..text.negation import CLAUSE_NEGATORS as NEGATORS, NEGATIVE_IMPLICATIVES
from ..text.quantities import canonical, currency, unit
from ..vocabulary import SlotKind


EQUAL, SUBSTITUTED, UNCONFIRMED = "equal", "substituted", "unconfirmed"

# The small NER model often confuses PERSON/ORG and GPE/LOC/FAC: counterparts are sought by family.
_FAMILY = families("agent", "place", "norp")


def unit_of(word: str) -> tuple[str, str]:
    """(dimension, canonical unit) of a unit word; an unknown word is its own dimension.

    Same canonical unit: substitute the number only; same dimension, different unit: substitute number
    and unit together ("1 litre" -> "500 ml"). The table is the text layer's (``text.quantities``)."""
    found = unit(word)
    if found is None:
        money = currency(word)
        if money:
            return f"money in {money}", money  # "€" and "euros" are one unit; another currency is none
        w = word.lower()
        return (w, w)
    return found[0], canonical(word)


def _in_unit(value: float, from_unit: str, to_unit: str) -> str | None:
    """``value`` ``from_unit`` written in ``to_unit`` when that is a whole number ("three decades" ->
    "30" years) and ``to_unit`` is at most a thousandth of ``from_unit`` (kilometres in metres, not years in
    minutes: "within 6,311,520 minutes" is no way to write 12 years), else None."""
    a, b = unit(from_unit), unit(to_unit)
    if a is None or b is None or a[0] != b[0] or a[2] or b[2] or a[1] > 1000 * b[1]:
        return None
    x = value * a[1] / b[1]
    if x < 1 or abs(x - round(x)) > 1e-6:
        return None
    return f"{round(x):,}"


@lru_cache(maxsize=200_000)
def normalise(text: str) -> str:
    """Lower case without accents or punctuation, for comparing spellings."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.findall(r"\w+", text.lower()))


# --------------------------------------------------------------------------------------------------
# Data


@dataclass
class AlignedToken:
    """One claim token: its diff op and the evidence span it maps to (character offsets)."""

    text: str
    start: int
    end: int
    op: str  # equal | substituted | unconfirmed
    kind: str = ""  # slot kind when the token belongs to a slot, else ""
    evidence_text: str = ""
    evidence_start: int = -1
    evidence_end: int = -1
    whitespace: str = ""


@dataclass
class Edge:
    """A claim slot mapped to its evidence counterpart."""

    kind: str  # entity | number | date | code | attribute | noun | predicate | negation
    op: str
    claim_text: str
    claim_start: int
    claim_end: int
    evidence_text: str = ""
    evidence_start: int = -1
    evidence_end: int = -1
    granularity: str = ""  # year | month | day | decade for dates; unit for numbers
    label: str = ""  # NER label or dependency relation, or OTHER_SUBJECT
    score: float = 0.0


@dataclass
class Slot:
    kind: str
    i: int  # token range in the doc
    j: int
    label: str = ""
    value: Any = None
    unit: str = ""  # canonical unit
    dimension: str = ""
    granularity: str = ""
    head: int = -1  # token index of the syntactic head (outside the slot)
    unit_j: int = -1  # end of the unit tokens after a number (exclusive), when there is a unit

    def text(self, doc) -> str:
        return doc[self.i:self.j].text


def _content(t) -> bool:
    return not (t.is_stop or t.is_punct or t.is_space) and t.lower_ not in NEGATORS


def _in_subject(claim, slot: Slot) -> bool:
    root = claim[:].root
    for child in root.children:
        if child.dep_ in ("nsubj", "nsubjpass", "expl", "csubj"):
            if child.left_edge.i <= slot.i and slot.j - 1 <= child.right_edge.i:
                return True
    return False


#: The label of a claim subject the evidence names only inside a clause about another subject.
OTHER_SUBJECT = "other subject"
#: The label of a slot the evidence names only to deny it ("in the chloroplasts, not in the mitochondria").
DENIED = "denied"
#: The label of a claim adjective the evidence replaces by its antonym.
OPPOSITE = "opposite"


def entity_of(tok):
    """The named entity (a Span) ``tok`` is part of, or None."""
    return next((e for e in tok.doc.ents if e.start <= tok.i < e.end), None)


def another_verb_is_no_correction(edges: list) -> None:
    """A slot a pass substituted is a difference: another verb is then no longer the one difference, and no
    correction (as the pairing decides for the slots it substitutes)."""
    for e in edges:
        if e.kind == SlotKind.PREDICATE and e.op == SUBSTITUTED and e.label != OPPOSITE:
            e.op = UNCONFIRMED
