"""Each claim slot's counterpart in the evidence (``pair_slot``), the first step of ``pairing._align_docs``.

A slot is paired in this order: a name or a word the evidence states as it is (``_pair_name_directly``,
``_pair_word_directly``); else the candidates of a compatible kind (``_options``) are scored by role, place
and what they share (``_scored``), the best is chosen (``_choose``), and the edge takes its span, its words
in the claim's unit (``_counterpart_span``) and its op (``_set_op``). Everything a slot's pairing changes is
held in one ``PairingState``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..text import lexicon
from ..text.names import acronym
from ..text.quantities import FREQUENCY_UNIT, SHAPE_JOINERS
from .base import (ENTITY_LABELS, EQUAL, OPPOSITE, SUBSTITUTED, UNCONFIRMED, Edge, Slot, _content, _in_subject,
                   _in_unit, normalise)
from .classifiers import _as_the_claim_writes
from .dates import _ORDER, _decade_text, clock_text
from .names import (_acronym_span, _another_field, _another_title, _inside_name, _maybe_within, _name_derived_from,
                    _place_of_the_same_kind, _renames_subject, _same_entity, _same_name_head, _same_title,
                    _subject_with_clause_naming, _substitute)
from .roles import (_agent_classifier, _agent_of, _anaphoric, _dates_another_event, _number_range, _origin,
                    _origin_of_the_same_name, _other_relation, _place_bound_otherwise, _proximity, _range_end_bonus,
                    _role, _said_of_another, _same_event, _shared_date_parts, _shared_dependents,
                    _value_of_the_same_name, _year_in_period)
from .similarity import _Similarity
from .slots import DURATION, _name_unit, _placing, _untagged_name
from .values import _bounded, _compatible, _equal_value, _kindred_counts
from .words import _derived, _more_general_word
from ..vocabulary import SlotKind

#: The role agreement (``roles._role``) at which a candidate plays the slot's role: a shared relation under the
#: same governing word (0.5 + 1.0), or a relation and governor both in other words (1.5). Below it a bare word,
#: the claim's subject and a loosely matched name have no counterpart. Set by hand (commit cdf8d85, "date parts,
#: subject guard, entity fallbacks"; no measurement recorded).
ROLE_MATCH = 1.5
#: Added to a number's score when the candidate is in the slot's unit. Set by hand.
SAME_UNIT_BONUS = 3.0
#: Weight of the nearness to the anchors (``roles._proximity``) in a candidate's score. Set by hand.
PROXIMITY_WEIGHT = 2.0
#: Weight of each date part a date candidate shares with the claim's other date slots. Set by hand.
SHARED_DATE_PART_WEIGHT = 2.0
#: A candidate stating the slot's value confirms a date, code, noun or frequency when the best placed one scores
#: at most this many times its score. Set by hand.
NEARLY_AS_WELL_PLACED = 1.5
#: How much nearer (word-embedding cosine) another modifier of the same noun must be to a counterpart to take
#: it from this one: red / blue 0.72 against long / blue 0.27, left / right 0.40 against upper / right 0.24;
#: not federal / net 0.30 against gross / net 0.25, which the small encoder reads no better than chance.
SIBLING_MARGIN = 0.1


@dataclass
class PairingState:
    """What the pairing of one claim with one evidence sentence reads and builds: the two parses, their slots
    and candidates, and the edges so far (``used``: the evidence spans already taken as a substitute;
    ``slot_edges``: each slot's edge by the slot's first token)."""

    claim: Any
    evidence: Any
    similar: _Similarity
    slots: list[Slot]
    cands: list[Slot]
    anchors: Any
    claim_lemmas: set[str]
    claim_norm: str  # the claim normalised, with a space at each end
    edges: list[Edge] = field(default_factory=list)
    used: set[tuple[int, int]] = field(default_factory=set)
    slot_edges: dict[int, tuple[Slot, Edge]] = field(default_factory=dict)

    def record(self, slot: Slot, edge: Edge) -> None:
        self.edges.append(edge)
        self.slot_edges[slot.i] = (slot, edge)


def pair_slot(state: PairingState, slot: Slot) -> None:
    """Pair one claim slot with its counterpart, and record its edge."""
    claim = state.claim
    ctext = claim[slot.i:slot.j]
    edge = Edge(slot.kind, UNCONFIRMED, ctext.text, ctext.start_char, ctext.end_char,
                granularity=slot.granularity or slot.unit, label=slot.label)
    if slot.kind == SlotKind.ENTITY and _pair_name_directly(state, slot, ctext, edge):
        return
    if slot.kind in (SlotKind.ATTRIBUTE, SlotKind.NOUN) and _pair_word_directly(state, slot, ctext, edge):
        return
    options, loose = _options(state, slot, ctext)
    scored = _scored(state, slot, options, loose)
    if scored:
        best = _choose(state, slot, scored)
        other_range = _counterpart_span(state, slot, edge, best)
        edge.score = round(float(scored[0][0]), 4)
        _set_op(state, slot, ctext, edge, best, other_range)
    state.record(slot, edge)


def _take(edge: Edge, span) -> None:
    edge.op, edge.evidence_text, edge.score = SUBSTITUTED, span.text, 1.0
    edge.evidence_start, edge.evidence_end = span.start_char, span.end_char


def _pair_name_directly(state: PairingState, slot: Slot, ctext, edge: Edge) -> bool:
    """A name the evidence states, or one it binds otherwise: whether the slot's edge is recorded."""
    claim, evidence = state.claim, state.evidence
    found = _same_entity(claim, slot, evidence)
    bound = _place_bound_otherwise(claim, slot, evidence, found, state.cands) if found else None
    if bound is not None:
        # "located in Kenya" / "a volcano in northeastern Tanzania, close to the border with Kenya":
        # the evidence names Kenya as a landmark of a modifier, and Tanzania as where it is.
        _take(edge, evidence[bound.i:bound.j])
        state.used.add((bound.i, bound.j))
        state.record(slot, edge)
        return True
    rival = _subject_with_clause_naming(claim, slot, evidence, found[0]) if found else None
    if rival is not None:
        _substitute(edge, rival, state.used)
        state.record(slot, edge)
        return True
    field_ = _another_title(ctext, evidence) if found else _another_field(ctext, evidence)
    if field_ is not None:
        # "the Nobel Prize in Chemistry" / "the 1921 Nobel Prize in Physics": the field differs.
        mine, theirs = field_
        edge.claim_text, edge.claim_start, edge.claim_end = mine.text, mine.start_char, mine.end_char
        _take(edge, theirs)
        state.record(slot, edge)
        return True
    if found:
        span = evidence[found[0]:found[1]]
        edge.op, edge.evidence_text = EQUAL, span.text
        edge.evidence_start, edge.evidence_end, edge.score = span.start_char, span.end_char, 1.0
        state.record(slot, edge)
        return True
    return False


