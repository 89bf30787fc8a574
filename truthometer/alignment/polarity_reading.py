"""The polarity reading of ``pairing._align_docs``: whether the claim's main predicate and the evidence's
predicate of the same subject are denied (``read_polarity``: negations, negative implicatives, quantifiers,
opposite verbs, a called-off or ended event), and whether the two disagree (``polarity_mismatch``: the
claim's negation, or its main verb, is then a substituted slot).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..text import lexicon
from ..text.negation import denied_by_prefix, denied_of_another_place, excepted
from ..text.quantities import negation_sets_a_bound
from .base import EQUAL, SUBSTITUTED, UNCONFIRMED, Edge
from .counterparts import PairingState
from .opposites import (_lacked_object, _opposite_edge, forbidding_and_permitting, opposite_directions,
                        quantifiers_in_the_same_place)
from .passes import is_on
from .polarity import (_advised_against, _called_off, _negated_at, _negated_slot_filled_otherwise, _object_unstated,
                       _prohibited, negation_tokens, other_than)
from .predicates import _ended_period, _evidence_predicate, _kindred_subjects, _kindred_verb, _said_of_now
from ..vocabulary import SlotKind

#: The share of the claim's content words the evidence must repeat (``Alignment.coverage``) for a predicate
#: denied on one side only to be a polarity mismatch, unless the evidence restates the predicate. Set by hand.
MISMATCH_COVERAGE = 0.5


@dataclass
class Polarity:
    """The polarity of both sides' predicates: ``ev_pred`` the evidence predicate's token index (None where
    there is none), ``kin`` the evidence verb kindred to the claim's, ``predicate`` the predicate edge (an
    opposite main verb may replace it), ``opposite_verb`` whether the two verbs are opposites."""

    claim_negated: bool
    evidence_negated: bool
    ev_pred: int | None
    kin: Any
    predicate: Edge | None
    opposite_verb: bool = False
    mismatch: bool = False
    negation_stands: bool = False


def read_polarity(state: PairingState, root, implicative, predicate: Edge | None) -> Polarity:
    """Polarity of the main predicate on each side. A negative quantifier of an argument denies the predicate
    ("No student passed"), unless the other side has a quantifier of another force in its place, which
    the quantifiers pass substitutes ("everybody came" / "no one came")."""
    claim, evidence = state.claim, state.evidence
    arguments = not quantifiers_in_the_same_place(claim, evidence)
    claim_negated = (_negated_at(claim, root.i, arguments) or any(t.lower_ == "never" for t in claim)
                     or implicative is not None or other_than(claim) is not None)
    kin = _kindred_verb(root, evidence)
    ev_pred = _evidence_predicate(claim, evidence, root, state.slot_edges, kin)
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
    pol = Polarity(claim_negated, evidence_negated, ev_pred, kin, predicate)
    _opposite_main_verbs(state, root, pol)
    _called_off_or_ended(state, root, pol)
    return pol


def _opposite_main_verbs(state: PairingState, root, pol: Polarity) -> None:
    """The claim's main verb against its antonym: the verb is the slot where neither is denied, else the
    antonym restates the claim's verb with the other polarity."""
    evidence, edges, ev_pred = state.evidence, state.edges, pol.ev_pred
    verbs = (root.lemma_.lower(), evidence[ev_pred].lemma_.lower()) if ev_pred is not None else None
    pol.opposite_verb = verbs is not None and (lexicon.opposite_verbs(*verbs) or opposite_directions(*verbs)
                                               or forbidding_and_permitting(*verbs))
    if pol.opposite_verb and not (pol.predicate is not None and pol.predicate.op == SUBSTITUTED):
        theirs = evidence[ev_pred]
        if not pol.claim_negated and not pol.evidence_negated and is_on("opposite-main-verbs") \
                and theirs.pos_ == "VERB" \
                and (theirs.tag_ == root.tag_ or "VBN" not in (theirs.tag_, root.tag_)):  # not "is closed", a state
            # "She sold the hat" / "She bought the hat": the verb is the slot, its opposite the correction.
            if pol.predicate is not None:
                edges.remove(pol.predicate)
            pol.predicate = _opposite_edge("predicate", root, theirs)
            edges.append(pol.predicate)
        else:
            # "is closed on Mondays" says what "does not open on Mondays" says, and the opposite of "opens"
            # (an opposite verb the alignment did not already substitute).
            pol.evidence_negated = not pol.evidence_negated
    elif pol.opposite_verb and pol.claim_negated != pol.evidence_negated:
        # The opposite verb, denied on one side only: the same statement ("are not allowed on the beach" /
        # "are banned from the beach"), not another predicate.
        pol.predicate.op, pol.evidence_negated = EQUAL, not pol.evidence_negated


