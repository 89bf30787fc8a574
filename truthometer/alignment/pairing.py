"""Pairing a claim's slots with the evidence. ``_align_docs`` is the outline: each slot is paired with its
counterpart (``counterparts.pair_slot``: by role, place, value and name), the slot passes revise the slot
edges, the claim's main predicate is paired with the evidence's, the polarity of both is read
(``polarity_reading``), the opposite and last-resort passes run where nothing is denied, then the passes over
every edge; the edges become the claim's tokens with their diff ops (``_token_ops``). Every pass is
registered once below, under its name in ``passes.PASSES``, in the order it runs.
"""
from __future__ import annotations

from typing import Any

from .base import (EQUAL, NEGATIVE_IMPLICATIVES, SUBSTITUTED, UNCONFIRMED, AlignedToken, Edge, Slot, _content,
                   _in_subject, normalise)
from .classifiers import _counted_in_the_year, _fields, _kind_nouns_name_no_value, _kinds, _phrase_objects
from .compass import _compass_points
from .counterparts import PairingState, pair_slot
from .described import _described_alike
from .fallback import _fallback_counterpart
from .lists import _list_members
from .model import Alignment
from .namesakes import _same_kind_names
from .opposites import (_compared_to_the_usual, _designated_names, _lacks, _non_prefixed, _opposite_adverbs,
                        _opposite_attributes, _opposite_frequencies, _opposite_verbs_below_the_root, _order_of_events,
                        _quantifiers, _ranks, _repeated_words, _reversed_comparison)
from .passes import is_on
from .polarity import negative_implicative
from .polarity_reading import Polarity, polarity_mismatch, read_polarity
from .predicates import (_dated_event, _in_clause_of, _nominalised_predicate, _other_verbs_below_the_root,
                         _predicate_edge, _same_subject_verb, caption_verb)
from .relations import _denied_values, _excluded_values, _preposition_edges, _reference_times, _rewordings
from .roles import _anchors
from .similarity import _Similarity
from .sisters import _sister_classifiers, _sister_fillers
from .swapped import _swapped_arguments
from .words import _derived
from ..vocabulary import SlotKind


def _align_docs(claim, evidence, similar: _Similarity, slots: list[Slot], cands: list[Slot]) -> Alignment:
    """``slots`` and ``cands``: ``extract_slots(claim)`` and ``evidence_units(evidence)`` (only read here);
    ``similar`` has their phrases embedded already (``align_many``)."""
    if not len(claim) or not len(evidence) or not claim.text.strip() or not evidence.text.strip():
        return _unaligned(claim, evidence)
    state = PairingState(claim, evidence, similar, slots, cands, anchors=_anchors(claim, evidence),
                         claim_lemmas={t.lemma_.lower() for t in claim if _content(t)}
                         | {normalise(t.text) for t in claim},
                         claim_norm=f" {normalise(claim.text)} ")
    coverage = _coverage(claim, evidence)
    for slot in slots:
        pair_slot(state, slot)
    for name, slot_pass in _SLOT_PASSES:
        if is_on(name):
            slot_pass(state)
    root, implicative, predicate = _main_predicate(state)
    pol = read_polarity(state, root, implicative, predicate)
    polarity_mismatch(state, root, implicative, pol, coverage)
    if not pol.claim_negated and not pol.evidence_negated:
        for name, opposite_pass in _OPPOSITE_PASSES:
            if name is None or is_on(name):
                opposite_pass(claim, evidence, state.edges)
    _last_resorts(state, root, pol)
    for name, edge_pass in _EDGE_PASSES:
        if is_on(name):
            edge_pass(claim, evidence, state.edges)
    edges = state.edges
    edges.sort(key=lambda e: (e.claim_start, e.claim_end))
    tokens = _token_ops(claim, evidence, edges)
    return Alignment(claim.text, evidence.text, tokens, edges, pol.claim_negated, pol.evidence_negated, pol.mismatch,
                     coverage, claim, evidence)


def _unaligned(claim, evidence) -> Alignment:
    """An empty side: every claim token unconfirmed."""
    tokens = [AlignedToken(t.text, t.idx, t.idx + len(t.text), UNCONFIRMED, whitespace=t.whitespace_)
              for t in claim if not t.is_space]
    return Alignment(claim.text, evidence.text, tokens, claim_doc=claim, evidence_doc=evidence)


