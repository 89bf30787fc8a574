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

from typing import Any

from .. import models
from ..config import Config

# The alignment's parts live in the modules named for what they do; every name other modules and the
# tests import from ``align`` is re-exported here.
from .base import DENIED, EQUAL, OPPOSITE, OTHER_SUBJECT, SUBSTITUTED, UNCONFIRMED, AlignedToken, Edge, Slot
from .classifiers import coordinated_noun, phrase_start
from .dates import ordinal_value
from .model import Alignment
from .names import name_head
from .pairing import _align_docs
from .polarity import negative_implicative, other_than, yet_to
from .predicates import PASSIVE_ONLY
from .render import alignment_html
from .roles import _role
from .similarity import PARAPHRASE_THRESHOLD, _Similarity
from .slots import _name_unit, evidence_units, extract_slots
from .values import _equal_value
from .words import _another_word_each, _derived, _spelt_alike
from ..vocabulary import SlotKind


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
    return [doc[u.i:u.j].text.lower() for u in units if u.kind in (SlotKind.ATTRIBUTE, SlotKind.NOUN, SlotKind.ENTITY)]