def _pair_word_directly(state: PairingState, slot: Slot, ctext, edge: Edge) -> bool:
    """An attribute or noun the evidence states (its lemma, a derived word, an acronym spelt out): whether
    the slot's edge is recorded."""
    claim, evidence = state.claim, state.evidence
    lemma_hit = [e for e in evidence if (e.lemma_.lower() == slot.value or normalise(e.text) ==
                 normalise(ctext.text)) and not _inside_name(ctext, e)]
    # A word derived from the claim's states the same thing ("plays drums" / "a drummer").
    lemma_hit = lemma_hit or [e for e in evidence if _content(e) and slot.j - slot.i == 1
                              and e.pos_ in ("NOUN", "ADJ", "VERB") and _derived(ctext.text, e.text)]
    # The word said of another named subject ("...; Buzz Aldrin was the second") is not the claim's.
    lemma_hit = [e for e in lemma_hit if not _said_of_another(claim, slot, evidence, e)]
    if slot.kind == SlotKind.ATTRIBUTE and len(lemma_hit) < sum(t.lemma_.lower() == slot.value for t in claim):
        # Said more often in the claim than in the evidence ("a green cap and green boots" / "a blue
        # cap and green boots"): the evidence's word confirms the one of the same noun.
        lemma_hit = [e for e in lemma_hit if e.head.lemma_.lower() == claim[slot.i].head.lemma_.lower()]
    rival = _subject_with_clause_naming(claim, slot, evidence, lemma_hit[0].i) if lemma_hit else None
    if rival is not None:
        _substitute(edge, rival, state.used)
        state.record(slot, edge)
        return True
    # Else an acronym spelt out: "Chechen-Ingush ASSR" / "... Autonomous Soviet Socialist Republic".
    hit = (lemma_hit[0].i, lemma_hit[0].i + 1) if lemma_hit else \
        _acronym_span(ctext, evidence) if acronym(ctext.text) else None
    if hit is not None:
        span = evidence[hit[0]:hit[1]]
        edge.op, edge.evidence_text, edge.score = EQUAL, span.text, 1.0
        edge.evidence_start, edge.evidence_end = span.start_char, span.end_char
        state.record(slot, edge)
        return True
    return False


