"""Verb forms and indefinite articles from libraries, not hand-written tables.

A correction that changes a verb or the noun after "a"/"an" must keep the sentence grammatical: "dropped",
not "droped"; "occurred", not "occured"; "written" for a participle; "a European", "an hour", "an FBI
agent". Verb forms come from LemmInflect (Jascob 2019; its lexicon and rules for unknown words), the article
from inflect (Dyer et al.), which reads words by sound. Numerals are read aloud: "an 8", "an 11-year-old".
"""
from __future__ import annotations

import re
from functools import lru_cache

#: Penn Treebank tags the corrections inflect verbs to.
PAST, PARTICIPLE, THIRD_PERSON = "VBD", "VBN", "VBZ"


@lru_cache(maxsize=20_000)
def verb_form(lemma: str, tag: str) -> str:
    """``lemma`` in the form of ``tag`` (VBD, VBN, VBZ, VBG, VB...); the lemma itself where the lexicon has
    none. The first form LemmInflect gives is its most common spelling ("traveled" before "travelled")."""
    if tag == PAST and lemma == "be":
        return "was"
    forms = spellings(lemma, tag)
    return forms[0] if forms else lemma


@lru_cache(maxsize=20_000)
def spellings(lemma: str, tag: str) -> tuple[str, ...]:
    """Every spelling LemmInflect knows of ``lemma`` in the form of ``tag`` ("modeled", "modelled")."""
    from lemminflect import getInflection

    return tuple(getInflection(lemma, tag=tag)) if lemma else ()


@lru_cache(maxsize=20_000)
def noun_lemma(word: str) -> str:
    """The singular of a noun however it is capitalised or tagged ("Presidents" -> "president")."""
    from lemminflect import getLemma

    forms = getLemma(word.lower(), upos="NOUN")
    return forms[0] if forms else word.lower()


def past_tense(lemma: str) -> str:
    return verb_form(lemma, PAST)


def past_participle(lemma: str) -> str:
    return verb_form(lemma, PARTICIPLE)


def third_person(lemma: str) -> str:
    return verb_form(lemma, THIRD_PERSON)


@lru_cache(maxsize=1)
def _engine():
    import inflect

    return inflect.engine()


def article_for(word: str) -> str:
    """'a' or 'an' before ``word``, by how it is read."""
    if not word:
        return "a"
    if re.match(r"^\d", word):
        # 8, 11, 18, 80, 800, 8,000 ... are read with a vowel first; every other numeral is not.
        return "an" if re.match(r"^(8|11(?!\d)|18(?!\d)|11,|18,)", word) else "a"
    return _engine().a(word).split(maxsplit=1)[0].lower()
