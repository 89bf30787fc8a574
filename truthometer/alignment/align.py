"""Syntactic–semantic alignment of a claim with an evidence sentence (Galitsky, Truth-O-Meter).

Truth-O-Meter corrects a sentence by aligning its parse with the parse of a trusted evidence sentence:
each *slot* of the claim — a named entity, a number with its unit, a date part (year, month, day), a
code, an attribute (adjective, nationality, compound modifier), the complement noun of a predicate, and
the polarity — is mapped to its counterpart of the same type in the evidence. A slot the evidence
states the same way (same lemma, same value, a close paraphrase by embedding similarity or fuzzy
spelling) is ``equal``; a slot whose counterpart differs is ``substituted`` (the counterpart is the
correction); a slot the evidence says nothing about is ``unconfirmed`` (no correction, a note).

The counterpart is chosen by role and place: same dependency relation under the same head lemma
scores highest, then proximity to the *anchors* — claim words the evidence repeats — so that in
"the driver's side blade is 650 mm (26 in) long, and the passenger's side blade is 450 mm (18 in)" the
driver's 18 inches map to 26 in, not to the equal-valued 18 in of the passenger's blade.

When nothing in the claim contradicts the evidence but a content word is unconfirmed, one word may
still be substituted by a fallback: the evidence word of the same form, absent from the claim,
semantically close (embedding similarity) or hanging from the same shared word, and near the anchors
("football unions" / "basketball clubs"). Negative implicatives ("refused to model", "was unable to
appear", "has yet to write") negate their complement verb, which is then the claim's predicate; so do
"died before finishing" and, for a copula's complement, "is something other than a film".

Some words are placed by more than their governor: a date or number by the verb whose event it dates
("premiered ... on September 2, 2014", not "beginning in 2013"), a name in apposition by the noun it
names ("from his second album, Kryptonite"), an adjective by what else the claim says of its noun ("its
final season" / "its eighth and final season"). Some are no counterparts at all: a bare definite noun
("The disease starts ...") refers back to the subject; a verb the claim uses elsewhere, or one whose
participants are not the claim verb's, tells another event. Some are the same: a derived word ("drums" /
"drummer"), a place and its adjective ("Africa" / "African"), an amount in another unit ("50 years" /
"five decades"), a close noun under a shared modifier ("country performer" / "country singer"). And a
preposition stating the contrary relation to the same object is a slot ("born outside of" / "born in").
A title of several words in apposition to a common noun ("the album One of the Boys") is one name,
whatever the small model tags of it, and names of one noun name the same thing ("her album , One of the
Girls"). The object of a verb and the classifier of the agent noun derived from it play one role
("taught history" / "a physics teacher"). A year is in a decade ("born in the fifties" / "born July 20,
1947"), and corrects it in the claim's way of writing decades ("forties", "1940s"). An amount in another
unit corrects the claim's in the claim's unit when it is a whole number of it ("three decades" -> "30 years").
An end of a range of numbers pairs with the same end of a range of the same unit, and a range stated alike
is the same statement whatever else binds the number ("four to six hours" / "4 to 6 hours").
The object of a kind noun ("in the genre of comedy") classifies the subject: its counterpart is the
classifier of what the evidence says the subject is ("an American crime drama series" -> "crime drama").
An object with no word in common with the evidence's object of the same preposition and governor is
replaced whole ("formed by three students" -> "formed by a group of retired teachers"). A day the evidence
gives to another event corrects the claim's verb ("graduated college on June 26, 1980" / "( born June 26,
1980 )" -> "was born on"). A place binds to where the evidence puts the thing, not to a landmark of a
modifier ("located in Kenya" / "in northeastern Tanzania, close to the border with Kenya" -> Tanzania), and
places in different relations (another preposition under another word, one of a noun and one of a verb:
"the driest desert on Earth" / "lies along the Pacific coast") do not pair. A name made of the claim's own
name ("San Diegans" for "San Diego Comic-Con"), or naming the evidence's subject ("It was founded as X"),
is no counterpart. A date the evidence gives to another verb does not date the claim's event, and a
range's end is read from the whole date and the verb dating the slot ("was born in 1925 and died in
1985" / "( 12 May 1920 – 3 March 1990 )"). A kind noun ("the genre of X") keeps its place and only its
object is corrected.

Roles read through other words: the subject of "X is the network that aired Y" is the medium after "on"
("the series ran on CBS"); a cause the evidence gives ("as the result of volcanic eruptions") is the agent
of the claim's passive ("formed by earthquakes"); the field a claim puts its subject in ("involved in
politics") is the activity of what the evidence says the subject is ("an actor": acting); an act the
evidence names by its noun ("the increase in food security") is the claim's verb ("threatens food
security"). A count in a year is the number of items the evidence's list dates that year; a comparative
with no "than" ("in inherited cases it starts earlier") is settled by the case's number against the
usual one; a place in apposition to another ("Stavanger , Norway") locates that place, not the subject;
"lack of X" is the claim's error where the evidence states X undenied, and agrees with "no X".
"""
from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from .. import models
from ..config import Config
from ..judging import lexicon
from ..judging.nli.word_table import word_config
from ..judging.quantities import (DECADE_WORDS, FRACTIONS, FREQUENCY_UNIT, WORD_NUMBERS, bound_at, bounded_amounts,
                                  bounds_apply, canonical, comparable, currency, currency_before, degrees_unit,
                                  fraction_after, fraction_of_unit, frequency, hedged, limit_at, near, number_value,
                                  quantity, same_quantity, same_when_rounded, unit)
from ..judging.rules import (ACRONYM_SKIPS, MONTH_BY_ABBR, MONTH_NAMES, abbreviates, acronym, initials, period_years,
                             range_joined)

EQUAL, SUBSTITUTED, UNCONFIRMED = "equal", "substituted", "unconfirmed"

#: Cosine similarity of two phrases' embeddings at or above which they count as the same (paraphrase).
PARAPHRASE_THRESHOLD = 0.72
#: rapidfuzz ratio at or above which two spellings count as the same ("Noel Coward" / "Noël Coward").
FUZZY_THRESHOLD = 92

ENTITY_LABELS = {"PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW",
                 "LANGUAGE"}
NUMERIC_LABELS = {"CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"}
# The small NER model often confuses PERSON/ORG and GPE/LOC/FAC: counterparts are sought by family.
_FAMILY = {"PERSON": "agent", "ORG": "agent", "GPE": "place", "LOC": "place", "FAC": "place",
           "NORP": "nationality", "LANGUAGE": "nationality"}
_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})$")
_DECADE = re.compile(r"^(1[0-9]{3}|20[0-9]{2})s$")
_CODE = re.compile(r"^[A-Z]{1,4}-?\d{1,4}[A-Z]?$")
NEGATORS = {"not", "n't", "never", "no"}
# Verbs that negate their complement: "declined to model" states that she did not model.
NEGATIVE_IMPLICATIVES = {"fail", "refuse", "decline", "avoid", "lack", "unable", "incapable", "stop",
                         "cease", "deny", "reject"}

