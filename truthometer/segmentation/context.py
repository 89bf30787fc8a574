"""Contextualisation: a sentence opening with a pronoun is checked with its antecedent in place.

"It was designed by Gustave Eiffel." is checked as "The Eiffel Tower was designed by Gustave
Eiffel." — the displayed text stays as written; so is the object of an instruction ("Clean it
monthly"). The antecedent is the latest main entity of a previous sentence (its subject noun phrase, or
first named entity) that agrees with the pronoun: "it" never stands for a person, "he" and "she" never
for a named thing ("Git is a version control system. Linus Torvalds created it in 2005. It has been
maintained by ..." is about Git).
"""
from __future__ import annotations

from ..text import pronouns
from ..text.names import THING_LABELS, VALUE_LABELS
from .markup import plain_text

# "This" opening a sentence stands for the thing just named too ("This makes it the tallest ..."), so it is
# resolved here; the other tables of pronouns leave it out, as a demonstrative it often is no pronoun.
_SUBJECT_PRONOUNS = pronouns.OPENING | {"this"}
_IMPERSONAL = pronouns.IMPERSONAL | {"this"}
#: What a sentence is not about when it has no nominal subject: a value, or a nationality, which qualifies
#: something ("the American author").
_NOT_THE_TOPIC = VALUE_LABELS | {"NORP"}


def main_entity(span) -> str | None:
    """The main entity of a parsed sentence: its nominal subject's phrase, else its first entity."""
    if span is None:
        return None
    for token in span:
        if token.dep_ == "csubj" and token.head.dep_ == "ROOT" and _a_title(span.doc[token.left_edge.i:token.i + 1]):
            # "To Kill a Mockingbird is a novel ...": the small model parses a title as a clause.
            return span.doc[token.left_edge.i:token.right_edge.i + 1].text
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
    ents = [e for e in span.ents if e.label_ not in _NOT_THE_TOPIC]
    return ents[0].text if ents else None


def _a_title(words) -> bool:
    """Words written as a title: every word capitalised but the short function words ("To Kill a")."""
    return bool(words) and words[0].text[:1].isupper() and all(
        w.text[:1].isupper() or w.is_stop and len(w.text) <= 3 for w in words if w.is_alpha)


def entity_kind(span, phrase: str) -> str:
    """ "person", "thing" or "unknown": what the named entity inside ``phrase`` is, by its NER label."""
    for ent in getattr(span, "ents", ()):
        if ent.text in phrase or phrase in ent.text:
            return "person" if ent.label_ == "PERSON" else "thing" if ent.label_ in THING_LABELS else "unknown"
    return "unknown"


def acts_on_it(span) -> bool:
    """The sentence's subject does something to "it" ("Linus Torvalds created it"): the subject is not
    what "it" stands for, so the next "It" is about what this "it" was about."""
    return any(t.lower_ == "it" and t.dep_ in ("dobj", "pobj", "dative") for t in span)


def commanded_it(span):
    """The "it" an instruction acts on ("Plan to clean it every two months", "Take it with food"): a
    sentence whose main verb is a bare command with no subject, and no noun before the "it" that it could
    stand for ("mix the descaler with water and pour it into the tank"). None otherwise."""
    if span is None:
        return None
    root = next((t for t in span if t.dep_ == "ROOT"), None)
    # The small model tags a command opening a sentence as a noun at times ("Plan to clean it ...").
    command = root is not None and (root.tag_ == "VB" or root.i == span[0].i and root.tag_ == "NN"
                                    and any(c.dep_ == "xcomp" for c in root.children))
    if not command or any(c.dep_ in ("nsubj", "nsubjpass", "expl", "aux") for c in root.children):
        return None
    it = next((t for t in span if t.lower_ == "it" and t.dep_ == "dobj"), None)
    if it is None or any(t.pos_ in ("NOUN", "PROPN") for t in span if t.i < it.i and t.i != root.i):
        return None
    return it


def _referred_back_to(span, antecedents: list[tuple[str, str, bool]]):
    """The latest antecedent a sentence's subject refers back to by a kind it is ("Titanium has ... The
    metal is light ...", "The Atacama Desert ... The desert ..."): a subject that is "the" and one common
    noun, that noun the head of the antecedent's name or, by WordNet, more general than what it names. Then
    the next "it" is about that antecedent too, not "the metal". None otherwise."""
    subject = next((t for t in span if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"), None) \
        if span is not None else None
    if subject is None or subject.pos_ != "NOUN" or [c.lower_ for c in subject.children] != ["the"] or not antecedents:
        return None
    latest = antecedents[-1]
    if latest[1] == "person":
        return None
    from ..text import lexicon

    noun = subject.lemma_.lower()
    name = latest[0].lower().removeprefix("the ")
    if name.split()[-1] == noun or lexicon.relation(noun, name, "NOUN") == lexicon.MORE_GENERAL:
        return latest
    return None


def _antecedent(pronoun: str, antecedents: list[tuple[str, str, bool]]) -> str | None:
    """The latest main entity that agrees with ``pronoun``, or None."""
    return next((a for a, kind, not_it in reversed(antecedents) if _agrees(pronoun, kind, not_it)), None)


def _agrees(pronoun: str, kind: str, not_it: bool) -> bool:
    if pronoun in _IMPERSONAL:
        return kind != "person" and not not_it
    return not (pronoun in pronouns.PERSONAL and kind == "thing")


def contextualise(sentences: list[str], spans: list) -> list[str]:
    """Claims to check: each sentence with a leading pronoun replaced by the latest main entity that
    agrees with it (none: the sentence is checked as written)."""
    claims: list[str] = []
    antecedents: list[tuple[str, str, bool]] = []  # (main entity, kind, acts on "it"), latest last
    for text, span in zip(sentences, spans):
        claim = text
        first = text.split(maxsplit=1)
        pronoun = first[0].lower() if first else ""
        if pronoun in _SUBJECT_PRONOUNS and antecedents:
            antecedent = _antecedent(pronoun, antecedents)
            if antecedent:
                replacement = antecedent + ("'s" if pronoun in pronouns.POSSESSIVE else "")
                claim = replacement[0].upper() + replacement[1:] + text[len(first[0]):]
        elif (it := commanded_it(span)) is not None and antecedents:
            # An instruction about the thing just named: "The filter sits behind a flap. Clean it monthly."
            antecedent = _antecedent("it", antecedents)
            at = it.idx - span[0].idx
            if antecedent and text[at:at + 2].lower() == "it":
                claim = text[:at] + antecedent + text[at + 2:]
        else:
            earlier = _referred_back_to(span, antecedents)
            if earlier is not None:
                antecedents.append(earlier)  # "The metal is light ...": still about titanium
            elif entity := main_entity(span):
                kind = entity_kind(span, entity)
                if entity.split()[0].lower() in ("the", "a", "an"):
                    entity = entity[0].lower() + entity[1:]
                antecedents.append((entity, kind, acts_on_it(span)))
        claims.append(plain_text(claim))
    return claims
