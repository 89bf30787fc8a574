"""Passes over the slot edges that find an opposite or another order: antonymous adjectives, reversed
comparisons and comparatives against the usual case, "lack of X" against X stated, the order of two events
against their years, names told apart by a designator or a formula ("vitamin D" / "vitamin C"), ranks of a
superlative, and opposite directions of change ("rose" / "fell").
"""
from __future__ import annotations

import re

from ..text import lexicon
from ..text.frequency_adverbs import opposite_frequencies
from ..text.negation import PERMISSIVES, PROHIBITIVES, SEPARATE_NEGATIVE_PREFIXES
from ..text.numbers import number_value
from ..text.quantifiers import place, quantifier_at
from .base import EQUAL, OPPOSITE, SUBSTITUTED, UNCONFIRMED, Edge, _content
from ..text.dates import year_of
from .dates import _ORDER_SIGN, RANK, _is_year, superlative_rank
from .polarity import _negated_at
from .predicates import verbs_in_the_same_place
from ..vocabulary import SlotKind


def _qualifies_the_same(mine, theirs) -> bool:
    """The evidence's word qualifies what the claim's adjective qualifies, or nothing else: "the bottom
    right" for "the lower left corner", but not "light pollution" for "dark skies"."""
    if theirs.dep_ not in ("amod", "compound") or theirs.head.pos_ not in ("NOUN", "PROPN"):
        return True
    head = mine.head if mine is not None else None
    return head is not None and (head.lemma_.lower() == theirs.head.lemma_.lower() or lexicon.relation(
        head.lemma_.lower(), theirs.head.lemma_.lower(), "NOUN") == lexicon.SYNONYM or _said_to_be(head)
        and _said_to_be(theirs.head))


def _object_of(word):
    """The lemma of the object a word relates its subject to ("close to the station": "station"; "far from
    the beach", where the parser may hang "from" on the verb), or None."""
    doc = word.doc
    for prep in [c for c in word.children if c.dep_ == "prep"] + (
            [doc[word.i + 1]] if word.i + 1 < len(doc) and doc[word.i + 1].dep_ == "prep" else []):
        obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if obj is not None:
            return obj.lemma_.lower()
    return None


def _of_the_same_object(mine, theirs) -> bool:
    """Opposite qualities of one relation say opposite things only of the same object: "close to the
    station" / "far from the beach" may both hold."""
    if mine is None:
        return True
    a, b = _object_of(mine), _object_of(theirs)
    return a is None or b is None or a == b


def _said_to_be(noun) -> bool:
    """The noun is what the sentence's subject is said to be ("Middle-earth is a real place"), whatever
    other noun the other sentence says it with ("is the fictional setting of ...")."""
    return noun.dep_ == "attr" and noun.head.dep_ == "ROOT" and noun.head.lemma_.lower() == "be"


def _opposite_attributes(claim, evidence, edges) -> None:
    """An adjective of the claim the evidence leaves unconfirmed, where the evidence says its WordNet
    antonym, direct or indirect ("in the lower left corner" / "at the bottom right"), is substituted by
    it: the evidence states the opposite quality, not merely another one."""
    used = {e.evidence_start for e in edges if e.evidence_start >= 0}
    substituted = [(e.claim_start, e.claim_end) for e in edges if e.op == SUBSTITUTED]
    for edge in edges:
        if edge.kind != SlotKind.ATTRIBUTE or edge.op != UNCONFIRMED or " " in edge.claim_text \
                or any(a <= edge.claim_start < b for a, b in substituted):
            continue
        word = edge.claim_text.lower()
        mine = next((t for t in claim if t.idx == edge.claim_start), None)
        opposite = next((t for t in evidence if t.idx not in used and t.pos_ in ("ADJ", "ADV", "NOUN")
                         and not _a_things_name(t) and lexicon.opposite_adjectives(word, t.lower_)
                         and _qualifies_the_same(mine, t) and _of_the_same_object(mine, t)), None)
        if opposite is not None:
            edge.op, edge.evidence_text, edge.label = SUBSTITUTED, opposite.text, OPPOSITE
            edge.evidence_start, edge.evidence_end = opposite.idx, opposite.idx + len(opposite.text)
            used.add(opposite.idx)
            for other in edges:
                # The opposite quality is what differs; the noun it qualifies, said in other words
                # ("a real place" / "the fictional setting"), stays.
                if other.kind == SlotKind.NOUN and other.op == SUBSTITUTED and mine is not None \
                        and other.claim_start == mine.head.idx and other.evidence_start == opposite.head.idx:
                    other.op = UNCONFIRMED


