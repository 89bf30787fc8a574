"""The claim's casing for the words a substitution brings."""
from __future__ import annotations


def match_case(new: str, old: str, at_sentence_start: bool, proper: bool) -> str:
    """The new words in the claim's casing: capitalised at the sentence start (unless the claim opens in
    lower case), lower-cased when they replace a lower-case word and are not a name (an evidence
    sentence's first word is capitalised)."""
    if not new:
        return new
    if at_sentence_start and not old[:1].islower():  # a caption may open in lower case ("a man running")
        return new[0].upper() + new[1:]
    if old[:1].islower() and new[:1].isupper() and not proper and not new.isupper():
        return new[0].lower() + new[1:]
    return new
