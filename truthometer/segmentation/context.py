"""Contextualisation: a sentence opening with a pronoun is checked with its antecedent in place.

"It was designed by Gustave Eiffel." is checked as "The Eiffel Tower was designed by Gustave
Eiffel." — the displayed text stays as written. The antecedent is the previous sentence's main
entity: its subject noun phrase (or first named entity).
"""
from __future__ import annotations

from .markdown import plain_text

_SUBJECT_PRONOUNS = {"it", "he", "she", "they", "this", "its", "his", "her", "their"}
_POSSESSIVE = {"its", "his", "her", "their"}


def main_entity(span) -> str | None:
    """The main entity of a parsed sentence: its nominal subject's phrase, else its first entity."""
    if span is None:
        return None
    for token in span:
        if token.dep_ in ("nsubj", "nsubjpass") and token.head.dep_ == "ROOT":
            if token.pos_ == "PRON":
                return None
            left = min(t.i for t in token.subtree if t.dep_ not in ("relcl", "acl", "appos", "punct"))
            right = max(t.i for t in token.subtree if t.dep_ not in ("relcl", "acl", "appos", "punct")
                        and not any(a.dep_ in ("relcl", "acl", "appos") for a in t.ancestors if a.i > token.i))
            phrase = span.doc[left:right + 1].text
            if len(phrase.split()) <= 8:
                return phrase
            return token.text
    ents = [e for e in span.ents if e.label_ not in ("DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY")]
    return ents[0].text if ents else None


def contextualise(sentences: list[str], spans: list) -> list[str]:
    """Claims to check: each sentence with a leading pronoun replaced by the running main entity."""
    claims: list[str] = []
    antecedent: str | None = None
    for text, span in zip(sentences, spans):
        claim = text
        first = text.split(maxsplit=1)
        if first and first[0].lower() in _SUBJECT_PRONOUNS and antecedent:
            word = first[0]
            rest = text[len(word):]
            replacement = antecedent + ("'s" if word.lower() in _POSSESSIVE else "")
            claim = replacement[0].upper() + replacement[1:] + rest
        else:
            entity = main_entity(span)
            if entity:
                antecedent = entity[0].lower() + entity[1:] if entity.split()[0].lower() in ("the", "a", "an") else entity
        claims.append(plain_text(claim))
    return claims
