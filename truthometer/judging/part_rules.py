"""Every fact of a sentence compared with its own evidence: the rule tier, part by part.

"It opened to traffic in 1947 and was designed by Joseph Strauss with Charles Ellis and Leon Moisseiff"
packs two facts. Read whole, the sentence is near no evidence sentence in particular, the judge finds
nothing it entails or contradicts, and the wrong year is never compared with "The bridge opened to traffic
on May 27, 1937". Split into its parts first (``segmentation.parts``: coordinated predicates, clauses,
appositions, participle and relative clauses), each part retrieves its own evidence, ranked for the part
across every source, and the rule tier compares each part's slots with that evidence: a year, number, name
or place the evidence states otherwise *for the same relation* (``slot_relations``) is a conflict of the
sentence, located in the words of that part. Claim decomposition as in WiCE (Kamoi et al. 2023) and
FActScore (Min et al. 2023); the comparison as Truth-O-Meter's slot alignment (Galitsky).

The mismatches come back in the sentence's own offsets, so the correction is drafted on the sentence as
written, changing only the wrong value.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..segmentation.parts import ClaimPart, claim_parts
from .rules import Mismatch, find_mismatches
from ..vocabulary import SlotKind

#: Evidence sentences of a part the rule tier reads (the most similar first), as for a whole sentence.
PART_EVIDENCE = 3
#: What a part is compared on: its slots. Polarity and opposite qualities are read on the whole sentence
#: (a part drops the words around its verb that may carry them).
PART_KINDS = frozenset({SlotKind.NUMBER, SlotKind.DATE, SlotKind.ENTITY, SlotKind.CODE})


@dataclass
class Part:
    """One part of a checked sentence, with its own evidence."""

    owner: int           # the sentence's index among the checked claims
    part: ClaimPart      # its text and its span in the sentence as checked
    span: object = None  # its parse
    evidence: list = field(default_factory=list)  # (EvidenceSentence, cosine), most similar first


def split_claims(spans: list) -> list[Part]:
    """The parts of every sentence (parsed, as checked) that states more than one fact; a sentence with one
    fact gives none (it is its own part, read whole)."""
    out = []
    for owner, span in enumerate(spans):
        if span is None:
            continue
        parts = claim_parts(span)
        if len(parts) > 1:
            out.extend(Part(owner, p) for p in parts)
    return out


def in_sentence_offsets(mismatch: Mismatch, part: ClaimPart, claim: str) -> Mismatch | None:
    """The mismatch with its claim slot at the words of the sentence it stands for (a part's text is its own
    sentence: "The bridge opened to traffic in 1947."), or None where the sentence does not say them there."""
    slot = mismatch.claim
    if slot is None:
        return mismatch
    at = claim.find(slot.text, part.start, part.end)
    if at < 0:
        at = claim.find(slot.text)
        if at < 0 or claim.find(slot.text, at + 1) >= 0:
            return None  # absent, or said twice: which one is wrong is not known
    return replace(mismatch, claim=replace(slot, start=at, end=at + len(slot.text)))


def about_its_part(mismatches: list[Mismatch], parts: list[Part], evidence) -> bool:
    """Whether the evidence the whole sentence's rule tier found a slot filled otherwise in is among the own
    nearest evidence of the part that slot belongs to: read whole, a name of one part meets the evidence of
    another ("Hilde Brekke composed the score, and the film was Norway's entry" / "The Lantern Keeper was
    selected as Norway's submission"), which is no conflict."""
    for m in mismatches:
        if m.claim is None:
            continue
        holding = [p for p in parts if p.part.start <= m.claim.start < p.part.end]
        if not holding:
            continue
        own = min(holding, key=lambda p: p.part.end - p.part.start)
        if not any(e.text == evidence.text for e, _ in own.evidence[:PART_EVIDENCE]):
            return False
    return True


def part_mismatches(parts: list[Part], claim: str, sentence, parsed: dict, rules_off=frozenset(),
                    margin: float = 0.05, put_in: int = 0):
    """The first part (in the sentence's order) whose near evidence fills a slot differently: its mismatches,
    in the sentence's offsets, and that evidence; ([], None) where every part agrees with its evidence or
    says what it does not cover. ``parsed`` holds the evidence's parses (by the text the judge reads); the
    first ``put_in`` characters of ``claim`` are an antecedent put in for a pronoun, not compared."""
    for p in sorted(parts, key=lambda p: p.part.start):
        if p.span is None or not p.evidence:
            continue
        best = p.evidence[0][1]
        nearer: list[str] = []
        for e, score in p.evidence[:PART_EVIDENCE]:
            if score < best - margin:
                break
            doc = parsed.get(e.checked_as or e.text)
            nearer.append(e.text)
            if doc is None:
                continue
            # A value that nearer evidence states as the part does is confirmed there: a farther sentence
            # with another figure speaks of something else ("logged 39.1°C" / "recorded 39.1°C, the highest
            # since 1881" and "The average July maximum is 23.5°C").
            found = [m for m in find_mismatches(p.span, doc, sentence=sentence)
                     if m.kind in PART_KINDS and m.kind not in rules_off
                     and not any(m.claim is not None and m.claim.text in t for t in nearer[:-1])]
            placed = [m for m in (in_sentence_offsets(m, p.part, claim) for m in found)
                      if m is not None and m.claim.start >= put_in]
            if placed:
                return placed, e
    return [], None
