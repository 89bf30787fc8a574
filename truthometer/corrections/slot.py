"""Slot value substitution (Galitsky, Truth-O-Meter: substitution at the slot's granularity): each substituted
slot of the claim is replaced by its aligned counterpart, a year by a year, a name by a name, a number by a
number, a phrase by a phrase. The phrase-shaping rules (``bounds``, ``phrases``, ``names``, ``articles``,
``verbs``) decide how much of the claim goes and how much of the evidence comes.
"""
from __future__ import annotations

from ..report import Substitution
from .articles import article_agreement, plural_without_article
from .bounds import with_bounds
from .casing import match_case
from .names import article_for_name_or_noun, the_with_names
from .phrases import (modifier_phrase, with_compounds, with_known_compound_modifier, with_negating_prefix,
                      with_paired_modifier, with_unconfirmed_classifiers, with_unconfirmed_place)
from .registry import rule
from .verbs import verb_like
from ..vocabulary import SlotKind

#: The alignment's slot kind -> the substitution's kind (``report.Substitution.kind``).
_ENTITY, _PHRASE = SlotKind.ENTITY, SlotKind.PHRASE
KIND = {SlotKind.ENTITY: _ENTITY, SlotKind.NUMBER: SlotKind.NUMBER, SlotKind.DATE: SlotKind.DATE, SlotKind.CODE: _ENTITY,
        SlotKind.ATTRIBUTE: _PHRASE, SlotKind.NOUN: _PHRASE, SlotKind.CLASSIFIER: _PHRASE, SlotKind.PHRASE: _PHRASE,
        SlotKind.PREDICATE: _PHRASE, SlotKind.NEGATION: SlotKind.NEGATION, SlotKind.PREPOSITION: _PHRASE}


@rule("slot-values", "a substituted slot is replaced by its counterpart in the evidence, at the slot's granularity",
      off=lambda claim, alignment, edge, evidence_text, locator: None)
def slot_substitution(claim: str, alignment, edge, evidence_text: str, locator: str) -> Substitution | None:
    """The substitution of one substituted slot, the phrase around it shaped by the rules; None when a rule
    that makes it is switched off."""
    if edge.kind == SlotKind.LACK:
        return None  # the evidence has no words in the place of a "lack of X" it does not state
    start, end = edge.claim_start, edge.claim_end
    evidence_new = edge.evidence_text
    ev_start = edge.evidence_start
    if edge.kind == SlotKind.NOUN:
        start, evidence_new, ev_start = with_compounds(alignment, edge, start)
    if edge.kind in (SlotKind.NOUN, SlotKind.ENTITY):
        end = with_unconfirmed_place(alignment, edge, end)
    if edge.kind == SlotKind.ATTRIBUTE:
        evidence_new, ev_start = modifier_phrase(alignment, edge)
        start, evidence_new, ev_start = with_known_compound_modifier(alignment, edge, start, evidence_new, ev_start)
        start, evidence_new, ev_start = with_paired_modifier(alignment, edge, start, evidence_new, ev_start)
        start, evidence_new, ev_start = with_negating_prefix(alignment, edge, start, evidence_new, ev_start)
        end = with_unconfirmed_classifiers(alignment, edge, end)
    if edge.kind == SlotKind.PREDICATE:
        evidence_new = verb_like(alignment, edge, evidence_new)
    if edge.kind == SlotKind.NUMBER:
        start, evidence_new = with_bounds(claim, alignment, edge, start, evidence_new)
    old = claim[start:end]
    proper = edge.kind in (SlotKind.ENTITY, SlotKind.CODE) or (edge.label == "NORP")
    new = match_case(evidence_new, old, start == 0, proper or evidence_new[:1].isupper() and ev_start > 0)
    start, old, new = the_with_names(claim, alignment, edge, start, end, old, new, evidence_new, ev_start)
    start, old, new = article_for_name_or_noun(claim, alignment, edge, start, end, old, new)
    plural = plural_without_article(claim, alignment, edge, start, end, new)
    start, new = plural if plural is not None else article_agreement(claim, start, new)
    if start == 0 and claim[:1].isupper():
        new = new[:1].upper() + new[1:]  # a rule above widened the phrase to the sentence's first word
    return Substitution(claim[start:end], new, start, end, kind=KIND.get(edge.kind, "phrase"), evidence=evidence_text,
                        evidence_locator=locator)