def unit_of(word: str) -> tuple[str, str]:
    """(dimension, canonical unit) of a unit word; an unknown word is its own dimension.

    Same canonical unit: substitute the number only; same dimension, different unit: substitute number
    and unit together ("1 litre" -> "500 ml"). The table is the judge's (``judging.quantities``)."""
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
    "30" years), else None."""
    a, b = unit(from_unit), unit(to_unit)
    if a is None or b is None or a[0] != b[0] or a[2] or b[2]:
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


#: Verbs of saying: their subject is a speaker, and what the sentence claims is what is said.
_REPORTING = {"say", "tell", "claim", "warn", "argue", "state", "write", "report", "note", "add", "explain",
              "insist", "suggest", "announce", "predict"}


@dataclass
class Alignment:
    """Claim tokens with diff ops, the slot edges, and polarity; drawable by the UI."""

    claim: str
    evidence: str
    tokens: list[AlignedToken] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    claim_negated: bool = False
    evidence_negated: bool = False
    polarity_mismatch: bool = False
    coverage: float = 0.0  # share of the claim's content words the evidence repeats
    claim_doc: Any = field(default=None, repr=False, compare=False)
    evidence_doc: Any = field(default=None, repr=False, compare=False)

    @property
    def substituted(self) -> list[Edge]:
        return [e for e in self.edges if e.op == SUBSTITUTED]

    @property
    def unconfirmed(self) -> list[Edge]:
        return [e for e in self.edges if e.op == UNCONFIRMED]

    @property
    def subject_substituted(self) -> bool:
        """Whether a slot of the claim's subject is substituted: the evidence is about another subject."""
        doc = self.claim_doc
        if doc is None or not len(doc):
            return False
        return any(self._edge_in_subject(edge) for edge in self.substituted)

    def _claim_span(self, edge):
        return self.claim_doc.char_span(edge.claim_start, edge.claim_end, alignment_mode="expand")

    def _edge_in_subject(self, edge) -> bool:
        """Whether the edge's claim words lie in the claim's subject."""
        span = self._claim_span(edge)
        return span is not None and _in_subject(self.claim_doc, Slot(edge.kind, span.start, span.end))

    @property
    def about_another_participant(self) -> bool:
        """Whether the evidence never names the claim's subject (a name) and is about another participant
        of the claim instead: "The Millers is an American sitcom" for "ABC is the network that aired The
        Millers". Such evidence can say nothing of the claim's subject."""
        doc, edoc = self.claim_doc, self.evidence_doc
        if doc is None or edoc is None or not len(doc) or not len(edoc):
            return False

        def is_subject(edge) -> bool:
            # The subject itself, not a modifier of it: "Arctic sea ice" is named by "sea ice".
            span = self._claim_span(edge)
            return span is not None and span.root.dep_ in ("nsubj", "nsubjpass") \
                and span.root.head.i == doc[:].root.i

        if doc[:].root.lemma_.lower() in _REPORTING or not any(e.kind == "entity" and is_subject(e)
                                                                for e in self.unconfirmed):
            return False  # "..., Christy said": the speaker is not what the claim is about
        subject = next((c for c in edoc[:].root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is None:
            return False
        span = range(subject.left_edge.idx, subject.right_edge.idx + len(subject.right_edge.text))
        return any(e.op == EQUAL and e.evidence_start in span and not self._edge_in_subject(e) for e in self.edges)

    @property
    def contradicts(self) -> bool:
        """A slot the evidence fills differently, or the opposite polarity."""
        return bool(self.substituted) or self.polarity_mismatch

    @property
    def flagged(self) -> bool:
        """Not confirmed in full: any slot substituted or unconfirmed, or the opposite polarity."""
        return self.contradicts or bool(self.unconfirmed)

    @property
    def confirms(self) -> bool:
        """Confirmed in full: the claim has slots, the evidence states each of them the same way, and its
        predicate, with the same polarity. Slots alone are not enough: "In 1986, O'Neal died" has the
        date and the name of "In 1986, O'Neal married"."""
        return bool(self.edges) and not self.flagged and self.claim_doc is not None \
            and self.evidence_doc is not None and _predicate_stated(self)

    def to_dict(self) -> dict[str, Any]:
        return {"claim": self.claim, "evidence": self.evidence,
                "tokens": [asdict(t) for t in self.tokens], "edges": [asdict(e) for e in self.edges],
                "claim_negated": self.claim_negated, "evidence_negated": self.evidence_negated,
                "polarity_mismatch": self.polarity_mismatch, "coverage": round(self.coverage, 4)}

    def to_html(self, substitutions=()) -> str:
        return alignment_html(self, substitutions)


def _predicate_stated(alignment: Alignment) -> bool:
    """The evidence states the claim's main verb: paired with it, or in the same or a derived word
    ("developed" / "development"). A copula's predicate is its complement, a slot of its own."""
    root = alignment.claim_doc[:].root
    lemma = root.lemma_.lower()
    if lemma == "be" or any(e.kind == "predicate" and e.op == EQUAL for e in alignment.edges):
        return True
    if lemma in ("bear", "die") and any(e.kind == "date" and e.op == EQUAL and _life_span_end(
            alignment.evidence_doc, e.evidence_start) == lemma for e in alignment.edges):
        return True
    return any(t.lemma_.lower() == lemma or _derived(t.lemma_, lemma) for t in alignment.evidence_doc)


def _life_span_end(doc, char: int) -> str | None:
    """ "bear" or "die" for a date inside a life span in brackets ("Anne Sullivan ( April 14 , 1866 --
    October 20 , 1936 )"): the date before the dash is the birth, the one after it the death."""
    at = next((t for t in doc if t.idx <= char < t.idx + len(t.text)), None)
    if at is None:
        return None
    opening = next((t for t in reversed(doc[:at.i]) if t.text in "()"), None)
    closing = next((t for t in doc[at.i:] if t.text in "()"), None)
    if opening is None or opening.text != "(" or closing is None or closing.text != ")":
        return None
    dashes = [t for t in doc[opening.i + 1:closing.i] if t.text in ("-", "–", "—", "--")]
    if len(dashes) != 1:
        return None
    return "bear" if at.i < dashes[0].i else "die"


def alignment_html(alignment: Alignment, substitutions=()) -> str:
    """An inline diff of the claim: substituted slots struck through with the evidence's words beside,
    unconfirmed words underlined; every piece of text escaped (claims and evidence are hostile).

    ``substitutions`` (the correction proposed from this alignment) are drawn as the correction makes them:
    a slot's substitution takes more than the slot ("about 1,400" -> "over 2,300", "a writer" -> "an
    author"), and the diff shows what the reviewer accepts."""
    esc = html.escape
    parts = ['<span class="tom-alignment">']
    if alignment.polarity_mismatch:
        parts.append('<span class="tom-polarity" title="the evidence states the opposite polarity">'
                     '&#8800; polarity</span> ')
    previous_edge = None
    edge_of = {}
    for e in alignment.edges:
        for t in alignment.tokens:
            if e.claim_start <= t.start and t.end <= e.claim_end:
                edge_of[t.start] = e
    replaced = {}  # token start -> the substitution it falls in
    for sub in substitutions:
        inside = [t for t in alignment.tokens if sub.start <= t.start and t.end <= sub.end]
        replaced.update((t.start, (sub, t is inside[-1])) for t in inside)  # none for an insertion: as before
    for t in alignment.tokens:
        edge = edge_of.get(t.start)
        if t.start in replaced:
            sub, last = replaced[t.start]
            parts.append(f'<del class="tom-sub" title="{esc(sub.kind)}">{esc(t.text)}</del>')
            if last:
                parts.append(f'<ins class="tom-sub" title="{esc("evidence: " + sub.evidence)}">{esc(sub.to)}</ins>')
        elif t.op == SUBSTITUTED:
            parts.append(f'<del class="tom-sub" title="{esc(t.kind)}">{esc(t.text)}</del>')
            if edge is not None and edge is not previous_edge and (
                    t.end == edge.claim_end or not any(x.start > t.start and edge_of.get(x.start) is edge
                                                       for x in alignment.tokens)):
                parts.append(f'<ins class="tom-sub" title="{esc("evidence: " + edge.evidence_text)}">'
                             f'{esc(edge.evidence_text)}</ins>')
                previous_edge = edge
        elif t.op == UNCONFIRMED:
            parts.append(f'<u class="tom-unconfirmed" title="not confirmed by the evidence">{esc(t.text)}</u>')
        else:
            title = f' title="{esc("evidence: " + t.evidence_text)}"' if t.evidence_text else ""
            parts.append(f'<span class="tom-equal"{title}>{esc(t.text)}</span>')
        parts.append(esc(t.whitespace))
    parts.append("</span>")
    return "".join(parts)


# --------------------------------------------------------------------------------------------------
# Slots


_WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
_CLOCK = re.compile(r"^(\d{1,2})[:.](\d{2})$")
#: Hours a meridiem adds: "6 p.m." is 18:00.
_MERIDIEM = {"am": 0, "a.m.": 0, "a.m": 0, "pm": 12, "p.m.": 12, "p.m": 12}


def clock_time(doc, i: int) -> tuple[int, int] | None:
    """(minutes after midnight, end token) of a time of day written from token ``i`` ("9:00", "18:00",
    "10 a.m.", "6 pm", "9.30 a.m."); None when none is written there ("9.30" alone is a decimal)."""
    t = doc[i]
    after = doc[i + 1].lower_ if i + 1 < len(doc) else ""
    written = _CLOCK.match(t.text)
    if written:
        hours, minutes = int(written[1]), int(written[2])
    elif t.text.isdigit() and after in _MERIDIEM:
        hours, minutes = int(t.text), 0
    else:
        return None
    if after in _MERIDIEM:
        return ((hours % 12 + _MERIDIEM[after]) * 60 + minutes, i + 2) if 1 <= hours <= 12 and minutes < 60 else None
    return (hours * 60 + minutes, i + 1) if ":" in t.text and hours < 24 and minutes < 60 else None


def clock_text(minutes: int, like) -> str:
    """A time of day written the way ``like`` (a span) writes one: "9 a.m." after "10 a.m.", "9:00" after
    "10:00"."""
    hours, rest = divmod(minutes, 60)
    suffix = next((t.text for t in like if t.lower_ in _MERIDIEM), "")
    if not suffix:
        return f"{hours}:{rest:02d}"
    if (hours >= 12) != (_MERIDIEM[suffix.lower()] == 12):
        swap = {"a": "p", "p": "a", "A": "P", "P": "A"}
        suffix = swap[suffix[0]] + suffix[1:]
    return f"{hours % 12 or 12}{f':{rest:02d}' if rest else ''} {suffix}"


def _is_year(tok) -> bool:
    return bool(_YEAR.match(tok.text)) and tok.like_num


def _month(tok) -> str | None:
    w = tok.text.lower().rstrip(".")
    if w in MONTH_NAMES:
        return w
    return MONTH_BY_ABBR.get(w) if tok.text[:1].isupper() else None


def _day(tok) -> int | None:
    m = re.match(r"^(\d{1,2})(st|nd|rd|th)?$", tok.text.lower())
    if m and 1 <= int(m.group(1)) <= 31:
        return int(m.group(1))
    return None


#: Words of order in time, by the direction they point.
_ORDER_SIGN = {"before": -1, "after": 1}
_ORDER = frozenset(_ORDER_SIGN)
#: Words that multiply the number before them.
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_ORDINAL_NUMBERS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                    "eleventh", "twelfth"]
_ORDINALS = frozenset(_ORDINAL_NUMBERS)


#: Label of a rank a superlative states: "the second-largest lake" is rank 2 by size, "the largest" rank 1.
RANK = "RANK"


def superlative_rank(doc, i: int) -> tuple[int, int, int, str] | None:
    """(start, end, rank, quality) of a superlative at token ``i`` with the ordinal written before it:
    "second most visited" (2, "visited"), "third-largest" (3, "large"), "largest" (1, "large"). None for
    another token, and for "one of the largest", which names no rank."""
    t = doc[i]
    if t.tag_ == "JJS" and t.lower_ not in ("most", "least"):
        quality, end = t.lemma_.lower(), i + 1
    elif t.lower_ == "most" and t.tag_ == "RBS" and t.head.i > i and t.head.pos_ in ("ADJ", "VERB") \
            and t.head.i - i <= 2:
        quality, end = t.head.lower_, t.head.i + 1  # "most visited": the word, whatever its tag
    else:
        return None
    start, rank = i, 1
    k = i - 1 if i > 0 and doc[i - 1].text in ("-", "–") else i
    if k > 0 and (value := ordinal_value(doc[k - 1].lower_)) is not None:
        start, rank = k - 1, value
    before = " ".join(x.lower_ for x in doc[max(start - 3, 0):start])
    if before.endswith(("one of the", "among the", "one of its", "one of his", "one of her", "one of their")):
        return None
    return start, end, rank, quality


def _is_ordinal(tok) -> bool:
    return tok.lower_ in _ORDINALS and tok.pos_ == "ADJ"


def ordinal_value(word: str) -> int | None:
    """1 for "first" or "1st", 22 for "22nd"; None for any other word."""
    if word in _ORDINAL_NUMBERS:
        return _ORDINAL_NUMBERS.index(word) + 1
    found = re.fullmatch(r"(\d+)(st|nd|rd|th)", word)
    return int(found.group(1)) if found else None


def _unit_tokens(doc, k: int, limit: int) -> tuple[str, int]:
    """The unit after a number at k ('40 psi', '3 °C', '200 to 400 mg'): (unit text, end index)."""
    k += 1
    if k + 1 < limit and doc[k].lower_ in ("to", "-", "–", "and", "or") and doc[k + 1].like_num:
        k += 2
    if k + 1 < limit and doc[k].text in ("-", "–") and not doc[k - 1].whitespace_ and doc[k + 1].is_alpha:
        k += 1  # "a 102-story skyscraper" counts stories
    if k < limit and doc[k].text == "°" and k + 1 < limit:
        return "°" + doc[k + 1].text.lower(), k + 2
    if k + 1 < limit and (degrees := degrees_unit(doc[k].text, doc[k + 1].text)):
        return degrees, k + 2  # "212 degrees Fahrenheit"
    if k < limit and doc[k].text.startswith("°"):
        return doc[k].text.lower(), k + 1
    if k < limit:
        t = doc[k]
        if t.text == "%" or unit(t.lower_) is not None or (t.is_alpha and not t.is_stop and t.pos_ != "PROPN"
                                                    and _month(t) is None and not t.text[:1].isupper()):
            return t.text.lower(), k + 1
    return "", -1


def extract_slots(doc) -> list[Slot]:
    """The claim's comparable slots: entities, numbers with units, date parts, codes, attributes,
    predicate complements. Sorted by position; no two slots share a token."""
    slots: list[Slot] = []
    taken: set[int] = set()

    def add(slot: Slot):
        slot.head = _external_head(doc, slot.i, slot.j)
        slots.append(slot)
        taken.update(range(slot.i, slot.j))

    _titles_in_apposition(doc, add)
    for ent in doc.ents:
        if ent.start > 0 and degrees_unit(doc[ent.start - 1].text, ent.text):
            continue  # "Fahrenheit" in "32 degrees Fahrenheit" is the number's unit, whatever NER says
        if ent.label_ in ENTITY_LABELS and not any(_is_year(t) for t in ent) and not taken & set(
                range(ent.start, ent.end)):
            if len(ent) == 1 and _CODE.match(ent.text) and any(c.isdigit() for c in ent.text):
                add(Slot("code", ent.start, ent.end, label="CODE", value=ent.text.upper()))
                continue
            start = ent.start + (1 if ent[0].lower_ == "the" and len(ent) > 1 else 0)
            start = _title_start(doc, start, taken)
            while ent.label_ == "PERSON" and start > 0 and start - 1 not in taken \
                    and _first_name_left_out(doc[start - 1], start, ent.end):
                start -= 1
            end = ent.end - (1 if ent[-1].text in ("'s", "'", "’s") and ent.end - start > 1 else 0)
            while end - start > 1 and doc[end - 1].pos_ in ("VERB", "AUX", "ADP") and doc[end - 1].is_lower:
                end -= 1  # "The Second World War ended in", as the small model tags it: no name ends so
            label = ent.label_
            if label == "PERSON":
                end = _rest_of_name(doc, end, taken)
                if end - start == 1 and start > 0 and doc[start - 1].lower_ == "the" \
                        and lexicon.common_noun(doc[start].text):
                    label = ""  # "the Moon" is no person, whatever the small model says: its kind is unknown
            add(Slot("entity", start, end, label=label, value=normalise(doc[start:end].text)))
    _untagged_names(doc, slots, taken, add)
    lows = [t.lower_ for t in doc]
    for t in doc:
        if t.i in taken or t.is_punct or t.is_space:
            continue
        if _is_year(t) and t.text.endswith("0") and t.i + 1 < len(doc) and doc[t.i + 1].text in ("'s", "’s"):
            # "the early 1970 's" is a decade written apart: the year's digits are the slot.
            add(Slot("date", t.i, t.i + 1, label="DATE", value=t.text + "s", granularity="decade"))
        elif t.lower_.rstrip("s") in _WEEKDAYS and t.text[:1].isupper():
            add(Slot("date", t.i, t.i + 1, label="DATE", value=t.lower_.rstrip("s"), granularity="weekday"))
        elif (clock := clock_time(doc, t.i)) is not None:
            add(Slot("date", t.i, clock[1], label="TIME", value=clock[0], granularity="time"))
        elif _is_year(t):
            add(Slot("date", t.i, t.i + 1, label="DATE", value=int(t.text), granularity="year"))
        elif _DECADE.match(t.text):
            add(Slot("date", t.i, t.i + 1, label="DATE", value=t.text, granularity="decade"))
        elif t.lower_ in DECADE_WORDS and t.i > 0 and doc[t.i - 1].lower_ in ("the", "early", "mid", "late"):
            # "born in the fifties": a decade of an unsaid century ("her fifties" is an age).
            add(Slot("date", t.i, t.i + 1, label="DATE", value=f"{DECADE_WORDS[t.lower_]}s", granularity="decade"))
        elif _month(t) and (t.ent_type_ == "DATE" or any(_day(x) or _is_year(x) for x in
                                                         doc[max(0, t.i - 2):t.i + 3])):
            add(Slot("date", t.i, t.i + 1, label="DATE", value=_month(t), granularity="month"))
        elif _day(t) is not None and any(_month(x) for x in doc[max(0, t.i - 2):t.i + 3] if x.i != t.i):
            add(Slot("date", t.i, t.i + 1, label="DATE", value=_day(t), granularity="day"))
        elif _CODE.match(t.text) and any(c.isdigit() for c in t.text) and not t.like_num:
            add(Slot("code", t.i, t.i + 1, label="CODE", value=t.text.upper()))
        elif (often := frequency(lows, t.i)) is not None:
            # "twice daily", "three times a day": one amount, in times per day.
            add(Slot("number", t.i, often[1], label="CARDINAL", value=often[0], unit=FREQUENCY_UNIT,
                     dimension="frequency"))
        elif ((t.like_num or t.lower_ in WORD_NUMBERS) and number_value(t.text) is not None
              or fraction_of_unit(lows, t.i) is not None) and t.lower_ not in _SCALES:
            # "one and a half litres", "half a millimetre": the fraction is part of the number.
            fraction, extra = fraction_after(lows, t.i)
            if t.lower_ in FRACTIONS:
                value, k = fraction_of_unit(lows, t.i), t.i + 1  # "half a": the article goes with it
            else:
                value, k = number_value(t.text) + fraction if fraction else number_value(t.text), t.i + extra
            # "1.5 million residents" is 1,500,000 residents: the scale is part of the number, not its unit.
            scaled = k + 1 < len(doc) and doc[k + 1].lower_ in _SCALES
            value *= _SCALES[doc[k + 1].lower_] if scaled else 1
            unit_word, unit_j = _unit_tokens(doc, k + scaled, len(doc))
            if not unit_word and (lows[max(t.i - 2, 0):t.i] == ["age", "of"] or t.i and lows[t.i - 1] == "aged"):
                unit_word = "year"  # "died at the age of 66": an age is a length of time
            if unit_j < 0 and (money := currency_before(doc, t.i)):
                unit_word = money  # "€12" is 12 euros
            hyphened = t.i + 1 < len(doc) and doc[t.i + 1].text in ("-", "–")  # "a 102-story skyscraper"
            counted = _counted_noun(t) if unit_j > 0 and unit(unit_word) is None and not hyphened else None
            # Not a measure ("105,000 square kilometres" is an area, which no length corrects).
            if counted is not None and counted.i >= unit_j and unit(counted.text.lower()) is None:
                # A count's unit is the noun it counts, not a modifier in between: "zero training films"
                # and "400 propaganda and training films" count films; the modifier is its own slot.
                unit_word, unit_j = counted.lemma_.lower(), -1
            if unit_j > 0 and unit(unit_word) is None and not currency(unit_word):
                unit_word = doc[unit_j - 1].lemma_.lower()  # a count of teeth is a count of "tooth"
            dim, canon = unit_of(unit_word) if unit_word else ("", "")
            add(Slot("number", t.i, k + 1 + scaled, label=t.ent_type_ or "CARDINAL", value=value,
                     unit=canon, dimension=dim, unit_j=unit_j))
            if unit_j > 0:
                taken.update(range(t.i + 1, unit_j))  # the unit is part of the number's slot
    for t in doc:
        # Ordinals and the order of events are stop words but slots all the same ("her first album" /
        # "her second album", "named after the split" / "named before the split").
        if t.i in taken or (t.is_stop and not _is_ordinal(t) and t.lower_ not in _ORDER) or t.is_punct:
            continue
        if t.lower_ in _ORDER and t.dep_ in ("mark", "prep"):
            add(Slot("attribute", t.i, t.i + 1, label=t.dep_, value=t.lower_))
        elif _hyphen_modifier(t):
            # "the worst-selling singles": the word before the hyphen is what the compound says.
            add(Slot("attribute", t.i, t.i + 1, label="hyphen", value=t.lemma_.lower()))
        elif t.pos_ == "ADV" and t.dep_ == "advmod" and t.head.pos_ == "ADJ":
            # A degree adverb qualifies its adjective: "barely residential" / "highly residential".
            add(Slot("attribute", t.i, t.i + 1, label="advmod", value=t.lemma_.lower()))
        elif (t.pos_ == "ADJ" and t.dep_ in ("amod", "acomp", "attr", "advmod", "conj", "npadvmod", "compound")) \
                or (t.dep_ == "amod" and t.is_alpha):
            add(Slot("attribute", t.i, t.i + 1, label=t.dep_, value=t.lemma_.lower()))
        elif t.pos_ in ("NOUN", "PROPN") and t.dep_ == "compound" and t.head.pos_ in ("NOUN", "PROPN"):
            add(Slot("attribute", t.i, t.i + 1, label="compound", value=t.lemma_.lower()))
        elif t.pos_ in ("NOUN", "PROPN") and t.dep_ in ("attr", "dobj", "pobj", "conj", "appos", "nsubj", "oprd"):
            add(Slot("noun", t.i, t.i + 1, label=t.dep_, value=t.lemma_.lower()))
    return sorted(slots, key=lambda s: s.i)


def _first_name_left_out(t, start: int, end: int) -> bool:
    """A given name the small model left out of the name after it ("Shane" in "Shane Lee Lindstrom"):
    a capitalised proper noun compounding into the name that is no common noun ("Actor Vin Diesel")."""
    return (t.pos_ == "PROPN" and t.dep_ == "compound" and start <= t.head.i < end and t.ent_iob_ == "O"
            and t.is_title and not lexicon.common_noun(t.text))


_QUOTES = ('"', "``", "''", "“", "”")


def _rest_of_name(doc, end: int, taken) -> int:
    """The end of a person's name the small model cut short before a nickname: "Kenneth" of 'Kenneth
    "Babyface" Edmonds' extends to the surname its words modify."""
    j, last = end, end - 1
    while j < len(doc) and j not in taken and doc[last].head.i >= j and (
            doc[j].text in _QUOTES or doc[j].pos_ == "PROPN" and doc[j].is_title and doc[j].ent_iob_ == "O"):
        last = j if doc[j].pos_ == "PROPN" else last
        j += 1
    while j > end and doc[j - 1].text in _QUOTES:
        j -= 1
    return j


def _counted_noun(number):
    """The head of the noun phrase a number counts, past the modifiers it may attach to."""
    if number.dep_ != "nummod" or number.head.pos_ != "NOUN":
        return None
    noun = number.head
    while noun.dep_ in ("compound", "nmod", "amod") and noun.head.pos_ == "NOUN" and noun.head.i > noun.i:
        noun = noun.head
    return noun


def _hyphen_modifier(t) -> bool:
    """The first word of a hyphenated modifier ("worst" in "worst-selling", "best" in "best-selling")."""
    doc = t.doc
    return (t.i + 2 < len(doc) and doc[t.i + 1].text == "-" and not t.whitespace_
            and not doc[t.i + 1].whitespace_ and t.head.i == t.i + 2 and doc[t.i + 2].dep_ == "amod"
            and t.is_alpha)


def _untagged_names(doc, slots: list, taken: set[int], add) -> None:
    """Names of several capitalised words the small model left untagged, or tagged only a word of as a
    nationality ("the Cartoonist and Illustrators School"), are one slot: a name is corrected whole."""
    for t in doc:
        if t.i in taken or t.pos_ != "PROPN" or t.i == 0 or not t.text[:1].isupper():
            continue
        if t.head.i != t.i and t.head.pos_ == "PROPN" and t.dep_ in ("compound", "nmod", "conj", "flat"):
            continue  # not the head of its name
        unit = _name_unit(doc, Slot("noun", t.i, t.i + 1))
        inside = [s for s in slots if unit.i <= s.i and s.j <= unit.j]
        if unit.j - unit.i < 2 or any(s.label != "NORP" for s in inside) or any(
                k in taken and not any(s.i <= k < s.j for s in inside) for k in range(unit.i, unit.j)):
            continue
        for s in inside:
            slots.remove(s)
            taken.difference_update(range(s.i, s.j))
        add(unit)


#: Function words a title may have inside it ("One of the Boys"); not the prepositions that place a
#: work somewhere ("Homeland on Showtime").
_TITLE_WORDS = {"of", "the", "a", "an"}


def _titles_in_apposition(doc, add) -> None:
    """A title of several words in apposition to a common noun ("the album One of the Boys", "her
    second album , One of the Girls ( 2008 )") is one name, however the small model tags its words (a
    number, a plural noun): capitalised words and the function words between them, up to the first
    word that is neither. A name the model tags whole is left to the model."""
    for t in doc:
        if t.dep_ != "appos" or t.head.pos_ != "NOUN" or t.i < t.head.i or not t.text[:1].isupper():
            continue
        j = t.i + 1
        while j <= t.right_edge.i and not doc[j].is_punct and (
                doc[j].text[:1].isupper() or doc[j].lower_ in _TITLE_WORDS):
            j += 1
        while j > t.i + 1 and doc[j - 1].lower_ in _TITLE_WORDS:
            j -= 1
        if j - t.i < 2 or any(e.start <= t.i and j <= e.end and e.label_ in ENTITY_LABELS for e in doc.ents):
            continue
        add(Slot("entity", t.i, j, label="WORK_OF_ART", value=normalise(doc[t.i:j].text)))


def _title_start(doc, start: int, taken: set[int]) -> int:
    """Where a name written as a title begins: the small model often tags only the last part of
    "Game of Thrones" or "Pillars of the Earth". Capitalised words joined by "of" ("of the") belong to
    the name; a capital at the sentence start says nothing and is not taken."""
    while True:
        k = start - 1
        if k >= 0 and doc[k].lower_ == "the":
            k -= 1
        if k < 1 or doc[k].lower_ != "of":
            return start
        word = doc[k - 1]
        if word.i in taken or not word.text[:1].isupper() or word.pos_ not in ("PROPN", "NOUN") \
                or (word.i == 0 and word.pos_ != "PROPN"):
            return start
        start = word.i


def _external_head(doc, i: int, j: int) -> int:
    for t in doc[i:j]:
        if not (i <= t.head.i < j) or t.head.i == t.i:
            return t.head.i
    return doc[i].head.i


#: Label of a length of time the evidence states as a period between two years.
DURATION = "DURATION"


def period_lengths(doc) -> list[Slot]:
    """Each period between two years read as its length in years: "the war lasted from 1939 to 1945" says
    it lasted six years ("between 1939 and 1945", "1939–1945" alike)."""
    out = []
    years = [t for t in doc if _is_year(t)]
    for a, b in zip(years, years[1:]):
        if range_joined(doc, a.i, b.i) and int(b.text) > int(a.text):
            out.append(Slot("number", a.i, b.i + 1, label=DURATION, value=int(b.text) - int(a.text),
                            unit="year", dimension="time"))
        if (age := _life_span_years(doc, a, b)) is not None:
            out.append(Slot("number", a.i, b.i + 1, label=DURATION, value=age, unit="year", dimension="time"))
    for t in doc:
        if (period := period_years(t.text)) and int(period[1]) > int(period[0]):
            out.append(Slot("number", t.i, t.i + 1, label=DURATION, value=int(period[1]) - int(period[0]),
                            unit="year", dimension="time"))
    return out


def _life_span_years(doc, born, died) -> int | None:
    """The age at death a life span in brackets states ("( 7 November 1867 – 4 July 1934 )": 66), counting
    the months and days where both dates give them; None unless the two years are the ends of one."""
    if _life_span_end(doc, born.idx) != "bear" or _life_span_end(doc, died.idx) != "die":
        return None
    def month_day(year):
        before = [t for t in doc[max(year.i - 3, 0):year.i] if _month(t) or _day(t) is not None]
        month = next((MONTH_NAMES.index(_month(t)) + 1 for t in before if _month(t)), None)
        day = next((_day(t) for t in before if _day(t) is not None and not _month(t)), None)
        return (month, day) if month and day else None
    age = int(died.text) - int(born.text)
    birthday, death = month_day(born), month_day(died)
    return age - 1 if birthday and death and death < birthday else age


def evidence_units(doc) -> list[Slot]:
    """Every candidate counterpart in the evidence (entities, numbers, date parts, codes, words, the lengths
    of periods)."""
    units = extract_slots(doc) + period_lengths(doc)
    covered = {k for s in units for k in range(s.i, s.j)}
    for t in doc:
        # Words the claim-side extraction skips still serve as counterparts of nouns and attributes.
        if t.i not in covered and (t.pos_ in ("NOUN", "PROPN", "ADJ") or t.dep_ in ("amod", "compound")) \
                and not t.is_stop and not t.is_punct:
            kind = "attribute" if t.pos_ == "ADJ" or t.dep_ in ("compound", "amod") else "noun"
            u = Slot(kind, t.i, t.i + 1, label=t.dep_, value=t.lemma_.lower())
            u.head = t.head.i
            units.append(u)
    # An entity's words are also nouns/attributes ("American" is NORP and an adjective).
    return sorted(units, key=lambda s: (s.i, s.j))


# --------------------------------------------------------------------------------------------------
# Polarity


def _negated_at(doc, index: int) -> bool:
    """Whether the predicate at ``index`` (or a governing verb up to the root) is negated."""
    seen = 0
    t = doc[index]
    while seen < 6:
        for child in t.children:
            if child.dep_ == "neg" or child.lower_ in ("not", "n't", "never"):
                return True
            if child.lower_ == "longer" and any(g.lower_ == "no" for g in child.children):
                return True  # "no longer sells"
            if t.i == index and child.dep_ == "dobj" and any(g.lower_ == "no" and g.dep_ == "det"
                                                             for g in child.children):
                return True  # "had no children": did not have any
        if t.i != index and (t.lemma_.lower() in NEGATIVE_IMPLICATIVES or yet_to(t)):
            return True
        if t.dep_ in ("pcomp", "pobj") and t.head.lower_ == "before" and t.head.head.lemma_.lower() == "die":
            return True  # "died before helping"
        if t.i == index and t.dep_ == "pcomp" and t.head.lower_ == "without":
            return True  # "can last indefinitely without spoiling": it does not spoil
        if t.head.i == t.i:
            break
        # Do not climb out of a relative or adverbial clause: its negation is not the claim's.
        if t.dep_ in ("relcl", "advcl", "acl", "ccomp", "conj", "appos", "parataxis"):
            break
        t = t.head
        seen += 1
    return False


def _object_unstated(claim, root, evidence, slot_edges) -> bool:
    """ "Croatia does not have a king" / "Croatia is a republic governed under a parliamentary system":
    the evidence says nothing of the object of "have" (the claim's verb is not in it either), so its
    polarity is not the claim's."""
    lemma = root.lemma_.lower()
    if lemma == "be" or any(t.lemma_.lower() == lemma for t in evidence):
        return False
    objects = [c for c in root.children if c.dep_ == "dobj" and c.i in slot_edges]
    return bool(objects) and all(slot_edges[c.i][1].op == UNCONFIRMED for c in objects)


def _negated_slot_filled_otherwise(claim, slot_edges) -> bool:
    """ "X is not a Y" where the evidence fills the complement (not the subject) differently. Only under
    a copula, which says what X is; under another verb a differing word is more likely a paraphrase
    ("does not derive its main flavour" / "derives its predominant flavour")."""
    if claim[:].root.lemma_.lower() != "be":
        return False
    return any(edge.op == SUBSTITUTED and not _in_subject(claim, slot) for slot, edge in slot_edges.values())


def yet_to(t) -> bool:
    """ "has yet to write", "is yet to win": not done so far."""
    return t.lemma_.lower() in ("be", "have") and any(c.lower_ == "yet" and c.dep_ == "advmod"
                                                      for c in t.children)


#: Verbs that say an event did not take place: "the landing was aborted", "the launch was called off".
_CALLED_OFF = {"abort", "cancel", "scrap", "abandon", "postpone", "scrub", "call"}


def _called_off(root, evidence):
    """The evidence's verb that calls off the claim's event, named by its noun ("Apollo 13 landed" / "the
    lunar landing was aborted"), else None."""
    if root.pos_ != "VERB":
        return None
    event = lexicon.nominalisations(root.lemma_.lower()) | {root.lemma_.lower()}
    for t in evidence:
        verb = t.lemma_.lower()
        if verb in _CALLED_OFF and (verb != "call" or any(c.lower_ == "off" for c in t.children)) \
                and any(c.dep_ in ("nsubj", "nsubjpass", "dobj") and c.lemma_.lower() in event for c in t.children):
            return t
    return None


#: Qualities that say a thing may be done or used, and verbs of advice against doing or using it.
_ADVISABLE = {"safe", "harmless", "recommended", "advisable", "suitable", "fine", "okay"}
_ADVISED_AGAINST = {"avoid", "contraindicate", "discourage", "prohibit", "forbid", "ban"}


def _advised_against(claim, root, evidence):
    """The evidence's verb advising against what the claim calls safe or recommended, said of the same
    subject ("Ibuprofen is safe in the third trimester" / "Ibuprofen should be avoided in the third
    trimester"), else None."""
    quality = next((c for c in root.children if c.dep_ == "acomp" and c.lemma_.lower() in _ADVISABLE), None)
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if quality is None or subject is None:
        return None
    return next((t for t in evidence if t.lemma_.lower() in _ADVISED_AGAINST and any(
        c.dep_ in ("nsubjpass", "dobj") and c.lemma_.lower() == subject.lemma_.lower() for c in t.children)), None)


def negation_tokens(doc) -> list:
    return [t for t in doc if t.dep_ == "neg" or t.lower_ in ("not", "n't", "never")]


def other_than(doc):
    """ "X is something other than a Y" says that X is not a Y: (the pronoun, "than") when the sentence's
    copula has such a complement, else None."""
    if not len(doc):
        return None
    root = doc[:].root
    if root.lemma_.lower() != "be":
        return None
    for attr in root.children:
        if attr.dep_ == "attr" and attr.lower_ in ("something", "anything"):
            other = next((c for c in attr.children if c.lower_ == "other"), None)
            than = next((c for c in (other.children if other is not None else []) if c.lower_ == "than"), None)
            if than is not None:
                return attr, than
    return None


@dataclass
class Implicative:
    """A main predicate negated by a negative implicative rather than by "not": "refused to model",
    "was unable to appear", "has yet to write" all state that the complement did not happen."""

    start: int  # first token of the construction, the one carrying tense ("refused", "was", "has")
    verb: int  # the complement verb, the claim's real predicate


def negative_implicative(doc) -> Implicative | None:
    """The implicative construction at the root of ``doc`` when it has a verbal complement, else None."""
    if not len(doc):
        return None
    root = doc[:].root
    if any(c.dep_ == "neg" for c in root.children):
        return None  # "did not refuse to": a double negation is left alone
    governor = None
    if root.pos_ == "VERB" and root.lemma_.lower() in NEGATIVE_IMPLICATIVES:
        governor = root  # "refused to model", "failed to top"
    elif yet_to(root):
        governor = root  # "has yet to appear", "is yet to win"
    else:
        governor = next((c for c in root.children if c.dep_ == "acomp"
                         and c.lower_ in NEGATIVE_IMPLICATIVES), None)  # "was unable to appear"
    if governor is None:
        return _died_before(root)
    verb = next((c for c in governor.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")
                 and (c.tag_ == "VB" or _passive_infinitive(c)) and any(a.lower_ == "to" for a in c.children)),
                None)
    if verb is None:
        return None
    auxes = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.i < root.i]
    start = min([root.i] + [a.i for a in auxes])
    return Implicative(start, verb.i)


def _passive_infinitive(verb) -> bool:
    """ "(has yet) to be surpassed": a participle under "to be"."""
    return verb.tag_ == "VBN" and any(a.dep_ == "auxpass" and a.lower_ == "be" for a in verb.children)


def _died_before(root) -> Implicative | None:
    """ "died before finishing the novel": what one dies before doing is not done."""
    if root.lemma_.lower() != "die":
        return None
    for before in root.children:
        if before.lower_ == "before" and before.dep_ in ("prep", "mark"):
            verb = next((c for c in before.children if c.dep_ in ("pcomp", "pobj") and c.tag_ == "VBG"), None)
            if verb is not None:
                auxes = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.i < root.i]
                return Implicative(min([root.i] + [a.i for a in auxes]), verb.i)
    return None


# --------------------------------------------------------------------------------------------------
# Alignment


def _content(t) -> bool:
    return not (t.is_stop or t.is_punct or t.is_space) and t.lower_ not in NEGATORS


def _anchors(claim, evidence) -> list[tuple[int, int]]:
    """(claim index, evidence index) of content words the evidence repeats (lemma or spelling)."""
    by_lemma: dict[str, list[int]] = {}
    for e in evidence:
        if _content(e):
            by_lemma.setdefault(e.lemma_.lower(), []).append(e.i)
            by_lemma.setdefault(normalise(e.text), []).append(e.i)
    pairs = []
    for c in claim:
        if not _content(c):
            continue
        found = by_lemma.get(c.lemma_.lower()) or by_lemma.get(normalise(c.text))
        for ei in sorted(set(found or ())):
            pairs.append((c.i, ei))
    return pairs