def _non_prefixed(claim, evidence, edges) -> None:
    """A word the evidence repeats with a "non" the claim does not write, or the other way round, is said
    in its opposite sense: "a violent protest" / "a non-violent protest". The lemma pairs the two as equal;
    the whole prefixed word is the substitution."""
    for edge in edges:
        if edge.kind != SlotKind.ATTRIBUTE or edge.op != EQUAL or edge.evidence_start < 0:
            continue
        mine = next((t for t in claim if t.idx == edge.claim_start), None)
        theirs = next((t for t in evidence if t.idx == edge.evidence_start), None)
        if mine is None or theirs is None:
            continue
        my_prefix, their_prefix = negating_prefix(mine), negating_prefix(theirs)
        if (my_prefix is None) == (their_prefix is None):
            continue
        if my_prefix is not None:
            edge.claim_text, edge.claim_start = claim.text[my_prefix.idx:edge.claim_end], my_prefix.idx
        else:
            edge.evidence_text = evidence.text[their_prefix.idx:edge.evidence_end]
            edge.evidence_start = their_prefix.idx
        edge.op, edge.label = SUBSTITUTED, OPPOSITE


def negating_prefix(tok):
    """The "non" written apart before ``tok`` ("non racial", "non-violent"), or None."""
    doc, k = tok.doc, tok.i - 1
    if k >= 1 and doc[k].text == "-" and not doc[k].whitespace_:
        k -= 1
    return doc[k] if k >= 0 and doc[k].lower_ in SEPARATE_NEGATIVE_PREFIXES else None


def _opposite_edge(kind: str, mine, theirs) -> Edge:
    """The claim's token substituted by the evidence's token that says its opposite."""
    return Edge(kind, SUBSTITUTED, mine.text, mine.idx, mine.idx + len(mine.text), theirs.text, theirs.idx,
                theirs.idx + len(theirs.text), label=OPPOSITE, score=1.0)


def _opposite_frequencies(claim, evidence, edges) -> None:
    """An adverb of frequency whose opposite end the evidence says of the same verb and subject ("metformin
    frequently causes ..." / "metformin rarely causes ...", ``text.frequency_adverbs``) is substituted by it."""
    taken = {(e.claim_start, e.claim_end) for e in edges}
    for mine, theirs in opposite_frequencies(claim[:], evidence[:]):
        span = (mine.idx, mine.idx + len(mine.text))
        if span in taken:
            continue
        edges.append(_opposite_edge("attribute", mine, theirs))
        verb = mine.head
        for other in edges:
            # How often is what differs; what the verb does, said in other words ("dangerously low blood
            # sugar" / "hypoglycaemia"), stays.
            if other.kind == SlotKind.NOUN and other.op == SUBSTITUTED and any(
                    t.idx == other.claim_start and t.head.i == verb.i for t in claim):
                other.op = UNCONFIRMED


#: Adverbs whose opposite depends on where the speaker stands, not on what happened.
_DEICTIC = {"here", "there", "now", "then"}


def _opposite_adverbs(claim, evidence, edges) -> None:
    """An adverb of the claim whose WordNet antonym the evidence says of the same verb ("walk inside" /
    "walk outside", "arrived early" / "arrived late") is substituted by it."""
    covered = [(e.claim_start, e.claim_end) for e in edges]
    claim_words = {t.lower_ for t in claim}
    evidence_words = {t.lower_ for t in evidence}
    for c in claim:
        if c.pos_ != "ADV" or c.dep_ != "advmod" or c.lower_ in evidence_words or c.lower_ in _DEICTIC \
                or any(a <= c.idx < b for a, b in covered):
            continue
        e = next((e for e in evidence if e.pos_ == "ADV" and e.dep_ == "advmod" and e.lower_ not in claim_words
                  and (e.head.lemma_.lower() == c.head.lemma_.lower() or _verb_above(e) == _verb_above(c))
                  and lexicon.relation(c.lower_, e.lower_, "ADV") == lexicon.ANTONYM), None)
        if e is not None:
            edges.append(_opposite_edge("attribute", c, e))


