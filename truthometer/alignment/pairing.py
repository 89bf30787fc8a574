"""Pairing a claim's slots with the evidence: ``_align_docs`` maps each slot to its counterpart (by role,
place, value and name), reads the polarity of both sentences, runs the passes over the slot edges
(relations, classifiers, opposites, predicates, the fallback), and turns the edges into the claim's tokens
with their diff ops (``_token_ops``).
"""
from __future__ import annotations

from typing import Any

from ..text import lexicon
from ..text.names import acronym
from ..text.negation import denied_by_prefix, denied_of_another_place, excepted
from .base import (ENTITY_LABELS, EQUAL, NEGATIVE_IMPLICATIVES, OPPOSITE, SUBSTITUTED, UNCONFIRMED, AlignedToken, Edge,
                   Slot, _content, _in_subject, _in_unit, normalise)
from .compass import _compass_points
from .classifiers import (_as_the_claim_writes, _counted_in_the_year, _fields, _kind_nouns_name_no_value, _kinds,
                          _phrase_objects)
from .dates import _ORDER, _decade_text, clock_text
from .described import _described_alike
from .fallback import _fallback_counterpart
from .model import Alignment
from .namesakes import _same_kind_names
from .lists import _list_members
from .names import (_acronym_span, _another_field, _another_title, _inside_name, _maybe_within, _name_derived_from,
                    _place_of_the_same_kind, _renames_subject, _same_entity, _same_name_head, _same_title,
                    _subject_with_clause_naming, _substitute)
from .opposites import (_compared_to_the_usual, _designated_names, _lacked_object, _lacks, _non_prefixed,
                        _opposite_adverbs, _opposite_attributes, _opposite_edge, _opposite_frequencies,
                        _opposite_verbs_below_the_root, _order_of_events, _quantifiers, _ranks, _repeated_words,
                        _reversed_comparison, forbidding_and_permitting, opposite_directions,
                        quantifiers_in_the_same_place)
from .passes import is_on
from .polarity import (_advised_against, _called_off, _negated_at, _negated_slot_filled_otherwise, _object_unstated,
                       _prohibited, negation_tokens, negative_implicative, other_than)
from .predicates import (_dated_event, _ended_period, _evidence_predicate, _in_clause_of, _kindred_subjects,
                         _kindred_verb, _nominalised_predicate, _other_verbs_below_the_root, _predicate_edge, _said_of_now,
                         _same_subject_verb, caption_verb)
from .relations import _denied_values, _excluded_values, _preposition_edges, _reference_times, _rewordings
from .roles import (_agent_classifier, _agent_of, _anaphoric, _anchors, _dates_another_event, _number_range, _origin,
                    _origin_of_the_same_name,
                    _other_relation, _place_bound_otherwise, _proximity, _range_end_bonus, _role, _said_of_another,
                    _same_event, _shared_date_parts, _shared_dependents, _value_of_the_same_name, _year_in_period)
