"""Names: the NER labels that name things, the families of labels the small NER model confuses, codes,
acronyms, and short forms of given names.
"""
from __future__ import annotations

import re

#: NER labels of names (people, organisations, places, groups, works, laws, languages).
ENTITY_LABELS = frozenset({"PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW",
                           "LANGUAGE"})
#: NER labels of names that may be written with "the" ("the Netherlands", "the United Nations", "the Louvre");
#: people, groups and languages never are.
THE_NAME_LABELS = ENTITY_LABELS - {"PERSON", "NORP", "LANGUAGE"}
#: NER labels of amounts.
NUMERIC_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"})
#: NER labels of values rather than names: amounts, dates and times.
VALUE_LABELS = NUMERIC_LABELS | {"DATE", "TIME"}
#: NER labels of named things that are not people: what "it" can stand for, and "he" or "she" cannot.
THING_LABELS = ENTITY_LABELS - {"PERSON"}
#: NER label -> its family. The small NER model often swaps PERSON and ORG, or GPE, LOC and FAC:
#: counterparts are sought within a family. "norp" is spaCy's NORP (nationalities, religious and political
#: groups) with languages.
LABEL_FAMILIES = {
    "PERSON": "agent", "ORG": "agent", "GPE": "place", "LOC": "place", "FAC": "place", "NORP": "norp",
    "LANGUAGE": "norp", "WORK_OF_ART": "work", "EVENT": "work", "PRODUCT": "work", "LAW": "work",
    "DATE": "date", "TIME": "date", "CARDINAL": "number", "QUANTITY": "number", "MONEY": "number",
    "PERCENT": "number", "ORDINAL": "ordinal",
}


def families(*names: str) -> dict[str, str]:
    """The part of ``LABEL_FAMILIES`` whose families are ``names``: what a reader groups, the other labels
    standing alone."""
    return {label: family for label, family in LABEL_FAMILIES.items() if family in names}


#: A code: "B-52", "A380", "F1".
CODE = re.compile(r"^[A-Z]{1,4}-?\d{1,4}[A-Z]?$")


def is_code(text: str) -> bool:
    """Whether ``text`` is a code of capitals and digits ("B-52", "A380"), not a plain word or number."""
    return bool(CODE.match(text)) and any(c.isdigit() for c in text)


#: Words an acronym leaves out: "NASA" is National Aeronautics (and) Space Administration.
ACRONYM_SKIPS = frozenset({"and", "of", "the", "for", "&"})


def acronym(text: str) -> str | None:
    """The letters of an acronym ("NASA", "U.S.", "ASSR"), else None."""
    letters = text.replace(".", "")
    return letters if 2 <= len(letters) <= 8 and letters.isalpha() and letters.isupper() else None


def initials(words: list[str]) -> str:
    return "".join(w[0] for w in words if w and w.lower() not in ACRONYM_SKIPS).upper()


def abbreviates(short: str, long: str) -> bool:
    """``short`` is the acronym of ``long``: "WHO" / "the World Health Organization"."""
    letters, words = acronym(short), long.split()
    named = [w for w in words if w.lower() not in ACRONYM_SKIPS]
    return letters is not None and len(named) > 1 and all(w[:1].isupper() for w in named) \
        and initials(words) == letters


#: Short forms of given names that do not start with the name's first letter ("Bill" / "William"); a short
#: form that does ("Dan" / "Daniel", "Jack" / "John") is recognised by its first letter.
SHORT_GIVEN_NAMES = {"bill": "william", "billy": "william", "bob": "robert", "bobby": "robert", "dick": "richard",
                     "rick": "richard", "ted": "edward", "ned": "edward", "peggy": "margaret", "meg": "margaret",
                     "polly": "mary", "molly": "mary", "betty": "elizabeth", "beth": "elizabeth",
                     "liz": "elizabeth", "bess": "elizabeth", "hank": "henry", "sally": "sarah",
                     "chuck": "charles", "tony": "anthony", "sandy": "alexander", "jim": "james",
                     "jimmy": "james"}


_COMPASS_POINT = re.compile(r"^(north|south)?[\s-]?(east|west)?(?:ern|erly|wards?)?$")


def compass_point(text: str) -> str | None:
    """The point of the compass ``text`` names ("north-east", "Northeastern", "west" -> "north-east",
    "north-east", "west"), else None. Two different points are two places, whatever a judge reads into
    the rest of the sentence."""
    m = _COMPASS_POINT.match(text.strip().lower())
    if m is None or not (m.group(1) or m.group(2)):
        return None
    return "-".join(p for p in m.groups() if p)