def _novel(state: PairingState, slot: Slot, ctext, c: Slot) -> bool:
    """A counterpart the claim already states elsewhere is not this slot's counterpart."""
    evidence = state.evidence
    if slot.kind not in (SlotKind.ATTRIBUTE, SlotKind.NOUN, SlotKind.ENTITY):
        return True
    if slot.kind == SlotKind.ENTITY and (_name_derived_from(evidence[c.i:c.j].text, ctext.text)
                                  or _renames_subject(evidence, c) and not _renames_subject(state.claim, slot)):
        return False
    return (normalise(evidence[c.i:c.j].text) not in state.claim_lemmas and c.value not in state.claim_lemmas
            and f" {normalise(evidence[c.i:c.j].text)} " not in state.claim_norm)


def _options(state: PairingState, slot: Slot, ctext) -> tuple[list[Slot], bool]:
    """The candidates that may be the slot's counterpart, and whether they were taken loosely (any name in
    the slot's role, for a name with no candidate of its kind)."""
    claim, evidence, cands = state.claim, state.evidence, state.cands
    options = [c for c in cands if (_compatible(slot, c) or slot.kind == SlotKind.NOUN and c.kind == SlotKind.ATTRIBUTE
                                    and _agent_classifier(claim[slot.i], evidence[c.i])
                                    or _origin(claim, slot) and _origin(evidence, c)
                                    or _origin_of_the_same_name(claim, slot, evidence, c))
               and _novel(state, slot, ctext, c)]
    if slot.kind == SlotKind.ENTITY:
        _add_other_names(state, slot, ctext, options)
    options = _kind_filtered(state, slot, options)
    if slot.kind == SlotKind.ENTITY and not options:
        # The small NER model mislabels ("Singh" as GPE): any entity will do if its role matches.
        modifier = claim[slot.i:slot.j].root.dep_ in ("compound", "amod", "nmod")
        options = [c for c in cands if _novel(state, slot, ctext, c) and (c.kind == SlotKind.ENTITY or (
            modifier and c.kind == SlotKind.ATTRIBUTE and evidence[c.i].dep_ in ("compound", "amod", "nmod"))
            or (not modifier and not _in_subject(claim, slot) and c.kind == SlotKind.NOUN
                and evidence[c.i].dep_ == claim[slot.i:slot.j].root.dep_))]  # "by cats" / "by Katy Perry"
        return options, True
    return options, False