def _verb_above(token) -> str | None:
    """The lemma of the nearest verb above ``token``: the small parser hangs an adverb on the verb or on a
    neighbouring adverb ("sits inside alone" parsed with "inside" under "alone")."""
    for a in token.ancestors:
        if a.pos_ in ("VERB", "AUX"):
            return a.lemma_.lower()
    return None


def _opposite_verbs_below_the_root(claim, evidence, edges) -> None:
    """A verb below the main one whose WordNet antonym, or opposite direction of change, the evidence says
    in the same place (same relation to the same head: "watches his father end the yard work" / "start
    the yard work", "the hat he just sold" / "bought") is substituted by it. The main verb is the
    predicate edge's."""
    for c, verbs in verbs_in_the_same_place(claim, evidence, edges):
        e = next((e for e in verbs if lexicon.opposite_verbs(c.lemma_.lower(), e.lemma_.lower())
                  or opposite_directions(c.lemma_.lower(), e.lemma_.lower())), None)
        if e is not None:
            edges.append(_opposite_edge("predicate", c, e))


def _comparison(doc):
    """(quality word, direction, first, second) of a comparison "first is <quality>-er than second"
    ("Light travels faster than sound": (faster, +1, Light, sound); "less famous than": -1), else None. The
    two compared things are the subject (or the first word the small model attached to the verb in its
    place) and the object of "than"."""
    than = next((t for t in doc if t.lower_ == "than" and t.dep_ == "prep"), None)
    second = next((c for c in than.children if c.dep_ in ("pobj", "pcomp")), None) if than is not None else None
    if second is None:
        return None
    quality = next((t for t in [than.head, *than.head.children] if t.tag_ in ("JJR", "RBR")
                    and t.lower_ not in ("more", "less")), None)
    direction = 1
    if quality is None and than.head.pos_ in ("ADJ", "ADV"):
        degree = next((c for c in than.head.children if c.lower_ in ("more", "less")), None)
        quality, direction = than.head, (1 if degree is None or degree.lower_ == "more" else -1)
    root = doc[:].root
    first = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) or next(
        (c for c in root.lefts if c.pos_ in ("NOUN", "PROPN", "ADJ") and c.dep_ in ("amod", "compound")), None)
    if quality is None or first is None or first.i >= quality.i:
        return None
    return quality, direction, first, second


def _reversed_comparison(claim, evidence, edges: list) -> None:
    """A comparison of the same two things, settled by the evidence's comparison. The other way round
    ("Sound travels faster than light" / "Light travels much faster than sound") the two things are
    substituted for each other; with the opposite quality in the same order ("Light travels slower than
    sound") the quality is; and the opposite quality the other way round ("Sound travels slower than
    light") says the same, so the quality is confirmed, not an opposite."""
    mine, theirs = _comparison(claim), _comparison(evidence)
    if mine is None or theirs is None:
        return
    quality, direction, first, second = mine
    e_quality, e_direction, e_first, e_second = theirs
    if e_quality.lemma_.lower() != quality.lemma_.lower():
        if lexicon.relation(quality.lemma_.lower(), e_quality.lemma_.lower(), "ADJ") != lexicon.ANTONYM:
            return
        e_direction = -e_direction
    lemma = {t.i: t.lemma_.lower() for t in (first, second)}
    e_lemma = {t.i: t.lemma_.lower() for t in (e_first, e_second)}
    if {lemma[first.i], lemma[second.i]} != set(e_lemma.values()) or lemma[first.i] == lemma[second.i]:
        return
    swapped = lemma[first.i] == e_lemma[e_second.i]
    opposite = direction != e_direction
    quality_edge = Edge(SlotKind.ATTRIBUTE, EQUAL, quality.text, quality.idx, quality.idx + len(quality.text),
                        e_quality.text, e_quality.idx, e_quality.idx + len(e_quality.text), score=1.0)
    if opposite and not swapped:
        quality_edge.op, quality_edge.label = SUBSTITUTED, OPPOSITE
    swap = swapped and not opposite
    replaced = {quality.idx, first.idx, second.idx} if swap else {quality.idx}
    edges[:] = [e for e in edges if e.claim_start not in replaced]
    edges.append(quality_edge)
    if swap:
        counterpart = {e_lemma[e_first.i]: e_first, e_lemma[e_second.i]: e_second}
        for tok, other in ((first, second), (second, first)):
            new = counterpart[lemma[other.i]]
            edges.append(Edge(SlotKind.NOUN, SUBSTITUTED, tok.text, tok.idx, tok.idx + len(tok.text), new.text, new.idx,
                              new.idx + len(new.text), label=OPPOSITE, score=1.0))