def _called_off_or_ended(state: PairingState, root, pol: Polarity) -> None:
    """An event the evidence calls off, advises against or prohibits, and a state it says has ended, deny the
    claim's predicate."""
    claim, evidence = state.claim, state.evidence
    called_off = None if pol.claim_negated or pol.evidence_negated else _called_off(root, evidence) or \
        _advised_against(claim, root, evidence)
    if called_off is None and not pol.evidence_negated and not pol.opposite_verb:
        # "no new claims may be made" / "prohibits new claims" (a forbidding verb opposite to the claim's is
        # its substitution already: "allowed" -> "banned", not "not banned")
        called_off = _prohibited(root, evidence)
    if called_off is not None:
        pol.ev_pred, pol.evidence_negated = called_off.i, True  # "landed on the Moon" / "the landing was aborted"
    if not pol.evidence_negated and pol.ev_pred is not None and _said_of_now(claim, root) \
            and _ended_period(evidence[pol.ev_pred]) is not None:
        pol.evidence_negated = True  # "is currently part of" / "was part of it between 1035 and 1814": no longer


def polarity_mismatch(state: PairingState, root, implicative, pol: Polarity, coverage: float) -> None:
    """Whether the two predicates' polarities disagree (``pol.mismatch``), and where so, the claim's negation
    (or its main verb) as a substituted edge; ``pol.negation_stands`` where the claim's negation is what the
    evidence says by filling the negated slot otherwise."""
    claim, evidence, slot_edges, ev_pred = state.claim, state.evidence, state.slot_edges, pol.ev_pred
    predicate = pol.predicate
    # The same predicate in other words, said of the same thing in other words, is as good as the words.
    restated = pol.kin is not None and ev_pred == pol.kin.i and _kindred_subjects(root, pol.kin)
    # Another verb of the same subject ("never spoils" / "can last indefinitely") has a polarity of its own.
    other_verb = predicate is not None and predicate.op == UNCONFIRMED and ev_pred is not None \
        and predicate.evidence_start == evidence[ev_pred].idx and not restated and not pol.opposite_verb
    mismatch = ev_pred is not None and pol.claim_negated != pol.evidence_negated \
        and (coverage >= MISMATCH_COVERAGE or restated) \
        and not _object_unstated(claim, root, evidence, slot_edges) and not other_verb \
        and not denied_of_another_place(claim, root, evidence[ev_pred])
    if mismatch and pol.evidence_negated and not pol.claim_negated and _lacked_object(root):
        mismatch = False  # "showed a lack of efficacy" says what "showed no efficacy" says
    pol.negation_stands = (mismatch and pol.claim_negated and implicative is None
                           and _negated_slot_filled_otherwise(claim, slot_edges))
    if pol.negation_stands:
        # "X is not an American series" / "X is a French series": the evidence fills the negated slot
        # with something else, which is what the claim says. Nothing to flip, nothing to substitute.
        mismatch = False
        for slot, edge in slot_edges.values():
            if edge.op == SUBSTITUTED:
                edge.op = UNCONFIRMED
    pol.mismatch = mismatch
    if mismatch:
        neg = negation_tokens(claim)
        word = neg[0] if neg else root
        state.edges.append(Edge(SlotKind.NEGATION, SUBSTITUTED, word.text, word.idx, word.idx + len(word.text),
                                evidence_text=evidence[ev_pred].text, evidence_start=evidence[ev_pred].idx,
                                evidence_end=evidence[ev_pred].idx + len(evidence[ev_pred].text)))