def _add_other_names(state: PairingState, slot: Slot, ctext, options: list[Slot]) -> None:
    """A name the small model did not tag ("the series Homeland") or tagged as another kind of name may stand
    for this one when it plays the same role (the small model's labels are unreliable; the role is checked
    below)."""
    claim, evidence, cands = state.claim, state.evidence, state.cands
    others = [c for c in cands if c not in options and c.kind == SlotKind.ENTITY
              and (c.label in ENTITY_LABELS or not c.label) and c.label != "NORP"]
    others += [_name_unit(evidence, c) for c in cands if c.kind == SlotKind.NOUN and _untagged_name(evidence, c)]
    others = [c for c in others if _novel(state, slot, ctext, c)]
    # The agent of a passive with the claim's active verb plays the subject's role ("agreed to by
    # King John").
    options += [c for c in others if _role(claim, slot, evidence, c) >= ROLE_MATCH
                or _agent_of(evidence, c, claim[:].root)]
    options += [c for c in cands if c.kind == SlotKind.ENTITY and c not in options and _novel(state, slot, ctext, c)
                and _same_title(claim[slot.i:slot.j], evidence[c.i:c.j])]


def _kind_filtered(state: PairingState, slot: Slot, options: list[Slot]) -> list[Slot]:
    """The options a slot of this kind may pair with."""
    claim, evidence = state.claim, state.evidence
    if slot.kind == SlotKind.ATTRIBUTE and claim[slot.i].text[:1].islower():
        # A nationality stands for a nationality (capitalised), not for "romantic" in "a romantic
        # film": "a 1964 American psychological thriller film" corrects the genre, not the origin.
        options = [c for c in options if not (c.kind == SlotKind.ENTITY and c.label == "NORP")]
    if slot.kind == SlotKind.ATTRIBUTE and claim[slot.i].tag_ == "JJS":
        # A superlative ranks the thing against others; another adjective or a classifier says what it is
        # like, which may be as true ("the deepest lake" / "a rift lake", "a glacial lake"). Its antonym is
        # the opposite attributes' pass.
        options = [c for c in options if evidence[c.i].tag_ in ("JJS", "RBS")
                   or c.i > 0 and evidence[c.i - 1].lower_ in ("most", "least")]
    if slot.kind == SlotKind.NOUN:
        # A name for a noun only in the same relation (not the evidence's subject under "is").
        options = [c for c in options if c.kind != SlotKind.ENTITY or evidence[c.i:c.j].root.dep_ == slot.label]
    return options


def _score(state: PairingState, slot: Slot, c: Slot) -> tuple | None:
    """(score, -position, candidate), or None where a bare word lacks a matching governor."""
    claim, evidence, cands = state.claim, state.evidence, state.cands
    role = _role(claim, slot, evidence, c)
    prox = _proximity(slot, c, state.anchors)
    if slot.kind in (SlotKind.ATTRIBUTE, SlotKind.NOUN) and role < ROLE_MATCH \
            and not (_placing(claim[slot.i]) and _placing(evidence[c.i])):
        # A bare word needs a matching governor to count as this slot's counterpart; where someone
        # finished is that whatever the verb ("came third" / "finished second").
        return None
    bonus = SAME_UNIT_BONUS if slot.kind == SlotKind.NUMBER and slot.unit and slot.unit == c.unit else 0.0
    if slot.kind in (SlotKind.DATE, SlotKind.NUMBER):
        bonus += _range_end_bonus(claim, slot, evidence, c, cands)
    if slot.kind == SlotKind.DATE:
        bonus += SHARED_DATE_PART_WEIGHT * _shared_date_parts(slot, state.slots, c, cands, claim, evidence)
    if slot.kind in (SlotKind.DATE, SlotKind.NUMBER):
        bonus += _same_event(claim, slot, evidence, c)
        bonus += _value_of_the_same_name(claim, slot, evidence, c, state.slot_edges)
    bonus += _shared_dependents(claim, slot, evidence, c)
    return (role + PROXIMITY_WEIGHT * prox + bonus, -c.i, c)