def _proximity(slot: Slot, cand: Slot, anchors: list[tuple[int, int]]) -> float:
    score = 0.0
    for ci, ei in anchors:
        if slot.i <= ci < slot.j:
            continue
        dc = min(abs(ci - slot.i), abs(ci - (slot.j - 1)))
        de = min(abs(ei - cand.i), abs(ei - (cand.j - 1)))
        score += 1.0 / (1 + dc) * 1.0 / (1 + de)
    return score


def _role(claim, slot: Slot, evidence, cand: Slot) -> float:
    """Agreement of syntactic roles: same relation, same governing word (lemma), up to two levels."""
    c_root, e_root = claim[slot.i:slot.j].root, evidence[cand.i:cand.j].root
    # A conjunct plays the role of the first conjunct ("in the late 1960s and early 1990s"), a name in
    # apposition the role of the noun it names ("from his second album , Kryptonite"); a year in
    # apposition ("Guess Who ( 2005 )") dates its noun and plays no role of its own.
    climb = ("conj",) if slot.kind in ("date", "number") else ("conj", "appos")
    named = []
    for t in (c_root, e_root):
        while t.dep_ in climb and t.head.i != t.i:
            t = t.head
        named.append(t)
    c_root, e_root = named
    if _agent_classifier(c_root, e_root) or _medium_of_the_verb(c_root, e_root):
        return 1.5  # a relation and a governor, both in other words
    score = 0.0
    if slot.kind == "entity" and c_root.pos_ == e_root.pos_ == "NOUN" and c_root.lemma_.lower() == \
            e_root.lemma_.lower() and not (slot.i <= c_root.i < slot.j) and not (cand.i <= e_root.i < cand.j):
        # Names of one noun ("the album One of the Boys" / "her album , One of the Girls") name the same
        # thing, wherever the noun stands in each sentence.
        score += 1.5
    if c_root.dep_ == e_root.dep_ and slot.kind not in ("date", "number"):
        score += 0.5  # a bare relation says little about which number or date is meant
    ch, eh = c_root.head, e_root.head
    if slot.kind in ("date", "number") and (ch.like_num or _month(ch) or eh.like_num or _month(eh)):
        return score  # inside a date, the parse's attachments say nothing about which date
    # A modifier of a noun the evidence names by a kind of it ("a poker player" / "a football quarterback")
    # plays the same role.
    kind_of = ch.pos_ == eh.pos_ == "NOUN" and _entailed_word([ch], [eh])
    if (ch.lemma_.lower() == eh.lemma_.lower() or kind_of) and ch.i != c_root.i:
        # A shared preposition alone ("in") says less than a shared verb or noun.
        score += 0.5 if ch.pos_ == "ADP" else 1.0
        # The root is its own head: a shared root verb is not a second shared level ("The Rock plays" /
        # "Vin Diesel has played the role": subject and object share the verb, not a role).
        if ch.head.i != ch.i and eh.head.i != eh.i and (ch.head.lemma_.lower() == eh.head.lemma_.lower()
                                                        or _shared_by_conjunct(eh, ch.head.lemma_.lower())):
            score += 1.0 if ch.pos_ == "ADP" else 0.5
    return score


def _shared_by_conjunct(governor, lemma: str) -> bool:
    """``governor`` (a preposition) hangs from a verb coordinated with a verb of ``lemma`` that has no such
    preposition of its own, so it completes both: "born and raised in Stratford" says where he was born;
    "born in Ulm and died in Princeton" does not."""
    verb = governor.head
    first = verb.head
    return verb.dep_ == "conj" and verb.pos_ == "VERB" and first.lemma_.lower() == lemma and not any(
        c.dep_ == "prep" and c.lower_ == governor.lower_ for c in first.children)


