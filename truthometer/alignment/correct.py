"""Minimal corrections from an alignment (Galitsky, Truth-O-Meter: substitution at the slot's granularity).

Each substituted slot of the claim is replaced by its aligned counterpart — a year by a year, a person by
a person, a number by a number (with its unit when the unit differs), a phrase by a phrase — and the
polarity is flipped when the evidence negates what the claim asserts (or asserts what it negates).
Everything else stays as written: case, punctuation, the article agreeing with the new word ("a German
film" -> "an American film"), the verb's inflection when an auxiliary is added or removed ("does not
play" <-> "plays"; a passive-only participle in the claim's tense: "graduated" -> "was born"), the
complement of a negative implicative ("refused to model" -> "modelled"), "any" and "some" with the
negation ("did not write any" -> "wrote some"). A number is replaced with its bound ("over 50 years" ->
"30 years", "zero copies" -> "more than 400 copies"; "about" and "around" are one bound), a noun with its
classifiers as a phrase ("a political party" -> "a television series"), an adjective with the word
negating it ("an ethnic group" -> "a non racial group") and the unconfirmed classifiers it qualifies ("a
psychological thriller film" -> "a romantic film"); a name replaces the whole noun phrase and takes
no article but its own ("by an animation company" -> "by DreamWorks Animation", "The Rock"). A coordination
of classifiers is one phrase ("a cable and satellite television channel"). With the polarity a cause turns
concessive ("because of" <-> "despite"), an assertion the evidence negates by an implicative takes the
evidence's construction ("died before helping to co-found"), and "is not a Y" where the evidence names Y
as a later conjunct becomes "is also a Y". The claim's own word less its negative prefix replaces it where
that is a synonym of the evidence's ("insignificant" / "considerable" -> "significant"), a "lack of" the
evidence does not state goes, and "has yet to appear ... as of 2016" affirmed drops its date ("appeared").
Slots the evidence does not cover are left alone and named in the note.
"""
from __future__ import annotations

import re

from ..judging import lexicon
from ..judging.rules import NEGATIONS
from ..inflection import article_for, past_participle, past_tense, third_person
from ..report import Substitution, Suggestion, apply_substitutions
from .align import (EQUAL, NEGATIVE_IMPLICATIVES, NEGATIVE_PREFIXES, PASSIVE_ONLY, SUBSTITUTED, UNCONFIRMED, Alignment,
                    align, as_of_date, coordinated_noun, negative_implicative, opposite_directions, other_than,
                    phrase_start, yet_to)

_KIND = {"entity": "entity", "number": "number", "date": "date", "code": "entity", "attribute": "phrase",
         "noun": "phrase", "classifier": "phrase", "phrase": "phrase", "predicate": "phrase", "negation": "negation", "preposition": "phrase"}

def _match_case(new: str, old: str, at_sentence_start: bool, proper: bool) -> str:
    """The new words in the claim's casing: capitalised at the sentence start, lower-cased when they
    replace a lower-case word and are not a name (an evidence sentence's first word is capitalised)."""
    if not new:
        return new
    if at_sentence_start:
        return new[0].upper() + new[1:]
    if old[:1].islower() and new[:1].isupper() and not proper and not new.isupper():
        return new[0].lower() + new[1:]
    return new