def _scored(state: PairingState, slot: Slot, options: list[Slot], loose: bool) -> list[tuple]:
    """The options that may stand for the slot, scored, best first."""
    claim, evidence = state.claim, state.evidence
    scored = [x for x in (_score(state, slot, c) for c in options) if x is not None]
    if loose:
        scored = [x for x in scored if _role(claim, slot, evidence, x[2]) >= ROLE_MATCH]
    if slot.kind == SlotKind.DATE:
        scored = [x for x in scored if not _dates_another_event(claim, slot, evidence, x[2])]
    if _in_subject(claim, slot):
        # The claim's subject is what the evidence is about, often under a pronoun ("He is the lead
        # vocalist ... with Shay Haley"): replace it only by the subject of the same predicate.
        # Or by a name of the same kind, whatever its role: an evidence sentence that names another
        # battle and never the claim's is about that one.
        # An amount in a unit the evidence measures in too is placed by its unit: "patients with an eGFR
        # below 45 mL/min" / "contraindicated in patients with an eGFR below 30 mL/min".
        scored = [x for x in scored if (_role(claim, slot, evidence, x[2]) >= ROLE_MATCH
                  or slot.kind == SlotKind.NUMBER and slot.unit and x[2].unit == slot.unit
                  or _agent_of(evidence, x[2], claim[:].root) or _same_name_head(slot, x[2])
                  or _modifies_the_same_noun(claim, slot, evidence, x[2])
                  or _origin_of_the_same_name(claim, slot, evidence, x[2])
                  or _counted_subject(claim, slot, evidence, x[2]))
                  and not (_anaphoric(evidence, x[2]) and not _anaphoric(claim, slot))]
    if slot.kind == SlotKind.ATTRIBUTE:
        scored = [x for x in scored
                  if not _fits_a_sibling_better(claim, slot, state.slots, evidence, x[2], state.similar)]
    scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
    return scored


def _choose(state: PairingState, slot: Slot, scored: list[tuple]) -> Slot:
    """The counterpart among the scored candidates: the best placed, unless a range, a side of a shape or an
    equal value nearly as well placed says otherwise."""
    claim, evidence, similar, slots = state.claim, state.evidence, state.similar, state.slots
    best = scored[0][2]
    equal_somewhere = [c for _, _, c in scored if _equal_value(claim, slot, evidence, c, similar)]
    in_range = _number_range(claim, slot.i) if slot.kind == SlotKind.NUMBER else None
    # A range's end pairs with the same end of a range of the same unit, and a range stated alike
    # is the same statement ("four to six hours" / "4 to 6 hours"; "from 9 to 5" / "from 10 to 6").
    ranged = [(c, theirs) for _, _, c in scored
              if in_range and not (slot.unit and c.unit and c.unit != slot.unit)
              and (theirs := _number_range(evidence, c.i)) and theirs[2] == in_range[2]]
    if ranged:
        best = next((c for c, theirs in ranged if theirs == in_range), ranged[0][0])
    elif slot.kind == SlotKind.NUMBER and (side := _side_of_a_shape(claim, slot)) is not None:
        # "77 by 53 cm" / "77 cm by 53 cm": a side pairs with a side stated alike, else with the same side.
        sides = [c for _, _, c in scored if _side_of_a_shape(evidence, c) == side]
        best = equal_somewhere[0] if equal_somewhere else sides[0] if sides else best
    elif slot.kind in (SlotKind.DATE, SlotKind.NUMBER) and equal_somewhere \
            and _anothers_value(claim, slot, slots, evidence, best, similar):
        # The value another slot of the claim states is that slot's counterpart, where this one's is
        # stated too ("under an 1801 agreement ... since 1802" / "in 1801 ... since 1802"; "from March
        # to the end of July" / "between 1 March and 31 July").
        best = equal_somewhere[0]
    elif (slot.kind in (SlotKind.DATE, SlotKind.CODE, SlotKind.NOUN) or slot.unit == FREQUENCY_UNIT) \
            and equal_somewhere \
            and not _equal_value(
            claim, slot, evidence, best, similar) and scored[0][0] <= NEARLY_AS_WELL_PLACED * max(
            s for s, _, c in scored if c is equal_somewhere[0]) + 1e-9 \
            and not (slot.kind == SlotKind.NOUN and _coordinated(
                evidence[best.i:best.j].root, evidence[equal_somewhere[0].i:equal_somewhere[0].j].root)):
        # An equal value nearly as well placed confirms the slot: a date, a code, or a noun the
        # evidence states in the same role ("the first drug" / "a biguanide medication and ... the
        # usual first-line treatment"); not a noun coordinated with the counterpart, which shares its
        # modifiers ("a dark atmosphere" / "a relaxing and joyful setting and tone"), though a date at
        # the other end of a range is ("until 20:00" / "between 6:00 and 20:00"). Or how often, of
        # two that a sentence says ("worked out daily and paid once a year" / "calculated daily and
        # paid annually").
        best = equal_somewhere[0]
    elif slot.kind in (SlotKind.DATE, SlotKind.NUMBER) and not equal_somewhere \
            and _anothers_value(claim, slot, slots, evidence, best, similar) \
            and (free := [c for _, _, c in scored
                          if not _anothers_value(claim, slot, slots, evidence, c, similar)]):
        # Nothing states this slot's value, and the best placed candidate states another slot's: that is
        # the other slot's counterpart ("every 20 minutes until 20:00, and every half hour in the evening"
        # / "every 20 minutes ... and every 40 minutes in the evening").
        best = free[0]
    return best