def _coverage(claim, evidence) -> float:
    """The share of the claim's content words the evidence repeats (a derived form counts: "during pregnancy"
    / "to pregnant women"). Polarity words ("refused", "unable") are not content the evidence should repeat."""
    evidence_lemmas = {t.lemma_.lower() for t in evidence if _content(t)}
    words = [t for t in claim if _content(t) and t.lemma_.lower() not in NEGATIVE_IMPLICATIVES]
    evidence_norms = {normalise(e.text) for e in evidence}
    evidence_content = [e.text for e in evidence if _content(e)]
    return (sum(1 for t in words if t.lemma_.lower() in evidence_lemmas or normalise(t.text) in evidence_norms
                or any(_derived(t.text, e) for e in evidence_content)) / len(words)) if words else 0.0


def _main_predicate(state: PairingState):
    """Predicate to predicate: the claim's main verb against the verb of the same subject, as (root,
    implicative, the predicate edge or None; appended to the edges). Under a negative implicative ("refused
    to model") the claim's predicate is the complement verb."""
    claim, evidence, similar, slot_edges = state.claim, state.evidence, state.similar, state.slot_edges
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
        state.edges.append(predicate)
    return root, implicative, predicate


def _last_resorts(state: PairingState, root, pol: Polarity) -> None:
    """The last resorts, where nothing else differs. Not under a negation: there a word is what the claim
    says is not the case, and another word in its place ("does not have a village", "had no relation to
    the arms dealer") is no more what the evidence says."""
    negative_object = any(t.lower_ == "no" and t.dep_ == "det" and t.head.head.i == root.i for t in state.claim)
    affirmed = not pol.mismatch and not pol.negation_stands and not pol.claim_negated and not negative_object
    for name, last_resort in _LAST_RESORTS:
        if affirmed and not any(e.op == SUBSTITUTED for e in state.edges) and is_on(name):
            last_resort(state)


#: The passes over the slot edges, run after every slot is paired, in this order: (name in passes.PASSES,
#: the pass on the pairing state).
_SLOT_PASSES = (
    ("rewordings", lambda s: _rewordings(s.claim, s.evidence, s.slot_edges, s.similar)),
    ("kinds", lambda s: _kinds(s.claim, s.evidence, s.slot_edges)),
    ("fields", lambda s: s.edges.extend(_fields(s.claim, s.evidence, s.slot_edges))),
    ("counted-in-the-year", lambda s: _counted_in_the_year(s.claim, s.evidence, s.slot_edges)),
    ("kind-nouns-name-no-value", lambda s: _kind_nouns_name_no_value(s.claim, s.slot_edges)),
    ("phrase-objects", lambda s: s.edges.extend(_phrase_objects(s.claim, s.evidence, s.slot_edges))),
    ("prepositions", lambda s: s.edges.extend(_preposition_edges(s.claim, s.evidence, s.slot_edges))),
    ("excluded-values", lambda s: _excluded_values(s.claim, s.slot_edges)),
    ("denied-values", lambda s: _denied_values(s.evidence, s.slot_edges)),
    ("reference-times", lambda s: _reference_times(s.claim, s.evidence, s.slot_edges)),
)

#: Opposites said of the same thing, where neither predicate is denied (None: always on).
_OPPOSITE_PASSES = ((None, _opposite_attributes), ("frequency-adverbs", _opposite_frequencies),
                    ("opposite-verbs-below-the-root", _opposite_verbs_below_the_root),
                    ("opposite-adverbs", _opposite_adverbs))

#: The last resorts, each only while nothing is substituted and the claim is affirmed.
_LAST_RESORTS = (
    ("described-alike", lambda s: _described_alike(s.claim, s.evidence, s.slot_edges)),
    ("fallback-counterpart", lambda s: _fallback_counterpart(s.claim, s.evidence, s.slot_edges, s.cands, s.anchors,
                                                             s.similar)),
    ("other-verbs-below-the-root", lambda s: _other_verbs_below_the_root(s.claim, s.evidence, s.edges)),
)

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
        edge = next((e for e in edges if e.kind != SlotKind.NEGATION and e.claim_start <= start and end <= e.claim_end),
                    None)
        if edge is None:
            edge = next((e for e in edges if e.kind == SlotKind.NEGATION and e.claim_start == start), None)
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
