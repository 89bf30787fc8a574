"""Names in a noun phrase: a name takes "the" or no article as the evidence writes it, and replaces a whole
common noun phrase ("by an animation company" -> "by DreamWorks Animation")."""
from __future__ import annotations

import re

from ..text.names import THE_NAME_LABELS
from .casing import match_case
from .registry import rule
from ..vocabulary import SlotKind


def evidence_determined(alignment, edge) -> bool:
    """The evidence's name (or untagged proper noun) carries its own "the": "The Rock has played"."""
    edoc = alignment.evidence_doc
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if e is None or e.i == 0 or edoc.text[edge.evidence_start:edge.evidence_end] != edge.evidence_text:
        return False  # a name the alignment derived ("the European continent" -> Europe) has no article
    prev = edoc[e.i - 1]
    return prev.lower_ == "the" and prev.dep_ == "det" and edoc[e.i:].root.head.i != prev.i and (
        prev.head.i >= e.i and prev.head.idx < edge.evidence_end)


def _the(start: int, part_of_the_name: bool) -> str:
    """ "the " before a name, capitalised at the sentence start or where the evidence writes it so inside a
    sentence: then it is part of the name ("founded in The Hague")."""
    return "The " if start == 0 or part_of_the_name else "the "


@rule("the-with-names", "'the' goes with the name that has it ('in the United States' <-> 'in Mexico', 'The Rock')",
      off=lambda claim, alignment, edge, start, end, old, new, evidence_new, ev_start: (start, old, new))
def the_with_names(claim: str, alignment, edge, start: int, end: int, old: str, new: str, evidence_new: str,
                   ev_start: int) -> tuple[int, str, str]:
    """The claim's "the" goes with the old name, and the evidence's comes with the new one (``new`` is
    ``evidence_new``, the evidence's words from ``ev_start``, in the claim's casing)."""
    if edge.kind != SlotKind.ENTITY:
        return start, old, new
    if edge.label in THE_NAME_LABELS:
        # "the" goes with the name: "in the United States" <-> "in Mexico".
        claim_the = re.search(r"(?:^|(?<=\s))(the|The)\s+$", claim[:start])
        evidence_the = re.search(r"(?:^|(?<=\s))the\s+$", alignment.evidence[:ev_start], re.I) \
            if re.match(rf"{re.escape(evidence_new)}\b", alignment.evidence[ev_start:]) else None
        if claim_the and not evidence_the and start > 0:
            start = claim_the.start(1)
            old = claim[start:end]
            new = match_case(new, old, start == 0, True)
        elif evidence_the and not claim_the:
            new = _the(start, evidence_the.start() > 0 and evidence_the.group(0).startswith("The")) + new
    elif evidence_determined(alignment, edge):
        # Whatever its label, a name the evidence writes with "the" ("The Rock") keeps it.
        claim_det = re.search(r"(?:^|(?<=\s))(the|a|an)\s+$", claim[:start], re.I)
        if claim_det is None:
            prev = alignment.evidence[:ev_start].rstrip()
            new = _the(start, prev.endswith("The") and len(prev) > 3) + new
    return start, old, new


@rule("names-for-noun-phrases", "a name replaces a whole noun phrase and takes no article but its own; a common "
      "noun in a name's place brings its article and classifiers ('to Alex Smith' <-> 'to the president')",
      off=lambda claim, alignment, edge, start, end, old, new: (start, old, new))
def article_for_name_or_noun(claim: str, alignment, edge, start: int, end: int, old: str,
                             new: str) -> tuple[int, str, str]:
    """A name takes no article ("backup to the president" -> "backup to Alex Smith"); a common noun
    taking a name's place brings the evidence's article ("to Alex Smith" -> "to the president")."""
    edoc = alignment.evidence_doc
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if e is None or start == 0:
        return start, old, new
    e_root = edoc[e.i:next((t.i for t in edoc if t.idx >= edge.evidence_end), len(edoc))].root
    if re.match(r"(a|an|the)\s", new, re.I):
        return start, old, new  # the article came with the name already
    if edge.kind == SlotKind.NOUN and e_root.pos_ == "PROPN" and e_root.ent_type_:
        # A name replaces the whole noun phrase, its article and adjectives with it ("by an animation
        # company" -> "by DreamWorks Animation"), and brings its own "the" ("the Battle of Hastings").
        c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
        lefts = [t for t in c.lefts if t.dep_ in ("det", "amod", "compound", "nummod")] if c is not None else []
        if lefts and alignment.evidence[:e.idx].rstrip().lower().endswith(claim[lefts[0].idx:start].strip().lower()):
            return start, old, new  # the evidence says them too: "the planet Pluto" -> "the planet Mars"
        if lefts and lefts[0].idx < start:
            start = lefts[0].idx
        elif (m := re.search(r"(?:^|(?<=\s))(a|an|the)\s+$", claim[:start], re.I)):
            start = m.start(1)
        if evidence_determined(alignment, edge):
            new = ("The " if start == 0 else "the ") + new
        return start, claim[start:end], new
    elif edge.kind == SlotKind.ENTITY and e_root.pos_ == "NOUN":
        # A common noun in a name's place comes with what makes it name one thing: "in Asia" -> "in
        # the African continent", not "in the continent".
        first = e_root.i
        # Noun classifiers and proper adjectives, not opinions ("talented cats" stays "cats").
        while first > 0 and edoc[first - 1].head.i == e_root.i and (
                edoc[first - 1].dep_ == "compound" and edoc[first - 1].pos_ == "NOUN"
                or edoc[first - 1].dep_ == "amod" and edoc[first - 1].text[:1].isupper()):
            first -= 1
        if first < e_root.i and new == e_root.text:
            if claim[:start].rstrip().lower().endswith(edoc[first:e_root.i].text.lower()):
                return start, old, new  # the claim says it already: "the planet Jupiter" -> "the planet Saturn"
            new = edoc[first:e_root.i + 1].text
        article = next((c.lower_ for c in e_root.children if c.dep_ == "det" and c.lower_ in ("a", "an", "the")), None)
        if article and not re.search(r"(?:^|\s)(a|an|the)\s+$", claim[:start], re.I):
            return start, old, article + " " + new
    return start, old, new