def _counterpart_span(state: PairingState, slot: Slot, edge: Edge, best: Slot) -> bool:
    """Set the edge's evidence words to the counterpart's, whole (a range, a hyphenated word, a number with
    its unit) and in the claim's way of writing it; whether a whole range replaces the claim's range."""
    claim, evidence, slots = state.claim, state.evidence, state.slots
    in_range = _number_range(claim, slot.i) if slot.kind == SlotKind.NUMBER else None
    span, converted, other_range = evidence[best.i:best.j], None, False
    if slot.kind == SlotKind.ATTRIBUTE and _whole_hyphenated(claim[slot.i:slot.j]).start == slot.i:
        span = _whole_hyphenated(span)  # "blond" -> "dark-haired", not "haired"
    if slot.kind == SlotKind.ENTITY and len(span) > 1 and slot.i > 0 and span[0].lower_ == claim[slot.i - 1].lower_:
        span = span[1:]  # the claim's "King" before "Richard I" stays; "King John" would repeat it
    if slot.kind == SlotKind.NUMBER and in_range is None and best.label != DURATION \
            and (theirs := _number_range(evidence, best.i)):
        # One amount against a range: the correction takes the whole range ("50,000 to 80,000").
        start = best.i - 2 * theirs[2]
        span = evidence[start:start + 3]
    elif slot.kind == SlotKind.NUMBER and in_range is not None and (theirs := _number_range(evidence, best.i)) \
            and theirs[2] == in_range[2] and theirs[:2] != in_range[:2] \
            and not any(s.i == slot.i + 2 - 4 * in_range[2] for s in slots):
        # A range against another, its other end no slot of its own: the whole range is compared and
        # replaced ("every 8 to 12 hours" -> "every 4 to 6 hours", not "every 4 to 12 hours"; "90 to
        # 120 minutes" is not "90 to 100 minutes").
        start, mine = best.i - 2 * theirs[2], slot.i - 2 * in_range[2]
        span, whole = evidence[start:start + 3], claim[mine:mine + 3]
        edge.claim_text, edge.claim_start, edge.claim_end = whole.text, whole.start_char, whole.end_char
        other_range = True
    if slot.kind == SlotKind.NUMBER and claim[slot.i].lower_ in ("a", "an") and slot.unit_j == slot.j \
            and best.unit_j > best.j:
        span = evidence[best.i:best.unit_j]  # "within an hour" -> "within 4 hours", not "within 4"
    if slot.granularity == "time" and best.granularity == "time":
        converted = clock_text(best.value, claim[slot.i:slot.j])  # "10 a.m." -> "9 a.m.", not "9:00"
    if best.label == DURATION:
        # The period's length in the claim's words: "ten years" -> "six years".
        converted = _in_unit(best.value, "year", slot.unit) if slot.unit else None
        if converted:
            converted = _as_the_claim_writes(claim[slot.i], int(converted.replace(",", "")), converted)
    if slot.kind == SlotKind.NUMBER and best.unit and slot.unit and best.unit != slot.unit and best.unit_j > 0 \
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
    return other_range