def _slot_substitution(claim: str, alignment: Alignment, edge, evidence_text: str, locator: str) -> Substitution:
    start, end = edge.claim_start, edge.claim_end
    if edge.kind == "lack":
        # "generated lack of awareness" -> "generated awareness": the denying noun goes.
        end += len(claim[end:]) - len(claim[end:].lstrip(" "))
        return Substitution(claim[start:end], "", start, end, kind="negation", evidence=evidence_text,
                            evidence_locator=locator)
    evidence_new = edge.evidence_text
    if edge.kind == "noun":
        # A phrase for a phrase: the noun with its compound modifiers ("music video" -> "espionage film").
        start, evidence_new, ev_start = _with_compounds(alignment, edge, start)
    elif edge.kind == "attribute":
        # A modifier with its own modifiers: "a romantic film" -> "a psychological thriller film".
        evidence_new, ev_start = _modifier_phrase(alignment, edge)
        start, evidence_new, ev_start = _with_negating_prefix(alignment, edge, start, evidence_new, ev_start)
        evidence_new = _without_negative_prefix(edge, evidence_new)
        end = _with_unconfirmed_classifiers(alignment, edge, end)
    else:
        ev_start = edge.evidence_start
    if edge.kind in ("noun", "entity"):
        end = _with_own_modifiers(alignment, edge, end)
    if edge.kind in ("attribute", "entity", "noun"):
        start = _with_exclusive_focus(alignment, edge, start)
    if edge.kind == "predicate":
        evidence_new = _verb_like(alignment, edge, evidence_new)
        end, evidence_new = _with_preposition(alignment, edge, end, evidence_new)
    if edge.kind == "number":
        start, evidence_new = _with_bounds(claim, alignment, edge, start, evidence_new)
    if edge.kind == "date" and edge.granularity == "decade" and re.match(r"\s*['’]s", claim[end:]):
        evidence_new = re.sub(r"s$", "", evidence_new)  # "1970 's" -> "1990 's", the claim's spelling
    old = claim[start:end]
    proper = edge.kind in ("entity", "code") or (edge.label == "NORP")
    new = _match_case(evidence_new, old, start == 0, proper or evidence_new[:1].isupper() and ev_start > 0)
    if edge.kind == "entity" and edge.label in ("GPE", "ORG", "LOC", "FAC", "EVENT", "WORK_OF_ART", "LAW",
                                                  "PRODUCT"):
        # "the" goes with the name: "in the United States" <-> "in Mexico".
        claim_the = re.search(r"(?:^|(?<=\s))(the|The)\s+$", claim[:start])
        evidence_the = re.search(r"(?:^|(?<=\s))the\s+$", alignment.evidence[:ev_start], re.I) \
            if re.match(rf"{re.escape(evidence_new)}\b", alignment.evidence[ev_start:]) else None
        if claim_the and not evidence_the and start > 0:
            start = claim_the.start(1)
            old = claim[start:end]
            new = _match_case(new, old, start == 0, True)
        elif evidence_the and not claim_the:
            new = ("The " if start == 0 else "the ") + new
    elif edge.kind == "entity" and _evidence_determined(alignment, edge):
        # Whatever its label, a name the evidence writes with "the" ("The Rock") keeps it.
        claim_det = re.search(r"(?:^|(?<=\s))(the|a|an)\s+$", claim[:start], re.I)
        if claim_det is None:
            # "the" opens the noun phrase: a title in front of the old name goes ("Actor X" -> "The Rock").
            start = _titles_before_name(alignment, start)
            old = claim[start:end]
            new = ("The " if start == 0 else "the ") + new
    start, old, new = _article_for_name_or_noun(claim, alignment, edge, start, end, old, new)
    # The indefinite article agrees with the new word: widen the substitution to include it.
    before = claim[:start]
    m = re.search(r"(?:^|(?<=\s))(a|an|A|An)(\s+)$", before)
    article = _article_before_classifiers(alignment, edge, start) if new and edge.kind == "noun" \
        and _plural(alignment, edge) else None
    if article is not None:
        # "a" does not go with a plural, also when classifiers the correction keeps stand between:
        # "a role" -> "roles", "a voice role" -> "voice talents".
        new = re.sub(r"^\S+\s+", "", claim[article:start]) + new
        start = article
        old = claim[start:end]
        if start == 0:
            new = new[:1].upper() + new[1:]
    elif m and new:
        wanted = article_for(new)
        if wanted != m.group(1).lower():
            article = wanted if m.group(1).islower() else wanted.capitalize()
            start = m.start(1)
            old = claim[start:end]
            new = article + m.group(2) + new
    return Substitution(old, new, start, end, kind=_KIND.get(edge.kind, "phrase"), evidence=evidence_text,
                        evidence_locator=locator)


#: Words bounding an amount ("over 50 years", "more than 400"): they go with the number they bound.
_BOUND = re.compile(r"(?:^|(?<=\s))(more than|less than|fewer than|at least|at most|up to|over|under|about|around|"
                    r"nearly|almost|approximately|roughly)\s+$", re.I)

_BOUND_SENSE = {"more than": ">", "over": ">", "at least": ">", "less than": "<", "fewer than": "<", "under": "<",
                "at most": "<", "up to": "<", "nearly": "<", "almost": "<", "about": "~", "around": "~",
                "approximately": "~", "roughly": "~"}


def _with_bounds(claim: str, alignment: Alignment, edge, start: int, new: str) -> tuple[int, str]:
    """A number is replaced with its bound, the claim's going and the evidence's coming: "for over 50
    years" / "for three decades" -> "for 30 years", "sold 30 copies" / "sold more than 400" -> "sold
    more than 400 copies"."""
    mine = _BOUND.search(claim[:start])
    theirs = _BOUND.search(alignment.evidence[:edge.evidence_start]) if edge.evidence_start > 0 else None
    if mine is not None and theirs is not None and _BOUND_SENSE[mine.group(1).lower()] == \
            _BOUND_SENSE[theirs.group(1).lower()]:
        return start, new  # "about" / "around": the same bound in other words, the claim's wording stays
    if mine is not None:
        start = mine.start(1)
    if theirs is not None:
        new = theirs.group(1).lower() + " " + new
    return start, new


#: Adverbs that say "this and nothing else": the evidence that names another value does not say that.
EXCLUSIVE_FOCUS = frozenset({"solely", "exclusively", "purely", "entirely", "wholly"})


def _with_exclusive_focus(alignment: Alignment, edge, start: int) -> int:
    """An exclusive adverb on the replaced value goes with it: the evidence states the new value, not that
    it is the only one ("a solely Australian film" -> "an American film")."""
    doc = alignment.claim_doc
    first = next((t for t in doc if t.idx >= start), None)
    if first is None or first.i == 0:
        return start
    before = doc[first.i - 1]
    if before.lower_ in EXCLUSIVE_FOCUS and before.head.i >= first.i:
        return before.idx
    return start


def _titles_before_name(alignment: Alignment, start: int) -> int:
    """Start of the common-noun titles written before the name at ``start`` ("Actor", "singer")."""
    doc = alignment.claim_doc
    name = next((t for t in doc if t.idx == start), None)
    if name is None:
        return start
    i = name.i
    while i > 0 and doc[i - 1].dep_ == "compound" and doc[i - 1].pos_ == "NOUN" and not doc[i - 1].ent_type_ \
            and doc[i - 1].head.i >= name.i:
        i -= 1
    return doc[i].idx