#: Comparatives said without "than", of a case against the usual one, by their direction, and their opposites.
_COMPARED = {"earlier": -1, "sooner": -1, "younger": -1, "lower": -1, "fewer": -1, "later": 1, "older": 1,
             "higher": 1}
_OPPOSITE_COMPARED = {"earlier": "later", "sooner": "later", "younger": "older", "lower": "higher",
                      "fewer": "more", "later": "earlier", "older": "younger", "higher": "lower"}


def _compared_to_the_usual(claim, evidence, edges: list) -> None:
    """A comparative with no "than" ("In inherited cases, the disease starts earlier") compares the case
    the claim names with the usual one; the evidence that gives a number for each ("usually starts around
    the age of 50 and in inherited cases around the age of 60") settles which way: "later". The usual
    number is the one before the words naming the case, the case's the one after them."""
    if any(t.lower_ == "than" for t in claim):
        return
    quality = next((t for t in claim if t.lower_ in _COMPARED and t.pos_ in ("ADV", "ADJ")), None)
    case = next((t for t in claim if t.dep_ == "prep" and t.head.i == quality.head.i and t.i != quality.i),
                None) if quality is not None else None
    if case is None or any(e.claim_start == quality.idx for e in edges):
        return
    words = {t.lemma_.lower() for t in case.subtree if _content(t)}
    named = [t.i for t in evidence if _content(t) and t.lemma_.lower() in words]
    numbers = [t for t in evidence if t.like_num and t.pos_ == "NUM"]
    if not words or len(named) != len(words) or len(numbers) != 2:
        return
    usual, this = numbers
    # Numbers in digits ("50"); one in words is left alone.
    usual_value, value = number_value(usual.text, {}), number_value(this.text, {})
    if usual_value is None or value is None or not (usual.i < min(named) and max(named) < this.i) \
            or value == usual_value:
        return
    edge = Edge(SlotKind.ATTRIBUTE, EQUAL, quality.text, quality.idx, quality.idx + len(quality.text), this.text,
                this.idx, this.idx + len(this.text), score=1.0)
    if (value > usual_value) != (_COMPARED[quality.lower_] > 0):
        edge.op, edge.label, edge.evidence_text = SUBSTITUTED, OPPOSITE, _OPPOSITE_COMPARED[quality.lower_]
    edges.append(edge)


#: Nouns that deny their "of" object: "generated lack of awareness" says none was generated.
_LACKING = {"lack", "absence", "shortage", "want"}


def _lacked_object(verb) -> bool:
    """The verb's object is a lack of something ("generated a lack of awareness")."""
    return any(c.dep_ == "dobj" and c.lemma_.lower() in _LACKING and any(p.lower_ == "of" for p in c.children)
               for c in verb.children)