def _set_op(state: PairingState, slot: Slot, ctext, edge: Edge, best: Slot, other_range: bool) -> None:
    """Equal where the counterpart states the slot's value, unconfirmed where it cannot tell, else
    substituted (``_substitution``)."""
    claim, evidence = state.claim, state.evidence
    if _equal_value(claim, slot, evidence, best, state.similar) and not other_range:
        edge.op = EQUAL
    elif (best.i, best.j) in state.used \
            or slot.kind == SlotKind.ENTITY and _other_relation(claim, slot, evidence, best) \
            or slot.kind == SlotKind.NUMBER and _bounded(claim, slot, evidence, best) == (True, None) \
            or _more_general_word(claim[slot.i:slot.j], evidence[best.i:best.j]) \
            or slot.kind == SlotKind.DATE and _year_in_period(claim, slot, evidence, best) \
            or slot.kind == SlotKind.ENTITY and _maybe_within(ctext, evidence, best):
        edge.op = UNCONFIRMED
    else:
        edge.op = SUBSTITUTED
        state.used.add((best.i, best.j))
        _substitution(state, slot, ctext, edge, best)


def _substitution(state: PairingState, slot: Slot, ctext, edge: Edge, best: Slot) -> None:
    """A substituted slot's words: a title or a shared first word stays, a place is replaced by a place of its
    kind, a decade by the year's decade; an antonym is labelled ``OPPOSITE``."""
    evidence, used = state.evidence, state.used
    if slot.kind == SlotKind.ENTITY and _same_title(ctext, evidence[best.i:best.j]):
        name = ctext[1:]  # the title stays: "Emperor Nero" -> "Emperor Vespasian"
        edge.claim_text, edge.claim_start = name.text, name.start_char
    elif slot.kind == SlotKind.ENTITY and (said := _said_before(ctext, evidence, best.i)):
        name = ctext[said:]  # "the moon Europa" / "the moon Titan": "moon" stays
        edge.claim_text, edge.claim_start = name.text, name.start_char
    if slot.kind == SlotKind.ENTITY and ctext.root.dep_ not in ("compound", "amod", "nmod", "poss"):
        place = _place_of_the_same_kind(ctext.text, evidence, best)
        if place is not None:  # "in Europe" -> "in Australia", not the city of the evidence
            token, edge.evidence_text = place
            edge.evidence_start, edge.evidence_end = token.idx, token.idx + len(token.text)
        elif lexicon.not_its_rival(ctext.text, evidence[best.i:best.j].text):
            # As in the rule tier: a country, continent or planet is rivalled only by another
            # of its kind ("the deepest lake on Earth" / "a lake in Siberia, Russia").
            edge.op = UNCONFIRMED
            used.discard((best.i, best.j))
    if slot.granularity == "decade":
        edge.evidence_text = _decade_text(ctext.text, best)  # a year corrects its decade
    if slot.kind == SlotKind.ATTRIBUTE and (lexicon.opposite_adjectives(normalise(ctext.text), normalise(
            evidence[best.i:best.j].text)) or {slot.value, best.value} == _ORDER):
        edge.label = OPPOSITE  # "effective" / "ineffective", "before" / "after"
    elif slot.kind == SlotKind.NOUN and best.kind == SlotKind.NOUN and lexicon.opposite_nouns(slot.value, best.value):
        edge.label = OPPOSITE  # "at the top of the tub" / "at the bottom of the tub"


def _whole_hyphenated(span):
    """The span with the words joined to its start by hyphens ("dark-haired" for "haired")."""
    doc, start = span.doc, span.start
    while start >= 2 and doc[start - 1].text == "-" and not doc[start - 1].whitespace_ \
            and not doc[start - 2].whitespace_:
        start -= 2
    return doc[start:span.end]


