"""Recency and scope between pieces of evidence: the two orders evidence programs declare beside source
reliability (``recency: e2 > e0.``, ``scope: e3 > e1.``; criteria by those names, see ``criteria.py``).

Both are read off the text with a few patterns (no model): they are cheap, explainable to an analyst
(each pair is written in the program with its reason), and silent where the text says nothing they can
use. They only order evidence that conflicts: two sentences on opposite sides of the claim, or that
contradict each other.

**Recency.** A sentence *states a date* when it places itself in time with a year ("in 2023", "as of
2019", "since 2021", "(2018)", "the 2020 census", "the 2023 champion"). A dated sentence about a *changing quantity* (a
population, a record, an office holder, a version, a price, a ranking: the cue words below) is preferred to
an older dated one: what was true in 2019 may no longer be. The quantity counts as changing when the
claim or either sentence names one (a sentence may say "in 2023, 8.3 million" of the population the
claim names). A year is no reason for preference where the
sentence is about a fixed event ("The tower was completed in 1889" has a date and no changing quantity):
there the year is the value in dispute, not the time of the statement.

**Scope.** A sentence about a narrower case (for children, for the 2021 model, in France, for patients
with kidney disease) is preferred to one that states the same thing in general: the narrower statement
is an exception the general one does not know about (the idea behind DeLP's specificity, García &
Simari 2004 §3, applied to the cases the sentences speak of rather than to the rules of the program). A
sentence is narrower when its qualifiers strictly include the other's; two sentences about different
cases ("for children" / "for adults") are not ordered. The narrower case decides only a claim about that
case: in the paper's example the penguin exception defeats "birds fly" because Tweety *is* a penguin. For
"The dose of Fenrol is 10 mg" a sentence "For children, the dose is 5 mg" is an exception the claim does
not speak of, so the general sentence is not outranked by it (on CLIMATE-FEVER's labelled conflicts, with
the annotators' relations, ordering by every narrower case decided 16 of 68 development claims the
annotators call disputed; `bench conflicts --relations labels`).
"""
from __future__ import annotations

import re

from ..text.dates import MONTH_BY_ABBR, MONTH_NAMES, YEAR_DIGITS
from ..vocabulary import Relation

_MONTH = "(?i:" + "|".join(MONTH_NAMES + tuple(rf"{abbr}\.?" for abbr in MONTH_BY_ABBR if abbr not in MONTH_NAMES)) + ")"
#: A year (the text layer's four digits), not followed by what makes it an amount ("2000 km", "1990s").
_YEAR = "(" + YEAR_DIGITS + r")(?!\d|[,.]\d|s\b|\s*(?:%|km|kg|m\b|metres|meters|people|inhabitants|residents|"\
        r"units|copies|years|tons|tonnes|miles|feet|ft\b|dollars|euros|USD|EUR))"
#: A year placed as the time of the statement: after a preposition of time (with an optional day/month),
#: in parentheses, or before a census, estimate, season, model or election.
_DATED = re.compile(
    r"(?:\b(?:in|as of|as at|since|by|until|till|from|during|of|at the end of|end of|early|late|mid-?|"
    r"around|circa|c\.|through|throughout|for|updated|before|after)\s+(?:(?:\d{1,2}\s+)?" + _MONTH +
    r"\s+(?:\d{1,2},?\s+)?)?" + _YEAR + r")"
    r"|(?:\(\s*(?:" + _MONTH + r"\s+)?" + _YEAR + r"\s*\))"
    r"|(?:\b" + _YEAR + r"(?=\s+(?:census|estimate|figures?|season|report|survey|edition|data|count|"
    r"election|model)\b))"
    r"|(?:\bthe\s+" + _YEAR + r"\b)"
    r"|(?:^\s*" + _YEAR + r"\s*[:,])",
    re.IGNORECASE)

#: Words that say a quantity changes with time: populations, records, office holders, versions, prices.
CHANGING = re.compile(
    r"\b(?:population|populations|populous|inhabitants|residents|census|people live|"
    r"record|records|record-holder|world record|fastest|tallest|highest|largest|biggest|longest|deepest|"
    r"heaviest|richest|oldest living|best-selling|top-selling|"
    r"current|currently|incumbent|latest|newest|most recent|now|today|presently|at present|"
    r"president|prime minister|chancellor|premier|mayor|governor|king|queen|monarch|pope|ceo|"
    r"chief executive|chairman|chairwoman|chair|head coach|coach|captain|leader|secretary-general|director|"
    r"minister|senator|champion|champions|title holder|titleholder|holds the title|holder|"
    r"version|versions|release|released|stable release|update|edition|"
    r"price|prices|costs?|fare|fee|rate|rates|inflation|unemployment|gdp|salary|wage|"
    r"ranked|ranking|rank|members|membership|employees|staff|users|subscribers|students|enrolment|enrollment|"
    r"valued|valuation|revenue|market share|number of)\b",
    re.IGNORECASE)

#: Qualifiers that narrow a statement to a case: a group of people, an age, a condition, a model, a place.
_GROUP = (r"children|child|kids|infants|babies|newborns|toddlers|adolescents|teenagers|teens|adults|"
          r"elderly|older adults|seniors|women|men|girls|boys|pregnant women|pregnancy|patients|smokers|"
          r"athletes|beginners|students|employees|members|residents|citizens|veterans|dogs|cats")