def _lacks(claim, evidence, edges: list) -> None:
    """"lack of X" in the claim where the evidence states X itself in the same relation, undenied
    ("generated lack of awareness" / "generating both awareness"): "lack of" is the claim's error, an edge
    of kind "lack" (in place of the noun's) whose correction drops it. Denied there too ("no awareness",
    "a lack of awareness"), the lack is confirmed."""
    equal = {e.claim_start: e for e in edges if e.op == EQUAL}
    for tok in claim:
        of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        obj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if tok.lemma_.lower() not in _LACKING or tok.pos_ != "NOUN" or obj is None or obj.idx not in equal:
            continue
        theirs = next((t for t in evidence if t.idx == equal[obj.idx].evidence_start), None)
        if theirs is None or theirs.head.lemma_.lower() != tok.head.lemma_.lower():
            continue
        denial = next((c for c in theirs.children if c.lower_ in ("no", "little")), None) or (
            theirs.head if theirs.head.lemma_.lower() in _LACKING else None)
        if denial is None and _negated_at(evidence, theirs.head.i):
            continue
        edges[:] = [e for e in edges if e.claim_start != tok.idx]
        if denial is not None:  # "a lack of awareness" / "no awareness": the same
            edges.append(Edge(SlotKind.NOUN, EQUAL, tok.text, tok.idx, tok.idx + len(tok.text), denial.text, denial.idx,
                              denial.idx + len(denial.text)))
            continue
        edges.append(Edge(SlotKind.LACK, SUBSTITUTED, claim.text[tok.idx:of.idx + len(of.text)], tok.idx,
                          of.idx + len(of.text), theirs.text, theirs.idx, theirs.idx + len(theirs.text)))


def _year_after(evidence, phrase: str) -> int | None:
    """The year stated right after the evidence names the phrase ("Hamlet around 1600"), if any."""
    found = re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", evidence.text, re.IGNORECASE)
    if not found:
        return None
    following = [t for t in evidence if t.idx >= found.end()][:4]
    return next((year_of(t) for t in following if _is_year(t)), None)


def _order_of_events(claim, evidence, edges: list) -> None:
    """"X did A before B" against the years the evidence gives A and B: "Shakespeare wrote Hamlet before
    Romeo and Juliet" / "wrote Romeo and Juliet around 1595 and Hamlet around 1600" is the order
    reversed, "before" substituted by "after"; in the right order the word is confirmed."""
    for word in claim:
        if word.lower_ not in _ORDER_SIGN or word.dep_ != "prep" or word.head.pos_ != "VERB":
            continue
        later = next((c for c in word.children if c.dep_ == "pobj"), None)
        first = next((c for c in word.head.children if c.dep_ in ("dobj", "nsubjpass")), None)
        if later is None or first is None:
            continue
        a, b = (re.sub(r"^(?:the|a|an)\s+", "", claim[t.left_edge.i:t.right_edge.i + 1].text, flags=re.I)
                for t in (first, later))
        years = _year_after(evidence, a), _year_after(evidence, b)
        if None in years or years[0] == years[1]:
            continue
        stated = _ORDER_SIGN[word.lower_]
        actual = -1 if years[0] < years[1] else 1
        other = next(w for w, v in _ORDER_SIGN.items() if v == actual)
        edges[:] = [e for e in edges if not (e.claim_start <= word.idx < e.claim_end)]
        edges.append(Edge(SlotKind.ATTRIBUTE, EQUAL if stated == actual else SUBSTITUTED, word.text, word.idx,
                          word.idx + len(word.text), other, -1, -1,
                          label="" if stated == actual else OPPOSITE, score=1.0))


#: A designator: a letter, a Roman numeral or a short number ("Vitamin C", "World War II", "Windows 11").
_DESIGNATOR = r"([A-Z]|[IVX]{1,4}|\d{1,3})"
#: A name ending in a designator, its leading words first.
_DESIGNATED = re.compile(rf"^(?:the\s+)?([A-Za-z][A-Za-z-]{{2,}}(?:\s+[A-Za-z][A-Za-z-]+)*)\s+{_DESIGNATOR}$")
#: A chemical formula: element symbols with counts, with a lower-case letter or a digit somewhere (so
#: that an acronym is not one): "NaCl", "KCl", "H2O", "Fe2O3".
_FORMULA = re.compile(r"^(?:[A-Z][a-z]?\d*){2,}$")


def _formula(text: str) -> bool:
    return bool(_FORMULA.match(text)) and any(c.islower() or c.isdigit() for c in text)