def _said_before(name, evidence, start: int) -> int:
    """How many of the name's first words the evidence says right before its own name ("moon" of "moon
    Europa" before "Titan" in "the moon Titan"): they are no part of what differs. 0 for none."""
    for k in range(len(name) - 1, 0, -1):
        if start >= k and evidence[start - k:start].text.lower() == name[:k].text.lower():
            return k
    return 0


def _counted_subject(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """The claim's subject is a count ("about 80,000 are on display"), and the candidate the count of the
    same predicate ("of which around 8,000 are on display"): the number is what is said, not the thing
    the sentence is about."""
    mine, theirs = claim[slot.i:slot.j].root, evidence[cand.i:cand.j].root
    return slot.kind == cand.kind == SlotKind.NUMBER and mine.dep_ in ("nsubj", "nsubjpass") \
        and theirs.dep_ == mine.dep_ and theirs.head.lemma_.lower() == mine.head.lemma_.lower()


def _fits_a_sibling_better(claim, slot: Slot, slots: list[Slot], evidence, cand: Slot, similar: _Similarity) -> bool:
    """Another modifier of the claim's noun of the same kind (two adjectives), which the evidence does not
    state, is nearer in meaning to the counterpart: "a long red coat" / "a blue coat" pairs "blue" with "red"
    (a colour for a colour), not with the first adjective, and "the upper left corner" / "the top right
    corner" pairs "right" with "left". (An adjective before a noun classifier may qualify either: "an
    electric guitar player" / "a trumpet player" is left to the classifier rules.)"""
    mine = claim[slot.i]
    theirs = evidence[cand.i:cand.j].text
    stated = {e.lemma_.lower() for e in evidence}
    own = None
    for other in slots:
        word = claim[other.i]
        if other is slot or other.kind != SlotKind.ATTRIBUTE or word.head.i != mine.head.i or word.dep_ != mine.dep_ \
                or word.lemma_.lower() in stated:
            continue
        own = similar.score(claim[slot.i:slot.j].text, theirs) if own is None else own
        if similar.score(claim[other.i:other.j].text, theirs) > own + SIBLING_MARGIN:
            return True
    return False


def _side_of_a_shape(doc, slot: Slot) -> int | None:
    """Which side of a measured shape the number is ("77 by 53 cm", "120 x 80 cm"): 0 the first, 1 the second,
    None where it is none. Sides pair with sides, not by their place in the sentence."""
    i, j = slot.i, max(slot.j, slot.unit_j)  # after its unit: "77 cm by 53 cm"
    if j + 1 < len(doc) and doc[j].lower_ in SHAPE_JOINERS and doc[j + 1].like_num:
        return 0
    if i >= 2 and doc[i - 1].lower_ in SHAPE_JOINERS and (doc[i - 2].like_num or i >= 3 and doc[i - 3].like_num):
        return 1
    return None


def _anothers_value(claim, slot: Slot, slots: list[Slot], evidence, cand: Slot, similar: _Similarity) -> bool:
    """The candidate states the value of another slot of the claim, of the same kind, and not this slot's."""
    return not _equal_value(claim, slot, evidence, cand, similar) and any(
        other is not slot and other.kind == slot.kind and _equal_value(claim, other, evidence, cand, similar)
        for other in slots)


def _coordinated(a, b) -> bool:
    return a.dep_ == "conj" and a.head.i == b.i or b.dep_ == "conj" and b.head.i == a.i


def _modifies_the_same_noun(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """A count or a quality of the same noun on both sides ("8 referees sitting on a bench" / "2 referees
    sitting on a bench"), however differently the parser places that noun in each sentence."""
    mine, theirs = claim[slot.i:slot.j].root, evidence[cand.i:cand.j].root
    return slot.kind in (SlotKind.NUMBER, SlotKind.ATTRIBUTE) \
        and mine.dep_ == theirs.dep_ and mine.dep_ in ("nummod", "amod") \
        and mine.head.pos_ == theirs.head.pos_ == "NOUN" and mine.head.lemma_.lower() == theirs.head.lemma_.lower()