_QUALIFIERS = [
    re.compile(r"\b(?:for|in|among|to|with)\s+(?:(?:young|older|adult|small|pregnant|elderly|male|female|"
               r"school-age|\w+-year-old)\s+)?(" + _GROUP + r")\b", re.IGNORECASE),
    re.compile(r"\b(?:aged|ages)\s+(\d+(?:\s*(?:-|to|–)\s*\d+)?)", re.IGNORECASE),
    re.compile(r"\b(under|over|below|above)\s+(?:the\s+age\s+of\s+)?(\d+)\s*(?:years?|yrs?|months?)", re.IGNORECASE),
    re.compile(r"\b(?:with|who have|who has|suffering from)\s+((?:\w+\s+){0,2}(?:disease|failure|diabetes|"
               r"asthma|cancer|allergy|allergies|impairment|condition|infection))\b", re.IGNORECASE),
    re.compile(r"\b(" + _YEAR + r")\s+model\b|\bmodel\s+year\s+(" + _YEAR + r")", re.IGNORECASE),
    re.compile(r"\b(?:the\s+)?((?:base|premium|pro|plus|max|mini|lite|sport|standard|long-range|hybrid|"
               r"electric|diesel|petrol)\s+(?:model|version|edition|trim|variant))\b", re.IGNORECASE),
    # A place: "in France", "in the United States", "in rural areas", "in Europe".
    re.compile(r"\b(?:[Ii]n|[Ww]ithin|[Aa]cross|[Tt]hroughout)\s+(?:the\s+)?((?:rural|urban|coastal|northern|southern|"
               r"eastern|western|central)\s+\w+|(?!(?:" + _MONTH + r")\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})"),
]


def stated_year(text: str) -> int | None:
    """The latest year the sentence places itself in (see the module's notes), or None."""
    years = []
    for m in _DATED.finditer(text):
        years += [int(g) for g in m.groups() if g]
    return max(years) if years else None


def changing_quantity(text: str) -> bool:
    """Whether the sentence speaks of something that changes with time (cue words)."""
    return bool(CHANGING.search(text))


def dated_statement(text: str) -> int | None:
    """The year a sentence about a changing quantity is dated to; None for undated sentences and for
    sentences about fixed events."""
    return stated_year(text) if changing_quantity(text) else None


def qualifiers(text: str) -> frozenset[str]:
    """The cases a sentence is restricted to, normalised ("for young children" -> "children")."""
    found = set()
    for n, pattern in enumerate(_QUALIFIERS):
        for m in pattern.finditer(text):
            value = next((g for g in m.groups() if g), m.group(0))
            value = re.sub(r"\s+", " ", value.strip().lower())
            found.add(value.removesuffix("s") if n == 0 and not value.endswith("ss") else value)
    return frozenset(found)


def conflicting_pairs(evidence: list, used: list[int], relations: dict | None = None) -> list[tuple[int, int]]:
    """The unordered pairs (i < j) of used evidence that conflict: on opposite sides of the claim, or a
    contradiction between them."""
    relations = relations or {}
    side = {i: evidence[i].relation for i in used}
    out = set()
    for a in used:
        for b in used:
            if a < b and ({side[a], side[b]} == {Relation.SUPPORT, Relation.CONTRADICTION}
                          or Relation.CONTRADICTION in (relations.get((a, b)), relations.get((b, a)))):
                out.add((a, b))
    return sorted(out)


def recency_order(evidence: list, used: list[int], claim: str = "",
                  relations: dict | None = None) -> list[tuple[int, int, str]]:
    """(newer, older, reason) for each conflicting pair of dated statements about a changing quantity.
    The quantity is taken to change when either sentence or the claim names one (a cue word)."""
    years = {i: stated_year(evidence[i].text) for i in used}
    claim_changes = changing_quantity(claim)
    out = []
    for a, b in conflicting_pairs(evidence, used, relations):
        ya, yb = years[a], years[b]
        if ya is None or yb is None or ya == yb:
            continue
        if not (claim_changes or changing_quantity(evidence[a].text) or changing_quantity(evidence[b].text)):
            continue
        newer, older = (a, b) if ya > yb else (b, a)
        out.append((newer, older, f"e{newer} is dated {max(ya, yb)}, e{older} {min(ya, yb)}"))
    return out


def scope_order(evidence: list, used: list[int], relations: dict | None = None,
                claim: str = "") -> list[tuple[int, int, str]]:
    """(narrower, general, reason) for each conflicting pair whose qualifiers strictly include the other's,
    where the cases the narrower one adds are cases ``claim`` speaks of (see the module's notes)."""
    quals = {i: qualifiers(evidence[i].text) for i in used}
    claimed = qualifiers(claim)
    out = []
    for a, b in conflicting_pairs(evidence, used, relations):
        qa, qb = quals[a], quals[b]
        if qa > qb and qa - qb <= claimed:
            out.append((a, b, f"e{a} is about {', '.join(sorted(qa - qb))}, as the claim is; e{b} is more general"))
        elif qb > qa and qb - qa <= claimed:
            out.append((b, a, f"e{b} is about {', '.join(sorted(qb - qa))}, as the claim is; e{a} is more general"))
    return out