from .similarity import _Similarity
from .sisters import _sister_classifiers, _sister_fillers
from .swapped import _swapped_arguments
from .slots import DURATION, _name_unit, _placing, _untagged_name
from ..text.quantities import FREQUENCY_UNIT, SHAPE_JOINERS, negation_sets_a_bound
from .values import _bounded, _compatible, _equal_value, _kindred_counts
from .words import _derived, _more_general_word


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
            if slot.kind == "attribute" and len(lemma_hit) < sum(t.lemma_.lower() == slot.value for t in claim):
                # Said more often in the claim than in the evidence ("a green cap and green boots" / "a blue
                # cap and green boots"): the evidence's word confirms the one of the same noun.
                lemma_hit = [e for e in lemma_hit if e.head.lemma_.lower() == claim[slot.i].head.lemma_.lower()]
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
                                        or _origin(claim, slot) and _origin(evidence, c)
                                        or _origin_of_the_same_name(claim, slot, evidence, c)) and novel(c)]
        if slot.kind == "entity":
            # A name the small model did not tag ("the series Homeland") or tagged as another kind of
            # name may stand for this one when it plays the same role (the small model's labels are
            # unreliable; the role is checked below).
            others = [c for c in cands if c not in options and c.kind == "entity"
                      and (c.label in ENTITY_LABELS or not c.label) and c.label != "NORP"]
            others += [_name_unit(evidence, c) for c in cands if c.kind == "noun" and _untagged_name(evidence, c)]
            others = [c for c in others if novel(c)]
            # The agent of a passive with the claim's active verb plays the subject's role ("agreed to by
            # King John").
            options += [c for c in others if _role(claim, slot, evidence, c) >= 1.5
                        or _agent_of(evidence, c, claim[:].root)]
            options += [c for c in cands if c.kind == "entity" and c not in options and novel(c)
                        and _same_title(claim[slot.i:slot.j], evidence[c.i:c.j])]
        if slot.kind == "attribute" and claim[slot.i].text[:1].islower():
            # A nationality stands for a nationality (capitalised), not for "romantic" in "a romantic
            # film": "a 1964 American psychological thriller film" corrects the genre, not the origin.
            options = [c for c in options if not (c.kind == "entity" and c.label == "NORP")]
        if slot.kind == "attribute" and claim[slot.i].tag_ == "JJS":
            # A superlative ranks the thing against others; another adjective or a classifier says what it is
            # like, which may be as true ("the deepest lake" / "a rift lake", "a glacial lake"). Its antonym is
            # the opposite attributes' pass.
            options = [c for c in options if evidence[c.i].tag_ in ("JJS", "RBS")
                       or c.i > 0 and evidence[c.i - 1].lower_ in ("most", "least")]
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
            if slot.kind in ("attribute", "noun") and role < 1.5 \
                    and not (_placing(claim[slot.i]) and _placing(evidence[c.i])):
                # A bare word needs a matching governor to count as this slot's counterpart; where someone
                # finished is that whatever the verb ("came third" / "finished second").
                continue
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
            # An amount in a unit the evidence measures in too is placed by its unit: "patients with an eGFR
            # below 45 mL/min" / "contraindicated in patients with an eGFR below 30 mL/min".
            scored = [x for x in scored if (_role(claim, slot, evidence, x[2]) >= 1.5
                      or slot.kind == "number" and slot.unit and x[2].unit == slot.unit
                      or _agent_of(evidence, x[2], claim[:].root) or _same_name_head(slot, x[2])
                      or _modifies_the_same_noun(claim, slot, evidence, x[2])
                      or _origin_of_the_same_name(claim, slot, evidence, x[2])
                      or _counted_subject(claim, slot, evidence, x[2]))
                      and not (_anaphoric(evidence, x[2]) and not _anaphoric(claim, slot))]
        if slot.kind == "attribute":
            scored = [x for x in scored if not _fits_a_sibling_better(claim, slot, slots, evidence, x[2], similar)]
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
            elif slot.kind == "number" and (side := _side_of_a_shape(claim, slot)) is not None:
                # "77 by 53 cm" / "77 cm by 53 cm": a side pairs with a side stated alike, else with the same side.
                sides = [c for _, _, c in scored if _side_of_a_shape(evidence, c) == side]
                best = equal_somewhere[0] if equal_somewhere else sides[0] if sides else best
            elif slot.kind in ("date", "number") and equal_somewhere \
                    and _anothers_value(claim, slot, slots, evidence, best, similar):
                # The value another slot of the claim states is that slot's counterpart, where this one's is
                # stated too ("under an 1801 agreement ... since 1802" / "in 1801 ... since 1802"; "from March
                # to the end of July" / "between 1 March and 31 July").
                best = equal_somewhere[0]
            elif (slot.kind in ("date", "code", "noun") or slot.unit == FREQUENCY_UNIT) and equal_somewhere \
                    and not _equal_value(
                    claim, slot, evidence, best, similar) and scored[0][0] <= 1.5 * max(
                    s for s, _, c in scored if c is equal_somewhere[0]) + 1e-9 \
                    and not (slot.kind == "noun" and _coordinated(
                        evidence[best.i:best.j].root, evidence[equal_somewhere[0].i:equal_somewhere[0].j].root)):
                # An equal value nearly as well placed confirms the slot: a date, a code, or a noun the
                # evidence states in the same role ("the first drug" / "a biguanide medication and ... the
                # usual first-line treatment"); not a noun coordinated with the counterpart, which shares its
                # modifiers ("a dark atmosphere" / "a relaxing and joyful setting and tone"), though a date at
                # the other end of a range is ("until 20:00" / "between 6:00 and 20:00"). Or how often, of
                # two that a sentence says ("worked out daily and paid once a year" / "calculated daily and
                # paid annually").
                best = equal_somewhere[0]
            elif slot.kind in ("date", "number") and not equal_somewhere \
                    and _anothers_value(claim, slot, slots, evidence, best, similar) \
                    and (free := [c for _, _, c in scored
                                  if not _anothers_value(claim, slot, slots, evidence, c, similar)]):
                # Nothing states this slot's value, and the best placed candidate states another slot's: that is
                # the other slot's counterpart ("every 20 minutes until 20:00, and every half hour in the evening"
                # / "every 20 minutes ... and every 40 minutes in the evening").
                best = free[0]
            span, converted, other_range = evidence[best.i:best.j], None, False
            if slot.kind == "attribute" and _whole_hyphenated(claim[slot.i:slot.j]).start == slot.i:
                span = _whole_hyphenated(span)  # "blond" -> "dark-haired", not "haired"
            if slot.kind == "entity" and len(span) > 1 and slot.i > 0 and span[0].lower_ == claim[slot.i - 1].lower_:
                span = span[1:]  # the claim's "King" before "Richard I" stays; "King John" would repeat it
            if slot.kind == "number" and in_range is None and best.label != DURATION \
                    and (theirs := _number_range(evidence, best.i)):
                # One amount against a range: the correction takes the whole range ("50,000 to 80,000").
                start = best.i - 2 * theirs[2]
                span = evidence[start:start + 3]
            elif slot.kind == "number" and in_range is not None and (theirs := _number_range(evidence, best.i)) \
                    and theirs[2] == in_range[2] and theirs[:2] != in_range[:2] \
                    and not any(s.i == slot.i + 2 - 4 * in_range[2] for s in slots):
                # A range against another, its other end no slot of its own: the whole range is compared and
                # replaced ("every 8 to 12 hours" -> "every 4 to 6 hours", not "every 4 to 12 hours"; "90 to
                # 120 minutes" is not "90 to 100 minutes").
                start, mine = best.i - 2 * theirs[2], slot.i - 2 * in_range[2]
                span, whole = evidence[start:start + 3], claim[mine:mine + 3]
                edge.claim_text, edge.claim_start, edge.claim_end = whole.text, whole.start_char, whole.end_char
                other_range = True
            if slot.kind == "number" and claim[slot.i].lower_ in ("a", "an") and slot.unit_j == slot.j \
                    and best.unit_j > best.j:
                span = evidence[best.i:best.unit_j]  # "within an hour" -> "within 4 hours", not "within 4"
            if slot.granularity == "time" and best.granularity == "time":
                converted = clock_text(best.value, claim[slot.i:slot.j])  # "10 a.m." -> "9 a.m.", not "9:00"
            if best.label == DURATION:
                # The period's length in the claim's words: "ten years" -> "six years".
                converted = _in_unit(best.value, "year", slot.unit) if slot.unit else None
                if converted:
                    converted = _as_the_claim_writes(claim[slot.i], int(converted.replace(",", "")), converted)
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
            if _equal_value(claim, slot, evidence, best, similar) and not other_range:
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
                elif slot.kind == "entity" and (said := _said_before(ctext, evidence, best.i)):
                    name = ctext[said:]  # "the moon Europa" / "the moon Titan": "moon" stays
                    edge.claim_text, edge.claim_start = name.text, name.start_char
                if slot.kind == "entity" and ctext.root.dep_ not in ("compound", "amod", "nmod", "poss"):
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
                if slot.kind == "attribute" and (lexicon.opposite_adjectives(normalise(ctext.text), normalise(
                        evidence[best.i:best.j].text)) or {slot.value, best.value} == _ORDER):
                    edge.label = OPPOSITE  # "effective" / "ineffective", "before" / "after"
                elif slot.kind == "noun" and best.kind == "noun" and lexicon.opposite_nouns(slot.value, best.value):
                    edge.label = OPPOSITE  # "at the top of the tub" / "at the bottom of the tub"
        edges.append(edge)
        slot_edges[slot.i] = (slot, edge)

    if is_on("rewordings"):
        _rewordings(claim, evidence, slot_edges, similar)
    if is_on("kinds"):
        _kinds(claim, evidence, slot_edges)
    if is_on("fields"):
        edges.extend(_fields(claim, evidence, slot_edges))
    if is_on("counted-in-the-year"):
        _counted_in_the_year(claim, evidence, slot_edges)
    if is_on("kind-nouns-name-no-value"):
        _kind_nouns_name_no_value(claim, slot_edges)
    if is_on("phrase-objects"):
        edges.extend(_phrase_objects(claim, evidence, slot_edges))
    if is_on("prepositions"):
        edges.extend(_preposition_edges(claim, evidence, slot_edges))
    if is_on("excluded-values"):
        _excluded_values(claim, slot_edges)
    if is_on("denied-values"):
        _denied_values(evidence, slot_edges)
    if is_on("reference-times"):
        _reference_times(claim, evidence, slot_edges)

    # Predicate to predicate: the claim's main verb against the verb of the same subject. Under a
    # negative implicative ("refused to model") the claim's predicate is the complement verb.
    root = caption_verb(claim) or claim[:].root
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

    # Polarity of the main predicate on each side. A negative quantifier of an argument denies the predicate
    # ("No student passed"), unless the other side has a quantifier of another force in its place, which
    # the quantifiers pass substitutes ("everybody came" / "no one came").
    arguments = not quantifiers_in_the_same_place(claim, evidence)
    claim_negated = (_negated_at(claim, root.i, arguments) or any(t.lower_ == "never" for t in claim)
                     or implicative is not None or other_than(claim) is not None)
    kin = _kindred_verb(root, evidence)
    ev_pred = _evidence_predicate(claim, evidence, root, slot_edges, kin)
    evidence_negated = _negated_at(evidence, ev_pred, arguments) if ev_pred is not None else False
    evidence_negated = evidence_negated or (ev_pred == evidence[:].root.i and other_than(evidence) is not None)
    if excepted(claim[:], evidence[:]):
        evidence_negated = not evidence_negated  # "all trains have one except the first": the first has none
    # "never left unattended" says "attended": a negation beside a word the other side states without its
    # denying prefix cancels out.
    if claim_negated and denied_by_prefix(claim, evidence):
        claim_negated = False
    if evidence_negated and denied_by_prefix(evidence, claim):
        evidence_negated = False
    # A "not" spent on a bound of the amount ("should not take more than 1,200 mg", "do not exceed 6 tablets")
    # says what "no more than" says: the amounts compare, the predicate is not denied.
    if claim_negated and negation_sets_a_bound(root):
        claim_negated = False
    if evidence_negated and ev_pred is not None and negation_sets_a_bound(evidence[ev_pred]):
        evidence_negated = False
    verbs = (root.lemma_.lower(), evidence[ev_pred].lemma_.lower()) if ev_pred is not None else None
    opposite_verb = verbs is not None and (lexicon.opposite_verbs(*verbs) or opposite_directions(*verbs)
                                           or forbidding_and_permitting(*verbs))
    if opposite_verb and not (predicate is not None and predicate.op == SUBSTITUTED):
        theirs = evidence[ev_pred]
        if not claim_negated and not evidence_negated and is_on("opposite-main-verbs") and theirs.pos_ == "VERB" \
                and (theirs.tag_ == root.tag_ or "VBN" not in (theirs.tag_, root.tag_)):  # not "is closed", a state
            # "She sold the hat" / "She bought the hat": the verb is the slot, its opposite the correction.
            if predicate is not None:
                edges.remove(predicate)
            predicate = _opposite_edge("predicate", root, theirs)
            edges.append(predicate)
        else:
            # "is closed on Mondays" says what "does not open on Mondays" says, and the opposite of "opens"
            # (an opposite verb the alignment did not already substitute).
            evidence_negated = not evidence_negated
    elif opposite_verb and claim_negated != evidence_negated:
        # The opposite verb, denied on one side only: the same statement ("are not allowed on the beach" /
        # "are banned from the beach"), not another predicate.
        predicate.op, evidence_negated = EQUAL, not evidence_negated
    called_off = None if claim_negated or evidence_negated else _called_off(root, evidence) or _advised_against(
        claim, root, evidence)
    if called_off is None and not evidence_negated and not opposite_verb:
        # "no new claims may be made" / "prohibits new claims" (a forbidding verb opposite to the claim's is
        # its substitution already: "allowed" -> "banned", not "not banned")
        called_off = _prohibited(root, evidence)
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
        and not _object_unstated(claim, root, evidence, slot_edges) and not other_verb \
        and not denied_of_another_place(claim, root, evidence[ev_pred])
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
        if is_on("frequency-adverbs"):
            _opposite_frequencies(claim, evidence, edges)
        if is_on("opposite-verbs-below-the-root"):
            _opposite_verbs_below_the_root(claim, evidence, edges)
        if is_on("opposite-adverbs"):
            _opposite_adverbs(claim, evidence, edges)
    negative_object = any(t.lower_ == "no" and t.dep_ == "det" and t.head.head.i == root.i for t in claim)
    # The last resorts, where nothing else differs. Not under a negation: there a word is what the claim
    # says is not the case, and another word in its place ("does not have a village", "had no relation to
    # the arms dealer") is no more what the evidence says.
    affirmed = not mismatch and not negation_stands and not claim_negated and not negative_object
    if affirmed and not any(e.op == SUBSTITUTED for e in edges) and is_on("described-alike"):
        _described_alike(claim, evidence, slot_edges)
    if affirmed and not any(e.op == SUBSTITUTED for e in edges) and is_on("fallback-counterpart"):
        _fallback_counterpart(claim, evidence, slot_edges, cands, anchors, similar)
    if affirmed and not any(e.op == SUBSTITUTED for e in edges) and is_on("other-verbs-below-the-root"):
        _other_verbs_below_the_root(claim, evidence, edges)
    for name, edge_pass in _EDGE_PASSES:
        if is_on(name):
            edge_pass(claim, evidence, edges)
    edges.sort(key=lambda e: (e.claim_start, e.claim_end))
    tokens = _token_ops(claim, evidence, edges)
    return Alignment(claim.text, evidence.text, tokens, edges, claim_negated, evidence_negated, mismatch,
                     coverage, claim, evidence)


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