def _medium_of_the_verb(c_root, e_root) -> bool:
    """The subject of the claim's verb and the object of "on" (or "through", "via") of the same verb in the
    evidence, whose subject is the claim's object or a pronoun for it, play one role: "HBO aired the
    show" / "the show first aired on the Food Network", "Sony released the album" / "the album was
    released on Columbia Records". The subject of a copula whose noun the verb qualifies plays it too:
    "ABC is the network that aired The Millers" / "The series ran on CBS"; a show airs or runs on its
    network alike."""
    verb = _verb_of_the_named(c_root)
    e_verb = next((a for a in e_root.head.ancestors if a.pos_ == "VERB"), None)
    if verb is None or e_verb is None or e_root.dep_ != "pobj" \
            or e_root.head.lower_ not in ("on", "through", "via") or not _same_or_airing(verb, e_verb):
        return False
    objects = {t.lemma_.lower() for c in verb.children if c.dep_ == "dobj" for t in c.subtree if _content(t)}
    # A conjunct verb shares its first conjunct's subject ("The series aired ... and ran ... on CBS"),
    # and a verb qualifying a noun has that noun for subject ("The multi-camera series aired ...").
    first = e_verb
    while first.dep_ == "conj" and first.head.pos_ in ("VERB", "AUX"):
        first = first.head
    subjects = [c for v in {e_verb, first} for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    if first.dep_ == "acl":
        subjects.append(first.head)
    return bool(objects) and any(
        s.pos_ == "PRON" or objects & {t.lemma_.lower() for t in s.subtree}
        or (s.lemma_.lower() in _SHOWS and any(c.lower_ in ("the", "this") for c in s.children)) for s in subjects)


def _verb_of_the_named(tok):
    """The verb whose subject ``tok`` is, directly or as the subject of "is the N that <verb>"."""
    if tok.dep_ != "nsubj":
        return None
    if tok.head.pos_ == "VERB":
        return tok.head
    if tok.head.lemma_ == "be":
        attr = next((c for c in tok.head.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        clause = next((c for c in attr.children if c.dep_ == "relcl" and c.pos_ == "VERB"), None) if attr else None
        if clause is not None and any(c.dep_ == "nsubj" and c.tag_ == "WDT" for c in clause.children):
            return clause
    return None


#: Verbs that say a programme was shown on a network, and nouns by which an article names its programme
#: ("The series aired on CBS" in The Millers' article).
_AIRING = {"air", "run", "broadcast", "premiere", "televise", "show"}
_SHOWS = {"series", "show", "programme", "program", "sitcom", "serial", "film", "movie", "episode", "season"}


def _same_or_airing(verb, e_verb) -> bool:
    mine, theirs = verb.lemma_.lower(), e_verb.lemma_.lower()
    return mine == theirs or (mine in _AIRING and theirs in _AIRING)


def _agent_classifier(c_root, e_root) -> bool:
    """The object of the claim's verb and the classifier of the evidence's agent noun derived from that
    verb play one role: "taught history" / "a physics teacher", "plays drums" / "a bass player"."""
    return (c_root.dep_ == "dobj" and c_root.head.pos_ == "VERB" and e_root.dep_ == "compound"
            and e_root.pos_ == "NOUN" and e_root.head.pos_ == "NOUN"
            and _derived(c_root.head.lemma_, e_root.head.lemma_))


_END_WORDS = {"complete", "finish", "end", "conclude", "die", "close", "open", "inaugurate", "last", "until"}
_START_WORDS = {"start", "begin", "found", "establish", "launch", "bear", "commence", "since", "first"}
_RANGE_JOINERS = {"to", "-", "–", "—", "until", "till", "through"}


def _shared_dependents(claim, slot: Slot, evidence, cand: Slot) -> float:
    """Words qualifying the slot that qualify the candidate too: "the early 1970 's" belongs with
    "the late 1960s and early 1990s"'s 1990s."""
    mine = {t.lemma_.lower() for t in claim[slot.i:slot.j].root.children if _content(t)}
    theirs = {t.lemma_.lower() for t in evidence[cand.i:cand.j].root.children if _content(t)}
    return 1.0 * len(mine & theirs) + _shared_cofeatures(claim, slot, evidence, cand)


def _cofeatures(noun, skip: int) -> set[str]:
    """Lemmas of the content modifiers of ``noun`` (and of the conjuncts among them), but ``skip``."""
    # By part of speech, not stop words: "last" and "first" are stop words and say the most here.
    def qualifies(t):
        return t.i != skip and t.pos_ in ("ADJ", "NOUN", "PROPN", "NUM")

    out = set()
    for t in noun.children:
        if t.dep_ in ("amod", "compound", "nummod", "conj") and qualifies(t):
            out.add(t.lemma_.lower())
        if t.dep_ in ("amod", "compound"):
            out.update(c.lemma_.lower() for c in t.children if c.dep_ == "conj" and qualifies(c))
    return out


def _shared_cofeatures(claim, slot: Slot, evidence, cand: Slot) -> float:
    """A modifier is placed by what else the claim says of the same noun: in "The show's final season
    was its seventh season", "seventh" goes with "its eighth and final season", not "its sixth season"
    (the claim's two "season"s are one thing, and "final" qualifies it)."""
    if slot.kind != "attribute":
        return 0.0
    mine_tok, theirs_tok = claim[slot.i], evidence[cand.i]
    noun = mine_tok.head.lemma_.lower()
    mine = set()
    for t in claim:
        if t.lemma_.lower() == noun and t.pos_ == "NOUN":
            mine |= _cofeatures(t, mine_tok.i)
    theirs = _cofeatures(theirs_tok.head, theirs_tok.i) | {c.lemma_.lower() for c in theirs_tok.children
                                                            if c.dep_ == "conj" and c.pos_ == "ADJ"}
    return 1.0 * len(mine & theirs)


def _event_verb(doc, i: int, j: int):
    """The verb whose event a number or date at doc[i:j] measures or dates: the first verb above it,
    climbing out of the date it is written in ("premiered ... on September 2 , 2014")."""
    t = doc[i:j].root
    for _ in range(8):
        if t.pos_ in ("VERB", "AUX") and not (i <= t.i < j):
            return t
        if t.head.i == t.i:
            return None
        t = t.head
    return None


def _same_event(claim, slot: Slot, evidence, cand: Slot) -> float:
    """A date or number belongs to the event whose verb governs it: in "Filmed ..., beginning in 2013,
    Moonlight premiered ... on September 2, 2014", a claim's "premiered in 2016" is about 2014."""
    mine, theirs = _event_verb(claim, slot.i, slot.j), _event_verb(evidence, cand.i, cand.j)
    if mine is None or theirs is None or mine.lemma_.lower() in ("be", "have"):
        return 0.0
    return 1.0 if mine.lemma_.lower() == theirs.lemma_.lower() else 0.0


#: What may stand between a name and the date or amount that goes with it: "the Nobel Prize in Chemistry
#: in 1911", "Apollo 11 ( 1969 )", "the Eiffel Tower, 330 metres".
_NAME_TO_VALUE = re.compile(r"^\s*(?:(?:in|of|on|at|from|,|\()\s*)?$", re.IGNORECASE)


def _value_of_the_same_name(claim, slot: Slot, evidence, cand: Slot, slot_edges: dict) -> float:
    """A date or number right after a name the evidence repeats goes with the value right after that
    name there: "won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911" gives
    the claim's "the Nobel Prize in Chemistry in 1913" 1911, though 1903 shares its verb."""
    start, theirs = claim[slot.i].idx, evidence[cand.i].idx
    for _, edge in slot_edges.values():
        if edge.kind == "entity" and edge.op == EQUAL and edge.claim_end <= start \
                and _NAME_TO_VALUE.match(claim.text[edge.claim_end:start]) \
                and 0 <= edge.evidence_end <= theirs and _NAME_TO_VALUE.match(evidence.text[edge.evidence_end:theirs]):
            return 2.0
    return 0.0


def _dates_another_event(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """The evidence tells the claim's event (its verb) and dates the candidate by another verb: "It was
    discovered by Arthur Dempster ( born April 9 , 2014 )" does not date the discovery. Nor does the date
    of an event the claim tells undated date another of its events: "discovered in 1935 by Dempster" does
    not date the birth of "discovered by a person who was born in 2014"."""
    mine, theirs = _event_verb(claim, slot.i, slot.j), _event_verb(evidence, cand.i, cand.j)
    if mine is None or theirs is None or mine.lemma_.lower() in ("be", "have") \
            or theirs.lemma_.lower() in ("be", "have"):
        return False
    lemma, other = mine.lemma_.lower(), theirs.lemma_.lower()
    governor = evidence[cand.i:cand.j].root.head
    if lemma == other or governor.dep_ == "prep" and _shared_by_conjunct(governor, lemma):
        return False  # "born and raised in Stratford in 1564" dates the birth
    return any(t.lemma_.lower() == lemma and t.pos_ == "VERB" for t in evidence) \
        or any(t.lemma_.lower() == other and t.pos_ == "VERB" for t in claim)


def _range_end_bonus(claim, slot: Slot, evidence, cand: Slot, cands: list[Slot]) -> float:
    """In "from 1887 to 1889", a claim about completion means the range's end, about a start its
    beginning. A date's range is its whole date ("( 12 May 1920 – 3 March 1990 )": "died in 1985" is
    about 1990), and the event is the verb that dates the slot when it says which end ("was born in
    1925 and died in 1985"), else any word of the claim."""
    verb = _event_verb(claim, slot.i, slot.j)
    if verb is not None and verb.lemma_.lower() in _END_WORDS | _START_WORDS:
        lemmas = {verb.lemma_.lower()}
    else:
        lemmas = {t.lemma_.lower() for t in claim}
    group = _date_group(cand, cands, evidence) if cand.kind == "date" else [cand]
    i, j = min(u.i for u in group), max(u.j for u in group)
    after = j < len(evidence) and evidence[j].lower_ in _RANGE_JOINERS
    before = i > 0 and evidence[i - 1].lower_ in _RANGE_JOINERS
    if lemmas & _END_WORDS and before and not after:
        return 0.75
    if lemmas & _START_WORDS and after and not before:
        return 0.75
    return 0.0


def _number_range(doc, k: int) -> tuple | None:
    """The range of numbers the token at ``k`` opens or closes ("200 to 400 mg", "four to six hours",
    "4-6"), as (low, high, position of k: 0 opens, 1 closes), or None."""
    def value(i):
        return number_value(doc[i].text) if 0 <= i < len(doc) and (
            doc[i].like_num or doc[i].lower_ in WORD_NUMBERS) else None

    if k + 2 < len(doc) and doc[k + 1].lower_ in _RANGE_JOINERS and value(k) is not None \
            and value(k + 2) is not None:
        return value(k), value(k + 2), 0
    if k >= 2 and doc[k - 1].lower_ in _RANGE_JOINERS and value(k) is not None and value(k - 2) is not None:
        return value(k - 2), value(k), 1
    return None


def _year_in_period(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """The claim's year lies inside the period the candidate year opens or closes: "in 2015" / "between
    1993 and 2018" is not confirmed, and not contradicted either ("completed in 1899" / "constructed from
    1887 to 1889" is)."""
    if slot.granularity != "year" or cand.granularity != "year":
        return False
    verb = _event_verb(claim, slot.i, slot.j)
    if verb is not None and verb.lemma_.lower() in _END_WORDS | _START_WORDS:
        return False  # "completed in 1888": completion is the period's end, 1889
    k = cand.i
    span = _number_range(evidence, k)
    if span is None:  # "between 1993 and 2018"
        i, j = (k, k + 2) if k + 2 < len(evidence) and range_joined(evidence, k, k + 2) else (k - 2, k)
        if i >= 0 and range_joined(evidence, i, j):
            span = (number_value(evidence[i].text), number_value(evidence[j].text), 0 if i == k else 1)
    year = number_value(str(slot.value))
    if span is None or year is None or span[0] is None or span[1] is None:
        return False
    return min(span[0], span[1]) <= year <= max(span[0], span[1])


def _shared_date_parts(slot: Slot, slots: list[Slot], cand: Slot, cands: list[Slot], claim, evidence) -> int:
    """How many other parts of the claim's date (its year, its day...) the evidence date around the
    candidate repeats: "February 20, 1894" belongs with "(10 February 1894 ...", not "10 January 1957"."""
    mine = {(s.granularity, s.value) for s in _date_group(slot, slots, claim) if s is not slot}
    theirs = {(c.granularity, c.value) for c in _date_group(cand, cands, evidence) if c is not cand}
    return len(mine & theirs)


def _date_group(unit: Slot, units: list[Slot], doc) -> list[Slot]:
    """The date parts written together with ``unit`` ("June 14 , 1866"), stopping at a range's dash."""
    dates = sorted((u for u in units if u.kind == "date"), key=lambda u: u.i)
    group = [unit]
    for direction in (-1, 1):
        edge = unit
        for u in (reversed(dates) if direction < 0 else dates):
            if (direction < 0 and u.i >= edge.i) or (direction > 0 and u.i <= edge.i):
                continue
            between = doc[u.j:edge.i] if direction < 0 else doc[edge.j:u.i]
            if len(between) > 2 or any(t.lower_ not in (",", "of", "the") for t in between):
                break
            group.append(u)
            edge = u
    return group


def _origin(doc, unit: Slot) -> bool:
    """A nationality or a place qualifying a common noun says where the thing is from: "a US senator" and
    "an American model" fill one slot, whatever the small model's label (GPE / NORP)."""
    if unit.kind != "entity" or _FAMILY.get(unit.label) not in ("place", "nationality"):
        return False
    t = doc[unit.i:unit.j].root
    return t.dep_ in ("compound", "amod", "nmod") and t.head.pos_ == "NOUN" and t.i < t.head.i


def _place_bound_otherwise(claim, slot: Slot, evidence, found: tuple[int, int], cands: list[Slot]) -> Slot | None:
    """The place the evidence puts the claim's thing in, when the evidence names the claim's place only
    in another relation: "located in Kenya" / "is a volcano in northeastern Tanzania, close to the border
    with Kenya" binds "in" to Tanzania; Kenya there is the landmark of a modifier ("close to the border
    with"), not where the volcano is. The other place must be the object of the claim's own preposition
    and in no other relation; else None (the name found confirms the slot)."""
    if _FAMILY.get(slot.label) != "place":
        return None
    mine = claim[slot.i:slot.j].root
    if mine.dep_ != "pobj":
        return None
    seen = evidence[found[0]:found[1]]
    if not _other_relation(claim, slot, evidence, Slot("entity", seen.start, seen.end)):
        return None
    value = normalise(claim[slot.i:slot.j].text)
    for c in cands:
        t = evidence[c.i:c.j].root
        if c.kind == "entity" and _FAMILY.get(c.label) == "place" and t.dep_ == "pobj" \
                and t.head.lower_ == mine.head.lower_ and not (c.i < found[1] and found[0] < c.j) \
                and normalise(evidence[c.i:c.j].text) != value and not _other_relation(claim, slot, evidence, c):
            return c
    return None


def _other_relation(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """Objects of different prepositions under different words, one qualifying a noun and the other a
    verb, stand in different relations: "the driest desert on Earth" (the range of a superlative) and
    "covering a strip of land along the Pacific coast" (where it lies) share no role, and one is no value
    of the other."""
    def relation(t):
        # "along the southern edge of Siberia": the place's relation is the one of the noun it completes.
        while t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.dep_ == "pobj":
            t = t.head.head
        return t

    mine, theirs = relation(claim[slot.i:slot.j].root), relation(evidence[cand.i:cand.j].root)
    if mine.dep_ != "pobj" or theirs.dep_ != "pobj":
        return False
    p, q = mine.head, theirs.head

    def attached(t):
        return "verb" if t.pos_ in ("VERB", "AUX") else "noun" if t.pos_ in ("NOUN", "PROPN", "PRON") else t.pos_

    return p.lower_ != q.lower_ and not _same_stem(p.head.lemma_, q.head.lemma_) \
        and attached(p.head) != attached(q.head)


def _agent_of(evidence, cand: Slot, claim_root) -> bool:
    """The candidate is the agent of a passive with the claim's verb ("agreed to by King John"), and the
    claim's own verb is active: the subject of a passive is what the verb was done to, not its agent ("The
    tower has been surpassed" / "it was surpassed by the Empire State Building")."""
    t = evidence[cand.i:cand.j].root
    while t.dep_ in ("conj", "compound", "nmod") and t.head.i != t.i:
        t = t.head  # "by Kenneth Edmonds, Peter Jackson and Robert Teitel": each is an agent
    by = t.head
    return (by.lower_ == "by" and by.dep_ == "agent"
            and not any(c.dep_ in ("nsubjpass", "auxpass") for c in claim_root.children)
            and by.head.lemma_.lower() == claim_root.lemma_.lower())


def _anaphoric(doc, unit: Slot) -> bool:
    """ "The disease usually starts ...", "The film was shot ...": a bare common noun under "the" refers
    back to what the text is about; it names the claim's subject more generally, it does not replace it."""
    t = doc[unit.i:unit.j].root
    if t.pos_ != "NOUN" or unit.j - unit.i != 1:
        return False
    lefts = [c for c in t.lefts]
    return len(lefts) == 1 and lefts[0].lower_ == "the" and not any(c.dep_ == "prep" for c in t.rights)


def _clause_subject(tok):
    """The subject of the clause a token is in: the first nominal subject up its chain of heads."""
    for verb in [tok, *tok.ancestors]:
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None:
            return subject
    return None


def _said_of_another(claim, slot: Slot, evidence, tok) -> bool:
    """The evidence word is said of a named subject the claim does not name, while the claim's own
    subject is named there too: "Neil Armstrong was the first person ...; Buzz Aldrin was the second"
    says "second" of Aldrin, not of Armstrong."""
    mine = _clause_subject(claim[slot.i])
    theirs = _clause_subject(tok)
    named = ("PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "EVENT", "WORK_OF_ART")
    if mine is None or theirs is None or mine.ent_type_ not in named or theirs.ent_type_ not in named \
            or _in_subject(claim, slot):
        return False
    theirs_phrase = normalise(evidence[theirs.left_edge.i:theirs.right_edge.i + 1].text)
    return normalise(theirs.text) not in normalise(claim.text) and normalise(mine.text) not in theirs_phrase \
        and normalise(mine.text) in normalise(evidence.text)


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


_COMPASS = {"north", "south", "east", "west", "northern", "southern", "eastern", "western", "central",
            "northeast", "northwest", "southeast", "southwest", "northeastern", "northwestern", "southeastern",
            "southwestern", "upper", "lower"}


def _another_field(name, evidence):
    """A name of the form "X in Y" / "X of Y" the evidence writes with the same X and another Y ("the Nobel
    Prize in Chemistry" / "the 1921 Nobel Prize in Physics", "the University of Oxford" / "the University of
    Cambridge"): (the claim's Y, the evidence's Y) as Spans, else None."""
    at = next((t.i for t in name if t.lower_ in ("in", "of") and t.i > name.start), None)
    if at is None or at + 1 >= name.end:
        return None
    head = [t.lower_ for t in name[:at - name.start] if t.lower_ != "the"]
    mine = name.doc[at + 1:name.end]
    if not head or not all(t.text[:1].isupper() for t in mine):
        return None
    words = [t.lower_ for t in evidence]
    for k in range(len(words) - len(head)):
        after = k + len(head)
        if words[k:after] == head and after < len(words) and words[after] == name.doc[at].lower_:
            j = start = k + len(head) + 1
            while j < len(evidence) and evidence[j].text[:1].isupper() and evidence[j].pos_ == "PROPN":
                j += 1
            if j > start and normalise(evidence[start:j].text) != normalise(mine.text):
                return mine, evidence[start:j]
    return None


def _another_title(name, evidence):
    """A name of the form "X of Y" the evidence writes with another X and the same Y ("the President of
    Germany" / "Chancellor of Germany"): (the claim's X, the evidence's X) as Spans, else None."""
    at = next((t.i for t in name if t.lower_ == "of" and t.i > name.start), None)
    if at is None or at + 1 >= name.end:
        return None
    start = name.start + (1 if name[0].lower_ == "the" else 0)
    mine, place = name.doc[start:at], [t.lower_ for t in name.doc[at + 1:name.end]]
    if not len(mine) or not all(t.text[:1].isupper() for t in mine):
        return None
    words = [t.lower_ for t in evidence]
    for k, word in enumerate(words):
        if word == "of" and words[k + 1:k + 1 + len(place)] == place:
            j = k
            while j > 0 and evidence[j - 1].text[:1].isupper() and evidence[j - 1].pos_ in ("PROPN", "NOUN"):
                j -= 1
            if j < k and normalise(evidence[j:k].text) != normalise(mine.text):
                return mine, evidence[j:k]
    return None


def _maybe_within(claim_span, evidence, best: Slot) -> bool:
    """The claim names a country or continent, the evidence a smaller or unknown place and no place of
    the claim's kind: "born in Italy" / "born in Vinci, in the Republic of Florence" may say the same."""
    mine = lexicon.place_kinds(claim_span.text) & {"country", "continent"}
    return bool(mine) and claim_span.root.dep_ not in ("compound", "amod", "nmod", "poss") \
        and not lexicon.place_kinds(evidence[best.i:best.j].text) & mine \
        and _place_of_the_same_kind(claim_span.text, evidence, best) is None


def _place_of_the_same_kind(claim_text: str, evidence, best: Slot):
    """A place for a place of the same kind (continent, country, city; by WordNet): where the chosen
    counterpart of the claim's place is another kind of place ("in Europe" / "together with Sydney") or
    the place of another place ("together with Stavanger , Norway"), the evidence's place of the claim's
    kind, or the place an adjective of origin names ("European Capital of Culture" -> Europe). Returns
    (evidence token, place name) or None."""
    mine = lexicon.place_kinds(claim_text)
    if not mine or lexicon.place_kinds(evidence[best.i:best.j].text) & mine \
            and not _locates_a_place(evidence[best.i:best.j].root):
        return None
    for ent in evidence.ents:
        if ent.label_ in ("GPE", "LOC") and ent.text.lower() != claim_text.lower() \
                and lexicon.place_kinds(ent.text) & mine and not _locates_a_place(ent.root):
            return ent[0], ent.text
        # A part of a place named by its direction stands for the place at the claim's granularity:
        # "a country in Europe" / "in North Africa" -> "in Africa".
        k = next((k for k in range(1, len(ent)) if ent[k - 1].lower_ in _COMPASS), None)
        if ent.label_ in ("GPE", "LOC") and k is not None and all(t.lower_ in _COMPASS for t in ent[:k]) \
                and ent[k:].text.lower() != claim_text.lower() and lexicon.place_kinds(ent[k:].text) & mine:
            return ent[k], ent[k:].text
    for t in evidence:
        if t.text[:1].isupper() and t.pos_ in ("ADJ", "PROPN"):  # the small NER may call it a name's part
            place = lexicon.place_of(t.text)
            if place and place.lower() != claim_text.lower() and lexicon.place_kinds(place) & mine:
                return t, place
    return None


def _locates_a_place(tok) -> bool:
    """A place in apposition to a place ("Stavanger , Norway") says where that place is, not where the
    claim's subject is (the small model often leaves the first place untagged) - unless that place is
    where something is or comes from ("born in Paris , France")."""
    head = tok.head
    return tok.dep_ == "appos" and head.pos_ == "PROPN" and head.ent_type_ in ("GPE", "LOC", "") \
        and not (head.dep_ == "pobj" and head.head.lower_ in ("in", "at", "near", "from"))


def _substitute(edge: Edge, span, used: set) -> None:
    edge.op, edge.evidence_text, edge.score, edge.label = SUBSTITUTED, span.text, 1.0, OTHER_SUBJECT
    edge.evidence_start, edge.evidence_end = span.start_char, span.end_char
    used.add((span.start, span.end))


def _subject_with_clause_naming(claim, slot: Slot, evidence, index: int):
    """The evidence's subject, when the claim's subject is named only inside a relative clause about it:
    "Zirconium, which sits directly below titanium, has atomic number 40" states Zirconium's number, not
    titanium's. Returns the subject's noun phrase (a Span), or None."""
    if not _in_subject(claim, slot):
        return None
    other = _subject_of_the_main_clause(claim, evidence, index) or _holder_of_the_role(claim, evidence, index)
    if other is not None:
        return other
    for a in evidence[index].ancestors:
        if a.dep_ != "relcl":
            continue
        if a.lemma_.lower() in ("know", "call", "name", "nickname", "dub", "refer", "rename", "title"):
            return None  # "Seo Ju-hyun, who is known as Seohyun": another name of the same subject
        head = a.head
        if head.dep_ in ("nsubj", "nsubjpass") and head.head.dep_ == "ROOT" and head.pos_ in ("NOUN", "PROPN") \
                and head.lemma_.lower() != claim[slot.i:slot.j].root.lemma_.lower():
            ent = next((e for e in evidence.ents if e.start <= head.i < e.end), None)
            return ent if ent is not None else evidence[phrase_start(evidence, head.i, _is_classifier):head.i + 1]
        return None
    return None


def _holder_of_the_role(claim, evidence, index: int):
    """The evidence's subject, when the claim gives its subject a role only one thing holds ("Kyoto is
    the capital of Japan", "Mercury is the hottest planet") and the evidence gives that role to its own
    subject, naming the claim's only beside it ("Tokyo has been Japan's capital since 1868, replacing
    Kyoto"; "Venus is the hottest planet ..., hotter even than Mercury"). Returns the subject (a Span)."""
    mine, theirs = claim[:].root, evidence[:].root
    if mine.lemma_.lower() != "be" or theirs.lemma_.lower() != "be":
        return None
    if mine.tag_ == "VBD" and theirs.tag_ != "VBD":
        return None  # "Kyoto was the capital" is not what "Tokyo has been the capital since 1868" denies
    role = next((c for c in mine.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    held = next((c for c in theirs.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    if role is None or held is None or role.lemma_.lower() != held.lemma_.lower() or not (
            _one_holder(role) and _one_holder(held)):
        return None
    subject = next((c for c in theirs.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"), None)
    found = evidence[index]
    if subject is None or subject.left_edge.i <= index <= subject.right_edge.i or found.head.i == theirs.i:
        return None
    ent = next((e for e in evidence.ents if e.start <= subject.i < e.end), None)
    return ent if ent is not None else evidence[subject.left_edge.i:subject.i + 1]


def _one_holder(noun) -> bool:
    """A role only one thing holds: "the capital", "Japan's capital", "the hottest planet" (the, a
    possessor or a superlative), not "a city"."""
    kids = list(noun.children)
    return any(c.dep_ == "poss" for c in kids) or any(c.lower_ == "the" for c in kids) and (
        any(c.tag_ == "JJS" or c.lower_ in ("first", "last", "only") for c in kids)
        or any(c.dep_ == "prep" and c.lower_ == "of" for c in kids))


def _subject_of_the_main_clause(claim, evidence, index: int):
    """The subject of the evidence's main verb, when that verb is the claim's and the claim's subject is
    the subject of a clause beside it with a verb of its own: "Armstrong and Aldrin walked on the Moon while
    Michael Collins remained in lunar orbit" says that Collins remained, and who walked. Returns the
    subject with its conjuncts (a Span), or None."""
    mine, found = claim[:].root, evidence[index]
    while found.dep_ in ("compound", "flat") and found.head.i != found.i:
        found = found.head
    verb = found.head
    if found.dep_ not in ("nsubj", "nsubjpass") or verb.dep_ != "advcl" or verb.pos_ not in ("VERB", "AUX"):
        return None
    main = verb.head
    if main.dep_ != "ROOT" or main.pos_ != "VERB" or mine.pos_ != "VERB" or main.lemma_ != mine.lemma_ \
            or verb.lemma_ == mine.lemma_:
        return None
    subject = next((t for t in main.children if t.dep_ in ("nsubj", "nsubjpass") and t.pos_ in ("NOUN", "PROPN")), None)
    if subject is None:
        return None
    last = max([subject, *(t for t in subject.subtree if t.dep_ == "conj")], key=lambda t: t.i)
    return evidence[min(t.i for t in subject.subtree):last.i + 1]


def _acronym_span(claim_span, doc) -> tuple[int, int] | None:
    """Where ``doc`` names ``claim_span`` by its acronym or spells its acronym out: "NASA" / "the National
    Aeronautics and Space Administration", "Chechen-Ingush ASSR" / "Chechen-Ingush Autonomous Soviet
    Socialist Republic", and the other way round."""
    mine = acronym(claim_span.text)
    if mine is not None:
        return _spelt_out(mine, doc)
    found = next(((t.i, t.i + 1) for t in doc if abbreviates(t.text, claim_span.text)), None)
    last = acronym(claim_span[-1].text) if len(claim_span) > 1 else None
    if found is not None or last is None:
        return found
    # A name ending in an acronym: its other words, then the acronym spelt out.
    run, words = _spelt_out(last, doc), normalise(claim_span[:-1].text)
    if run is None:
        return None
    start = next((k for k in range(run[0] - 1, max(run[0] - 6, -1), -1)
                  if normalise(doc[k:run[0]].text) == words), None)
    return (start, run[1]) if start is not None else None


def _spelt_out(letters: str, doc) -> tuple[int, int] | None:
    """The capitalised words of ``doc`` whose initials are ``letters``: "World Health Organization"."""
    for i, t in enumerate(doc):
        if not t.text[:1].isupper() or t.lower_ in ACRONYM_SKIPS:
            continue
        j, words = i, []
        while j < len(doc) and len(initials(words)) < len(letters) and (
                doc[j].text[:1].isupper() or doc[j].lower_ in ACRONYM_SKIPS and words):
            words.append(doc[j].text)
            j += 1
        if initials(words) == letters and len(words) > 1:
            return i, j
    return None


def _same_entity(claim, slot: Slot, evidence) -> tuple[int, int] | None:
    """Where the evidence names the same entity (full name, surname of a person, fuzzy spelling, an
    acronym of it)."""
    target = slot.value
    etext = normalise(evidence.text)
    if not target:
        return None
    spelt = _acronym_span(claim[slot.i:slot.j], evidence)
    if spelt is not None:
        return spelt
    if re.search(rf"\b{re.escape(target)}\b", etext):
        return _find_span(evidence, target)
    words = [w for w in target.split() if len(w) > 2]
    if slot.label == "PERSON" and len(words) > 1:
        # "Penelope Cruz" is confirmed by "Cruz", "Tatum O'Neal" by "O'Neal" (one token, two words normalised).
        for surname in dict.fromkeys((normalise(claim[slot.j - 1].text), words[-1])):
            if surname and re.search(rf"\b{re.escape(surname)}\b", etext):
                found = _find_span(evidence, surname)
                if found is not None and not _another_given_name(claim[slot.i:slot.j - 1], evidence, found[0]):
                    return found
    mine = set(target.split()) - {"the", "of", "and"}
    if len(mine) == 1 and len(target) >= 4:
        # A place and its adjective are one name: "in Africa" / "the African continent".
        demonym = next((t for t in evidence if t.text[:1].isupper() and normalise(t.text).startswith(target)
                        and 0 < len(normalise(t.text)) - len(target) <= 3), None)
        if demonym is not None:
            return demonym.i, demonym.i + 1
    for t in evidence:
        # A name spelt another way ("Hickman" / "Hickam", "Faroe" / "Faeroes") is the same name.
        v = normalise(t.text)
        # The first letter must agree: "Hollywood" / "Bollywood" are two names.
        if t.pos_ == "PROPN" and len(v) >= 5 and any(len(w) >= 5 and w[0] == v[0] and w != v
                                                     and _spelt_alike(w, v) for w in mine):
            ent = next((e for e in evidence.ents if e.start <= t.i < e.end), None)
            return (ent.start, ent.end) if ent is not None else (t.i, t.i + 1)
    for ent in evidence.ents:
        if ent.label_ in NUMERIC_LABELS | {"DATE", "TIME"}:
            continue  # "One" of "One of the Girls" tagged as a number names nothing
        if lexicon.same_name(claim[slot.i:slot.j].text, ent.text):
            return ent.start, ent.end  # "the USSR" / "the Soviet Union": names of one country
        theirs = set(normalise(ent.text).split()) - {"the", "of", "and"}
        if fuzz.ratio(normalise(ent.text), target) >= FUZZY_THRESHOLD:
            return ent.start, ent.end
        # One name contained in the other ("Linus Torvalds" / "Torvalds", whatever the NER label).
        if mine and theirs and (theirs <= mine or mine <= theirs) and any(len(w) > 2 for w in mine & theirs):
            return ent.start, ent.end
    return None


#: Short forms of given names that do not start with the name's first letter ("Bill" / "William"); a short
#: form that does ("Dan" / "Daniel", "Jack" / "John") passes the first-letter test of _another_given_name.
_SHORT_GIVEN_NAMES = {"bill": "william", "billy": "william", "bob": "robert", "bobby": "robert", "dick": "richard",
                      "rick": "richard", "ted": "edward", "ned": "edward", "peggy": "margaret", "meg": "margaret",
                      "polly": "mary", "molly": "mary", "betty": "elizabeth", "beth": "elizabeth",
                      "liz": "elizabeth", "bess": "elizabeth", "hank": "henry", "sally": "sarah",
                      "chuck": "charles", "tony": "anthony", "sandy": "alexander", "jim": "james",
                      "jimmy": "james"}


def _another_given_name(claim_given, evidence, surname_at: int) -> bool:
    """The evidence's person with the claim's surname has other given names: "Tracey Edmonds" / "Kenneth
    "Babyface" Edmonds" are two people. Given names count as the same when one starts with the other's
    first letter ("Dan" / "Daniel", "J." / "John") or is a known short form of it ("Bill" / "William"), or
    the claim's is in quotes as a nickname there."""
    mine = [normalise(t.text) for t in claim_given if t.text[:1].isupper()]
    theirs = []
    i = surname_at - 1
    while i >= 0 and (evidence[i].pos_ == "PROPN" and evidence[i].text[:1].isupper() or evidence[i].text in _QUOTES):
        if evidence[i].text[:1].isalpha():
            theirs.append(normalise(evidence[i].text))
        i -= 1
    if not mine or not theirs:
        return False
    for a in mine:
        for b in theirs:
            if a[:1] == b[:1] or _SHORT_GIVEN_NAMES.get(a) == b or _SHORT_GIVEN_NAMES.get(b) == a:
                return False
    return True


def _spelt_alike(a: str, b: str) -> bool:
    """Two spellings of one name: close overall, or sharing the first four letters and nearly all the
    rest ("Hickman" / "Hickam", where one letter is dropped and two swapped)."""
    ratio = fuzz.ratio(a, b)
    # At most two letters apart: "Levothyroxine" / "Liothyronine" are as close by ratio, and two drugs.
    return (ratio >= 80 or (ratio >= 75 and min(len(a), len(b)) >= 6 and a[:4] == b[:4])) \
        and Levenshtein.distance(a, b) <= 2


def _find_span(doc, target: str) -> tuple[int, int] | None:
    n = len(target.split())
    for i in range(len(doc)):
        if doc[i].is_punct:
            continue  # ", Renato Balestra" normalises like the name; the name starts after the comma
        for j in range(i + 1, min(len(doc), i + n + 3) + 1):
            if normalise(doc[i:j].text) == target:
                return i, j
    return None


def _untagged_name(doc, unit: Slot) -> bool:
    """A proper noun outside every entity and not the sentence's first word (whose capital says
    nothing)."""
    t = doc[unit.i]
    return unit.j - unit.i == 1 and t.pos_ == "PROPN" and not t.ent_type_ and t.i > 0 and t.text[:1].isupper()


def _name_unit(doc, unit: Slot) -> Slot:
    """An untagged name with the capitalised words written before it that qualify it: "the Cartoonist
    and Illustrators School" is one name, not "School"."""
    head = doc[unit.i]
    k = head.i
    while k > 0 and doc[k - 1].is_ancestor(head) is False and head.is_ancestor(doc[k - 1]) and (
            doc[k - 1].text[:1].isupper() or doc[k - 1].dep_ == "cc") and doc[k - 1].dep_ != "det":
        k -= 1
    if doc[k].dep_ == "cc":
        k += 1
    out = Slot("entity", k, unit.j, label="", value=normalise(doc[k:unit.j].text))
    out.head = _external_head(doc, k, unit.j)
    return out


def name_head(name: str) -> str | None:
    """What a name of the form "X of Y" names a kind of: "battle" for "the Battle of Hastings"; else None."""
    words = str(name).lower().split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words[:words.index("of")]) if "of" in words[1:-1] else None


def _same_name_head(slot: Slot, cand: Slot) -> bool:
    """Two names of one kind, however the tagger labels them: "the Battle of Hastings" (a work of art to
    the small model) and "the Battle of Stamford Bridge" (a facility) are two battles."""
    head = name_head(slot.value)
    return head is not None and head == name_head(cand.value)


def _same_title(mine, theirs) -> bool:
    """Two names under one title: "Emperor Nero" / "the emperor Vespasian", "President Lincoln" / "the
    president, Grant" (whatever label the small model gives each name)."""
    title = mine[0].lower_ if len(mine) > 1 and mine[0].text[:1].isupper() else None
    head = theirs.root.head if theirs.root.dep_ == "appos" else None
    return bool(title) and head is not None and head.lower_ == title and lexicon.common_noun(title)


def _a_place(slot: Slot) -> bool:
    """A place, by its label or, when the small model gave a place's name another label ("Lyon" as an
    organisation), by WordNet's knowing it as a city, country or continent."""
    return _FAMILY.get(slot.label) == "place" or slot.label in ("ORG", "PERSON", "") and isinstance(
        slot.value, str) and bool(lexicon.place_kinds(slot.value))


def _compatible(slot: Slot, cand: Slot) -> bool:
    if slot.kind == "entity":
        if cand.kind != "entity":
            return False
        return _FAMILY.get(slot.label, slot.label) == _FAMILY.get(cand.label, cand.label) \
            or _same_name_head(slot, cand) or _a_place(slot) and _a_place(cand)
    if slot.kind == "date":
        # A year is in a decade: "born in the 1950s" / "born in 1947" (not the other way round).
        return cand.kind == "date" and (cand.granularity == slot.granularity
                                        or slot.granularity == "decade" and cand.granularity == "year")
    if slot.kind == "number":
        if cand.kind != "number":
            return False
        if slot.dimension or cand.dimension:
            return slot.dimension == cand.dimension or _kindred_counts(slot.unit, cand.unit)
        return True
    if slot.kind == "code":
        return cand.kind == "code"
    if slot.kind == "attribute":
        return cand.kind in ("attribute",) or (cand.kind == "entity" and cand.label == "NORP")
    if slot.kind == "noun":
        # A noun's counterpart may be a name ("recorded by cats" / "recorded by ... Katy Perry"); the
        # caller asks for the same governor, so the name plays the same role.
        return cand.kind == "noun" or (cand.kind == "entity" and slot.label not in ("nsubj", "attr"))
    return False


def _bounded(claim, slot: Slot, evidence, cand: Slot) -> tuple[bool, bool | None]:
    """(whether the claim's or the evidence's number is a bound, and if so whether the evidence's makes the
    claim's true, false, or leaves it open: None). "More than 600 works" / "over 800 works"."""
    mine, theirs = bound_at(claim, slot.i), bound_at(evidence, cand.i)
    limits = limit_at(claim, slot.i) or limit_at(evidence, cand.i)
    if not bounds_apply(mine, theirs, limits) or slot.value is None or cand.value is None or (
            slot.unit and cand.unit and slot.unit != cand.unit
            and not comparable(quantity(slot.value, slot.unit), quantity(cand.value, cand.unit))):
        return False, None
    return True, bounded_amounts(slot.value, slot.unit, mine, cand.value, cand.unit, theirs, limits)


def _kindred_counts(mine: str, theirs: str) -> bool:
    """Counts of things WordNet gives as one kind or kinds of one another ("9,000 people" / "5,100
    employees", "films" / "movies"); never a measure ("9,000 metres")."""
    if not mine or not theirs or unit(mine) is not None or unit(theirs) is not None:
        return False
    people = {"people": "person"}
    return lexicon.kindred(people.get(mine, mine), people.get(theirs, theirs), "NOUN")


def _equal_value(claim, slot: Slot, evidence, cand: Slot, similar) -> bool:
    if cand.label == DURATION:
        # "From 1939 to 1945" may be five years or seven, by the months left unsaid.
        mine, year = quantity(slot.value, slot.unit), quantity(1, "year")
        return mine is not None and mine[0] == year[0] and abs(mine[1] / year[1] - cand.value) <= 1
    if slot.kind == "number":
        bounded, verdict = _bounded(claim, slot, evidence, cand)
        if bounded:
            return verdict is True
        if slot.unit and cand.unit and slot.unit != cand.unit and not _kindred_counts(slot.unit, cand.unit):
            # The same amount in another unit ("50 years" / "five decades") is the same fact.
            return same_quantity(quantity(slot.value, slot.unit), quantity(cand.value, cand.unit))
        if slot.unit == cand.unit == FREQUENCY_UNIT:
            return same_quantity(quantity(slot.value, slot.unit), quantity(cand.value, cand.unit))
        within = _number_range(evidence, cand.i) if _number_range(claim, slot.i) is None else None
        if within and slot.value is not None and within[0] <= slot.value <= within[1]:
            return True  # "could hold 65,000" / "an estimated 50,000 to 80,000"
        # A rounded number agrees with the amount it rounds: "roughly 10,000 people" / "9,800 people".
        return slot.value == cand.value or slot.value is not None and cand.value is not None and same_when_rounded(
            slot.value, cand.value) or hedged(claim, slot.i) and slot.value is not None \
            and cand.value is not None and near(slot.value, cand.value)
    if slot.kind == "date" and slot.granularity == "decade":
        mine, theirs = slot.value, _decade_of(cand)
        return mine == theirs or min(len(mine), len(theirs)) == 3 and mine[-3:] == theirs[-3:]
    if slot.kind in ("date", "code"):
        return slot.value == cand.value
    claim_span, evidence_span = claim[slot.i:slot.j], evidence[cand.i:cand.j]
    a, b = normalise(claim_span.text), normalise(evidence_span.text)
    if a == b or slot.value == cand.value:
        return True
    if slot.kind == "entity" and _another_word_each(a, b):
        return False  # "the Atlantic coast of South America" / "the Pacific coast of South America"
    if slot.kind == "attribute" and lexicon.opposite_adjectives(a, b):
        return False  # "effective" / "ineffective" are spelt alike and mean the opposite
    if fuzz.ratio(a, b) >= FUZZY_THRESHOLD or _doubled_letter(a, b):
        return True
    if ordinal_value(a) is not None or ordinal_value(b) is not None:
        # "first" / "1st" are one value; "seventh" and "eighth" are close in meaning and different in value
        return ordinal_value(a) == ordinal_value(b)
    one_word = len(claim_span) == len(evidence_span) == 1
    return (similar(claim_span.text, evidence_span.text) or _entailed_word(claim_span, evidence_span)
            or one_word and _similar_adjectives(claim_span[0], evidence_span[0])
            or one_word and claim_span[0].pos_ == evidence_span[0].pos_ == "NOUN" and lexicon.same_first_sense(
                claim_span[0].lemma_, evidence_span[0].lemma_, "NOUN"))


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
    # "a pop music performer": a phrase of modifiers, replaced whole with its noun.
    return not any(_content(g) for c in word.children for g in c.children)


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


def _decade_of(unit: Slot) -> str:
    """The decade of a decade or year unit, as a decade slot's value ("1940s"; "40s" for "the forties")."""
    return f"{unit.value // 10 * 10}s" if unit.granularity == "year" else unit.value


def _decade_text(claim_text: str, cand: Slot) -> str:
    """The evidence's decade in the claim's way of writing decades: "the fifties" -> "forties", "the
    1950s" -> "1940s"."""
    decade = _decade_of(cand)
    if claim_text[:1].isdigit():
        return decade if len(decade) > 3 else claim_text[:2] + decade
    word = next((w for w, n in DECADE_WORDS.items() if f"{n}s" == decade[-3:]), None)
    return word or decade


class _Similarity:
    """Embedding cosine of short phrases, computed in one batch and cached."""

    def __init__(self, config: Config | None, threshold: float):
        # Phrases are embedded as the judge's words are (per-token int8): a phrase's vector is then the
        # same bits whichever phrases are embedded beside it (float32 padded each batch to its longest),
        # so one pair's alignment cannot depend on the pairs aligned with it.
        self.config, self.threshold = word_config(config), threshold
        self.cache: dict[tuple[str, str], float] = {}
        self.vectors: dict[str, Any] = {}

    def prime(self, texts: Iterable[str]) -> None:
        new = sorted({t for t in texts if t not in self.vectors})
        if new:
            for text, v in zip(new, models.embed(new, self.config)):
                self.vectors[text] = v

    def __call__(self, a: str, b: str) -> bool:
        return self.score(a, b) >= self.threshold

    def score(self, a: str, b: str) -> float:
        a, b = a.lower(), b.lower()
        if (a, b) not in self.cache:
            self.prime([a, b])
            self.cache[(a, b)] = float(self.vectors[a] @ self.vectors[b])
        return self.cache[(a, b)]


def _align_docs(claim, evidence, similar: _Similarity, slots: list[Slot], cands: list[Slot]) -> Alignment:
    """``slots`` and ``cands``: ``extract_slots(claim)`` and ``evidence_units(evidence)`` (only read here);
    ``similar`` has their phrases embedded already (``align_many``)."""
    if not len(claim) or not len(evidence) or not claim.text.strip() or not evidence.text.strip():
        tokens = [AlignedToken(t.text, t.idx, t.idx + len(t.text), UNCONFIRMED, whitespace=t.whitespace_)
                  for t in claim if not t.is_space]
        return Alignment(claim.text, evidence.text, tokens, claim_doc=claim, evidence_doc=evidence)
    anchors = _anchors(claim, evidence)
    claim_lemmas = {t.lemma_.lower() for t in claim if _content(t)} | {normalise(t.text) for t in claim}
    evidence_lemmas = {t.lemma_.lower() for t in evidence if _content(t)}
    # Polarity words ("refused", "unable") are not content the evidence should repeat.
    words = [t for t in claim if _content(t) and t.lemma_.lower() not in NEGATIVE_IMPLICATIVES]
    evidence_norms = {normalise(e.text) for e in evidence}
    evidence_content = [e.text for e in evidence if _content(e)]
    # A word the evidence says in a derived form is covered: "during pregnancy" / "to pregnant women".
    coverage = (sum(1 for t in words if t.lemma_.lower() in evidence_lemmas or normalise(t.text) in evidence_norms
                    or any(_derived(t.text, e) for e in evidence_content)) / len(words)) if words else 0.0

    edges: list[Edge] = []
    used: set[tuple[int, int]] = set()
    slot_edges: dict[int, tuple[Slot, Edge]] = {}
    for slot in slots:
        ctext = claim[slot.i:slot.j]
        edge = Edge(slot.kind, UNCONFIRMED, ctext.text, ctext.start_char, ctext.end_char,
                    granularity=slot.granularity or slot.unit, label=slot.label)
        if slot.kind == "entity":
            found = _same_entity(claim, slot, evidence)
            bound = _place_bound_otherwise(claim, slot, evidence, found, cands) if found else None
            if bound is not None:
                # "located in Kenya" / "a volcano in northeastern Tanzania, close to the border with Kenya":
                # the evidence names Kenya as a landmark of a modifier, and Tanzania as where it is.
                span = evidence[bound.i:bound.j]
                edge.op, edge.evidence_text, edge.score = SUBSTITUTED, span.text, 1.0
                edge.evidence_start, edge.evidence_end = span.start_char, span.end_char
                used.add((bound.i, bound.j))
                edges.append(edge)
                slot_edges[slot.i] = (slot, edge)
                continue
            rival = _subject_with_clause_naming(claim, slot, evidence, found[0]) if found else None
            if rival is not None:
                _substitute(edge, rival, used)
                edges.append(edge)
                slot_edges[slot.i] = (slot, edge)
                continue
            field = _another_title(ctext, evidence) if found else _another_field(ctext, evidence)
            if field is not None:
                # "the Nobel Prize in Chemistry" / "the 1921 Nobel Prize in Physics": the field differs.
                mine, theirs = field
                edge.claim_text, edge.claim_start, edge.claim_end = mine.text, mine.start_char, mine.end_char
                edge.op, edge.evidence_text, edge.score = SUBSTITUTED, theirs.text, 1.0
                edge.evidence_start, edge.evidence_end = theirs.start_char, theirs.end_char
                edges.append(edge)
                slot_edges[slot.i] = (slot, edge)
                continue
            if found:
                span = evidence[found[0]:found[1]]
                edge.op, edge.evidence_text = EQUAL, span.text
                edge.evidence_start, edge.evidence_end, edge.score = span.start_char, span.end_char, 1.0
                edges.append(edge)
                slot_edges[slot.i] = (slot, edge)
                continue
        elif slot.kind in ("attribute", "noun"):
            lemma_hit = [e for e in evidence if (e.lemma_.lower() == slot.value or normalise(e.text) ==
                         normalise(ctext.text)) and not _inside_name(ctext, e)]
            # A word derived from the claim's states the same thing ("plays drums" / "a drummer").
            lemma_hit = lemma_hit or [e for e in evidence if _content(e) and slot.j - slot.i == 1
                                      and e.pos_ in ("NOUN", "ADJ", "VERB") and _derived(ctext.text, e.text)]
            # The word said of another named subject ("...; Buzz Aldrin was the second") is not the claim's.
            lemma_hit = [e for e in lemma_hit if not _said_of_another(claim, slot, evidence, e)]
            rival = _subject_with_clause_naming(claim, slot, evidence, lemma_hit[0].i) if lemma_hit else None
            if rival is not None:
                _substitute(edge, rival, used)
                edges.append(edge)
                slot_edges[slot.i] = (slot, edge)
                continue
            # Else an acronym spelt out: "Chechen-Ingush ASSR" / "... Autonomous Soviet Socialist Republic".
            hit = (lemma_hit[0].i, lemma_hit[0].i + 1) if lemma_hit else \
                _acronym_span(ctext, evidence) if acronym(ctext.text) else None
            if hit is not None:
                span = evidence[hit[0]:hit[1]]
                edge.op, edge.evidence_text, edge.score = EQUAL, span.text, 1.0
                edge.evidence_start, edge.evidence_end = span.start_char, span.end_char
                edges.append(edge)
                slot_edges[slot.i] = (slot, edge)
                continue
        claim_norm = f" {normalise(claim.text)} "

        def novel(c):
            # A counterpart the claim already states elsewhere is not this slot's counterpart.
            if slot.kind not in ("attribute", "noun", "entity"):
                return True
            if slot.kind == "entity" and (_name_derived_from(evidence[c.i:c.j].text, ctext.text)
                                          or _renames_subject(evidence, c) and not _renames_subject(claim, slot)):
                return False
            return (normalise(evidence[c.i:c.j].text) not in claim_lemmas and c.value not in claim_lemmas
                    and f" {normalise(evidence[c.i:c.j].text)} " not in claim_norm)

        options = [c for c in cands if (_compatible(slot, c) or slot.kind == "noun" and c.kind == "attribute"
                                        and _agent_classifier(claim[slot.i], evidence[c.i])
                                        or _origin(claim, slot) and _origin(evidence, c)) and novel(c)]
        if slot.kind == "entity":
            # A name the small model did not tag ("the series Homeland") or tagged as another kind of
            # name may stand for this one when it plays the same role (the small model's labels are
            # unreliable; the role is checked below).
            others = [c for c in cands if c not in options and c.kind == "entity"
                      and (c.label in ENTITY_LABELS or not c.label) and c.label != "NORP"]
            others += [_name_unit(evidence, c) for c in cands if c.kind == "noun" and _untagged_name(evidence, c)]
            others = [c for c in others if novel(c)]
            options += [c for c in others if _role(claim, slot, evidence, c) >= 1.5]
            options += [c for c in cands if c.kind == "entity" and c not in options and novel(c)
                        and _same_title(claim[slot.i:slot.j], evidence[c.i:c.j])]
        if slot.kind == "attribute" and claim[slot.i].text[:1].islower():
            # A nationality stands for a nationality (capitalised), not for "romantic" in "a romantic
            # film": "a 1964 American psychological thriller film" corrects the genre, not the origin.
            options = [c for c in options if not (c.kind == "entity" and c.label == "NORP")]
        if slot.kind == "noun":
            # A name for a noun only in the same relation (not the evidence's subject under "is").
            options = [c for c in options if c.kind != "entity" or evidence[c.i:c.j].root.dep_ == slot.label]
        loose = False
        if slot.kind == "entity" and not options:
            # The small NER model mislabels ("Singh" as GPE): any entity will do if its role matches.
            modifier = claim[slot.i:slot.j].root.dep_ in ("compound", "amod", "nmod")
            options = [c for c in cands if novel(c) and (c.kind == "entity" or (
                modifier and c.kind == "attribute" and evidence[c.i].dep_ in ("compound", "amod", "nmod"))
                or (not modifier and not _in_subject(claim, slot) and c.kind == "noun"
                    and evidence[c.i].dep_ == claim[slot.i:slot.j].root.dep_))]  # "by cats" / "by Katy Perry"
            loose = True
        scored = []
        for c in options:
            role = _role(claim, slot, evidence, c)
            prox = _proximity(slot, c, anchors)
            if slot.kind in ("attribute", "noun") and role < 1.5:
                continue  # a bare word needs a matching governor to count as this slot's counterpart
            bonus = 3.0 if slot.kind == "number" and slot.unit and slot.unit == c.unit else 0.0
            if slot.kind in ("date", "number"):
                bonus += _range_end_bonus(claim, slot, evidence, c, cands)
            if slot.kind == "date":
                bonus += 2.0 * _shared_date_parts(slot, slots, c, cands, claim, evidence)
            if slot.kind in ("date", "number"):
                bonus += _same_event(claim, slot, evidence, c)
                bonus += _value_of_the_same_name(claim, slot, evidence, c, slot_edges)
            bonus += _shared_dependents(claim, slot, evidence, c)
            scored.append((role + 2.0 * prox + bonus, -c.i, c))
        if loose:
            scored = [x for x in scored if _role(claim, slot, evidence, x[2]) >= 1.5]
        if slot.kind == "date":
            scored = [x for x in scored if not _dates_another_event(claim, slot, evidence, x[2])]
        if _in_subject(claim, slot):
            # The claim's subject is what the evidence is about, often under a pronoun ("He is the lead
            # vocalist ... with Shay Haley"): replace it only by the subject of the same predicate.
            # Or by a name of the same kind, whatever its role: an evidence sentence that names another
            # battle and never the claim's is about that one.
            scored = [x for x in scored if (_role(claim, slot, evidence, x[2]) >= 1.5
                      or _agent_of(evidence, x[2], claim[:].root) or _same_name_head(slot, x[2]))
                      and not _anaphoric(evidence, x[2])]
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        if scored:
            best = scored[0][2]
            equal_somewhere = [c for _, _, c in scored if _equal_value(claim, slot, evidence, c, similar)]
            in_range = _number_range(claim, slot.i) if slot.kind == "number" else None
            # A range's end pairs with the same end of a range of the same unit, and a range stated alike
            # is the same statement ("four to six hours" / "4 to 6 hours"; "from 9 to 5" / "from 10 to 6").
            ranged = [(c, theirs) for _, _, c in scored
                      if in_range and not (slot.unit and c.unit and c.unit != slot.unit)
                      and (theirs := _number_range(evidence, c.i)) and theirs[2] == in_range[2]]
            if ranged:
                best = next((c for c, theirs in ranged if theirs == in_range), ranged[0][0])
            elif slot.kind in ("date", "code") and equal_somewhere and not _equal_value(
                    claim, slot, evidence, best, similar) and scored[0][0] <= 1.5 * max(
                    s for s, _, c in scored if c is equal_somewhere[0]) + 1e-9:
                best = equal_somewhere[0]  # an equal value nearly as well placed confirms the slot
            span, converted = evidence[best.i:best.j], None
            if slot.kind == "number" and in_range is None and best.label != DURATION \
                    and (theirs := _number_range(evidence, best.i)):
                # One amount against a range: the correction takes the whole range ("50,000 to 80,000").
                start = best.i - 2 * theirs[2]
                span = evidence[start:start + 3]
            if slot.granularity == "time" and best.granularity == "time":
                converted = clock_text(best.value, claim[slot.i:slot.j])  # "10 a.m." -> "9 a.m.", not "9:00"
            if best.label == DURATION:
                # The period's length in the claim's words: "ten years" -> "six years".
                converted = _in_unit(best.value, "year", slot.unit) if slot.unit else None
                if converted:
                    converted = _as_the_claim_writes(claim[slot.i], int(converted), converted)
            if slot.kind == "number" and best.unit and slot.unit and best.unit != slot.unit and best.unit_j > 0 \
                    and slot.unit_j > 0 and not _kindred_counts(slot.unit, best.unit):
                # Same dimension, another unit: the amount in the claim's unit when it is a whole number
                # ("50 years" / "three decades" -> "30 years"), else number and unit move together ("1
                # litre" -> "500 ml").
                converted = _in_unit(best.value, best.unit, slot.unit)
                if converted is None:
                    span = evidence[best.i:best.unit_j]
                    whole = claim[slot.i:slot.unit_j]
                    edge.claim_text, edge.claim_end = whole.text, whole.end_char
            edge.evidence_text, edge.evidence_start, edge.evidence_end = span.text, span.start_char, span.end_char
            edge.evidence_text = converted or edge.evidence_text
            edge.score = round(float(scored[0][0]), 4)
            if _equal_value(claim, slot, evidence, best, similar):
                edge.op = EQUAL
            elif (best.i, best.j) in used or slot.kind == "entity" and _other_relation(claim, slot, evidence, best) \
                    or slot.kind == "number" and _bounded(claim, slot, evidence, best) == (True, None) \
                    or _more_general_word(claim[slot.i:slot.j], evidence[best.i:best.j]) \
                    or slot.kind == "date" and _year_in_period(claim, slot, evidence, best) \
                    or slot.kind == "entity" and _maybe_within(ctext, evidence, best):
                edge.op = UNCONFIRMED
            else:
                edge.op = SUBSTITUTED
                used.add((best.i, best.j))
                if slot.kind == "entity" and _same_title(ctext, evidence[best.i:best.j]):
                    name = ctext[1:]  # the title stays: "Emperor Nero" -> "Emperor Vespasian"
                    edge.claim_text, edge.claim_start = name.text, name.start_char
                if slot.kind == "entity" and ctext.root.dep_ not in ("compound", "amod", "nmod", "poss"):
                    place = _place_of_the_same_kind(ctext.text, evidence, best)
                    if place is not None:  # "in Europe" -> "in Australia", not the city of the evidence
                        token, edge.evidence_text = place
                        edge.evidence_start, edge.evidence_end = token.idx, token.idx + len(token.text)
                if slot.granularity == "decade":
                    edge.evidence_text = _decade_text(ctext.text, best)  # a year corrects its decade
                if slot.kind == "attribute" and (lexicon.opposite_adjectives(normalise(ctext.text), normalise(
                        evidence[best.i:best.j].text)) or {slot.value, best.value} == _ORDER):
                    edge.label = OPPOSITE  # "effective" / "ineffective", "before" / "after"
        edges.append(edge)
        slot_edges[slot.i] = (slot, edge)

    _rewordings(claim, evidence, slot_edges, similar)
    _kinds(claim, evidence, slot_edges)
    edges.extend(_fields(claim, evidence, slot_edges))
    _counted_in_the_year(claim, evidence, slot_edges)
    _kind_nouns_name_no_value(claim, slot_edges)
    edges.extend(_phrase_objects(claim, evidence, slot_edges))
    edges.extend(_preposition_edges(claim, evidence, slot_edges))
    _excluded_values(claim, slot_edges)
    _denied_values(evidence, slot_edges)
    _reference_times(claim, evidence, slot_edges)

    # Predicate to predicate: the claim's main verb against the verb of the same subject. Under a
    # negative implicative ("refused to model") the claim's predicate is the complement verb.
    root = claim[:].root
    implicative = negative_implicative(claim)
    if implicative is not None:
        root = claim[implicative.verb]
    predicate = _predicate_edge(claim, evidence, root, similar)
    # Another verb is a correction only when it is the one difference; otherwise the evidence is more
    # likely telling another event about the same subject. (A subject the evidence names by a pronoun,
    # "He also directed", is no difference.)
    other_difference = any(e.op != EQUAL and not (e.op == UNCONFIRMED and _in_subject(claim, slot))
                           and _in_clause_of(claim[slot.i], root) for slot, e in slot_edges.values())
    if predicate is not None and predicate.op == SUBSTITUTED and other_difference:
        if _same_subject_verb(evidence, root) is None:
            predicate = None  # found by its complements alone: a counterpart only as the correction
        else:
            predicate.op = UNCONFIRMED
    if predicate is None and implicative is None:
        predicate = _dated_event(claim, evidence, root, slot_edges, similar)
    if predicate is None and implicative is None:
        predicate = _nominalised_predicate(claim, evidence, root)
    if predicate is not None:
        edges.append(predicate)

    # Polarity of the main predicate on each side.
    claim_negated = (_negated_at(claim, root.i) or any(t.lower_ == "never" for t in claim)
                     or implicative is not None or other_than(claim) is not None)
    kin = _kindred_verb(root, evidence)
    ev_pred = _evidence_predicate(claim, evidence, root, slot_edges, kin)
    evidence_negated = _negated_at(evidence, ev_pred) if ev_pred is not None else False
    evidence_negated = evidence_negated or (ev_pred == evidence[:].root.i and other_than(evidence) is not None)
    opposite_verb = ev_pred is not None and (lexicon.relation(
        root.lemma_.lower(), evidence[ev_pred].lemma_.lower(), "VERB") == lexicon.ANTONYM
        or opposite_directions(root.lemma_.lower(), evidence[ev_pred].lemma_.lower()))
    if opposite_verb and not (predicate is not None and predicate.op == SUBSTITUTED):
        # "is closed on Mondays" says what "does not open on Mondays" says, and the opposite of "opens"
        # (an opposite verb the alignment did not already substitute).
        evidence_negated = not evidence_negated
    called_off = None if claim_negated or evidence_negated else _called_off(root, evidence) or _advised_against(
        claim, root, evidence)
    if called_off is not None:
        ev_pred, evidence_negated = called_off.i, True  # "landed on the Moon" / "the landing was aborted"
    if not evidence_negated and ev_pred is not None and _said_of_now(claim, root) \
            and _ended_period(evidence[ev_pred]) is not None:
        evidence_negated = True  # "is currently part of" / "was part of it between 1035 and 1814": no longer
    # The same predicate in other words, said of the same thing in other words, is as good as the words.
    restated = kin is not None and ev_pred == kin.i and _kindred_subjects(root, kin)
    # Another verb of the same subject ("never spoils" / "can last indefinitely") has a polarity of its own.
    other_verb = predicate is not None and predicate.op == UNCONFIRMED and ev_pred is not None \
        and predicate.evidence_start == evidence[ev_pred].idx and not restated and not opposite_verb
    mismatch = ev_pred is not None and claim_negated != evidence_negated and (coverage >= 0.5 or restated) \
        and not _object_unstated(claim, root, evidence, slot_edges) and not other_verb
    if mismatch and evidence_negated and not claim_negated and _lacked_object(root):
        mismatch = False  # "showed a lack of efficacy" says what "showed no efficacy" says
    negation_stands = (mismatch and claim_negated and implicative is None
                       and _negated_slot_filled_otherwise(claim, slot_edges))
    if negation_stands:
        # "X is not an American series" / "X is a French series": the evidence fills the negated slot
        # with something else, which is what the claim says. Nothing to flip, nothing to substitute.
        mismatch = False
        for slot, edge in slot_edges.values():
            if edge.op == SUBSTITUTED:
                edge.op = UNCONFIRMED
    if mismatch:
        neg = negation_tokens(claim)
        if neg:
            edges.append(Edge("negation", SUBSTITUTED, neg[0].text, neg[0].idx, neg[0].idx + len(neg[0].text),
                              evidence_text=evidence[ev_pred].text, evidence_start=evidence[ev_pred].idx,
                              evidence_end=evidence[ev_pred].idx + len(evidence[ev_pred].text)))
        else:
            edges.append(Edge("negation", SUBSTITUTED, root.text, root.idx, root.idx + len(root.text),
                              evidence_text=evidence[ev_pred].text, evidence_start=evidence[ev_pred].idx,
                              evidence_end=evidence[ev_pred].idx + len(evidence[ev_pred].text)))
    if not claim_negated and not evidence_negated:
        _opposite_attributes(claim, evidence, edges)
    negative_object = any(t.lower_ == "no" and t.dep_ == "det" and t.head.head.i == root.i for t in claim)
    if not mismatch and not negation_stands and not claim_negated and not negative_object \
            and not any(e.op == SUBSTITUTED for e in edges):
        # Under a negation a word is what the claim says is not the case: another word in its place
        # ("does not have a village", "had no relation to the arms dealer") is no more what the evidence
        # says.
        _fallback_counterpart(claim, evidence, slot_edges, cands, anchors, similar)
    _designated_names(claim, evidence, edges)
    _order_of_events(claim, evidence, edges)
    _ranks(claim, evidence, edges)
    _reversed_comparison(claim, evidence, edges)
    _compared_to_the_usual(claim, evidence, edges)
    _lacks(claim, evidence, edges)
    edges.sort(key=lambda e: (e.claim_start, e.claim_end))
    tokens = _token_ops(claim, evidence, edges)
    return Alignment(claim.text, evidence.text, tokens, edges, claim_negated, evidence_negated, mismatch,
                     coverage, claim, evidence)


#: Prepositions that state the opposite relation to the same object: "born in Trieste" / "born outside
#: of Trieste", "because of the Beatles" / "despite the Beatles"; in time, "take it with breakfast" /
#: "before breakfast".
_CONTRARY_PREPOSITIONS = [({"in", "inside", "within"}, {"outside"}), ({"with"}, {"without"}),
                          ({"because"}, {"despite"}), ({"for"}, {"against"}), ({"above"}, {"below"}),
                          ({"before"}, {"after", "during", "with"}), ({"after"}, {"during", "with"})]


def _preposition_of(tok):
    """(first token, last token) of the preposition governing ``tok`` ("in", "outside of", "because of"),
    or None."""
    if tok.dep_ != "pobj":
        return None
    p = tok.head
    first = last = p
    if p.lower_ == "of" and p.head.i == p.i - 1 and p.head.dep_ in ("prep", "advmod", "mark"):
        first = p.head  # "outside of" parsed as two prepositions
    elif p.i + 1 < len(p.doc) and p.doc[p.i + 1].lower_ == "of" and p.doc[p.i + 1].head.i == p.i:
        last = p.doc[p.i + 1]  # "because of" with "of" hanging from "because"
    return first, last


def _contrary(a: str, b: str) -> bool:
    return any((a in x and b in y) or (a in y and b in x) for x, y in _CONTRARY_PREPOSITIONS)


def _preposition_edges(claim, evidence, slot_edges) -> list[Edge]:
    """The relation to an object both sentences name, where the prepositions say the opposite: the
    preposition is the slot ("born outside of Trieste" -> "born in Trieste")."""
    out = []
    for slot, edge in slot_edges.values():
        if edge.op != EQUAL or slot.kind not in ("entity", "noun") or edge.evidence_start < 0:
            continue
        e_tok = next((t for t in evidence if t.idx <= edge.evidence_start < t.idx + len(t.text) + 1
                      and not t.is_punct), None)
        if e_tok is None:
            continue
        e_tok = evidence[e_tok.i:next((t.i for t in evidence if t.idx >= edge.evidence_end), len(evidence))].root
        mine, theirs = _preposition_of(claim[slot.i:slot.j].root), _preposition_of(e_tok)
        if mine is None or theirs is None or not _contrary(mine[0].lower_, theirs[0].lower_):
            continue
        g1, g2 = mine[0].head, theirs[0].head
        if g1.lemma_.lower() != g2.lemma_.lower() and g1.head.lemma_.lower() != g2.lemma_.lower() \
                and g1.lemma_.lower() != g2.head.lemma_.lower():
            continue  # another governor, another relation ("a destination because of" / "is ... despite")
        # "together with breakfast": the adverb belongs to the relation it qualifies and goes with it.
        start = mine[0].i - 1 if mine[0].i > 0 and claim[mine[0].i - 1].dep_ == "advmod" and \
            claim[mine[0].i - 1].head.i == mine[0].i else mine[0].i
        c_span, e_span = claim[start:mine[1].i + 1], evidence[theirs[0].i:theirs[1].i + 1]
        out.append(Edge("preposition", SUBSTITUTED, c_span.text, c_span.start_char, c_span.end_char,
                        e_span.text, e_span.start_char, e_span.end_char, label="prep"))
    return out


#: Prepositions that exclude their object: the claim says where or with what the thing is not.
_EXCLUDING_PREPOSITIONS = {"outside", "without", "except", "excluding"}


def _excluded_values(claim, slot_edges) -> None:
    """A value the claim excludes ("born outside of Trieste", "made without sugar") is not contradicted by
    another value ("born in Naples", "made with honey"): Naples may well be outside Trieste, or inside it
    ("born outside of Italy" / "born in Naples"). Unconfirmed, not substituted."""
    for slot, edge in slot_edges.values():
        if edge.op != SUBSTITUTED or slot.kind not in ("entity", "noun"):
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
        if edge.op != EQUAL or slot.kind not in ("entity", "noun") or edge.evidence_start < 0:
            continue
        tok = next((t for t in evidence if t.idx == edge.evidence_start), None)
        if tok is None:
            continue
        span = evidence.char_span(edge.evidence_start, edge.evidence_end, alignment_mode="expand")
        affirmed = _denial(span.root if span is not None else tok)
        if affirmed is not None:
            ent = next((e for e in evidence.ents if e.start <= affirmed.i < e.end), None)
            chosen = ent if ent is not None and slot.kind == "entity" else evidence[affirmed.i:affirmed.i + 1]
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
        if slot.kind != "date" or edge.op != SUBSTITUTED or not as_of_date(claim[slot.i:slot.j].root):
            continue
        theirs = evidence.char_span(edge.evidence_start, edge.evidence_end, alignment_mode="expand")
        if theirs is None or not as_of_date(theirs.root):
            edge.op = UNCONFIRMED


#: Least embedding similarity of a claim noun and its evidence counterpart, under a modifier both
#: share, for the two to be one thing reworded: "country music performer" / "country singer", but not
#: "comedy drama film" / "comedy drama book" (0.46).
REWORDING_SIMILARITY = 0.5


def _same_modifier(noun, e_noun) -> bool:
    """One of the claim noun's modifiers qualifies the evidence noun too."""
    mine = {t.lemma_.lower() for t in noun.lefts if t.dep_ in ("amod", "compound") and not t.ent_type_}
    theirs = {t.lemma_.lower() for t in e_noun.lefts if t.dep_ in ("amod", "compound")}
    return bool(mine & theirs)


def _rewordings(claim, evidence, slot_edges, similar) -> None:
    """A substituted noun under a modifier the evidence repeats, close in meaning to its counterpart
    ("a country performer" / "an American country singer"), is the claim's wording of the same thing:
    equal. Nouns further apart are not ("a fictional place" / "the fictional setting", 0.41)."""
    for slot, edge in slot_edges.values():
        if slot.kind != "noun" or edge.op != SUBSTITUTED or slot.j - slot.i != 1:
            continue
        noun = claim[slot.i]
        e_noun = next((t for t in evidence if t.idx == edge.evidence_start), None)
        if e_noun is None or e_noun.pos_ != "NOUN" or noun.pos_ != "NOUN":
            continue
        if _same_modifier(noun, e_noun) and similar.score(noun.text, e_noun.text) >= REWORDING_SIMILARITY:
            edge.op = EQUAL


#: Nouns naming a kind: "the genre of comedy" says that the thing is a comedy.
_KIND_NOUNS = {"genre", "subgenre", "type", "kind", "sort", "form", "style", "category", "class", "variety"}


def _is_classifier(tok) -> bool:
    """A modifier that belongs to a noun's name for a kind of thing: a common-noun compound
    ("television series", "fashion model") or a plain adjective ("political party"). Names,
    nationalities, numbers and superlatives are slots of their own and stay outside the phrase."""
    if tok.ent_type_ in ("NORP", "GPE", "PERSON", "ORG", "DATE", "CARDINAL", "ORDINAL") or tok.like_num:
        return False
    # A compound the small model tags as an adjective ("pop music") is a classifier all the same.
    return (tok.dep_ == "compound" and tok.pos_ in ("NOUN", "ADJ")) or (tok.dep_ == "amod" and tok.tag_ == "JJ")


def phrase_start(doc, index: int, keep=lambda t: True) -> int:
    """First token of the noun at ``index`` with the classifiers written before it (``keep`` decides
    which of them may be part of the replaced phrase)."""
    i = index
    while i > 0:
        if index >= doc[i - 1].head.i >= i and _is_classifier(doc[i - 1]) and keep(doc[i - 1]):
            i -= 1
        elif i > 1 and doc[i - 1].dep_ == "cc" and doc[i - 1].head.i == i - 2 and _coordinated_classifier(
                doc[i - 2], i, index) and keep(doc[i - 2]):
            i -= 2  # "a cable and satellite television network": the first classifier of a coordination
        elif (both := _adjective_coordination(doc, i - 1)) and both[1] == i - 1 and doc[both[0]].head.i == index \
                and all(keep(doc[k]) for k in range(both[0], i)):
            i = both[0]  # "a relaxing and joyful setting"
        else:
            break
    return i


#: Tags of words that qualify a noun as adjectives do ("relaxing", "joyful", "abandoned"); comparatives and
#: superlatives are slots of their own.
_QUALIFYING = ("JJ", "VBG", "VBN")


def _adjective_coordination(doc, index: int) -> tuple[int, int] | None:
    """(first, last) token of the coordinated adjectives before a noun that the token at ``index`` is one
    of ("relaxing and joyful" in "a relaxing and joyful setting"), else None: the adjectives qualify the
    noun together, so a phrase put in for the claim's takes them together."""
    tok = doc[index]
    first = tok.head if tok.dep_ == "conj" else tok
    if first.dep_ != "amod" or first.tag_ not in _QUALIFYING or first.ent_type_:
        return None
    last = first
    # A list is parsed as a chain: "powerful , warm , and swift" has "swift" as the conjunct of "warm".
    while (after := next((c for c in last.children if c.dep_ == "conj" and c.tag_ in _QUALIFYING), None)) is not None:
        last = after
    last = last.i
    if last == first.i or not first.i <= tok.i <= last < first.head.i:
        return None
    between = range(first.i + 1, last)
    return (first.i, last) if all(doc[k].dep_ in ("cc", "punct", "conj") for k in between) else None


def _coordinated_classifier(tok, i: int, index: int) -> bool:
    """``tok`` qualifies the noun at ``index`` (whose phrase starts at ``i``) as the first conjunct of a
    coordination of classifiers ("cable" in "a cable and satellite television network")."""
    return tok.dep_ in ("nmod", "compound", "amod") and tok.pos_ in ("NOUN", "ADJ") \
        and i <= tok.head.i <= index and not tok.ent_type_ and not tok.like_num


def coordinated_noun(doc, index: int) -> int:
    """The noun a coordination of classifiers qualifies, when the small model made the first classifier
    the head: in "an American cable and satellite television channel" it parses "cable" as the noun and
    "channel" as its conjunct; the thing is a channel. Else ``index`` itself. Only when the conjunct
    comes with classifiers of its own, right after the conjunction ("a singer and songwriter" are two
    nouns, and so are "a fashion model and television personality", whose first noun has a classifier)."""
    tok = doc[index]
    if tok.pos_ != "NOUN" or index + 2 >= len(doc) or doc[index + 1].dep_ != "cc" \
            or phrase_start(doc, index) != index:
        return index
    conj = next((c for c in tok.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i > index + 2), None)
    if conj is None or phrase_start(doc, conj.i) != index + 2:
        return index
    return conj.i


def _kind_nouns_name_no_value(claim, slot_edges) -> None:
    """A kind noun with its object ("the genre of dancehall music") names the kind the object is; it is
    no value the evidence can fill otherwise ("the 2006 wave of dancehall music" says the same kind), and
    where the evidence states the object, it states the kind."""
    for slot, edge in slot_edges.values():
        noun = claim[slot.i]
        objects = [o for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
                   for o in c.children if o.dep_ == "pobj"]
        if slot.kind != "noun" or edge.op == EQUAL or noun.lemma_.lower() not in _KIND_NOUNS or not objects:
            continue
        if all(o.i in slot_edges and slot_edges[o.i][1].op == EQUAL for o in objects):
            edge.op = EQUAL
        elif edge.op == SUBSTITUTED:
            edge.op = UNCONFIRMED


def _kinds(claim, evidence, slot_edges) -> None:
    """The object of a kind noun ("in the genre of comedy") classifies the claim's subject: its
    counterpart is the classifier of what the evidence says the subject is ("is an American crime drama
    series" -> "in the genre of crime drama"). Only for an object the evidence does not confirm."""
    e_root = evidence[:].root
    e_nouns = [c for c in e_root.children if c.dep_ == "attr" and c.pos_ == "NOUN"] \
        if e_root.lemma_.lower() == "be" else []
    for slot, edge in slot_edges.values():
        noun = claim[slot.i]
        if slot.kind != "noun" or edge.op != UNCONFIRMED or noun.dep_ != "pobj" or noun.head.lower_ != "of" \
                or noun.head.head.lemma_.lower() not in _KIND_NOUNS or len(e_nouns) != 1:
            continue
        theirs = evidence[phrase_start(evidence, e_nouns[0].i):e_nouns[0].i]
        mine = claim[phrase_start(claim, noun.i):noun.i + 1]
        claim_lemmas = {c.lemma_.lower() for c in claim}
        if not len(theirs) or any(_content(t) and t.lemma_.lower() in claim_lemmas for t in theirs):
            continue
        edge.kind, edge.op = "classifier", SUBSTITUTED
        edge.claim_start = mine.start_char  # "science fiction" as a whole
        edge.claim_text = claim.text[edge.claim_start:edge.claim_end]
        edge.evidence_text, edge.evidence_start, edge.evidence_end = theirs.text, theirs.start_char, theirs.end_char
        last = theirs[-1]
        if last.tag_ == "JJ" and (noun := lexicon.noun_of(last.text)):
            # The object of "of" is a noun: "an American pornographic series" -> "the genre of pornography".
            edge.evidence_text = theirs.text[:last.idx - theirs.start_char] + noun


def _fields(claim, evidence, slot_edges) -> list[Edge]:
    """The field a claim puts its subject in ("was involved in politics", "worked in acting") is the
    activity of what the evidence says the subject is: "an American actor" -> "involved in acting", "a
    politician" -> "in politics" (lexicon.field_of). Only for a bare noun or -ing form after "in" that the
    evidence does not confirm. Returns the edges of -ing forms, which are no slots; a noun's edge changes
    in place."""
    e_root, root = evidence[:].root, claim[:].root
    theirs = next((c for c in e_root.children if c.dep_ == "nsubj"), None)
    mine = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if e_root.lemma_.lower() != "be" or theirs is None or mine is None or not (
            theirs.pos_ == "PRON" or {normalise(t.text) for t in mine.subtree if _content(t)}
            & {normalise(t.text) for t in theirs.subtree}):
        return []  # what the evidence says someone else is ("Her father was an actor") is no field of hers
    agents = [c for c in e_root.children if c.dep_ == "attr" and c.pos_ == "NOUN"]
    agents += [c for a in agents for c in a.conjuncts if c.pos_ == "NOUN"]
    fields = [(a, f) for a in agents if (f := lexicon.field_of(a.lemma_))]
    if not fields:
        return []
    out = []
    for tok in claim:
        if tok.head.lower_ != "in" or any(c.dep_ in ("det", "poss", "amod", "compound", "nummod", "dobj", "prep")
                                          for c in tok.children):
            continue
        slot, edge = slot_edges.get(tok.i, (None, None))
        gerund = tok.dep_ == "pcomp" and tok.tag_ == "VBG" and edge is None
        if not gerund and not (tok.dep_ == "pobj" and tok.pos_ == "NOUN" and slot is not None
                               and slot.kind == "noun" and edge.op == UNCONFIRMED
                               and (lexicon.names_a_field(tok.lower_) or lexicon.names_a_field(tok.lemma_))):
            continue  # "worked in film" names a medium, not a field a person of the evidence's works in
        if any(f == tok.lower_ or f == tok.lemma_.lower() for _, f in fields):
            if edge is not None:
                edge.op = EQUAL  # "involved in politics" / "a politician": the same in other words
            continue
        agent, field = fields[0]
        if edge is None:
            edge = Edge("noun", UNCONFIRMED, tok.text, tok.idx, tok.idx + len(tok.text))
            out.append(edge)
        edge.op, edge.evidence_text = SUBSTITUTED, field
        edge.evidence_start, edge.evidence_end = agent.idx, agent.idx + len(agent.text)
    return out


def _counted_in_the_year(claim, evidence, slot_edges) -> None:
    """A count of things in a year ("was in two films in 2005") against a list that dates each thing
    ("Guess Who ( 2005 ) , A Lot Like Love ( 2005 ) , What Happens in Vegas ( 2005 )"): the number of
    items dated that year is the count's counterpart, written as the claim writes it ("three")."""
    years = [t for t in claim if _is_year(t) and t.dep_ == "pobj" and t.head.lower_ == "in"]
    if len(years) != 1:
        return
    dated = [t for t in evidence if t.text == years[0].text and 0 < t.i < len(evidence) - 1
             and evidence[t.i - 1].text == "(" and evidence[t.i + 1].text == ")"]
    if len(dated) < 2:
        return
    for slot, edge in slot_edges.values():
        number = claim[slot.i]
        if slot.kind != "number" or edge.op == EQUAL or slot.j != slot.i + 1 or number.dep_ != "nummod":
            continue
        if len(dated) == number_value(number.text):
            edge.op = EQUAL
            continue
        edge.op, edge.evidence_text = SUBSTITUTED, _as_the_claim_writes(number, len(dated), str(len(dated)))
        edge.evidence_start, edge.evidence_end = dated[-1].idx, dated[-1].idx + len(dated[-1].text)


def _as_the_claim_writes(number, value: int, digits: str) -> str:
    """``value`` written as the claim writes its number ``number``: in words where it writes one and the
    value has one ("three"), else ``digits``."""
    if number.lower_ in WORD_NUMBERS:
        return next((w for w, n in WORD_NUMBERS.items() if n == value), digits)
    return digits


def _noun_phrase(noun):
    """``noun`` with everything it governs, up to the first punctuation after it ("a group of retired
    teachers", not "... ( 1990 )")."""
    doc, j = noun.doc, noun.i + 1
    while j <= noun.right_edge.i and not doc[j].is_punct:
        j += 1
    return doc[noun.left_edge.i:j]


def _phrase_objects(claim, evidence, slot_edges) -> list[Edge]:
    """An object the evidence does not confirm a word of, under the same preposition of the same
    governor as an evidence object the claim does not share a word with, is one slot, replaced whole:
    "formed by three students" / "formed by a group of retired teachers", "as the result of a flood" /
    "as the result of a gold rush". Word by word, such phrases have no counterparts."""
    claim_words = {t.lemma_.lower() for t in claim} | {normalise(t.text) for t in claim}
    evidence_words = {t.lemma_.lower() for t in evidence} | {normalise(t.text) for t in evidence}
    out, seen = [], set()
    for slot, edge in slot_edges.values():
        noun = claim[slot.i:slot.j].root
        noun = noun.head if noun.dep_ == "nummod" else noun
        if edge.op == EQUAL or noun.i in seen or noun.dep_ != "pobj" or noun.pos_ != "NOUN":
            continue
        seen.add(noun.i)
        prep = noun.head
        mine = _noun_phrase(noun)
        if any(_content(t) and (t.lemma_.lower() in evidence_words or normalise(t.text) in evidence_words)
               for t in mine):
            continue  # a word of it is confirmed: the words that differ are the slots
        for e_obj in evidence:
            if e_obj.dep_ != "pobj" or e_obj.pos_ != "NOUN":
                continue
            cause = _verb_caused(e_obj)
            if not (e_obj.head.lower_ == prep.lower_ and e_obj.head.head.lemma_.lower() == prep.head.lemma_.lower()
                    and e_obj.head.head.i != e_obj.head.i) and not (
                    cause is not None and prep.lower_ == "by" and cause.lemma_.lower() == prep.head.lemma_.lower()
                    and prep.head.tag_ == "VBN"):
                continue
            theirs = _noun_phrase(e_obj)
            if any(_content(t) and t.lemma_.lower() in claim_words for t in theirs):
                continue
            kind_mine, theirs = _kind_object(mine, theirs)
            if kind_mine.start != mine.start:
                for kind_slot, kind_edge in slot_edges.values():
                    if mine.start <= kind_slot.i < kind_mine.start and kind_edge.op == SUBSTITUTED:
                        kind_edge.op = UNCONFIRMED  # "the genre of" names the kind, not the wrong word
                mine = kind_mine
            out.append(Edge("phrase", SUBSTITUTED, mine.text, mine.start_char, mine.end_char, theirs.text,
                            theirs.start_char, theirs.end_char, label=prep.lower_))
            break
    return out


def _verb_caused(noun):
    """The verb ``noun`` is said to bring about as its cause ("formed as the result of volcanic eruptions",
    "closed because of a flood"): the cause plays the role of the agent of that verb in the passive
    ("formed by earthquakes"). None otherwise."""
    prep = noun.head
    if prep.lower_ == "of" and prep.head.lemma_.lower() in ("result", "consequence") and prep.head.dep_ == "pobj":
        verb = prep.head.head.head  # as (the) result of
    elif prep.lower_ in ("because", "due"):
        verb = prep.head  # the small model hangs the noun from "because" in "because of"
    elif prep.lower_ in ("of", "to") and prep.head.lower_ in ("because", "due"):
        verb = prep.head.head
    else:
        return None
    return verb if verb.pos_ == "VERB" else None


def _kind_object(mine, theirs):
    """A phrase naming a kind ("the genre of death metal") keeps its kind noun: what differs is the kind's
    object, replaced by the object of the evidence's "of" ("the 2006 wave of dancehall music" -> "the
    genre of dancehall music") or by the evidence's whole phrase without its determiner."""
    of = next((t for t in mine if t.lower_ == "of" and t.i > mine.start), None)
    if of is None or mine.doc[of.i - 1].lemma_.lower() not in _KIND_NOUNS or of.i + 1 >= mine.end:
        return mine, theirs
    e_of = next((t for t in theirs if t.lower_ == "of" and t.i > theirs.start), None)
    if e_of is not None:
        new = theirs.doc[e_of.i + 1:theirs.end]
    else:
        k = theirs.start
        while k < theirs.end - 1 and theirs.doc[k].dep_ in ("det", "poss"):
            k += 1
        new = theirs.doc[k:theirs.end]
    if not len(new):
        return mine, theirs
    return mine.doc[of.i + 1:mine.end], new


#: Least embedding similarity of a claim word and an evidence word of the same form for the evidence
#: word to be taken as its counterpart without a shared governor ("football" / "basketball").
FALLBACK_SIMILARITY = 0.45
#: The same when both words hang (within two dependency links) from the same shared word:
#: "Mason Evans Jr's childhood" / "the death ... of Mason Evans, Jr.".
FALLBACK_SIMILARITY_LINKED = 0.36


def _near(tok, hops: int = 2) -> set[int]:
    """Indices of the tokens within ``hops`` dependency links of ``tok``."""
    seen, frontier = {tok.i}, [tok]
    for _ in range(hops):
        frontier = [n for t in frontier for n in [t.head, *t.children] if n.i not in seen]
        seen.update(n.i for n in frontier)
    return seen - {tok.i}


def _linked_by_anchor(mine, theirs, anchors) -> bool:
    """Both words are syntactically next to the same shared word (an anchor on both sides)."""
    near_mine, near_theirs = _near(mine), _near(theirs)
    return any(ci in near_mine and ei in near_theirs for ci, ei in anchors)


def _form(tok) -> str:
    """The grammatical form a counterpart must share: adjective, noun modifier, noun, name, or an
    order of events ("after" as a preposition / "before" as a conjunction)."""
    if tok.lower_ in _ORDER:
        return "order"
    if tok.pos_ == "PROPN" or tok.ent_type_ in ENTITY_LABELS:
        return "name"
    if tok.pos_ == "ADJ":
        return "adjective"
    if tok.pos_ == "NOUN":
        return "modifier" if tok.dep_ in ("compound", "nmod") else "noun"
    return tok.pos_


def _relation(tok, coarse: bool = False) -> str:
    """A word's relation to its governor, a conjunct taking its first conjunct's, and a preposition's
    object named by its preposition ("in" + pobj): what a counterpart without a shared governor must
    still share. ``coarse``: only argument, subject or modifier."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    if coarse:
        if tok.dep_ in ("nsubj", "nsubjpass"):
            return "subject"
        if tok.dep_ == "attr" and tok.head.lemma_ == "be":
            return "predicate nominal"  # what the subject is, not what it has: "has a king" / "is a republic"
        return "modifier" if tok.dep_ in ("amod", "compound", "nmod", "poss", "advmod") else "argument"
    if tok.dep_ == "pobj":
        return "pobj:" + tok.head.lower_
    return "obj" if tok.dep_ in ("dobj", "attr", "oprd") else tok.dep_


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


def _renames_subject(doc, unit: Slot) -> bool:
    """A name under "as" of a verb whose subject is a pronoun ("It was founded as the Golden State Comic
    Book Convention"), or in apposition to the subject, is the subject's name (another, or earlier, name
    of what the sentence is about)."""
    t = doc[unit.i:unit.j].root
    if t.dep_ == "appos" and t.head.dep_ in ("nsubj", "nsubjpass"):
        return True  # "Veeram ( Valour ) is a 2014 Pakistani action film": the film's other name
    verb = t.head.head
    return t.dep_ == "pobj" and t.head.lower_ == "as" and verb.pos_ in ("VERB", "AUX") and any(
        c.dep_ in ("nsubj", "nsubjpass") and c.pos_ == "PRON" for c in verb.children)


def _name_derived_from(theirs: str, mine: str) -> bool:
    """Every word of the evidence's name is a word of the claim's name or derived from one, and one
    differs: "San Diegans" (the people of San Diego) is made of "San Diego Comic-Con", at another
    granularity (people, not the convention); it is no other value of the same slot."""
    a, b = normalise(theirs).split(), normalise(mine).split()
    if not a or a == b or not set(a) - set(b):
        return False
    return all(w in b or len(w) > 3 and any(len(x) > 3 and _same_stem(w, x) for x in b) for w in a)


def _inside_name(claim_span, tok) -> bool:
    """An evidence word that is part of a name does not confirm the claim's common noun: "a county" is
    not confirmed by "Yavapai County", which names one."""
    if claim_span.root.pos_ == "PROPN" or claim_span.root.ent_type_ or claim_span.text[:1].isupper():
        return False
    return tok.text[:1].isupper() and tok.i > 0 and (tok.pos_ == "PROPN" or bool(tok.ent_type_))


NEGATIVE_PREFIXES = ("non", "un", "in", "im", "il", "ir", "dis", "anti", "counter", "mis")


def _derived(a: str, b: str) -> bool:
    """One word derived from the other without a change of sense: "drums" / "drummer", but not
    "significant" / "insignificant" (a negative prefix) and not the same word."""
    a, b = normalise(a), normalise(b)
    if a == b or not _same_stem(a, b):
        return False
    short, long_ = sorted((a, b), key=len)
    return not any(long_ == p + short or long_.startswith(p) and not short.startswith(p) and short in long_
                   for p in NEGATIVE_PREFIXES)


def _qualifies_the_same(mine, theirs) -> bool:
    """The evidence's word qualifies what the claim's adjective qualifies, or nothing else: "the bottom
    right" for "the lower left corner", but not "light pollution" for "dark skies"."""
    if theirs.dep_ not in ("amod", "compound") or theirs.head.pos_ not in ("NOUN", "PROPN"):
        return True
    head = mine.head if mine is not None else None
    return head is not None and (head.lemma_.lower() == theirs.head.lemma_.lower() or lexicon.relation(
        head.lemma_.lower(), theirs.head.lemma_.lower(), "NOUN") == lexicon.SYNONYM or _said_to_be(head)
        and _said_to_be(theirs.head))


def _said_to_be(noun) -> bool:
    """The noun is what the sentence's subject is said to be ("Middle-earth is a real place"), whatever
    other noun the other sentence says it with ("is the fictional setting of ...")."""
    return noun.dep_ == "attr" and noun.head.dep_ == "ROOT" and noun.head.lemma_.lower() == "be"


def _opposite_attributes(claim, evidence, edges) -> None:
    """An adjective of the claim the evidence leaves unconfirmed, where the evidence says its WordNet
    antonym, direct or indirect ("in the lower left corner" / "at the bottom right"), is substituted by
    it: the evidence states the opposite quality, not merely another one."""
    used = {e.evidence_start for e in edges if e.evidence_start >= 0}
    for edge in edges:
        if edge.kind != "attribute" or edge.op != UNCONFIRMED or " " in edge.claim_text:
            continue
        word = edge.claim_text.lower()
        mine = next((t for t in claim if t.idx == edge.claim_start), None)
        opposite = next((t for t in evidence if t.idx not in used and t.pos_ in ("ADJ", "ADV", "NOUN")
                         and not _a_things_name(t) and lexicon.opposite_adjectives(word, t.lower_)
                         and _qualifies_the_same(mine, t)), None)
        if opposite is not None:
            edge.op, edge.evidence_text, edge.label = SUBSTITUTED, opposite.text, OPPOSITE
            edge.evidence_start, edge.evidence_end = opposite.idx, opposite.idx + len(opposite.text)
            used.add(opposite.idx)
            for other in edges:
                # The opposite quality is what differs; the noun it qualifies, said in other words
                # ("a real place" / "the fictional setting"), stays.
                if other.kind == "noun" and other.op == SUBSTITUTED and mine is not None \
                        and other.claim_start == mine.head.idx and other.evidence_start == opposite.head.idx:
                    other.op = UNCONFIRMED


def _comparison(doc):
    """(quality word, direction, first, second) of a comparison "first is <quality>-er than second"
    ("Light travels faster than sound": (faster, +1, Light, sound); "less famous than": -1), else None. The
    two compared things are the subject (or the first word the small model attached to the verb in its
    place) and the object of "than"."""
    than = next((t for t in doc if t.lower_ == "than" and t.dep_ == "prep"), None)
    second = next((c for c in than.children if c.dep_ in ("pobj", "pcomp")), None) if than is not None else None
    if second is None:
        return None
    quality = next((t for t in [than.head, *than.head.children] if t.tag_ in ("JJR", "RBR")
                    and t.lower_ not in ("more", "less")), None)
    direction = 1
    if quality is None and than.head.pos_ in ("ADJ", "ADV"):
        degree = next((c for c in than.head.children if c.lower_ in ("more", "less")), None)
        quality, direction = than.head, (1 if degree is None or degree.lower_ == "more" else -1)
    root = doc[:].root
    first = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) or next(
        (c for c in root.lefts if c.pos_ in ("NOUN", "PROPN", "ADJ") and c.dep_ in ("amod", "compound")), None)
    if quality is None or first is None or first.i >= quality.i:
        return None
    return quality, direction, first, second


def _reversed_comparison(claim, evidence, edges: list) -> None:
    """A comparison of the same two things, settled by the evidence's comparison. The other way round
    ("Sound travels faster than light" / "Light travels much faster than sound") the two things are
    substituted for each other; with the opposite quality in the same order ("Light travels slower than
    sound") the quality is; and the opposite quality the other way round ("Sound travels slower than
    light") says the same, so the quality is confirmed, not an opposite."""
    mine, theirs = _comparison(claim), _comparison(evidence)
    if mine is None or theirs is None:
        return
    quality, direction, first, second = mine
    e_quality, e_direction, e_first, e_second = theirs
    if e_quality.lemma_.lower() != quality.lemma_.lower():
        if lexicon.relation(quality.lemma_.lower(), e_quality.lemma_.lower(), "ADJ") != lexicon.ANTONYM:
            return
        e_direction = -e_direction
    lemma = {t.i: t.lemma_.lower() for t in (first, second)}
    e_lemma = {t.i: t.lemma_.lower() for t in (e_first, e_second)}
    if {lemma[first.i], lemma[second.i]} != set(e_lemma.values()) or lemma[first.i] == lemma[second.i]:
        return
    swapped = lemma[first.i] == e_lemma[e_second.i]
    opposite = direction != e_direction
    quality_edge = Edge("attribute", EQUAL, quality.text, quality.idx, quality.idx + len(quality.text),
                        e_quality.text, e_quality.idx, e_quality.idx + len(e_quality.text), score=1.0)
    if opposite and not swapped:
        quality_edge.op, quality_edge.label = SUBSTITUTED, OPPOSITE
    swap = swapped and not opposite
    replaced = {quality.idx, first.idx, second.idx} if swap else {quality.idx}
    edges[:] = [e for e in edges if e.claim_start not in replaced]
    edges.append(quality_edge)
    if swap:
        counterpart = {e_lemma[e_first.i]: e_first, e_lemma[e_second.i]: e_second}
        for tok, other in ((first, second), (second, first)):
            new = counterpart[lemma[other.i]]
            edges.append(Edge("noun", SUBSTITUTED, tok.text, tok.idx, tok.idx + len(tok.text), new.text, new.idx,
                              new.idx + len(new.text), label=OPPOSITE, score=1.0))


#: Comparatives said without "than", of a case against the usual one, by their direction, and their opposites.
_COMPARED = {"earlier": -1, "sooner": -1, "younger": -1, "lower": -1, "fewer": -1, "later": 1, "older": 1,
             "higher": 1}
_OPPOSITE_COMPARED = {"earlier": "later", "sooner": "later", "younger": "older", "lower": "higher",
                      "fewer": "more", "later": "earlier", "older": "younger", "higher": "lower"}


def _compared_to_the_usual(claim, evidence, edges: list) -> None:
    """A comparative with no "than" ("In inherited cases, the disease starts earlier") compares the case
    the claim names with the usual one; the evidence that gives a number for each ("usually starts around
    the age of 50 and in inherited cases around the age of 60") settles which way: "later". The usual
    number is the one before the words naming the case, the case's the one after them."""
    if any(t.lower_ == "than" for t in claim):
        return
    quality = next((t for t in claim if t.lower_ in _COMPARED and t.pos_ in ("ADV", "ADJ")), None)
    case = next((t for t in claim if t.dep_ == "prep" and t.head.i == quality.head.i and t.i != quality.i),
                None) if quality is not None else None
    if case is None or any(e.claim_start == quality.idx for e in edges):
        return
    words = {t.lemma_.lower() for t in case.subtree if _content(t)}
    named = [t.i for t in evidence if _content(t) and t.lemma_.lower() in words]
    numbers = [t for t in evidence if t.like_num and t.pos_ == "NUM"]
    if not words or len(named) != len(words) or len(numbers) != 2:
        return
    usual, this = numbers
    # Numbers in digits ("50"); one in words is left alone.
    usual_value, value = number_value(usual.text, {}), number_value(this.text, {})
    if usual_value is None or value is None or not (usual.i < min(named) and max(named) < this.i) \
            or value == usual_value:
        return
    edge = Edge("attribute", EQUAL, quality.text, quality.idx, quality.idx + len(quality.text), this.text, this.idx,
                this.idx + len(this.text), score=1.0)
    if (value > usual_value) != (_COMPARED[quality.lower_] > 0):
        edge.op, edge.label, edge.evidence_text = SUBSTITUTED, OPPOSITE, _OPPOSITE_COMPARED[quality.lower_]
    edges.append(edge)


#: Nouns that deny their "of" object: "generated lack of awareness" says none was generated.
_LACKING = {"lack", "absence", "shortage", "want"}


def _lacked_object(verb) -> bool:
    """The verb's object is a lack of something ("generated a lack of awareness")."""
    return any(c.dep_ == "dobj" and c.lemma_.lower() in _LACKING and any(p.lower_ == "of" for p in c.children)
               for c in verb.children)


def _lacks(claim, evidence, edges: list) -> None:
    """"lack of X" in the claim where the evidence states X itself in the same relation, undenied
    ("generated lack of awareness" / "generating both awareness"): "lack of" is the claim's error, an edge
    of kind "lack" (in place of the noun's) whose correction drops it. Denied there too ("no awareness",
    "a lack of awareness"), the lack is confirmed."""
    equal = {e.claim_start: e for e in edges if e.op == EQUAL}
    for tok in claim:
        of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        obj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if tok.lemma_.lower() not in _LACKING or tok.pos_ != "NOUN" or obj is None or obj.idx not in equal:
            continue
        theirs = next((t for t in evidence if t.idx == equal[obj.idx].evidence_start), None)
        if theirs is None or theirs.head.lemma_.lower() != tok.head.lemma_.lower():
            continue
        denial = next((c for c in theirs.children if c.lower_ in ("no", "little")), None) or (
            theirs.head if theirs.head.lemma_.lower() in _LACKING else None)
        if denial is None and _negated_at(evidence, theirs.head.i):
            continue
        edges[:] = [e for e in edges if e.claim_start != tok.idx]
        if denial is not None:  # "a lack of awareness" / "no awareness": the same
            edges.append(Edge("noun", EQUAL, tok.text, tok.idx, tok.idx + len(tok.text), denial.text, denial.idx,
                              denial.idx + len(denial.text)))
            continue
        edges.append(Edge("lack", SUBSTITUTED, claim.text[tok.idx:of.idx + len(of.text)], tok.idx,
                          of.idx + len(of.text), theirs.text, theirs.idx, theirs.idx + len(theirs.text)))


def _year_after(evidence, phrase: str) -> int | None:
    """The year stated right after the evidence names the phrase ("Hamlet around 1600"), if any."""
    found = re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", evidence.text, re.IGNORECASE)
    if not found:
        return None
    following = [t for t in evidence if t.idx >= found.end()][:4]
    return next((int(t.text) for t in following if _is_year(t)), None)


def _order_of_events(claim, evidence, edges: list) -> None:
    """"X did A before B" against the years the evidence gives A and B: "Shakespeare wrote Hamlet before
    Romeo and Juliet" / "wrote Romeo and Juliet around 1595 and Hamlet around 1600" is the order
    reversed, "before" substituted by "after"; in the right order the word is confirmed."""
    for word in claim:
        if word.lower_ not in _ORDER_SIGN or word.dep_ != "prep" or word.head.pos_ != "VERB":
            continue
        later = next((c for c in word.children if c.dep_ == "pobj"), None)
        first = next((c for c in word.head.children if c.dep_ in ("dobj", "nsubjpass")), None)
        if later is None or first is None:
            continue
        a, b = (re.sub(r"^(?:the|a|an)\s+", "", claim[t.left_edge.i:t.right_edge.i + 1].text, flags=re.I)
                for t in (first, later))
        years = _year_after(evidence, a), _year_after(evidence, b)
        if None in years or years[0] == years[1]:
            continue
        stated = _ORDER_SIGN[word.lower_]
        actual = -1 if years[0] < years[1] else 1
        other = next(w for w, v in _ORDER_SIGN.items() if v == actual)
        edges[:] = [e for e in edges if not (e.claim_start <= word.idx < e.claim_end)]
        edges.append(Edge("attribute", EQUAL if stated == actual else SUBSTITUTED, word.text, word.idx,
                          word.idx + len(word.text), other, -1, -1,
                          label="" if stated == actual else OPPOSITE, score=1.0))


#: A designator: a letter, a Roman numeral or a short number ("Vitamin C", "World War II", "Windows 11").
_DESIGNATOR = r"([A-Z]|[IVX]{1,4}|\d{1,3})"
#: A name ending in a designator, its leading words first.
_DESIGNATED = re.compile(rf"^(?:the\s+)?([A-Za-z][A-Za-z-]{{2,}}(?:\s+[A-Za-z][A-Za-z-]+)*)\s+{_DESIGNATOR}$")
#: A chemical formula: element symbols with counts, with a lower-case letter or a digit somewhere (so
#: that an acronym is not one): "NaCl", "KCl", "H2O", "Fe2O3".
_FORMULA = re.compile(r"^(?:[A-Z][a-z]?\d*){2,}$")


def _formula(text: str) -> bool:
    return bool(_FORMULA.match(text)) and any(c.islower() or c.isdigit() for c in text)


def _designated_names(claim, evidence, edges: list) -> None:
    """Names told apart by a designator or a formula alone, which the small model tags unevenly (the
    evidence's "vitamin D" in lower case is no entity to it): the claim's "Vitamin C" where the evidence
    names a vitamin with another letter is the letter substituted, and the claim's formula "KCl" where the
    evidence states one formula, "NaCl", is that formula. The same designator is the name confirmed."""
    claim_tokens = {t.text for t in claim}
    formulas = [t for t in evidence if _formula(t.text) and t.text not in claim_tokens]
    for edge in edges:
        if edge.kind not in ("entity", "code") or edge.op == SUBSTITUTED:
            continue
        named = _DESIGNATED.match(edge.claim_text)
        if named:
            lead, mine = named.groups()
            found = list(re.finditer(rf"(?<!\w)(?i:{re.escape(lead)})\s+{_DESIGNATOR}(?!\w)", evidence.text))
            if edge.op == EQUAL:
                # The name's counterpart, however it was found, must have the claim's designator too:
                # "World War I" is not "World War II".
                found = [m for m in found if edge.evidence_start <= m.start() < max(edge.evidence_end, 0)]
            if not found:
                continue
            same = [m for m in found if m.group(1) == mine]
            if same:
                if edge.op == UNCONFIRMED:
                    edge.op, edge.evidence_text = EQUAL, same[0].group(0)
                    edge.evidence_start, edge.evidence_end = same[0].start(), same[0].end()
                continue
            other = found[0]
            start = edge.claim_start + named.start(2)
            edge.kind, edge.op, edge.claim_text, edge.claim_start, edge.claim_end = \
                "code", SUBSTITUTED, mine, start, start + len(mine)
            edge.evidence_text, edge.evidence_start, edge.evidence_end = other.group(1), other.start(1), other.end(1)
            edge.label, edge.score = "CODE", 1.0
        elif edge.op == UNCONFIRMED and _formula(edge.claim_text) and len({t.text for t in formulas}) == 1:
            t = formulas[0]
            edge.kind, edge.op, edge.label, edge.score = "code", SUBSTITUTED, "CODE", 1.0
            edge.evidence_text, edge.evidence_start, edge.evidence_end = t.text, t.idx, t.idx + len(t.text)


def _ranks(claim, evidence, edges: list) -> None:
    """A superlative both sentences state, at different ranks ("the second most visited museum" / "the
    most-visited museum", "the largest lake" / "the second-largest lake"), is one slot, substituted whole
    as a number is; at the same rank, the ordinal is confirmed. Superlatives of different qualities are
    left to the other rules ("greatest" / "worst" are opposites)."""
    theirs = [r for i in range(len(evidence)) if (r := superlative_rank(evidence, i))]
    for i in range(len(claim)):
        mine = superlative_rank(claim, i)
        other = next((r for r in theirs if mine and r[3] == mine[3]), None)
        if other is None:
            continue
        c_span, e_span = claim[mine[0]:mine[1]], evidence[other[0]:other[1]]
        inside = [e for e in edges if c_span.start_char <= e.claim_start < c_span.end_char]
        if any(e.kind == "entity" for e in inside):
            continue  # "Best Picture" is a name
        if mine[2] == other[2]:
            for e in inside:
                if e.op == UNCONFIRMED:
                    e.op, e.evidence_text, e.evidence_start, e.evidence_end = \
                        EQUAL, e_span.text, e_span.start_char, e_span.end_char
            continue
        for e in inside:
            edges.remove(e)
        edges.append(Edge("number", SUBSTITUTED, c_span.text, c_span.start_char, c_span.end_char, e_span.text,
                          e_span.start_char, e_span.end_char, label=RANK))


#: Verbs of change by direction: one of each says the opposite change ("fell by 5%" / "increased by 5%"),
#: which WordNet files as antonyms only pairwise (increase / decrease, rise / fall).
_UPWARD = {"rise", "increase", "grow", "climb", "gain", "jump", "soar", "surge", "expand", "double", "triple"}
_DOWNWARD = {"fall", "decrease", "decline", "drop", "shrink", "sink", "slump", "plunge", "dip", "contract",
             "halve"}


def opposite_directions(a: str, b: str) -> bool:
    return a in _UPWARD and b in _DOWNWARD or a in _DOWNWARD and b in _UPWARD


def _a_things_name(t) -> bool:
    """A noun that names a thing, not a quality: one owned or acted on ("lost his hearing" says nothing
    "hearing" as against "deaf"; "at the bottom right" is a quality's place)."""
    return t.pos_ == "NOUN" and (t.dep_ == "dobj" or any(c.dep_ == "poss" for c in t.children))


def _fallback_counterpart(claim, evidence, slot_edges, cands, anchors, similar) -> None:
    """When nothing in the claim contradicts the evidence but a content word is unconfirmed, the one
    unconfirmed word with an evidence word of the same form, not in the claim, semantically close and
    placed near the shared words is taken as the wrong slot and substituted ("put together for football
    unions" / "competition for the top basketball clubs": the governors differ, the slot is the same).
    Only one slot changes: a claim is corrected where it is most likely wrong, and no more."""
    claim_words = {t.lemma_.lower() for t in claim} | {normalise(t.text) for t in claim}
    taken = {(e.evidence_start, e.evidence_end) for _, e in slot_edges.values() if e.op == EQUAL}
    best = None
    for slot, edge in slot_edges.values():
        if edge.op != UNCONFIRMED or slot.kind not in ("attribute", "noun") or slot.j - slot.i != 1 \
                or _in_subject(claim, slot):
            continue  # the subject is what the evidence is about (see _align_docs), not a wrong slot
        mine = claim[slot.i]
        reworded = next((t for t in evidence if _similar_adjectives(mine, t)), None)
        if reworded is not None:
            # "brief heating" / "for short periods": the evidence says it in other words.
            edge.op, edge.evidence_text, edge.score = EQUAL, reworded.text, 1.0
            edge.evidence_start, edge.evidence_end = reworded.idx, reworded.idx + len(reworded.text)
            continue
        for c in cands:
            theirs = evidence[c.i:c.j]
            if (c.j - c.i != 1 or c.kind not in ("attribute", "noun") or theirs.root.like_num
                    or _form(theirs.root) != _form(mine) or theirs.root.lemma_.lower() in claim_words
                    or normalise(theirs.text) in claim_words or (theirs.start_char, theirs.end_char) in taken):
                continue
            linked = _linked_by_anchor(mine, theirs.root, anchors)
            # "appeared in a film" / "studying music": an object is no place of appearing. Words hanging
            # from the same shared word need only be both arguments, or both modifiers ("Mason Evans's
            # childhood" / "the death of Mason Evans").
            if _form(mine) != "order" and (_relation(mine, coarse=linked) != _relation(theirs.root, coarse=linked)):
                continue
            if _same_stem(mine.text, theirs.text):
                continue  # "distinct" / "distinctive": the same word in another form, not another word
            sim = similar.score(mine.text, theirs.text)
            if sim < (FALLBACK_SIMILARITY_LINKED if linked else FALLBACK_SIMILARITY):
                continue
            score = (sim + 0.5 * min(1.0, _proximity(slot, c, anchors))
                     + 0.25 * _role(claim, slot, evidence, c))
            if best is None or score > best[0]:
                best = (score, edge, theirs)
    if best is not None:
        score, edge, span = best
        edge.op, edge.evidence_text, edge.score = SUBSTITUTED, span.text, round(float(score), 4)
        edge.evidence_start, edge.evidence_end = span.start_char, span.end_char


def _in_clause_of(tok, verb) -> bool:
    """Whether ``tok`` belongs to ``verb``'s own clause, not to a clause coordinated with or governed by
    it ("The Pope endorsed the charter, and it stayed in force": "force" is another clause's)."""
    while tok.i != verb.i:
        if tok.pos_ in ("VERB", "AUX") and tok.dep_ in ("conj", "advcl", "relcl", "ccomp", "xcomp", "acl"):
            return False
        if tok.head.i == tok.i:
            return False
        tok = tok.head
    return True


def _predicate_edge(claim, evidence, root, similar) -> Edge | None:
    """The claim's main verb where the evidence gives the same subject another verb of the same form
    ("The Cretaceous ended" / "The Cretaceous began with ..."), or, failing a shared subject, another
    verb with the same complements ("David Spade starred in Joe Dirt 2" / "He also directed the films
    ..., Joe Dirt 2"); equal when the lemma or a paraphrase matches."""
    if root.pos_ != "VERB" or root.lemma_.lower() in ("be", "have", "do"):
        return None
    e_verb = _same_subject_verb(evidence, root)
    by_subject = e_verb is not None
    if e_verb is None:
        e_verb = _verb_sharing_complements(claim, evidence, root)
        if e_verb is not None and not _arguments_shared(root, e_verb):
            e_verb = None
    if e_verb is None:
        return None
    if any(t.lemma_.lower() == e_verb.lemma_.lower() and t.i != root.i for t in claim):
        return None  # a verb the claim states elsewhere ("... as it evolved") is another of its events
    edge = Edge("predicate", EQUAL, root.text, root.idx, root.idx + len(root.text), e_verb.text, e_verb.idx,
                e_verb.idx + len(e_verb.text), label=root.dep_)
    if any(t.lemma_.lower() == root.lemma_.lower() for t in evidence) or similar(root.lemma_, e_verb.lemma_) \
            or _light_verb_paraphrase(root, e_verb) or _period_bound_stated(root, e_verb):
        return edge
    if not _complements_covered(root, e_verb):
        return None  # another verb with other participants tells another event, not a wrong verb
    if any(c.dep_ == "prt" and not any(m.lower_ == c.lower_ for m in root.children) for c in e_verb.children):
        return None  # a phrasal verb says something else than its verb: "passed along roles" is no "passed"
    # A past participle stands for a past tense ("Paramore ..., disbanded in 2004" / "Paramore formed").
    # And a participle without an auxiliary is a past tense the tagger misread ("David Spade directed in").
    root_tag = "VBD" if root.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass") for c in root.children) \
        else root.tag_
    same_form = e_verb.tag_ == root_tag or (root_tag == "VBD" and e_verb.tag_ == "VBN")
    # The same voice: "has written for the Times" is not corrected by "is best known for ... the Times"
    # (a passive says what is done to the subject, not what it does).
    if same_form and _passive(e_verb) == _passive(root) and not _negated_at(evidence, e_verb.i):
        edge.op = SUBSTITUTED
        return edge
    if not by_subject:
        return None  # a verb found by its complements alone is a counterpart only as a correction
    edge.op = UNCONFIRMED
    return edge


def _nominalised_predicate(claim, evidence, root) -> Edge | None:
    """The claim's verb against the act the evidence names by a noun with the claim's object after "to" or
    "in": "Global warming threatens food security" / "... include the increase in food security" -> the
    verb "increase" (lexicon.verb_of); the same verb confirms. Only where the evidence has no verb of the
    claim's."""
    obj = next((c for c in root.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
    if root.pos_ != "VERB" or obj is None or any(t.lemma_.lower() == root.lemma_.lower() for t in evidence):
        return None
    for noun in evidence:
        if noun.pos_ != "NOUN" or any(c.lower_ == "no" for c in noun.children):
            continue
        prep = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ in ("to", "in")), None)
        target = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
        if target is None or target.lemma_.lower() != obj.lemma_.lower() or (verb := lexicon.verb_of(noun.lemma_)) \
                is None:
            continue
        return Edge("predicate", EQUAL if verb == root.lemma_.lower() else SUBSTITUTED, root.text, root.idx,
                    root.idx + len(root.text), verb, noun.idx, noun.idx + len(noun.text), label=root.dep_)
    return None


def _period_bound_stated(root, e_verb) -> bool:
    """A verb of ending or beginning dated by a year is stated by a period with that year at that end: "The
    war ended in 1945" / "The war lasted from 1939 to 1945" (the year itself is compared as a date slot)."""
    lemma = root.lemma_.lower()
    start = next((c for c in e_verb.children if c.dep_ == "prep" and c.lower_ in ("from", "between")), None)
    if lemma not in _END_WORDS | _START_WORDS or start is None:
        return False
    years = {t.text for c in root.children if c.dep_ == "prep" for t in c.subtree if _is_year(t)}
    period = [t.text for t in start.subtree if _is_year(t)]
    return len(period) >= 2 and (period[-1] if lemma in _END_WORDS else period[0]) in years


#: Verbs that say little themselves and take the event from their object: "suffered a death", "made a
#: decision", "gave a performance" (support verbs).
_SUPPORT_VERBS = frozenset({"make", "take", "give", "have", "suffer", "undergo", "meet", "hold", "conduct",
                            "perform", "carry", "reach", "get"})
#: Idioms of a verb and its object that state one verb: "lost her life" is "died".
_VERB_IDIOMS = {("lose", "life"): "die"}


def _light_verb_paraphrase(root, e_verb) -> bool:
    """The evidence states the claim's verb as a support verb and its noun ("Henry died" / "Henry
    suffered an untimely death"), or as an idiom ("lost her life")."""
    verb = root.lemma_.lower()
    for obj in (c for c in e_verb.children if c.dep_ == "dobj"):
        noun = obj.lemma_.lower()
        if _VERB_IDIOMS.get((e_verb.lemma_.lower(), noun)) == verb:
            return True
        if e_verb.lemma_.lower() in _SUPPORT_VERBS and noun in lexicon.nominalisations(verb):
            return True
    return False


def _dated_event(claim, evidence, root, slot_edges, similar) -> Edge | None:
    """A day the evidence gives to another event ("graduated college on June 26, 1980" / "( born June 26,
    1980 )"): the claim's verb, with the objects the evidence does not confirm, takes the evidence's
    (the day is stated right, of the wrong event). Not when the evidence tells the claim's event too."""
    dates = [(slot, edge) for slot, edge in slot_edges.values() if slot.kind == "date"]
    day = next((slot for slot, _ in dates if slot.granularity == "day"), None)
    if root.pos_ != "VERB" or root.lemma_.lower() in ("be", "have") or day is None \
            or any(edge.op != EQUAL for _, edge in dates) \
            or any(t.lemma_.lower() == root.lemma_.lower() for t in evidence):
        return None
    mine = _event_verb(claim, day.i, day.j)
    e_day = next((t for t in evidence if t.idx == slot_edges[day.i][1].evidence_start), None)
    theirs = _event_verb(evidence, e_day.i, e_day.i + 1) if e_day is not None else None
    if mine is None or mine.i != root.i or theirs is None or theirs.pos_ != "VERB" \
            or theirs.lemma_.lower() in ("be", "have") or similar(root.lemma_, theirs.lemma_):
        return None
    # The verb and its objects, up to the preposition of the date: nothing else, nothing confirmed.
    end = next((c.i for c in root.rights if c.left_edge.i <= day.i <= c.right_edge.i), None)
    objects = {t.i for c in root.children if c.dep_ == "dobj" for t in c.subtree}
    if end is None or any(k != root.i and k not in objects for k in range(root.i, end)) or any(
            edge.op == EQUAL and root.i < slot.i < end for slot, edge in slot_edges.values()):
        return None
    span = claim[root.i:end]
    return Edge("predicate", SUBSTITUTED, span.text, span.start_char, span.end_char, theirs.text, theirs.idx,
                theirs.idx + len(theirs.text), label=root.dep_)


def _arguments(verb) -> list:
    """The heads of ``verb``'s object and prepositional objects ("played Margaret Blaine in the series":
    Blaine, series), a name with its compounds."""
    out = []
    for c in verb.children:
        if c.dep_ in ("dobj", "attr", "oprd"):
            out.append(c)
        elif c.dep_ in ("prep", "agent", "dative"):
            out.extend(o for o in c.children if o.dep_ == "pobj")
    return [t for a in out for t in [a, *(c for c in a.children if c.dep_ in ("compound", "flat"))]]


def _arguments_shared(verb, e_verb) -> bool:
    """The claim verb's arguments are the evidence verb's own arguments, not words nested deeper: "He
    also directed the films ..., Joe Dirt 2" shares "starred in Joe Dirt 2"'s film; "She has played
    Margaret Blaine in ..., Ursula Crowe in ... Wizards vs Aliens" does not share "appeared in Wizards vs
    Aliens" (the series completes another role), and "was court martialed ... for his role in the My
    Lai Massacre" does not share "participated in the My Lai Massacre"."""
    # A list of objects in apposition or coordination ("the films A, B, Joe Dirt 2") is one argument.
    stack, seen = list(_arguments(e_verb)), set()
    while stack:
        t = stack.pop()
        if t.i not in seen:
            seen.add(t.i)
            stack.extend(c for c in t.children if c.dep_ in ("appos", "conj", "compound", "flat", "nmod",
                                                             "npadvmod", "nummod"))
    doc = e_verb.doc
    theirs = {normalise(doc[i].text) for i in seen if _content(doc[i])}
    mine = [t for t in _arguments(verb) if _content(t)]
    return bool(mine) and any(normalise(t.text) in theirs for t in mine)


def _passive(verb) -> bool:
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children)


def _complements_covered(verb, e_verb) -> bool:
    """Every content word of the claim verb's complements and modifiers is among the evidence verb's:
    "Lee appeared in a film" is not corrected by "Lee relocated to Seattle", which is another event."""
    theirs = {normalise(t.text) for t in _own_words(e_verb)} | {t.lemma_.lower() for t in _own_words(e_verb)}
    return all(normalise(t.text) in theirs or t.lemma_.lower() in theirs for t in _own_words(verb))


def _same_subject_verb(evidence, root):
    """The evidence's main verb, or a main verb coordinated with it ("Neither side kept to its
    commitments, and Pope Innocent III annulled the charter"), whose subject shares words with the
    claim's subject."""
    claim_subject = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not claim_subject:
        return None
    words = {normalise(t.text) for t in claim_subject[0].subtree if _content(t)}
    e_root = evidence[:].root
    for verb in [e_root, *(c for c in e_root.children if c.dep_ == "conj")]:
        evidence_subject = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if verb.pos_ != "VERB" or not evidence_subject:
            continue
        theirs = {normalise(t.text) for t in evidence_subject[0].subtree if _content(t)}
        if words and words & theirs:
            return verb
    return None


# Verbs whose participle states a passive ("born in 1968", "based in Paris"): an active past tense
# in the claim's place would say something else.
PASSIVE_ONLY = {"bear", "base", "locate", "situate", "headquarter"}


def _verb_sharing_complements(claim, evidence, root):
    """The evidence verb whose own complements and modifiers repeat most of the claim verb's (its
    subject may be a pronoun). Not when the claim verb has an object: another verb with the same
    object is more likely another event than a correction."""
    if any(c.dep_ == "dobj" for c in root.children):
        return None
    mine = {normalise(t.text) for t in _own_words(root)} | {t.lemma_.lower() for t in _own_words(root)}
    best, best_shared = None, 0
    for e in evidence:
        if e.pos_ != "VERB" or e.lemma_.lower() in ("be", "have", "do") or \
                e.lemma_.lower() in NEGATIVE_IMPLICATIVES | PASSIVE_ONLY:
            continue
        if any(c.dep_ in ("nsubj", "nsubjpass") and c.pos_ != "PRON" for c in e.children):
            continue  # a verb with a subject of its own tells of that subject, not of the claim's
        shared = len({normalise(t.text) for t in _own_words(e)} & mine)
        if shared > best_shared:
            best, best_shared = e, shared
    return best


_NOW = frozenset({"currently", "now", "still", "presently", "today", "nowadays"})


def _said_of_now(claim, root) -> bool:
    """The claim says its predicate holds now: present tense with "currently", "still", "now" ... ("The
    Faroe Islands are currently part of the kingdom")."""
    verbs = [root] + [c for c in root.children if c.dep_ in ("aux", "auxpass")]
    return any(v.tag_ in ("VBZ", "VBP") for v in verbs) and any(
        c.lower_ in _NOW and c.dep_ in ("advmod", "npadvmod") for c in root.children)


def _ended_period(verb):
    """The closed period of the past a past-tense verb is dated by ("Between 1035 and 1814, the Faeroes
    were part of ...", "was chief executive from 2009 to 2014", "until 1990"), as its preposition; None
    when the verb is not in the past or its period is open ("since 1990", "from 1035")."""
    tensed = [verb] + [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if not any(t.tag_ == "VBD" for t in tensed) or any(t.lower_ in ("will", "would") for t in tensed):
        return None
    preps = [c for c in verb.children if c.dep_ == "prep"]
    for prep in preps:
        years = [t for t in prep.subtree if _is_year(t)]
        word = prep.lower_
        if word == "between" and len(years) >= 2 or word in ("until", "till") and years:
            return prep
        if word == "from" and years and (any(t.lower_ in ("to", "until", "till") for t in prep.subtree) or any(
                p.lower_ in ("to", "until", "till") and any(_is_year(t) for t in p.subtree) for p in preps)):
            return prep
    return None


def _evidence_predicate(claim, evidence, root, slot_edges, kin=None) -> int | None:
    """The evidence word that plays the claim's main predicate: same verb lemma, else ``kin`` (the claim's
    verb in other words, ``_kindred_verb``), else the governor of the counterpart of the claim's complement,
    else the evidence's root when the claim is a copula."""
    lemma = root.lemma_.lower()
    same = [e for e in evidence if e.lemma_.lower() == lemma and e.pos_ in ("VERB", "AUX") and lemma != "be"]
    if same:
        # "has modelled for Mango, but declined to model for L'Oréal": the occurrence whose own
        # arguments repeat the claim's words is the one the claim is about.
        # On a tie, the occurrence with the claim's object ("use only the descaler; do not use vinegar"
        # for "can use vinegar").
        words = {t.lemma_.lower() for t in root.subtree if _content(t)} | {normalise(t.text) for t in claim}
        objects = {c.lemma_.lower() for c in root.children if c.dep_ in ("dobj", "attr")}
        return max(same, key=lambda e: (sum(1 for t in _own_words(e) if t.lemma_.lower() in words
                                            or normalise(t.text) in words),
                                        any(c.dep_ in ("dobj", "attr") and c.lemma_.lower() in objects
                                            for c in e.children), -e.i)).i
    if kin is not None:  # the claim's verb in other words (``_kindred_verb``)
        return kin.i
    for child in root.children:
        if child.dep_ in ("attr", "dobj", "acomp", "oprd") and child.i in slot_edges:
            _, edge = slot_edges[child.i]
            if edge.op == EQUAL and edge.evidence_start >= 0:
                for e in evidence:
                    if e.idx == edge.evidence_start:
                        head = e.head
                        while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
                            head = head.head
                        return head.i
    # The subject hangs from the sentence's root, which is not ``root`` under an implicative.
    if lemma == "be" or any(c.dep_ in ("nsubj", "nsubjpass") and _same_subject(c, evidence)
                            for c in list(root.children) + list(claim[:].root.children)):
        return evidence[:].root.i
    return None


def _kindred_verb(root, evidence):
    """The evidence's verb that WordNet gives as a synonym, a kind or a genus of the claim's, with a word of
    the claim's complements among its own ("is approved for children" / "has not been authorised for use
    in children"): the claim's predicate in other words, whose polarity is then compared."""
    lemma = root.lemma_.lower()
    if root.pos_ != "VERB" or lemma in ("be", "have", "do"):
        return None
    words = {t.lemma_.lower() for t in _own_words(root)}
    shared = {e.i: len({t.lemma_.lower() for t in _own_words(e)} & words) for e in evidence
              if e.pos_ == "VERB" and e.lemma_.lower() not in ("be", "have", "do")}
    kin = [evidence[i] for i, n in shared.items() if n and lexicon.kindred(lemma, evidence[i].lemma_.lower(), "VERB")]
    return max(kin, key=lambda e: (shared[e.i], -e.i), default=None)


def _kindred_subjects(verb, e_verb) -> bool:
    """The two verbs' subjects are one word, WordNet kin ("the drug" / "the medicine"), or the evidence's is
    a pronoun."""
    def subject(v):
        return next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)

    mine, theirs = subject(verb), subject(e_verb)
    if mine is None or theirs is None:
        return False
    if theirs.pos_ == "PRON" or mine.lemma_.lower() == theirs.lemma_.lower():
        return True
    return mine.pos_ == theirs.pos_ == "NOUN" and lexicon.kindred(mine.lemma_.lower(), theirs.lemma_.lower(), "NOUN")


def _own_words(verb) -> list:
    """Content words of ``verb``'s complements and modifiers, without its subject (shared by every
    verb of a coordination) and without the clauses it governs."""
    out, stack = [], [c for c in verb.children if c.dep_ not in ("nsubj", "nsubjpass")]
    while stack:
        t = stack.pop()
        if t.pos_ in ("VERB", "AUX") and t.dep_ in ("conj", "xcomp", "ccomp", "advcl", "relcl", "acl"):
            continue
        if _content(t):
            out.append(t)
        stack.extend(t.children)
    return out


def _same_subject(subject, evidence) -> bool:
    words = {normalise(t.text) for t in subject.subtree if _content(t)}
    ev = {normalise(t.text) for t in evidence} | {t.lemma_.lower() for t in evidence}
    return bool(words) and len(words & ev) / len(words) >= 0.5


def _token_ops(claim, evidence, edges: list[Edge]) -> list[AlignedToken]:
    evidence_by_norm: dict[str, Any] = {}
    for e in evidence:
        evidence_by_norm.setdefault(e.lemma_.lower(), e)
        evidence_by_norm.setdefault(normalise(e.text), e)
    out = []
    for t in claim:
        start, end = t.idx, t.idx + len(t.text)
        edge = next((e for e in edges if e.kind != "negation" and e.claim_start <= start and end <= e.claim_end),
                    None)
        if edge is None:
            edge = next((e for e in edges if e.kind == "negation" and e.claim_start == start), None)
        if edge is not None:
            out.append(AlignedToken(t.text, start, end, edge.op, edge.kind, edge.evidence_text,
                                    edge.evidence_start, edge.evidence_end, t.whitespace_))
            continue
        if not _content(t):
            out.append(AlignedToken(t.text, start, end, EQUAL, whitespace=t.whitespace_))
            continue
        e = evidence_by_norm.get(t.lemma_.lower()) or evidence_by_norm.get(normalise(t.text))
        if e is not None:
            out.append(AlignedToken(t.text, start, end, EQUAL, "", e.text, e.idx, e.idx + len(e.text),
                                    t.whitespace_))
        else:
            out.append(AlignedToken(t.text, start, end, UNCONFIRMED, whitespace=t.whitespace_))
    return out


def align(claim: str, evidence, config: Config | None = None,
          threshold: float = PARAPHRASE_THRESHOLD) -> Alignment:
    """Align ``claim`` with one evidence sentence (a string or anything with ``.text``)."""
    return align_many([(claim, evidence)], config, threshold)[0]


def align_many(pairs: list[tuple[str, Any]], config: Config | None = None,
               threshold: float = PARAPHRASE_THRESHOLD, batch_size: int = 64) -> list[Alignment]:
    """Align many (claim, evidence) pairs, parsing every distinct text once (``models.parse_many``)."""
    pairs = [(c or "", getattr(e, "text", e) or "") for c, e in pairs]
    docs = models.parse_many([t for pair in pairs for t in pair], batch_size=batch_size)
    similar = _Similarity(config, threshold)
    # A claim is aligned with several sentences, a sentence with several claims: each text's slots are
    # extracted once, and every phrase is embedded in one call (a phrase's vector does not depend on its
    # batch, so this changes no result).
    slots = {c: extract_slots(docs[c]) for c in dict.fromkeys(c for c, _ in pairs)}
    cands = {e: evidence_units(docs[e]) for e in dict.fromkeys(e for _, e in pairs)}
    similar.prime([p for c, found in slots.items() for p in _phrases(docs[c], found)]
                  + [p for e, found in cands.items() for p in _phrases(docs[e], found)])
    return [_align_docs(docs[c], docs[e], similar, slots[c], cands[e]) for c, e in pairs]


def _phrases(doc, units: list[Slot]) -> list[str]:
    """The phrases of ``units`` whose similarity the alignment asks: names, nouns, attributes."""
    return [doc[u.i:u.j].text.lower() for u in units if u.kind in ("attribute", "noun", "entity")]