def _evidence_determined(alignment: Alignment, edge) -> bool:
    """The evidence's name (or untagged proper noun) carries its own "the": "The Rock has played"."""
    edoc = alignment.evidence_doc
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if e is None or e.i == 0 or edoc.text[edge.evidence_start:edge.evidence_end] != edge.evidence_text:
        return False  # a name the alignment derived ("the European continent" -> Europe) has no article
    prev = edoc[e.i - 1]
    return prev.lower_ == "the" and prev.dep_ == "det" and edoc[e.i:].root.head.i != prev.i and (
        prev.head.i >= e.i and prev.head.idx < edge.evidence_end)


def _article_before_classifiers(alignment: Alignment, edge, start: int) -> int | None:
    """Where the indefinite article of the substitution at ``start`` begins, when nothing but compounds of
    the edge's noun stand between them ("a voice role"); None when there is no such article."""
    words = [t for t in alignment.claim_doc if t.idx < start]
    k = len(words)
    while k and words[k - 1].dep_ == "compound" and words[k - 1].head.idx == edge.claim_start:
        k -= 1
    return words[k - 1].idx if k and words[k - 1].text in ("a", "an", "A", "An") else None


def _plural(alignment: Alignment, edge) -> bool:
    """The evidence's noun is a plural where the claim's is not."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc or [] if t.idx <= edge.evidence_start < t.idx + len(t.text)), None)
    if c is None or e is None:
        return False
    e = alignment.evidence_doc[e.i:next((t.i for t in alignment.evidence_doc if t.idx >= edge.evidence_end),
                                        len(alignment.evidence_doc))].root
    return e.tag_ in ("NNS", "NNPS") and c.tag_ in ("NN", "NNP")


def _with_own_modifiers(alignment: Alignment, edge, end: int) -> int:
    """The replaced thing's own place goes with it when the evidence does not confirm it: "at the
    Residenztheater in Munich" corrected to "the Battle of Hastings" loses "in Munich", which located
    the theatre, not the battle."""
    doc = alignment.claim_doc
    tokens = [t for t in doc if edge.claim_start <= t.idx < edge.claim_end]
    if not tokens:
        return end
    root = doc[tokens[0].i:tokens[-1].i + 1].root
    # Only a place ("in Munich"): "a role in Underdog" names the film the role is in, not its location,
    # though the small model tags it as a place; WordNet knows the places it names.
    unconfirmed = {(e.claim_start, e.claim_end) for e in alignment.edges if e.op == UNCONFIRMED
                   and e.kind == "entity" and e.label in ("GPE", "LOC") and lexicon.place_kinds(e.claim_text)}
    for prep in root.rights:
        objects = [c for c in prep.children if c.dep_ == "pobj"]
        if prep.dep_ != "prep" or prep.i != tokens[-1].i + 1 or not objects:
            continue
        span = doc[objects[0].left_edge.i:objects[0].right_edge.i + 1]
        if any(s <= span.start_char and span.end_char <= e for s, e in unconfirmed):
            return span.end_char
    return end


def _article_for_name_or_noun(claim: str, alignment: Alignment, edge, start: int, end: int, old: str, new: str):
    """A name takes no article ("backup to the president" -> "backup to Alex Smith"); a common noun
    taking a name's place brings the evidence's article ("to Alex Smith" -> "to the president")."""
    edoc = alignment.evidence_doc
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if e is None or start == 0:
        return start, old, new
    e_root = edoc[e.i:next((t.i for t in edoc if t.idx >= edge.evidence_end), len(edoc))].root
    if re.match(r"(a|an|the)\s", new, re.I):
        return start, old, new  # the article came with the name already
    if edge.kind == "noun" and e_root.pos_ == "PROPN" and e_root.ent_type_:
        # A name replaces the whole noun phrase, its article and adjectives with it ("by an animation
        # company" -> "by DreamWorks Animation"), and brings its own "the" ("the Battle of Hastings").
        c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
        lefts = [t for t in c.lefts if t.dep_ in ("det", "amod", "compound", "nummod")] if c is not None else []
        if lefts and lefts[0].idx < start:
            start = lefts[0].idx
        elif (m := re.search(r"(?:^|(?<=\s))(a|an|the)\s+$", claim[:start], re.I)):
            start = m.start(1)
        if _evidence_determined(alignment, edge):
            new = ("The " if start == 0 else "the ") + new
        return start, claim[start:end], new
    elif edge.kind == "entity" and e_root.pos_ == "NOUN":
        # A common noun in a name's place comes with what makes it name one thing: "in Asia" -> "in
        # the African continent", not "in the continent".
        first = e_root.i
        # Noun classifiers and proper adjectives, not opinions ("talented cats" stays "cats").
        while first > 0 and edoc[first - 1].head.i == e_root.i and (
                edoc[first - 1].dep_ == "compound" and edoc[first - 1].pos_ == "NOUN"
                or edoc[first - 1].dep_ == "amod" and edoc[first - 1].text[:1].isupper()):
            first -= 1
        if first < e_root.i and new == e_root.text:
            new = edoc[first:e_root.i + 1].text
        article = next((c.lower_ for c in e_root.children if c.dep_ == "det" and c.lower_ in ("a", "an", "the")), None)
        if article and not re.search(r"(?:^|\s)(a|an|the)\s+$", claim[:start], re.I):
            return start, old, article + " " + new
    return start, old, new


def _verb_like(alignment: Alignment, edge, new: str) -> str:
    """The evidence's verb in the claim verb's form: a participle for a past tense ("written" ->
    "wrote")."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc if t.idx == edge.evidence_start), None)
    if c is None or e is None or c.tag_ == e.tag_:
        return new
    if e.pos_ == "NOUN":
        # The act the evidence names by a noun ("the threat to food security"): ``new`` is its verb.
        return third_person(new) if c.tag_ == "VBZ" else past_tense(new) if c.tag_ == "VBD" else new
    if e.tag_ == "VBN" and e.lemma_.lower() in PASSIVE_ONLY and c.tag_ in ("VBD", "VBZ"):
        return ("was " if c.tag_ == "VBD" else "is ") + new  # "graduated" -> "was born", not "bore"
    if c.tag_ == "VBD":
        return past_tense(e.lemma_.lower())
    return new


