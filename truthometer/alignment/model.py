"""The result of an alignment: ``Alignment``, the claim's tokens with their diff ops, the slot edges and the
polarity, with what the rest of the program asks of it (substituted and unconfirmed slots, whether it
contradicts, confirms or is about another participant, its dict and HTML forms), and whether the evidence
states the claim's predicate.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .base import EQUAL, SUBSTITUTED, UNCONFIRMED, AlignedToken, Edge, Slot, _in_subject
from .dates import _life_span_end
from .render import alignment_html
from .words import _derived
from ..vocabulary import SlotKind


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
    def names_another_subject(self) -> bool:
        """Whether the claim's subject is a name the evidence never states, and the evidence names another of
        the same kind: "Bill Gates co-founded Microsoft in 1975" for "Steve Jobs founded Microsoft in 1976".
        (A pronoun, "He co-founded ...", may stand for the claim's subject.)"""
        doc, edoc = self.claim_doc, self.evidence_doc
        if doc is None or edoc is None or not len(doc) or not len(edoc):
            return False
        if any(e.kind == SlotKind.ENTITY and e.op == EQUAL and self._edge_in_subject(e) for e in self.edges):
            return False
        labels = {ent.label_ for e in self.unconfirmed if e.kind == SlotKind.ENTITY and self._edge_in_subject(e)
                  for ent in doc.ents if ent.start_char < e.claim_end and e.claim_start < ent.end_char}
        return any(ent.label_ in labels for ent in edoc.ents)

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

        if doc[:].root.lemma_.lower() in _REPORTING or not any(e.kind == SlotKind.ENTITY and is_subject(e)
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
    if lemma == "be" or any(e.kind == SlotKind.PREDICATE and e.op == EQUAL for e in alignment.edges):
        return True
    if lemma in ("bear", "die") and any(e.kind == SlotKind.DATE and e.op == EQUAL and _life_span_end(
            alignment.evidence_doc, e.evidence_start) == lemma for e in alignment.edges):
        return True
    if lemma in _OF_POSITION and _placed_by_a_copula(alignment.evidence_doc[:].root):
        return True  # "lies on the Bolivian side" / "is on the Bolivian side"
    return any(t.lemma_.lower() == lemma or _derived(t.lemma_, lemma) for t in alignment.evidence_doc)


#: Verbs that say where a thing is and nothing more, as "is" with a place does.
_OF_POSITION = frozenset({"lie", "sit", "stand", "locate", "situate"})


def _placed_by_a_copula(root) -> bool:
    """A copula with a place after it: "is on the Bolivian side", "is located in the north"."""
    return root.lemma_.lower() in ("be", *_OF_POSITION) and any(c.dep_ == "prep" for c in root.children)
