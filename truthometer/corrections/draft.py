"""The correction stage's one entry point: a minimal correction of a claim from one evidence sentence and their
alignment, drafted by the registered rules (``registry.RULES``)."""
from __future__ import annotations

import re

from ..alignment.align import SUBSTITUTED, UNCONFIRMED, align, yet_to
from ..alignment.model import Alignment
from ..judging.rules import NEGATIONS
from ..report import Substitution, Suggestion, apply_substitutions
from .polarity import polarity_substitution
from .polarity_items import polarity_items
from .registry import rule
from .same_kind import reads_in_place, same_kind
from .slot import slot_substitution
from ..vocabulary import SlotKind


@rule("negation-fallback", "a claim the judge finds contradicted, with no slot differing, is corrected to its "
      "negation", off=lambda alignment: False)
def negation_fallback(alignment: Alignment) -> bool:
    """The claim's negation can be written: its predicate's own negation is dropped ("is not a musician"
    -> "is a musician"), or it has no denying word for a "not" to double ("did not have no relation",
    "does not have yet to be surpassed")."""
    doc = alignment.claim_doc
    return alignment.claim_negated or not (any(t.lower_ in NEGATIONS for t in doc) or any(yet_to(t) for t in doc))


def suggest_correction(claim: str, evidence, alignment: Alignment | None = None,
                       locator: str | None = None, contradicted: bool = False,
                       elsewhere: tuple[str, ...] = ()) -> Suggestion | None:
    """A minimal correction of ``claim`` from one evidence sentence (a str or an ``Evidence``), or None.

    Every substitution carries the evidence sentence and its locator so a reviewer can accept or reject
    each one; slots the evidence does not cover are listed in ``note``, unless one of the claim's other
    evidence sentences (``elsewhere``) names them. ``contradicted``: the checker has already judged that
    this evidence contradicts the claim; when no slot differs, the correction is then the claim's
    negation (what the evidence, by contradicting it, says). None also where a substitution would put a
    phrase of another kind, or one that does not read in place (``same_kind``): the sentence keeps its flag.
    """
    evidence_text = getattr(evidence, "text", evidence) or ""
    if locator is None:
        source, loc = getattr(evidence, "source", ""), getattr(evidence, "locator", "")
        locator = f"{source}: {loc}" if source and loc else (loc or source or "")
    if not claim or not claim.strip() or not evidence_text.strip():
        return None
    if alignment is None or alignment.claim != claim or alignment.evidence != evidence_text \
            or alignment.claim_doc is None:
        alignment = align(claim, evidence_text)
    subs: list[Substitution] = []
    # When the polarity is what differs, only the polarity flips; names, numbers and dates are still
    # corrected. Under a predicate the evidence negates, its words say what is not the case; under one
    # it affirms, a differing word is more likely a paraphrase ("main" / "predominant flavour") than a
    # second error in the same claim.
    for edge in alignment.edges:
        if alignment.polarity_mismatch \
                and edge.kind in (SlotKind.NOUN, SlotKind.ATTRIBUTE, SlotKind.CLASSIFIER, SlotKind.PHRASE):
            continue
        if edge.op == SUBSTITUTED and edge.kind != SlotKind.NEGATION and edge.evidence_text:
            if not same_kind(alignment, edge):
                return None
            s = slot_substitution(claim, alignment, edge, evidence_text, locator)
            if s is not None and not reads_in_place(claim, alignment, s, edge):
                return None
            if s is not None:
                subs.append(s)
    notes = []
    if alignment.polarity_mismatch:
        s, why = polarity_substitution(claim, alignment, evidence_text, locator)
        if s is not None:
            subs.append(s)
            subs.extend(polarity_items(claim, alignment, s, evidence_text, locator))
        elif why:
            notes.append(why)
    if not subs and contradicted and not alignment.polarity_mismatch and negation_fallback(alignment):
        s, why = polarity_substitution(claim, alignment, evidence_text, locator)
        if s is not None:
            subs = [s, *polarity_items(claim, alignment, s, evidence_text, locator)]
            notes.append("no slot of it differs from the evidence, which contradicts it: its negation")
    subs = _without_overlaps(subs)
    uncovered = [e for e in _unstated_values(alignment) if not any(_names(text, e.claim_text) for text in elsewhere)]
    if uncovered:
        notes.append("the evidence does not cover " + ", ".join(f"'{e.claim_text}' ({e.kind})" for e in uncovered)
                     + "; left as written")
    if not subs:
        return None
    corrected = apply_substitutions(claim, subs)
    if corrected == claim:
        return None
    return Suggestion(corrected, subs, "; ".join(notes))


def _unstated_values(alignment: Alignment) -> list:
    """The edges of the claim's names, numbers, dates and codes its evidence sentence does not state."""
    return [e for e in alignment.edges
            if e.op == UNCONFIRMED and e.kind in (SlotKind.ENTITY, SlotKind.NUMBER, SlotKind.DATE, SlotKind.CODE)]


def stating_kept_values(alignment: Alignment, elsewhere: tuple[str, ...]) -> list[str]:
    """The sentences of ``elsewhere`` that state a name, number, date or code of the claim which the aligned
    evidence sentence does not ("in 2009" beside "the World Championships in Berlin")."""
    kept = [e.claim_text for e in _unstated_values(alignment)]
    return [text for text in elsewhere if any(_names(text, slot) for slot in kept)]


def _names(text: str, slot: str) -> bool:
    """``text`` states the slot's words as written ("Queensland" in "off the coast of Queensland,")."""
    return re.search(rf"(?<!\w){re.escape(slot.casefold())}(?!\w)", text.casefold()) is not None


def _without_overlaps(subs: list[Substitution]) -> list[Substitution]:
    kept: list[Substitution] = []
    for s in sorted(subs, key=lambda s: (s.start, -(s.end - s.start))):
        if any(s.start < k.end and k.start < s.end for k in kept):
            continue
        kept.append(s)
    return kept
