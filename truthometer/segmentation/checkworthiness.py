"""Check-worthiness: which sentences carry a fact worth checking, and why the others are skipped.

A sentence is skipped (never judged) when it is a question, a first-person opinion, subjective
evaluation, generic advice or boilerplate, or a fragment too short to carry a fact. Imperatives that
state something checkable ("Check the tire pressure once a month") are *not* skipped: instructions in
manuals are facts about the product.
"""
from __future__ import annotations

import re

from .checkworthy_model import states_an_amount

_OPINION_OPENERS = re.compile(
    r"^\s*(?:i|we)\s+(?:think|believe|feel|guess|suppose|reckon|love|like|hate|prefer|hope|personally)\b"
    r"|^\s*(?:in my (?:opinion|view|experience)|personally|to me|honestly|frankly|imho)\b"
    r"|^\s*(?:my|our) (?:favou?rite|opinion|view)\b",
    re.IGNORECASE,
)

# Evaluative words that make a sentence a judgement of taste rather than a checkable fact.
_SUBJECTIVE = re.compile(
    r"\b(?:beautiful|gorgeous|stunning|amazing|awesome|wonderful|fantastic|fascinating|incredible|"
    r"unforgettable|breathtaking|delightful|lovely|great(?:-tasting)?|terrific|excellent|superb|"
    r"honestly|so much (?:easier|better)|life so much|once-in-a-lifetime|must-see|must-have|"
    r"best (?:thing|investments?|pick|choice|way)|great pick|worth (?:it|every)|"
    r"everyone should|you(?:'ll| will) love|most (?:important|fascinating|beautiful|interesting|"
    r"exciting|remarkable|impressive)|easy once)\b",
    re.IGNORECASE,
)

# Generic advice and boilerplate: true of everything, so it says nothing checkable.
_ADVICE = re.compile(
    r"\b(?:consult (?:a|an|your)|talk to (?:a|an|your)|ask (?:a|an|your) (?:doctor|pharmacist|"
    r"specialist|expert|dealer|pediatrician|physician)|check (?:with )?(?:your )?local (?:regulations|laws|"
    r"authorities)|seek (?:professional|medical) (?:advice|help)|if you have any (?:questions|concerns)|"
    r"this (?:article|text) is (?:not|for informational)|for informational purposes|"
    r"always (?:follow|read) the (?:instructions|manufacturer)|stay safe|hope this helps|"
    r"feel free to|let me know|(?:results|prices|mileage|symptoms) (?:may |can |will )?vary)\b",
    re.IGNORECASE,
)

MIN_CONTENT_TOKENS = 3


def skip_reason(sentence: str, span=None) -> str | None:
    """Why ``sentence`` is not check-worthy, or None when it should be checked.

    ``span`` is the sentence's spaCy Span when available (used to count content words).
    """
    text = sentence.strip()
    if span is not None:
        content = [t for t in span if not (t.is_punct or t.is_space or t.is_stop)]
        has_verb = any(t.pos_ in ("VERB", "AUX") for t in span)
        # A named or numbered statement carries a fact however short, and so does a predicate said of a
        # thing named by a noun ("Bats are blind."); "It works." and "Great question!" do not.
        stated_of_a_thing = len(content) >= 2 and any(t.dep_ in ("nsubj", "nsubjpass") and t.pos_ in ("NOUN", "PROPN")
                                                      for t in span)
        if len(content) < MIN_CONTENT_TOKENS and not (has_verb and (
                stated_of_a_thing or any(t.like_num or t.ent_type_ for t in span))):
            return "too short to carry a fact"
    elif len(re.findall(r"\w+", text)) < 4:
        return "too short to carry a fact"
    if text.endswith("?"):
        return "question"
    if _OPINION_OPENERS.search(text):
        return "first-person opinion"
    # Advice with an amount is an instruction a label or manual states: "stop and consult a doctor if pain
    # lasts more than 5 days" is checked.
    if _ADVICE.search(text) and not (span is not None and states_an_amount(span)):
        return "advice or boilerplate"
    searched = span.text if span is not None else sentence  # offsets into the parse's own text
    if any(not _in_name(searched, m, span) for m in _SUBJECTIVE.finditer(searched)):
        return "subjective judgement"
    return None


def _in_name(sentence: str, match: re.Match, span) -> bool:
    """An evaluative word that is part of a name judges nothing: "the Great Fire of London", "Amazing
    Grace". By the parse when there is one, else by capitals (a capitalised word inside the sentence, or
    one followed by another capitalised word)."""
    if span is not None:
        start = getattr(span, "start_char", 0)  # a Doc starts at 0
        words = [t for t in span if t.idx - start < match.end() and t.idx - start + len(t.text) > match.start()]
        return bool(words) and all(t.ent_type_ or t.pos_ == "PROPN" for t in words)
    if not match.group(0)[:1].isupper():
        return False
    inside = sentence[:match.start()].strip() != ""
    following = sentence[match.end():].split()
    return inside or bool(following) and following[0][:1].isupper()