def _verb_preposition(verb):
    """The preposition or particle written right after ``verb`` and governed by it ("starred in")."""
    nxt = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if nxt is not None and nxt.head.i == verb.i and nxt.dep_ in ("prep", "prt", "dative", "agent"):
        return nxt
    return None


def _with_preposition(alignment: Alignment, edge, end: int, new: str) -> tuple[int, str]:
    """A verb goes with the preposition that introduces its complement: "starred in X" corrected by
    "directed X" becomes "directed X", and "directed X" by "starred in X" becomes "starred in X"."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc if t.idx == edge.evidence_start), None)
    if c is None or e is None or e.pos_ == "NOUN":
        return end, new  # a noun's preposition ("the threat to") is not its verb's
    mine, theirs = _verb_preposition(c), _verb_preposition(e)
    if mine is not None and _object_follows(e):
        return mine.idx + len(mine.text), new
    if theirs is not None and _object_follows(c):
        return end, f"{new} {theirs.text}"
    return end, new


def _object_follows(verb) -> bool:
    """The verb's direct object starts right after it ("directed the films ...")."""
    return any(child.dep_ == "dobj" and child.left_edge.i == verb.i + 1 for child in verb.children)


#: Words that negate the adjective written after them: "a non racial group" is not a racial group.
_NEGATING_WORDS = {"non", "not", "un", "anti", "never"}


def _negating_word_before(doc, index: int):
    prev = doc[index - 1] if index > 0 else None
    return prev if prev is not None and prev.lower_ in _NEGATING_WORDS and prev.pos_ != "VERB" else None


