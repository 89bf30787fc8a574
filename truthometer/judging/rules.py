"""A rule tier for contradictions that similarity cannot see.

"The tower was completed in 1899" and "... completed in 1889" are near-identical to a cosine. This tier
reads the slots of a claim — numbers with their units, years and dates, named entities and codes,
polarity — and compares each with its counterpart of the same type in an evidence sentence about the
same thing. A slot the evidence fills differently is a mismatch; a slot the evidence does not mention
is simply not covered (no verdict either way).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..text import lexicon
from .slot_relations import containers_in_apposition, governing_predicate, rival_places, same_relation, slot_root
from ..text.names import abbreviates, families
from ..text import frequency_adverbs
from ..text.negation import NEGATIONS, PROHIBITIVES, denied_of_another_place, excepted
from ..text.quantities import (FREQUENCY_UNIT, bounded_amounts, bounds_apply, comparable, currency, near, quantity,
                               same_quantity, same_when_rounded, within)
from ..vocabulary import SlotKind
# The slots are read in their own module; their names stay importable from here.
from .rule_slots import Slot, extract_slots

# The small NER model often swaps PERSON and ORG, or GPE and LOC: compare within these families (NORP and
# works each stand alone here).
_ENTITY_FAMILY = families("agent", "place")


def entity_family(label: str) -> str:
    return _ENTITY_FAMILY.get(label, label)


@dataclass(frozen=True)
class Mismatch:
    kind: str  # number | date | entity | code | quality (an opposite adjective) | negation
    claim: Slot | None
    evidence: Slot | None
    evidence_text: str = ""
    #: the predicate whose value differs ("opened"), where the slot has one: the reason names the relation
    relation: str = ""

    def describe(self) -> str:
        if self.kind == SlotKind.NEGATION:
            return "the evidence states the opposite polarity"
        mine, theirs = self.claim.text, self.evidence.text
        if self.claim.unit != self.evidence.unit:
            # "45 inches" against "45 cm": the numbers alone would read alike ("'45' where the evidence has '45'")
            mine, theirs = _with_unit(self.claim), _with_unit(self.evidence)
        said = f"{self.kind} '{mine}' where the evidence has '{theirs}'"
        return f"{self.relation}: {said}" if self.relation else said


def _with_unit(slot: Slot) -> str:
    return f"{slot.text} {slot.unit}" if slot.unit and slot.unit not in slot.text else slot.text


#: Clauses whose negation is not the main clause's: "park so that they do not touch", "a car that never starts".
_SUBORDINATE = {"advcl", "relcl", "acl", "ccomp", "xcomp", "csubj", "parataxis", "mark", "prep", "pcomp"}


def _in_main_clause(token, root) -> bool:
    while token.i != root.i and token.head.i != token.i:
        # A coordinated clause ("..., and no more than 1,200 mg should be taken") asserts something else.
        if token.dep_ in _SUBORDINATE or (token.dep_ == "conj" and token.pos_ in ("VERB", "AUX")):
            return False
        token = token.head
    return True


def _denies_a_name(t) -> bool:
    """A "not" on a name, beside the one affirmed: "the capital is Canberra, not Sydney" says nothing
    negative of the capital."""
    return t.dep_ == "neg" and t.head.pos_ == "PROPN" and t.head.i != t.head.head.i


def _stopped(t) -> bool:
    """ "stopped selling", "ceased publishing": says the thing is no longer done."""
    return t.lemma_.lower() in ("stop", "cease", "quit", "discontinue") and any(
        c.dep_ in ("xcomp", "dobj", "pcomp") and c.tag_ == "VBG" for c in t.children)


def _forbids(t) -> bool:
    """ "prohibits new claims", "banned smoking": says the thing may not be done or had."""
    return t.lemma_.lower() in PROHIBITIVES and t.pos_ == "VERB" and any(
        c.dep_ in ("dobj", "nsubjpass") for c in t.children)


def distinctive_figure(value) -> bool:
    """A figure unlikely to recur by chance in one text: not a round or small number ("636", "1,642", "2.3";
    not "10" or "200")."""
    return value is not None and (value != int(value) or value >= 100 and value % 10 != 0)


def polarity(span) -> int:
    """+1 for an affirmative main clause, -1 for a negated one (odd number of negations outside
    subordinate clauses). Without a parse every negation counts."""
    parsed = span.doc.has_annotation("DEP")
    root = span.root
    count = sum(1 for t in span if (t.dep_ == "neg" or t.lower_ in NEGATIONS or _stopped(t))
                and (not parsed or _in_main_clause(t, root) and not _denies_a_name(t)))
    # A verb forbidding something says it may not be, in a coordinated predicate of the subject too ("sets
    # aside existing claims and prohibits new ones").
    count += sum(1 for t in span if parsed and _forbids(t) and (t.i == root.i or t.dep_ == "conj" and t.head.i == root.i))
    return -1 if count % 2 else 1


def content_lemmas(span, exclude: set[int] = frozenset()) -> set[str]:
    # "€" and "euros" are one word for coverage.
    return {currency(t.text) or t.lemma_.lower() for t in span if not (t.is_stop or t.is_punct or t.is_space)
            and t.i not in exclude and t.lower_ not in NEGATIONS}


#: Parts of speech whose words WordNet relates (a kind of, the same sense).
_WORDNET_POS = ("NOUN", "VERB", "ADJ", "ADV")


def _coverage(claim_span, slot_tokens: frozenset, evidence_span) -> float:
    """The share of the claim's content words outside its slots that the evidence states: the word itself,
    or one WordNet gives as the same sense or a kind of it ("had beaten a Danish invasion" / "after
    defeating a Norwegian invasion" speak of one event)."""
    claim_words = content_lemmas(claim_span, slot_tokens)
    if not claim_words:
        return 0.0
    missing = claim_words - content_lemmas(evidence_span)
    if missing:
        pos_of = {t.lemma_.lower(): t.pos_ for t in claim_span if t.pos_ in _WORDNET_POS}
        theirs = {(t.lemma_.lower(), t.pos_) for t in evidence_span if t.pos_ in _WORDNET_POS and not t.is_stop}
        missing = {w for w in missing if w not in pos_of
                   or not any(pos == pos_of[w] and lexicon.kindred(w, word, pos) for word, pos in theirs)}
    return 1 - len(missing) / len(claim_words)


def _in_range(inner: Slot, outer: Slot) -> bool:
    """Whether number ``inner`` lies in the range ``outer`` is an end of: a range states every value
    between its ends ("10 to 15 feet" covers "3.3 metres")."""
    if outer.bounds is None:
        return False
    low, high = outer.bounds
    unit = outer.unit or inner.unit
    return within(quantity(inner.value, inner.unit or unit), quantity(low, unit), quantity(high, unit))


def _years_in_period(inner: Slot, outer: Slot) -> bool:
    """Whether the years of date ``inner`` lie in the period ``outer`` spans: "in 2015" is within
    "between 1993 and 2018"; "completed in 1899" is not within "constructed from 1887 to 1889"."""
    if outer.bounds is None or not inner.value[0]:
        return False
    low, high = outer.bounds
    return all(low <= int(y) <= high for y in inner.value[0])


def _same_amount(slot: Slot, amount, other: Slot) -> bool:
    """Whether ``other`` states the claim's amount (``amount`` is the claim's quantity): the same number in
    the same unit (for a hedged claim, "roughly 10,000", one it rounds: 9,800), or the same quantity in
    another."""
    if other.unit == slot.unit != FREQUENCY_UNIT:
        return same_when_rounded(other.value, slot.value) or slot.bound == "~" and near(slot.value, other.value)
    return same_quantity(amount, quantity(other.value, other.unit))


def _best_counterpart(slot: Slot, options: list[Slot], claim_words: frozenset = frozenset()) -> Slot:
    # Prefer the option whose neighbourhood shares most words with the claim slot's neighbourhood, then with
    # the rest of the claim ("For fever, ... not be used for more than 5 days" / "more than 10 days for pain
    # or more than 3 days for fever": the claim says "fever" away from its number).
    return max(options, key=lambda o: (len(slot.context & o.context), len(claim_words & o.context),
                                       -options.index(o)))


#: A space between a formula's letters and its count, as Wikipedia's subscripts come out in plain text
#: ("CO 2" for CO2).
_SUBSCRIPT_GAP = re.compile(r"(?<=[a-z])\s+(?=\d)")


def _same_entity(claim: Slot, evidence_text_lower: str, evidence_slots: list[Slot] = ()) -> bool:
    if claim.value in evidence_text_lower or _SUBSCRIPT_GAP.sub("", claim.value) in _SUBSCRIPT_GAP.sub(
            "", evidence_text_lower):
        return True
    if any(e.kind == SlotKind.ENTITY and (abbreviates(claim.text, e.text) or abbreviates(e.text, claim.text))
           for e in evidence_slots):
        return True  # "NASA" / "the National Aeronautics and Space Administration"
    if any(e.kind == SlotKind.ENTITY and lexicon.same_name(claim.text, e.text) for e in evidence_slots):
        return True  # "the USSR" / "the Soviet Union"
    mine = set(re.findall(r"\w+", claim.value)) - {"the", "of", "and"}
    for e in evidence_slots:
        # One name contained in the other ("Linus Torvalds" / "Torvalds"), whatever label NER gave each.
        theirs = set(re.findall(r"\w+", str(e.value))) - {"the", "of", "and"}
        if e.kind == SlotKind.ENTITY and mine and theirs and (mine <= theirs or theirs <= mine) \
                and any(len(w) > 2 for w in mine & theirs):
            return True
    parts = [p for p in re.findall(r"\w+", claim.value) if len(p) > 2]
    # "Penélope Cruz" is confirmed by "Cruz"; "Neil Armstrong" by "Armstrong".
    return claim.label == "PERSON" and any(re.search(rf"\b{re.escape(p)}\b", evidence_text_lower) for p in parts[-1:])


def _name_words(slot: Slot) -> set[str]:
    return set(re.findall(r"\w+", str(slot.value))) - {"the", "of", "and"}


def _named_within(name: Slot, other: Slot) -> bool:
    """Every word of ``name`` is a word of ``other``: "Weather Channel" in "Weather Channel Co-Founder"."""
    mine = _name_words(name)
    return bool(mine) and mine <= _name_words(other)


@dataclass
class _Comparison:
    """One claim span read against one evidence span: what every slot's comparison shares."""
    claim_span: object
    evidence_span: object
    all_slots: list
    evidence_slots: list
    coverage: float
    min_coverage: float
    claim_words: frozenset
    sentence: object = None
    #: the evidence's places named as another's region, read once where a name is compared
    containers: object = None


def find_mismatches(claim_span, evidence_span, min_coverage: float = 0.5, context_chars: int = 0,
                    sentence=None) -> list[Mismatch]:
    """Slots the evidence fills differently, when the evidence is about the same thing.

    The evidence counts as "about the same thing" when it covers at least ``min_coverage`` of the claim's
    content words outside the slots under comparison. The first ``context_chars`` characters of the claim
    were put in for a pronoun by contextualisation: the evidence may say "it" there too, so the entities
    there are not compared. ``sentence`` is the whole sentence where ``claim_span`` is one of its parts: a
    value the evidence gives an event the sentence tells elsewhere is another relation's.
    """
    all_slots = extract_slots(claim_span)
    # The put-in antecedent is not the sentence's to state: the evidence naming it is no rival, and a year
    # or number inside it ("It is held up as a model", read as "A 1998 environmental protocol is ...") is
    # not the sentence's claim.
    claim_slots = [s for s in all_slots if s.start >= context_chars]
    slot_tokens = {t.i for t in claim_span for s in all_slots
                   if s.start <= t.idx - claim_span.start_char < s.end}
    seen = _Comparison(claim_span, evidence_span, all_slots, extract_slots(evidence_span),
                       _coverage(claim_span, frozenset(slot_tokens), evidence_span), min_coverage,
                       frozenset(content_lemmas(claim_span)), sentence)
    compare = {"number": _number_mismatch, "date": _date_mismatch, "code": _code_mismatch,
               "entity": _entity_mismatch}
    mismatches: list[Mismatch] = []
    for slot in claim_slots:
        found = compare[slot.kind](seen, slot) if slot.kind in compare else None
        if found is not None:
            mismatches.append(found)
    return _with_polarity_mismatches(seen, mismatches)


def _number_mismatch(seen: _Comparison, slot: Slot) -> Mismatch | None:
    evidence_span = seen.evidence_span
    # Same unit, or another unit of the same dimension ("19,340 feet" against "5,895 metres").
    amount = quantity(slot.value, slot.unit)
    measured = [e for e in seen.evidence_slots if e.kind == SlotKind.NUMBER and slot.unit
                and (e.unit == slot.unit or comparable(amount, quantity(e.value, e.unit)))]
    agrees = any(_same_amount(slot, amount, e) for e in measured) \
        or any(_in_range(slot, e) or _in_range(e, slot) for e in measured)
    # A limit pairs with a limit: "should not go above 4,000 mg" with "no more than 1,200 mg", not
    # with the "200 to 400 mg" of a dose.
    limits = [e for e in measured if slot.bound in ("<", ">") and e.bound == slot.bound]
    best = _best_counterpart(slot, limits or measured, seen.claim_words) if measured else None
    limited = best is not None and (slot.limit or best.limit)
    if best is not None and not agrees and bounds_apply(slot.bound, best.bound, limited):
        # "over 21,000 km" / "21,196 km"
        verdict = bounded_amounts(slot.value, slot.unit, slot.bound, best.value, best.unit, best.bound,
                                  limited)
        agrees = verdict is not False
    # The claim's own figure in another unit of the same dimension is the same statement with the unit
    # changed ("stretches about 636 miles" / "is about 636 kilometres long"), however it is worded.
    unit_changed = [e for e in measured if e.value == slot.value and e.unit != slot.unit
                    and distinctive_figure(slot.value)]
    if unit_changed and not agrees:
        best = unit_changed[0]
    if measured and not agrees and (seen.coverage >= seen.min_coverage * 0.6 or unit_changed):
        return Mismatch(SlotKind.NUMBER, slot, best, evidence_span.text)
    return None


def _date_mismatch(seen: _Comparison, slot: Slot) -> Mismatch | None:
    claim_span, evidence_span = seen.claim_span, seen.evidence_span
    # A date the claim itself states is no rival ("the 2014 heat wave ... the 1972 one").
    others = {y for s in seen.all_slots
              if s.kind == SlotKind.DATE and s is not slot for y in s.value[0]} - set(slot.value[0])
    dates = [e for e in seen.evidence_slots
             if e.kind == SlotKind.DATE and not (e.value[0] and set(e.value[0]) <= others)
             and _same_relation(claim_span, slot, evidence_span, e, seen.sentence)]
    years = {y for e in dates for y in e.value[0]}
    if not dates or seen.coverage < seen.min_coverage * 0.6:
        return None
    if not set(slot.value[0]) & years and not any(_years_in_period(slot, e) or _years_in_period(e, slot)
                                                  for e in dates):
        return Mismatch(SlotKind.DATE, slot, _best_counterpart(slot, dates), evidence_span.text,
                        _relation_of(claim_span, slot))
    # Same year: a month, or a day of the same month, that differs is still a wrong date; a part
    # the evidence does not state ("November 1989" for "9 November 1989") is no conflict.
    _, months, days = slot.value
    same_year = [e for e in dates if set(e.value[0]) & set(slot.value[0])]
    other_month = [e for e in same_year if months and e.value[1] and not set(e.value[1]) & set(months)]
    other_day = [e for e in same_year if days and e.value[2] and set(e.value[1]) == set(months)
                 and not set(e.value[2]) & set(days)]
    agreeing = [e for e in same_year if e not in other_month and e not in other_day]
    if (other_month or other_day) and not agreeing:
        return Mismatch(SlotKind.DATE, slot, _best_counterpart(slot, other_month + other_day),
                        evidence_span.text, _relation_of(claim_span, slot))
    return None


def _code_mismatch(seen: _Comparison, slot: Slot) -> Mismatch | None:
    codes = [e for e in seen.evidence_slots if e.kind == SlotKind.CODE]
    if codes and all(e.value != slot.value for e in codes) and seen.coverage >= seen.min_coverage:
        return Mismatch(SlotKind.CODE, slot, _best_counterpart(slot, codes), seen.evidence_span.text)
    return None


def _entity_mismatch(seen: _Comparison, slot: Slot) -> Mismatch | None:
    claim_span, evidence_span = seen.claim_span, seen.evidence_span
    if not (seen.coverage >= seen.min_coverage
            and not _same_entity(slot, evidence_span.text.lower(), seen.evidence_slots)
            and not _of_what_unsaid(claim_span, slot, evidence_span) and not _one_of_a_kind(claim_span, slot)):
        return None
    claim_entities = [s for s in seen.all_slots if s.kind == SlotKind.ENTITY]
    said = {t.lower_ for t in claim_span}
    # An evidence name the claim states too, alone or inside a longer name ("founder of Weather
    # Channel" / "Weather Channel Co-Founder John Coleman"), or in words the small model did not tag
    # as a name ("Apple acquired Instagram" / "Facebook acquired Instagram"), is no rival.
    rivals = [e for e in seen.evidence_slots if e.kind == SlotKind.ENTITY
              and entity_family(e.label) == entity_family(slot.label)
              and not any(_named_within(e, c) for c in claim_entities)
              and not _name_words(e) <= said]
    # A country, continent or planet is rivalled by another of its kind, not by a place that may lie
    # in it ("born in Italy" / "born in Vinci, in the Republic of Florence"; "any other river on
    # Earth" / "... in the world: Germany, Austria").
    rivals = [e for e in rivals if not lexicon.not_its_rival(slot.text, e.text)]
    # A conflict needs the same relation: a name the evidence gives another predicate, or a place it
    # names as containing (or inside) the claim's, is no rival (slot_relations).
    if seen.containers is None:
        seen.containers = containers_in_apposition(evidence_span)
    rivals = [e for e in rivals if _same_relation(claim_span, slot, evidence_span, e, seen.sentence)
              and (entity_family(slot.label) != "place" or _rival_place(slot, e, evidence_span, seen.containers))]
    if rivals:
        return Mismatch(SlotKind.ENTITY, slot, _best_counterpart(slot, rivals), evidence_span.text,
                        _relation_of(claim_span, slot))
    return None


def _with_polarity_mismatches(seen: _Comparison, mismatches: list[Mismatch]) -> list[Mismatch]:
    """The slot mismatches, then opposite qualities and frequencies (same polarity) or the negation itself."""
    claim_span, evidence_span, coverage = seen.claim_span, seen.evidence_span, seen.coverage
    same_polarity = (polarity(claim_span) == polarity(evidence_span)) != excepted(claim_span, evidence_span) \
        or _without_doing(claim_span, evidence_span) \
        or denied_of_another_place(claim_span, claim_span.root, evidence_span.root)
    if same_polarity and coverage >= seen.min_coverage:
        mismatches.extend(opposite_qualities(claim_span, evidence_span))
    if same_polarity:
        # Same verb, same subject: the structure, not the share of words, says they speak of one thing
        # ("Taken alone, metformin frequently causes dangerously low blood sugar" / "When used on its own,
        # metformin rarely causes hypoglycaemia").
        mismatches.extend(opposite_frequencies(claim_span, evidence_span))
    if not same_polarity and coverage >= 0.75 and not mismatches:
        mismatches.append(Mismatch(SlotKind.NEGATION, None, None, evidence_span.text))
    return mismatches


def _same_relation(claim_span, slot: Slot, evidence_span, other: Slot, sentence=None) -> bool:
    mine, theirs = slot_root(claim_span, slot.start, slot.end), slot_root(evidence_span, other.start, other.end)
    return mine is None or theirs is None or same_relation(mine, theirs, sentence or claim_span, evidence_span)


def _rival_place(slot: Slot, other: Slot, evidence_span, containers: set[int]) -> bool:
    root = slot_root(evidence_span, other.start, other.end)
    if root is not None and root.i in containers:
        return False  # "Munich, Bavaria": Bavaria is where Munich is, not another place for the claim's
    return rival_places(slot.text, slot.label, other.text, other.label)


def _relation_of(claim_span, slot: Slot) -> str:
    """The predicate of the claim's slot as written ("opened"), with its particle ("shut down"), or ""."""
    root = slot_root(claim_span, slot.start, slot.end)
    verb = governing_predicate(root) if root is not None else None
    if verb is None:
        return ""
    particle = [c.text for c in verb.children if c.dep_ == "prt"]
    return " ".join([verb.text] + particle)


def _slot_token(claim_span, slot: Slot):
    """The token a slot of ``claim_span`` starts at (its offsets are into the span's text), or None."""
    return next((t for t in claim_span if t.idx - claim_span.start_char == slot.start), None)


def _of_what_unsaid(claim_span, slot: Slot, evidence_span) -> bool:
    """The name is what the claim's noun is "of", and the evidence names that noun of nothing: "The Great
    Pyramid of Giza" / "The Great Pyramid was built ... for the pharaoh Khufu" leaves Giza unsaid, it does
    not name another place."""
    first = _slot_token(claim_span, slot)
    of = first.head if first is not None and first.dep_ == "pobj" else None
    if of is None or of.lower_ != "of" or of.head.pos_ not in ("NOUN", "PROPN"):
        return False
    noun = of.head.lemma_.lower()
    named = [t for t in evidence_span if t.lemma_.lower() == noun]
    return bool(named) and not any(c.lower_ == "of" for t in named for c in t.children)


def _one_of_a_kind(claim_span, slot: Slot) -> bool:
    """The name is the subject of "is a/an <noun>": other things are such a thing too, so another name in
    the evidence's sentence is not a rival ("Levothyroxine is a synthetic form of T3" / "Liothyronine is a
    synthetic form of T3": two drugs, not two answers; "Canberra is the location where ..." has one)."""
    first = _slot_token(claim_span, slot)
    subject = next((t for t in ([first] + list(first.ancestors) if first is not None else [])
                    if t.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.head.lemma_ != "be":
        return False
    return any(c.dep_ == "attr" and any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in c.children)
               for c in subject.head.children)


def _without_doing(claim_span, evidence_span) -> bool:
    """The claim denies its verb and the evidence does something "without" doing it: "Honey never spoils" /
    "honey can last indefinitely without spoiling" say the same."""
    verb = claim_span.root.lemma_.lower()
    return polarity(claim_span) < 0 and any(t.dep_ == "pcomp" and t.head.lower_ == "without"
                                            and t.lemma_.lower() == verb for t in evidence_span)


def describes_a_scene(span) -> bool:
    """An unidentified participant and nothing that names, counts or dates: "A young woman is covered in
    paint". "An old woman ..." may be another scene, not a contradiction (as SICK labels such pairs); "A
    strong westerly wind drove the flames ... until 6 September" is about one fire."""
    if span.ents:
        return False
    return any(t.dep_ in ("nsubj", "nsubjpass") and any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in t.children)
               for t in span)


def _event(token) -> str | None:
    """The lemma of the verb that governs ``token``, if any."""
    for head in token.ancestors:
        if head.pos_ in ("VERB", "AUX"):
            return head.lemma_.lower()
    return None


def opposite_qualities(claim_span, evidence_span) -> list[Mismatch]:
    """Adjectives of the claim whose opposite (a WordNet antonym, direct or indirect) the evidence says of
    the same noun: "a strong westerly wind" / "a strong easterly wind", "positive reviews" / "negative
    reviews". Another quality is not a mismatch ("a dark atmosphere" / "a joyful setting" may be both)."""
    if describes_a_scene(claim_span):
        return []
    out = []
    claim_words = {t.lower_ for t in claim_span}
    evidence_words = {t.lower_ for t in evidence_span}
    for c in claim_span:
        # (The tagger calls "westerly" an adverb.) A word both sides say is no rival: "a big dog and a
        # small dog" has both qualities in it.
        event = _event(c)
        if c.pos_ not in ("ADJ", "ADV") or c.dep_ != "amod" or c.lower_ in evidence_words or event is None:
            continue
        # Of the same noun in the same event: "drove" / "driven by a strong easterly wind", not "switched to
        # a cool phase" / "changed to a warm phase" (another time).
        e = next((e for e in evidence_span if e.dep_ == "amod" and e.head.lemma_.lower() == c.head.lemma_.lower()
                  and e.lower_ not in claim_words and _event(e) == event
                  and lexicon.opposite_adjectives(c.lower_, e.lower_)), None)
        if e is not None:
            out.append(_quality_mismatch(c, e, claim_span, evidence_span))
    return out


def opposite_frequencies(claim_span, evidence_span) -> list[Mismatch]:
    """Adverbs of frequency from opposite ends of the scale on the same verb said of the same subject
    (``text.frequency_adverbs``): "often" / "rarely"."""
    return [_quality_mismatch(c, e, claim_span, evidence_span)
            for c, e in frequency_adverbs.opposite_frequencies(claim_span, evidence_span)]


def _quality_mismatch(c, e, claim_span, evidence_span) -> Mismatch:
    """The claim's word ``c`` against the evidence's opposite ``e``, offsets within their sentences."""
    start, e_start = c.idx - claim_span.start_char, e.idx - evidence_span.start_char
    return Mismatch(SlotKind.QUALITY, Slot(SlotKind.QUALITY, c.text, start, start + len(c.text), c.lower_),
                    Slot(SlotKind.QUALITY, e.text, e_start, e_start + len(e.text), e.lower_), evidence_span.text)