#: How much nearer (word-embedding cosine) another modifier of the same noun must be to a counterpart to take
#: it from this one: red / blue 0.72 against long / blue 0.27, left / right 0.40 against upper / right 0.24;
#: not federal / net 0.30 against gross / net 0.25, which the small encoder reads no better than chance.
SIBLING_MARGIN = 0.1


def _counted_subject(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """The claim's subject is a count ("about 80,000 are on display"), and the candidate the count of the
    same predicate ("of which around 8,000 are on display"): the number is what is said, not the thing
    the sentence is about."""
    mine, theirs = claim[slot.i:slot.j].root, evidence[cand.i:cand.j].root
    return slot.kind == cand.kind == "number" and mine.dep_ in ("nsubj", "nsubjpass") \
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
        if other is slot or other.kind != "attribute" or word.head.i != mine.head.i or word.dep_ != mine.dep_ \
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
    return slot.kind in ("number", "attribute") and mine.dep_ == theirs.dep_ and mine.dep_ in ("nummod", "amod") \
        and mine.head.pos_ == theirs.head.pos_ == "NOUN" and mine.head.lemma_.lower() == theirs.head.lemma_.lower()


#: The passes over every edge, in the order they run (alignment.passes names them).
_EDGE_PASSES = (("designated-names", _designated_names), ("order-of-events", _order_of_events), ("ranks", _ranks),
                ("reversed-comparison", _reversed_comparison), ("compared-to-the-usual", _compared_to_the_usual),
                ("lacks", _lacks), ("quantifiers", _quantifiers), ("repeated-words", _repeated_words),
                ("list-members", _list_members), ("same-kind-names", _same_kind_names),
                ("sister-fillers", _sister_fillers),
                ("sister-classifiers", _sister_classifiers),
                ("compass-points", _compass_points), ("non-prefixed", _non_prefixed),
                ("swapped-arguments", _swapped_arguments))


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