def _designated_names(claim, evidence, edges: list) -> None:
    """Names told apart by a designator or a formula alone, which the small model tags unevenly (the
    evidence's "vitamin D" in lower case is no entity to it): the claim's "Vitamin C" where the evidence
    names a vitamin with another letter is the letter substituted, and the claim's formula "KCl" where the
    evidence states one formula, "NaCl", is that formula. The same designator is the name confirmed."""
    claim_tokens = {t.text for t in claim}
    formulas = [t for t in evidence if _formula(t.text) and t.text not in claim_tokens]
    for edge in edges:
        if edge.kind not in (SlotKind.ENTITY, SlotKind.CODE) or edge.op == SUBSTITUTED:
            continue
        named = _DESIGNATED.match(edge.claim_text)
        if named:
            lead, mine = named.groups()
            found = list(re.finditer(rf"(?<!\w)(?i:{re.escape(lead)})\s+{_DESIGNATOR}(?!\w)", evidence.text))
            if edge.op == EQUAL:
                # The name's counterpart, however it was found, must have the claim's designator too:
                # "World War I" is not "World War II".
                found = [m for m in found if edge.evidence_start <= m.start() < max(edge.evidence_end, 0)]
            if not found:
                continue
            same = [m for m in found if m.group(1) == mine]
            if same:
                if edge.op == UNCONFIRMED:
                    edge.op, edge.evidence_text = EQUAL, same[0].group(0)
                    edge.evidence_start, edge.evidence_end = same[0].start(), same[0].end()
                continue
            other = found[0]
            start = edge.claim_start + named.start(2)
            edge.kind, edge.op, edge.claim_text, edge.claim_start, edge.claim_end = \
                SlotKind.CODE, SUBSTITUTED, mine, start, start + len(mine)
            edge.evidence_text, edge.evidence_start, edge.evidence_end = other.group(1), other.start(1), other.end(1)
            edge.label, edge.score = "CODE", 1.0
        elif edge.op == UNCONFIRMED and _formula(edge.claim_text) and len({t.text for t in formulas}) == 1:
            t = formulas[0]
            edge.kind, edge.op, edge.label, edge.score = SlotKind.CODE, SUBSTITUTED, "CODE", 1.0
            edge.evidence_text, edge.evidence_start, edge.evidence_end = t.text, t.idx, t.idx + len(t.text)


def _ranks(claim, evidence, edges: list) -> None:
    """A superlative both sentences state, at different ranks ("the second most visited museum" / "the
    most-visited museum", "the largest lake" / "the second-largest lake"), is one slot, substituted whole
    as a number is; at the same rank, the ordinal is confirmed. Superlatives of different qualities are
    left to the other rules ("greatest" / "worst" are opposites)."""
    theirs = [r for i in range(len(evidence)) if (r := superlative_rank(evidence, i))]
    for i in range(len(claim)):
        mine = superlative_rank(claim, i)
        other = next((r for r in theirs if mine and r[3] == mine[3]), None)
        if other is None:
            continue
        c_span, e_span = claim[mine[0]:mine[1]], evidence[other[0]:other[1]]
        inside = [e for e in edges if c_span.start_char <= e.claim_start < c_span.end_char]
        if any(e.kind == SlotKind.ENTITY for e in inside):
            continue  # "Best Picture" is a name
        if mine[2] == other[2]:
            for e in inside:
                if e.op == UNCONFIRMED:
                    e.op, e.evidence_text, e.evidence_start, e.evidence_end = \
                        EQUAL, e_span.text, e_span.start_char, e_span.end_char
            continue
        for e in inside:
            edges.remove(e)
        edges.append(Edge(SlotKind.NUMBER, SUBSTITUTED, c_span.text, c_span.start_char, c_span.end_char, e_span.text,
                          e_span.start_char, e_span.end_char, label=RANK))