def _with_negating_prefix(alignment: Alignment, edge, start: int, new: str, ev_start: int):
    """An adjective goes with the word that negates it, on either side: "an ethnic group" -> "a non
    racial group", "a non racial group" -> "an ethnic group"."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc or [] if t.idx == edge.evidence_start), None)
    if c is None or e is None:
        return start, new, ev_start
    mine, theirs = _negating_word_before(c.doc, c.i), _negating_word_before(e.doc, e.i)
    if theirs is not None and ev_start == e.idx and (mine is None or mine.lower_ != theirs.lower_):
        new, ev_start = theirs.text + " " + new, theirs.idx
    if mine is not None and (theirs is None or mine.lower_ != theirs.lower_):
        start = mine.idx
    return start, new, ev_start


def _without_negative_prefix(edge, new: str) -> str:
    """The claim's own word less its negative prefix, where that is what the evidence says in other words:
    "insignificant funds" / "considerable funds" -> "significant funds" (WordNet's similar adjectives)."""
    old = edge.claim_text
    if " " in old or " " in new:
        return new
    for prefix in NEGATIVE_PREFIXES:
        base = old[len(prefix):]
        if old.lower().startswith(prefix) and len(base) > 3 and lexicon.similar_adjectives(base.lower(), new.lower()):
            return base
    return new


def _with_unconfirmed_classifiers(alignment: Alignment, edge, end: int) -> int:
    """And the other way round, an adjective goes with the noun classifiers after it that the evidence
    does not confirm, which it qualifies: "a psychological thriller film" -> "a romantic film"."""
    doc = alignment.claim_doc
    c = next((t for t in doc if t.idx == edge.claim_start), None)
    if c is None or c.pos_ != "ADJ":
        return end
    unconfirmed = {t.start for t in alignment.tokens if t.op == UNCONFIRMED}
    k = c.i + 1
    while k < len(doc) and doc[k].dep_ == "compound" and doc[k].pos_ == "NOUN" and doc[k].head.i == c.head.i \
            and doc[k].idx in unconfirmed:
        k += 1
    return doc[k - 1].idx + len(doc[k - 1].text) if k > c.i + 1 else end


def _modifier_phrase(alignment: Alignment, edge) -> tuple[str, int]:
    """The evidence's noun modifier with the adjectives qualifying it."""
    edoc = alignment.evidence_doc
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if e is None or e.dep_ != "compound":
        return edge.evidence_text, edge.evidence_start
    claim_words = {t.lemma_.lower() for t in alignment.claim_doc} | {t.lower_ for t in alignment.claim_doc}
    # Only its adjectives: "psychological thriller", but not "television horror" for "medical".
    ei = phrase_start(edoc, e.i, lambda t: t.dep_ == "amod" and t.lemma_.lower() not in claim_words
                       and t.lower_ not in claim_words)
    span = edoc[ei:e.i + 1]
    return span.text, span.start_char


def _with_compounds(alignment: Alignment, edge, start: int) -> tuple[int, str, int]:
    """A phrase for a phrase: "a music video" -> "an espionage film", "a political party" -> "a
    television series"; a bare noun for a bare noun ("a driver" -> "a model": the claim's granularity;
    "a fashion model" and "a drama film" fit the data as often as "a model" and "a film"). On the claim
    side the modifiers the evidence confirms stay ("an American series" -> "an American film"); on the
    evidence side the modifiers the claim already states are left out."""
    cdoc, edoc = alignment.claim_doc, alignment.evidence_doc
    c = next((t for t in cdoc if t.idx == edge.claim_start), None)
    e = next((t for t in edoc if t.idx == edge.evidence_start), None)
    if c is None or e is None:
        return start, edge.evidence_text, edge.evidence_start
    equal = {t.start for t in alignment.tokens if t.op == EQUAL}
    claim_words = {t.lemma_.lower() for t in cdoc} | {t.lower_ for t in cdoc}
    ci = phrase_start(cdoc, c.i, lambda t: t.idx not in equal)
    head = coordinated_noun(edoc, e.i)
    if ci == c.i:
        if head != e.i:
            return start, edoc[head].text, edoc[head].idx  # "a website" -> "a channel", not "a cable"
        return start, edge.evidence_text, edge.evidence_start  # a bare noun is replaced by a bare noun
    # Left out too: evidence words the alignment found the claim saying in other words ("distinct" /
    # "distinctive bass playing style" -> "a distinct bass playing style").
    stated = {x.evidence_text.lower() for x in alignment.edges if x.op == EQUAL}
    ei = phrase_start(edoc, e.i, lambda t: t.lemma_.lower() not in claim_words and t.lower_ not in claim_words
                      and t.lower_ not in stated)
    if head != e.i:
        # "a porn website" -> "a cable and satellite television channel": the coordination is one phrase.
        span = edoc[ei:head + 1]
        return cdoc[ci].idx, span.text, span.start_char
    if ei == e.i:
        # A bare evidence noun replaces the claim's noun with its compounds ("a television series" ->
        # "a murderer"); the claim's adjectives stay ("a dark atmosphere" -> "a dark setting").
        ci = phrase_start(cdoc, c.i, lambda t: t.idx not in equal and t.dep_ == "compound")
        return cdoc[ci].idx, edge.evidence_text, edge.evidence_start
    span = edoc[ei:e.i + 1]
    return cdoc[ci].idx, span.text, span.start_char


def _no_object(verb):
    """The "no" of an object that negates the predicate ("had no children"), else None."""
    return next((g for c in verb.children if c.dep_ == "dobj" for g in c.children
                 if g.lower_ == "no" and g.dep_ == "det"), None)


def _affirm_object(claim: str, no, sub) -> Substitution:
    """ "no" replaced as the predicate is affirmed: dropped before a plural ("had no children" -> "had
    children"), an article before a singular ("has no king" -> "has a king", "has no other name" -> "has
    another name")."""
    start, end = no.idx, no.idx + len(no.text)
    nxt = no.doc[no.i + 1] if no.i + 1 < len(no.doc) else None
    if no.head.tag_ in ("NNS", "NNPS"):
        return sub(start, end + (1 if claim[end:end + 1] == " " else 0), "")
    if nxt is not None and nxt.lower_ == "other":
        return sub(start, nxt.idx + len(nxt.text), "another")
    return sub(start, end, article_for(nxt.text if nxt is not None else no.head.text))


def _polarity_substitution(claim: str, alignment: Alignment, evidence_text: str, locator: str,
                           taken: list[tuple[int, int]]) -> tuple[Substitution | None, str]:
    doc = alignment.claim_doc
    root = doc[:].root
    edge = next((e for e in alignment.edges if e.kind == "negation"), None)

    def sub(i: int, j: int, new: str) -> Substitution:
        return Substitution(claim[i:j], new, i, j, kind="negation", evidence=evidence_text,
                            evidence_locator=locator)

    implicative = negative_implicative(doc) if alignment.claim_negated else None
    if implicative is not None:
        return _drop_implicative(claim, alignment, implicative, sub), ""
    other = other_than(doc) if alignment.claim_negated else None
    if other is not None:
        # "is something other than an Indian film" -> "is an Indian film"
        first, than = other
        end = than.idx + len(than.text)
        return sub(first.idx, end + (1 if claim[end:end + 1] == " " else 0), ""), ""
    if alignment.claim_negated:
        negs = [t for t in doc if t.dep_ == "neg" or t.lower_ in ("not", "n't", "never")]
        if not negs:
            no = _no_object(root)
            return (_affirm_object(claim, no, sub) if no is not None else None), ""
        neg = negs[0]
        if neg.lower_ == "no" and neg.head.lower_ == "longer" and neg.head.i == neg.i + 1:
            # "no longer sells" -> "sells": the two words go together
            end = neg.head.idx + len(neg.head.text)
            return sub(neg.idx, end + (1 if claim[end:end + 1] == " " else 0), ""), ""
        verb = neg.head if neg.head.pos_ in ("VERB", "AUX") else root
        new_verb_text = None
        ev_doc = alignment.evidence_doc
        if edge is not None and ev_doc is not None:
            ev = next((t for t in ev_doc if t.idx == edge.evidence_start), None)
            # "was not damaged" where the evidence says "was destroyed": take the evidence's predicate.
            # Not a verb the claim already uses elsewhere ("has not changed in size as it evolved" /
            # "has evolved"): that one is another event of the claim, not its predicate.
            if (ev is not None and ev.pos_ == "VERB" and verb.pos_ == "VERB" and ev.tag_ == verb.tag_
                    and ev.lemma_.lower() != verb.lemma_.lower()
                    and ev.lemma_.lower() not in {t.lemma_.lower() for t in doc}):
                new_verb_text = ev.text
        aux = [c for c in verb.children if c.dep_ in ("aux",) and c.lemma_.lower() == "do" and c.i < neg.i]
        if aux and neg.i == aux[0].i + 1 and verb.i > neg.i:
            a = aux[0]
            lemma = verb.lemma_.lower()
            if new_verb_text:
                form = new_verb_text
            elif a.lower_ in ("did",):
                form = past_tense(lemma)
            elif a.lower_ in ("does",):
                form = third_person(lemma)
            else:
                form = lemma
            if a.text[:1].isupper():
                form = form[:1].upper() + form[1:]
            return sub(a.idx, verb.idx + len(verb.text), form), ""
        start = neg.idx
        end = neg.idx + len(neg.text)
        if neg.lower_ == "n't":
            host = doc[neg.i - 1] if neg.i > 0 else None
            if host is not None and host.lower_ in ("ca", "wo", "sha"):
                fixed = {"ca": "can", "wo": "will", "sha": "shall"}[host.lower_]
                return sub(host.idx, end, fixed if host.text.islower() else fixed.capitalize()), ""
        else:
            # remove the word and one neighbouring space
            if end < len(claim) and claim[end] == " ":
                end += 1
            elif start > 0 and claim[start - 1] == " ":
                start -= 1
        if new_verb_text and verb.i > neg.i:
            return sub(start, verb.idx + len(verb.text), new_verb_text), ""
        if neg.lower_ == "not" and _added_conjunct(alignment, verb):
            # "is not a model" / "an American actress and model" -> "is also a model": one more thing
            # the subject is, beside what the evidence names first.
            return sub(neg.idx, neg.idx + len(neg.text), "also"), ""
        return sub(start, end, ""), ""

    # The claim asserts what the evidence negates: negate the main predicate.
    verb = root
    ev = next((t for t in alignment.evidence_doc or [] if edge is not None and t.idx == edge.evidence_start), None)
    if ev is not None and verb.pos_ == "VERB" and opposite_directions(verb.lemma_.lower(), ev.lemma_.lower()):
        # "fell by 5%" -> "increased by 5%": the evidence's verb of change, in the claim's form.
        inflect = {"VBD": past_tense, "VBN": past_participle, "VBZ": third_person}.get(verb.tag_, lambda lemma: lemma)
        return sub(verb.idx, verb.idx + len(verb.text), ev.text if ev.tag_ == verb.tag_ else inflect(ev.lemma_)), ""
    still = next((c for c in verb.children if c.lower_ == "still" and c.dep_ == "advmod"), None)
    if still is not None:
        return sub(still.idx, still.idx + len(still.text), "no longer"), ""  # "still sells" -> "no longer sells"
    if verb.pos_ not in ("VERB", "AUX"):
        return None, "the evidence negates the claim, but its predicate could not be negated automatically"
    ev_doc = alignment.evidence_doc
    construction = _evidence_implicative(alignment, edge, verb)
    if construction is not None:
        # "helped to co-found" / "died before helping to co-found": the evidence's own way of saying it
        # did not happen, in place of a bare "not".
        text = construction if verb.i else construction[:1].upper() + construction[1:]
        return sub(verb.idx, verb.idx + len(verb.text), text), ""
    word = "never" if ev_doc is not None and any(t.lower_ == "never" for t in ev_doc) else "not"
    auxes = sorted([c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i], key=lambda t: t.i)
    if auxes and auxes[0].lemma_.lower() == "get" and word == "not":
        verb = auxes[0]  # "got married" -> "did not get married": "get" takes "do" as a main verb does
        auxes = []
    host = auxes[0] if auxes else (verb if verb.lemma_.lower() == "be" or verb.tag_ == "MD" else None)
    if host is not None:
        end = host.idx + len(host.text)
        nxt = doc[host.i + 1] if host.i + 1 < len(doc) else None
        if nxt is not None and nxt.lower_ in ("also", "too") and nxt.idx == end + 1:
            end = nxt.idx + len(nxt.text)  # "is also a model" -> "is not a model"
        joined = host.lower_ == "can" and word == "not"  # "cannot", as it is written
        return sub(host.idx, end, host.text + ("" if joined else " ") + word), ""
    if word == "never":
        return sub(verb.idx, verb.idx + len(verb.text), "never " + verb.text if verb.i else "Never " + verb.lower_), ""
    lemma = verb.lemma_.lower()
    if verb.tag_ == "VBD":
        do = "did"
    elif verb.tag_ == "VBZ":
        do = "does"
    elif verb.tag_ == "VBP":
        do = "do"
    else:
        return None, "the evidence negates the claim, but its predicate could not be negated automatically"
    # An adverb written before the verb goes after the negation: "only worked in film" -> "did not only
    # work in film", not "only did not work".
    first = verb.i
    while first > 0 and doc[first - 1].dep_ == "advmod" and doc[first - 1].head.i == verb.i:
        first -= 1
    adverbs = "".join(t.text_with_ws for t in doc[first:verb.i])
    if first == 0:
        do = do.capitalize()
        adverbs = adverbs[:1].lower() + adverbs[1:]
    return sub(doc[first].idx, verb.idx + len(verb.text), f"{do} not {adverbs}{lemma}"), ""


def _added_conjunct(alignment: Alignment, verb) -> bool:
    """The complement of the claim's copula is, in the evidence, a later conjunct of the evidence's
    complement ("an American actress and model")."""
    if verb.lemma_.lower() != "be" or alignment.evidence_doc is None:
        return False
    attr = next((c for c in verb.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    edge = next((e for e in alignment.edges if attr is not None and e.claim_start == attr.idx and e.op == EQUAL
                 and e.evidence_start >= 0), None)
    e = next((t for t in alignment.evidence_doc if edge is not None and t.idx == edge.evidence_start), None)
    return e is not None and e.dep_ == "conj" and e.head.dep_ == "attr" and e.head.head.lemma_.lower() == "be"


def _evidence_implicative(alignment: Alignment, edge, verb) -> str | None:
    """The evidence's negative implicative construction ending in the claim's verb ("declined to model",
    "died before helping", "is yet to write"), when its finite verb has the claim verb's tense; else
    None."""
    ev_doc = alignment.evidence_doc
    if edge is None or ev_doc is None:
        return None
    ev = next((t for t in ev_doc if t.idx == edge.evidence_start), None)
    if ev is None or ev.lemma_.lower() != verb.lemma_.lower() or ev.pos_ != "VERB":
        return None
    governor = None
    if ev.dep_ == "xcomp" and (ev.head.lemma_.lower() in NEGATIVE_IMPLICATIVES or yet_to(ev.head)):
        governor = ev.head  # "declined to model", "is yet to write"
    elif ev.dep_ in ("pcomp", "pobj") and ev.head.lower_ == "before" and ev.head.head.lemma_.lower() == "die":
        governor = ev.head.head  # "died before helping"
    if governor is None or governor.i > ev.i or governor.tag_ != verb.tag_ \
            or any(t.is_punct for t in ev_doc[governor.i:ev.i]):
        return None
    return ev_doc[governor.i:ev.i + 1].text


#: Determiners that change with the polarity: "did not write any novels" / "wrote some novels".
_POLARITY_ITEMS = {"any": "some", "some": "any"}


def _polarity_items(claim: str, alignment: Alignment, flip: Substitution, evidence_text: str,
                    locator: str) -> list[Substitution]:
    """ "any" under a negation becomes "some" when the negation goes, and "some" becomes "any" when one
    comes: the determiners of the predicate's objects after the flipped words."""
    removed = alignment.claim_negated
    out = []
    for t in alignment.claim_doc:
        if t.dep_ != "det" or t.lower_ not in _POLARITY_ITEMS or t.idx < flip.end:
            continue
        if (t.lower_ == "any") != removed:
            continue  # "some" under a negation, "any" in an assertion: left as written
        if t.head.dep_ not in ("dobj", "pobj", "attr"):
            continue
        out.append(Substitution(t.text, _POLARITY_ITEMS[t.lower_], t.idx, t.idx + len(t.text), kind="negation",
                                evidence=evidence_text, evidence_locator=locator))
    return out


def _concessive_flip(claim: str, alignment: Alignment, evidence_text: str, locator: str) -> list[Substitution]:
    """A cause goes with the polarity: what holds because of something, and is said not to hold, does
    not hold despite it ("is a tourist destination because of the Beatles" -> "is not a tourist
    destination despite the Beatles"), and the other way round ("is not ... despite of" -> "is ...
    because of"). Only the prepositions, whose object is a noun phrase; a clause of reason is left alone."""
    doc = alignment.claim_doc
    out = []
    for t in doc:
        if t.lower_ not in ("because", "despite") or t.i + 1 >= len(doc):
            continue
        nxt = doc[t.i + 1]
        has_of = nxt.lower_ == "of"
        if t.lower_ == "because" and not has_of:
            continue  # "because it rained": a clause
        end = nxt.idx + len(nxt.text) if has_of else t.idx + len(t.text)
        new = "despite" if t.lower_ == "because" else "because of"
        if t.text[:1].isupper():
            new = new.capitalize()
        out.append(Substitution(claim[t.idx:end], new, t.idx, end, kind="negation", evidence=evidence_text,
                                evidence_locator=locator))
    return out


def _drop_implicative(claim: str, alignment: Alignment, implicative, sub) -> Substitution:
    """"refused to model" -> "modelled", "was unable to appear" -> "appeared", "has yet to appear" ->
    "appeared": the complement verb in the tense of the construction, the implicative dropped."""
    doc = alignment.claim_doc
    finite, verb = doc[implicative.start], doc[implicative.verb]
    lemma = verb.lemma_.lower()
    modal = finite.tag_ == "MD"  # "will refuse to go" -> "will go"
    past = finite.tag_ == "VBD" or finite.lemma_.lower() == "have"  # "has yet to appear" -> "appeared"
    if verb.tag_ == "VBN":
        form = _passive_form(finite, verb) + " " + verb.text  # "has yet to be surpassed" -> "has been surpassed"
    elif modal or finite.tag_ in ("VB", "VBP") and not past:
        form = lemma
    elif past:
        # The evidence's own spelling of the same verb ("modelled", not "modeled") when it has one.
        same = next((e for e in alignment.evidence_doc or [] if e.lemma_.lower() == lemma
                     and e.tag_ in ("VBD", "VBN")), None)
        form = same.text if same is not None else past_tense(lemma)
    else:
        form = third_person(lemma)
    if modal and verb.tag_ != "VBN":
        form = finite.text + " " + form
    if implicative.start == 0 and not modal:
        form = form[:1].upper() + form[1:]
    end = verb.idx + len(verb.text)
    as_of = next((t for t in doc[verb.i + 1:] if t.lower_ == "as" and t.head.i == verb.i
                  and any(as_of_date(d) for d in t.subtree)), None)
    if yet_to(finite) and as_of is not None and as_of.i - 1 > verb.i:
        # "has yet to appear in a film as of 2016" -> "appeared in a film": the date the "not yet" held
        # at goes with it.
        before, last = doc[as_of.i - 1], as_of.right_edge
        return sub(finite.idx, last.idx + len(last.text), form + claim[end:before.idx + len(before.text)])
    return sub(finite.idx, end, form)


def _passive_form(finite, verb) -> str:
    """The auxiliaries of a passive whose implicative is dropped, in the construction's tense and the
    subject's number: "will be", "has been", "were", "is"."""
    if finite.tag_ == "MD":
        return finite.text + " be"
    if finite.lemma_.lower() == "have":
        return finite.text.lower() + " been"
    subject = next((c for c in verb.doc[:].root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    plural = subject is not None and (subject.tag_ in ("NNS", "NNPS") or subject.lower_ in ("they", "we", "you"))
    if finite.lemma_.lower() == "be":
        return finite.text.lower()  # "was unable to be completed" -> "was completed"
    if finite.tag_ == "VBD":
        return "were" if plural else "was"
    return "are" if plural else "is"


def suggest_correction(claim: str, evidence, alignment: Alignment | None = None,
                       locator: str | None = None, contradicted: bool = False,
                       elsewhere: tuple[str, ...] = ()) -> Suggestion | None:
    """A minimal correction of ``claim`` from one evidence sentence (a str or an ``Evidence``), or None.

    Every substitution carries the evidence sentence and its locator so a reviewer can accept or reject
    each one; slots the evidence does not cover are listed in ``note``, unless one of the claim's other
    evidence sentences (``elsewhere``) names them. ``contradicted``: the checker has already judged that
    this evidence contradicts the claim; when no slot differs, the correction is then the claim's
    negation (what the evidence, by contradicting it, says).
    """
    evidence_text = getattr(evidence, "text", evidence) or ""
    if locator is None:
        source, loc = getattr(evidence, "source", ""), getattr(evidence, "locator", "")
        locator = f"{source}: {loc}" if source and loc else (loc or source or "")
    if not claim or not claim.strip() or not evidence_text.strip():
        return None
    if alignment is None or alignment.claim != claim or alignment.evidence != evidence_text \
            or alignment.claim_doc is None:
        alignment = align(claim, evidence_text)
    subs: list[Substitution] = []
    # When the polarity is what differs, only the polarity flips; names, numbers and dates are still
    # corrected. Under a predicate the evidence negates, its words say what is not the case; under one
    # it affirms, a differing word is more likely a paraphrase ("main" / "predominant flavour") than a
    # second error in the same claim.
    for edge in alignment.edges:
        if alignment.polarity_mismatch and edge.kind in ("noun", "attribute", "classifier", "phrase"):
            continue
        if edge.op == SUBSTITUTED and edge.kind != "negation" and edge.evidence_text:
            subs.append(_slot_substitution(claim, alignment, edge, evidence_text, locator))
    notes = []
    if alignment.polarity_mismatch:
        s, why = _polarity_substitution(claim, alignment, evidence_text, locator,
                                        [(x.start, x.end) for x in subs])
        if s is not None:
            subs.append(s)
            subs.extend(_polarity_items(claim, alignment, s, evidence_text, locator))
            subs.extend(_concessive_flip(claim, alignment, evidence_text, locator))
        elif why:
            notes.append(why)
    if not subs and contradicted and not alignment.polarity_mismatch and _negatable(alignment):
        s, why = _polarity_substitution(claim, alignment, evidence_text, locator, [])
        if s is not None:
            subs = [s, *_polarity_items(claim, alignment, s, evidence_text, locator)]
            notes.append("no slot of it differs from the evidence, which contradicts it: its negation")
    subs = _without_overlaps(subs)
    uncovered = [e for e in alignment.edges if e.op == UNCONFIRMED and e.kind in ("entity", "number", "date", "code")
                 and not any(_names(text, e.claim_text) for text in elsewhere)]
    if uncovered:
        notes.append("the evidence does not cover " + ", ".join(f"'{e.claim_text}' ({e.kind})" for e in uncovered)
                     + "; left as written")
    if not subs:
        return None
    corrected = apply_substitutions(claim, subs)
    if corrected == claim:
        return None
    return Suggestion(corrected, subs, "; ".join(notes))


def _names(text: str, slot: str) -> bool:
    """``text`` states the slot's words as written ("Queensland" in "off the coast of Queensland,")."""
    return re.search(rf"(?<!\w){re.escape(slot.casefold())}(?!\w)", text.casefold()) is not None


def _negatable(alignment: Alignment) -> bool:
    """The claim's negation can be written: its predicate's own negation is dropped ("is not a musician"
    -> "is a musician", "was unable to appear" -> "appeared"), or it has no denying word for a "not" to
    double ("did not have no relation", "does not have yet to be surpassed")."""
    doc = alignment.claim_doc
    return alignment.claim_negated or not (any(t.lower_ in NEGATIONS for t in doc) or any(yet_to(t) for t in doc))


def _without_overlaps(subs: list[Substitution]) -> list[Substitution]:
    kept: list[Substitution] = []
    for s in sorted(subs, key=lambda s: (s.start, -(s.end - s.start))):
        if any(s.start < k.end and k.start < s.end for k in kept):
            continue
        kept.append(s)
    return kept


__all__ = ["suggest_correction", "apply_substitutions", "article_for", "third_person", "past_tense",
           "EQUAL", "SUBSTITUTED", "UNCONFIRMED"]
