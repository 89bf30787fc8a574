"""Carry a substituted entity over to later sentences (Galitsky, Truth-O-Meter: correction propagation).

When "Linus Torvalds" is corrected to "Junio Hamano" in one sentence, a later sentence naming Linus
Torvalds (or just Torvalds) about the same fact is likely wrong the same way: the same substitution is
proposed there, with the same evidence, for the reviewer to accept or reject. A later pronoun whose
antecedent was substituted is reported (``pronoun_dependencies``); the pronoun itself needs no change.
"""
from __future__ import annotations

import re

from ..report import Substitution
from ..text.pronouns import THIRD_PERSON as _PRONOUNS
from ..vocabulary import SlotKind

_PROPAGATED_KINDS = {SlotKind.ENTITY}


def _names(sub: Substitution) -> list[tuple[str, str]]:
    """(old name, new name) pairs to look for: the full name, and a person's surname alone."""
    pairs = [(sub.from_, sub.to)]
    old, new = sub.from_.split(), sub.to.split()
    if len(old) > 1 and len(new) > 1 and old[-1][:1].isupper() and new[-1][:1].isupper():
        pairs.append((old[-1], new[-1]))
    return pairs


def _is_name(text: str) -> bool:
    return bool(text) and text[:1].isupper() and not any(c.isdigit() for c in text)


def propagate(sentences: list[str], index: int, substitutions) -> dict[int, list[Substitution]]:
    """Substitutions for sentences after ``index`` that repeat a substituted entity's name.

    Offsets in each returned substitution are in that later sentence; sentences without a match are
    absent from the result.
    """
    out: dict[int, list[Substitution]] = {}
    entities = [s for s in substitutions or [] if s.kind in _PROPAGATED_KINDS and _is_name(s.from_)
                and s.from_ != s.to]
    if not entities:
        return out
    for later in range(index + 1, len(sentences)):
        text = sentences[later]
        found: list[Substitution] = []
        for sub in entities:
            for old, new in _names(sub):
                for m in re.finditer(rf"(?<!\w){re.escape(old)}(?!\w)", text):
                    if any(m.start() < f.end and f.start < m.end() for f in found):
                        continue
                    found.append(Substitution(old, new, m.start(), m.end(), kind=sub.kind, evidence=sub.evidence,
                                              evidence_locator=sub.evidence_locator))
        if found:
            out[later] = sorted(found, key=lambda s: s.start)
    return out


def pronoun_dependencies(sentences: list[str], index: int, substitutions) -> dict[int, list[str]]:
    """Later sentences whose pronoun may refer to a substituted entity: index -> pronouns found.

    Only sentences up to the next one that names an entity anew are considered (a simple recency
    model of antecedents); the reviewer sees that the sentence depends on the corrected one.
    """
    out: dict[int, list[str]] = {}
    if not any(s.kind in _PROPAGATED_KINDS for s in substitutions or []):
        return out
    for later in range(index + 1, len(sentences)):
        words = re.findall(r"[A-Za-z']+", sentences[later])
        pronouns = sorted({w.lower() for w in words if w.lower() in _PRONOUNS})
        if pronouns:
            out[later] = pronouns
        # A sentence opening with a name other than a pronoun starts a new antecedent.
        if words and words[0].lower() not in _PRONOUNS and words[0].lower() not in ("the", "a", "an") \
                and words[0][:1].isupper() and not pronouns:
            break
    return out