#: Verbs of change by direction: one of each says the opposite change ("fell by 5%" / "increased by 5%"),
#: which WordNet files as antonyms only pairwise (increase / decrease, rise / fall).
_UPWARD = {"rise", "increase", "grow", "climb", "gain", "jump", "soar", "surge", "expand", "double", "triple"}
_DOWNWARD = {"fall", "decrease", "decline", "drop", "shrink", "sink", "slump", "plunge", "dip", "contract",
             "halve"}


def opposite_directions(a: str, b: str) -> bool:
    return a in _UPWARD and b in _DOWNWARD or a in _DOWNWARD and b in _UPWARD


def forbidding_and_permitting(a: str, b: str) -> bool:
    """One verb forbids what the other permits ("ban" / "allow"), opposites that WordNet files only for some
    of the words ("forbid" / "permit", not "ban" / "permit")."""
    return a in PROHIBITIVES and b in PERMISSIVES or a in PERMISSIVES and b in PROHIBITIVES


def _a_things_name(t) -> bool:
    """A noun that names a thing, not a quality: one owned or acted on ("lost his hearing" says nothing
    "hearing" as against "deaf"; "at the bottom right" is a quality's place)."""
    return t.pos_ == "NOUN" and (t.dep_ == "dobj" or any(c.dep_ == "poss" for c in t.children))


def quantifiers_in_the_same_place(claim, evidence) -> list[tuple]:
    """(claim's quantifier, evidence's) for each quantifier the evidence states with another force in the
    same place: the same relation to the same word, of the same noun or as two quantifier pronouns
    ("everybody" / "no one"; ``text.quantifiers``)."""
    theirs = [q for t in evidence if (q := quantifier_at(t)) is not None]
    pairs = []
    for t in claim:
        mine = quantifier_at(t)
        other = None if mine is None else next(
            (q for q in theirs if q.force != mine.force and place(q.anchor) == place(mine.anchor)
             and (q.anchor.lemma_.lower() == mine.anchor.lemma_.lower() or mine.pronoun and q.pronoun)), None)
        if other is not None:
            pairs.append((mine, other))
    return pairs


def _quantifiers(claim, evidence, edges) -> None:
    """A quantifier the evidence states with another force in the same place (the same relation to the
    same word: "so everybody will recognise him" / "so no one will recognise him", "near every bench" /
    "near some bench") is substituted by it (``quantifiers_in_the_same_place``)."""
    covered = [(e.claim_start, e.claim_end) for e in edges]
    for mine, other in quantifiers_in_the_same_place(claim, evidence):
        if any(a <= claim[mine.start].idx < b for a, b in covered):
            continue
        mine_span, their_span = claim[mine.start:mine.end], evidence[other.start:other.end]
        edges.append(Edge(SlotKind.ATTRIBUTE, SUBSTITUTED, mine_span.text, mine_span.start_char, mine_span.end_char,
                          their_span.text, their_span.start_char, their_span.end_char, label="quantifier", score=1.0))
        covered.append((mine_span.start_char, mine_span.end_char))


def _repeated_words(claim, evidence, edges) -> None:
    """A word the claim repeats, substituted once, where the evidence repeats its substitute as often and
    never says the word ("in black racing a black car" / "in red racing a red car"), is substituted
    wherever it stands: the parse pairs the first occurrence and misplaces the others."""
    for edge in [e for e in edges if e.op == SUBSTITUTED and e.kind in (SlotKind.ATTRIBUTE, SlotKind.NOUN)]:
        word, theirs = edge.claim_text.lower(), edge.evidence_text.lower()
        if " " in word or " " in theirs:
            continue
        mine = [t for t in claim if t.lower_ == word]
        substitutes = [t for t in evidence if t.lower_ == theirs]
        if len(mine) < 2 or len(substitutes) != len(mine) or any(t.lower_ == word for t in evidence):
            continue
        for c, e in zip(mine, substitutes):
            other = next((x for x in edges if x.claim_start <= c.idx < x.claim_end), None)
            if other is not None and other.op != UNCONFIRMED:
                continue
            if other is not None:
                edges.remove(other)
            edges.append(Edge(edge.kind, SUBSTITUTED, c.text, c.idx, c.idx + len(c.text), e.text, e.idx,
                              e.idx + len(e.text), label=edge.label, score=edge.score))
