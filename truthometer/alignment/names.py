"""Names: whether the evidence names the same entity (full name, surname, fuzzy spelling, acronym), another
field or title under the same name ("the Nobel Prize in Chemistry" / "in Physics"), a place of the same
kind or one within it, the subject named only inside a clause about another subject, and names that are
no counterpart at all (a name renaming the subject, one derived from the claim's, a word inside a name).
"""
from __future__ import annotations

import re

from rapidfuzz import fuzz

from ..text import lexicon
from ..text.names import ACRONYM_SKIPS, SHORT_GIVEN_NAMES, abbreviates, acronym, initials
from .base import (_FAMILY, NUMERIC_LABELS, OTHER_SUBJECT, SUBSTITUTED, Edge, Slot, _in_subject, entity_of,
                   normalise)
from .classifiers import _is_classifier, phrase_start
from .similarity import FUZZY_THRESHOLD
from .slots import _QUOTES
from .words import _same_stem, _spelt_alike


_COMPASS = {"north", "south", "east", "west", "northern", "southern", "eastern", "western", "central",
            "northeast", "northwest", "southeast", "southwest", "northeastern", "northwestern", "southeastern",
            "southwestern", "upper", "lower"}


def _another_field(name, evidence):
    """A name of the form "X in Y" / "X of Y" the evidence writes with the same X and another Y ("the Nobel
    Prize in Chemistry" / "the 1921 Nobel Prize in Physics", "the University of Oxford" / "the University of
    Cambridge"): (the claim's Y, the evidence's Y) as Spans, else None."""
    at = next((t.i for t in name if t.lower_ in ("in", "of") and t.i > name.start), None)
    if at is None or at + 1 >= name.end:
        return None
    head = [t.lower_ for t in name[:at - name.start] if t.lower_ != "the"]
    mine = name.doc[at + 1:name.end]
    if not head or not all(t.text[:1].isupper() for t in mine):
        return None
    words = [t.lower_ for t in evidence]
    for k in range(len(words) - len(head)):
        after = k + len(head)
        if words[k:after] == head and after < len(words) and words[after] == name.doc[at].lower_:
            j = start = k + len(head) + 1
            while j < len(evidence) and evidence[j].text[:1].isupper() and evidence[j].pos_ == "PROPN":
                j += 1
            if j > start and normalise(evidence[start:j].text) != normalise(mine.text):
                return mine, evidence[start:j]
    return None


def _another_title(name, evidence):
    """A name of the form "X of Y" the evidence writes with another X and the same Y ("the President of
    Germany" / "Chancellor of Germany"): (the claim's X, the evidence's X) as Spans, else None."""
    at = next((t.i for t in name if t.lower_ == "of" and t.i > name.start), None)
    if at is None or at + 1 >= name.end:
        return None
    start = name.start + (1 if name[0].lower_ == "the" else 0)
    mine, place = name.doc[start:at], [t.lower_ for t in name.doc[at + 1:name.end]]
    if not len(mine) or not all(t.text[:1].isupper() for t in mine):
        return None
    words = [t.lower_ for t in evidence]
    for k, word in enumerate(words):
        if word == "of" and words[k + 1:k + 1 + len(place)] == place:
            j = k
            while j > 0 and evidence[j - 1].text[:1].isupper() and evidence[j - 1].pos_ in ("PROPN", "NOUN"):
                j -= 1
            if j < k and normalise(evidence[j:k].text) != normalise(mine.text):
                return mine, evidence[j:k]
    return None


def _maybe_within(claim_span, evidence, best: Slot) -> bool:
    """The claim names a country or continent, the evidence a smaller or unknown place and no place of
    the claim's kind: "born in Italy" / "born in Vinci, in the Republic of Florence" may say the same."""
    mine = lexicon.place_kinds(claim_span.text) & {"country", "continent"}
    return bool(mine) and claim_span.root.dep_ not in ("compound", "amod", "nmod", "poss") \
        and not lexicon.place_kinds(evidence[best.i:best.j].text) & mine \
        and _place_of_the_same_kind(claim_span.text, evidence, best) is None


def _place_of_the_same_kind(claim_text: str, evidence, best: Slot):
    """A place for a place of the same kind (continent, country, city; by WordNet): where the chosen
    counterpart of the claim's place is another kind of place ("in Europe" / "together with Sydney") or
    the place of another place ("together with Stavanger , Norway"), the evidence's place of the claim's
    kind, or the place an adjective of origin names ("European Capital of Culture" -> Europe). Returns
    (evidence token, place name) or None."""
    mine = lexicon.place_kinds(claim_text)
    if not mine or lexicon.place_kinds(evidence[best.i:best.j].text) & mine \
            and not _locates_a_place(evidence[best.i:best.j].root):
        return None
    for ent in evidence.ents:
        if ent.label_ in ("GPE", "LOC") and ent.text.lower() != claim_text.lower() \
                and lexicon.place_kinds(ent.text) & mine and not _locates_a_place(ent.root):
            return ent[0], ent.text
        # A part of a place named by its direction stands for the place at the claim's granularity:
        # "a country in Europe" / "in North Africa" -> "in Africa".
        k = next((k for k in range(1, len(ent)) if ent[k - 1].lower_ in _COMPASS), None)
        if ent.label_ in ("GPE", "LOC") and k is not None and all(t.lower_ in _COMPASS for t in ent[:k]) \
                and ent[k:].text.lower() != claim_text.lower() and lexicon.place_kinds(ent[k:].text) & mine:
            return ent[k], ent[k:].text
    for t in evidence:
        if t.text[:1].isupper() and t.pos_ in ("ADJ", "PROPN"):  # the small NER may call it a name's part
            place = lexicon.place_of(t.text)
            if place and place.lower() != claim_text.lower() and lexicon.place_kinds(place) & mine:
                return t, place
    return None


def _locates_a_place(tok) -> bool:
    """A place in apposition to a place ("Stavanger , Norway") says where that place is, not where the
    claim's subject is (the small model often leaves the first place untagged) - unless that place is
    where something is or comes from ("born in Paris , France")."""
    head = tok.head
    return tok.dep_ == "appos" and head.pos_ == "PROPN" and head.ent_type_ in ("GPE", "LOC", "") \
        and not (head.dep_ == "pobj" and head.head.lower_ in ("in", "at", "near", "from"))


def _substitute(edge: Edge, span, used: set) -> None:
    edge.op, edge.evidence_text, edge.score, edge.label = SUBSTITUTED, span.text, 1.0, OTHER_SUBJECT
    edge.evidence_start, edge.evidence_end = span.start_char, span.end_char
    used.add((span.start, span.end))


def _subject_with_clause_naming(claim, slot: Slot, evidence, index: int):
    """The evidence's subject, when the claim's subject is named only inside a relative clause about it:
    "Zirconium, which sits directly below titanium, has atomic number 40" states Zirconium's number, not
    titanium's. Returns the subject's noun phrase (a Span), or None."""
    if not _in_subject(claim, slot):
        return None
    other = _subject_of_the_main_clause(claim, evidence, index) or _holder_of_the_role(claim, evidence, index)
    if other is not None:
        # A subject the claim names itself is no other one ("Jupiter, the fifth planet from the Sun, is the
        # biggest planet" / "Jupiter is the fifth planet from the Sun and the largest").
        return None if normalise(other.text) in normalise(claim.text) else other
    if any(a.dep_ == "relcl" for a in claim[slot.i].ancestors):
        return None  # the claim says it in a relative clause too: "a car that was in 11th place pulls off"
    for a in evidence[index].ancestors:
        if a.dep_ != "relcl":
            continue
        if a.lemma_.lower() in ("know", "call", "name", "nickname", "dub", "refer", "rename", "title"):
            return None  # "Seo Ju-hyun, who is known as Seohyun": another name of the same subject
        head = a.head
        # A clause about the claim's own subject describes it ("Blossom end rot, the dark sunken patch ..." /
        # "Blossom end rot, which appears as a dark, sunken patch ..."): no other subject.
        mine = next((c for c in claim[:].root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if mine is not None and mine.lemma_.lower() == head.lemma_.lower():
            return None
        if head.dep_ in ("nsubj", "nsubjpass") and head.head.dep_ == "ROOT" and head.pos_ in ("NOUN", "PROPN") \
                and head.lemma_.lower() != claim[slot.i:slot.j].root.lemma_.lower():
            ent = entity_of(head)
            return ent if ent is not None else evidence[phrase_start(evidence, head.i, _is_classifier):head.i + 1]
        return None
    return None


def _holder_of_the_role(claim, evidence, index: int):
    """The evidence's subject, when the claim gives its subject a role only one thing holds ("Kyoto is
    the capital of Japan", "Mercury is the hottest planet") and the evidence gives that role to its own
    subject, naming the claim's only beside it ("Tokyo has been Japan's capital since 1868, replacing
    Kyoto"; "Venus is the hottest planet ..., hotter even than Mercury"). Returns the subject (a Span)."""
    mine, theirs = claim[:].root, evidence[:].root
    if mine.lemma_.lower() != "be" or theirs.lemma_.lower() != "be":
        return None
    if mine.tag_ == "VBD" and theirs.tag_ != "VBD":
        return None  # "Kyoto was the capital" is not what "Tokyo has been the capital since 1868" denies
    role = next((c for c in mine.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    held = next((c for c in theirs.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    if role is None or held is None or role.lemma_.lower() != held.lemma_.lower() or not (
            _one_holder(role) and _one_holder(held)):
        return None
    subject = next((c for c in theirs.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"), None)
    found = evidence[index]
    if subject is None or subject.left_edge.i <= index <= subject.right_edge.i or found.head.i == theirs.i:
        return None
    ent = entity_of(subject)
    return ent if ent is not None else evidence[subject.left_edge.i:subject.i + 1]


def _one_holder(noun) -> bool:
    """A role only one thing holds: "the capital", "Japan's capital", "the hottest planet" (the, a
    possessor or a superlative), not "a city"."""
    kids = list(noun.children)
    return any(c.dep_ == "poss" for c in kids) or any(c.lower_ == "the" for c in kids) and (
        any(c.tag_ == "JJS" or c.lower_ in ("first", "last", "only") for c in kids)
        or any(c.dep_ == "prep" and c.lower_ == "of" for c in kids))


def _subject_of_the_main_clause(claim, evidence, index: int):
    """The subject of the evidence's main verb, when that verb is the claim's and the claim's subject is
    the subject of a clause beside it with a verb of its own: "Armstrong and Aldrin walked on the Moon while
    Michael Collins remained in lunar orbit" says that Collins remained, and who walked. Returns the
    subject with its conjuncts (a Span), or None."""
    mine, found = claim[:].root, evidence[index]
    while found.dep_ in ("compound", "flat") and found.head.i != found.i:
        found = found.head
    verb = found.head
    if found.dep_ not in ("nsubj", "nsubjpass") or verb.dep_ != "advcl" or verb.pos_ not in ("VERB", "AUX"):
        return None
    main = verb.head
    if main.dep_ != "ROOT" or main.pos_ != "VERB" or mine.pos_ != "VERB" or main.lemma_ != mine.lemma_ \
            or verb.lemma_ == mine.lemma_:
        return None
    subject = next((t for t in main.children if t.dep_ in ("nsubj", "nsubjpass") and t.pos_ in ("NOUN", "PROPN")), None)
    if subject is None:
        return None
    last = max([subject, *(t for t in subject.subtree if t.dep_ == "conj")], key=lambda t: t.i)
    return evidence[min(t.i for t in subject.subtree):last.i + 1]


def _acronym_span(claim_span, doc) -> tuple[int, int] | None:
    """Where ``doc`` names ``claim_span`` by its acronym or spells its acronym out: "NASA" / "the National
    Aeronautics and Space Administration", "Chechen-Ingush ASSR" / "Chechen-Ingush Autonomous Soviet
    Socialist Republic", and the other way round."""
    mine = acronym(claim_span.text)
    if mine is not None:
        return _spelt_out(mine, doc)
    found = next(((t.i, t.i + 1) for t in doc if abbreviates(t.text, claim_span.text)), None)
    last = acronym(claim_span[-1].text) if len(claim_span) > 1 else None
    if found is not None or last is None:
        return found
    # A name ending in an acronym: its other words, then the acronym spelt out.
    run, words = _spelt_out(last, doc), normalise(claim_span[:-1].text)
    if run is None:
        return None
    start = next((k for k in range(run[0] - 1, max(run[0] - 6, -1), -1)
                  if normalise(doc[k:run[0]].text) == words), None)
    return (start, run[1]) if start is not None else None


def _spelt_out(letters: str, doc) -> tuple[int, int] | None:
    """The capitalised words of ``doc`` whose initials are ``letters``: "World Health Organization"."""
    for i, t in enumerate(doc):
        if not t.text[:1].isupper() or t.lower_ in ACRONYM_SKIPS:
            continue
        j, words = i, []
        while j < len(doc) and len(initials(words)) < len(letters) and (
                doc[j].text[:1].isupper() or doc[j].lower_ in ACRONYM_SKIPS and words):
            words.append(doc[j].text)
            j += 1
        if initials(words) == letters and len(words) > 1:
            return i, j
    return None


def _same_entity(claim, slot: Slot, evidence) -> tuple[int, int] | None:
    """Where the evidence names the same entity (full name, surname of a person, fuzzy spelling, an
    acronym of it)."""
    target = slot.value
    etext = normalise(evidence.text)
    if not target:
        return None
    spelt = _acronym_span(claim[slot.i:slot.j], evidence)
    if spelt is not None:
        return spelt
    if re.search(rf"\b{re.escape(target)}\b", etext):
        return _find_span(evidence, target)
    words = [w for w in target.split() if len(w) > 2]
    if slot.label == "PERSON" and len(words) > 1:
        # "Penelope Cruz" is confirmed by "Cruz", "Tatum O'Neal" by "O'Neal" (one token, two words normalised).
        for surname in dict.fromkeys((normalise(claim[slot.j - 1].text), words[-1])):
            if surname and re.search(rf"\b{re.escape(surname)}\b", etext):
                found = _find_span(evidence, surname)
                if found is not None and not _another_given_name(claim[slot.i:slot.j - 1], evidence, found[0]):
                    return found
    mine = set(target.split()) - {"the", "of", "and"}
    if len(mine) == 1 and len(target) >= 4:
        # A place and its adjective are one name: "in Africa" / "the African continent".
        demonym = next((t for t in evidence if t.text[:1].isupper() and normalise(t.text).startswith(target)
                        and 0 < len(normalise(t.text)) - len(target) <= 3), None)
        if demonym is not None:
            return demonym.i, demonym.i + 1
    for t in evidence:
        # A name spelt another way ("Hickman" / "Hickam", "Faroe" / "Faeroes") is the same name.
        v = normalise(t.text)
        # The first letter must agree: "Hollywood" / "Bollywood" are two names.
        if t.pos_ == "PROPN" and len(v) >= 5 and any(len(w) >= 5 and w[0] == v[0] and w != v
                                                     and _spelt_alike(w, v) for w in mine):
            ent = entity_of(t)
            return (ent.start, ent.end) if ent is not None else (t.i, t.i + 1)
    for ent in evidence.ents:
        if ent.label_ in NUMERIC_LABELS | {"DATE", "TIME"}:
            continue  # "One" of "One of the Girls" tagged as a number names nothing
        if lexicon.same_name(claim[slot.i:slot.j].text, ent.text):
            return ent.start, ent.end  # "the USSR" / "the Soviet Union": names of one country
        theirs = set(normalise(ent.text).split()) - {"the", "of", "and"}
        if fuzz.ratio(normalise(ent.text), target) >= FUZZY_THRESHOLD:
            return ent.start, ent.end
        # One name contained in the other ("Linus Torvalds" / "Torvalds", whatever the NER label).
        if mine and theirs and (theirs <= mine or mine <= theirs) and any(len(w) > 2 for w in mine & theirs):
            return ent.start, ent.end
    return None


def _another_given_name(claim_given, evidence, surname_at: int) -> bool:
    """The evidence's person with the claim's surname has other given names: "Tracey Edmonds" / "Kenneth
    "Babyface" Edmonds" are two people. Given names count as the same when one starts with the other's
    first letter ("Dan" / "Daniel", "J." / "John") or is a known short form of it ("Bill" / "William"), or
    the claim's is in quotes as a nickname there."""
    mine = [normalise(t.text) for t in claim_given if t.text[:1].isupper()]
    theirs = []
    i = surname_at - 1
    while i >= 0 and (evidence[i].pos_ == "PROPN" and evidence[i].text[:1].isupper() or evidence[i].text in _QUOTES):
        if evidence[i].text[:1].isalpha():
            theirs.append(normalise(evidence[i].text))
        i -= 1
    if not mine or not theirs:
        return False
    for a in mine:
        for b in theirs:
            if a[:1] == b[:1] or SHORT_GIVEN_NAMES.get(a) == b or SHORT_GIVEN_NAMES.get(b) == a:
                return False
    return True


def _find_span(doc, target: str) -> tuple[int, int] | None:
    n = len(target.split())
    for i in range(len(doc)):
        if doc[i].is_punct:
            continue  # ", Renato Balestra" normalises like the name; the name starts after the comma
        for j in range(i + 1, min(len(doc), i + n + 3) + 1):
            if normalise(doc[i:j].text) == target:
                return i, j
    return None


def name_head(name: str) -> str | None:
    """What a name of the form "X of Y" names a kind of: "battle" for "the Battle of Hastings"; else None."""
    words = str(name).lower().split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words[:words.index("of")]) if "of" in words[1:-1] else None


def _same_name_head(slot: Slot, cand: Slot) -> bool:
    """Two names of one kind, however the tagger labels them: "the Battle of Hastings" (a work of art to
    the small model) and "the Battle of Stamford Bridge" (a facility) are two battles."""
    head = name_head(slot.value)
    return head is not None and head == name_head(cand.value)


def _same_title(mine, theirs) -> bool:
    """Two names under one title: "Emperor Nero" / "the emperor Vespasian", "President Lincoln" / "the
    president, Grant" (whatever label the small model gives each name)."""
    title = mine[0].lower_ if len(mine) > 1 and mine[0].text[:1].isupper() else None
    head = theirs.root.head if theirs.root.dep_ == "appos" else None
    return bool(title) and head is not None and head.lower_ == title and lexicon.common_noun(title)


def _a_place(slot: Slot) -> bool:
    """A place, by its label or, when the small model gave a place's name another label ("Lyon" as an
    organisation), by WordNet's knowing it as a city, country or continent."""
    return _FAMILY.get(slot.label) == "place" or slot.label in ("ORG", "PERSON", "") and isinstance(
        slot.value, str) and bool(lexicon.place_kinds(slot.value))


def _renames_subject(doc, unit: Slot) -> bool:
    """A name under "as" of a verb whose subject is a pronoun ("It was founded as the Golden State Comic
    Book Convention"), or in apposition to the subject, is the subject's name (another, or earlier, name
    of what the sentence is about)."""
    t = doc[unit.i:unit.j].root
    if t.dep_ == "appos" and t.head.dep_ in ("nsubj", "nsubjpass"):
        return True  # "Veeram ( Valour ) is a 2014 Pakistani action film": the film's other name
    verb = t.head.head
    return t.dep_ == "pobj" and t.head.lower_ == "as" and verb.pos_ in ("VERB", "AUX") and any(
        c.dep_ in ("nsubj", "nsubjpass") and c.pos_ == "PRON" for c in verb.children)


def _name_derived_from(theirs: str, mine: str) -> bool:
    """Every word of the evidence's name is a word of the claim's name or derived from one, and one
    differs: "San Diegans" (the people of San Diego) is made of "San Diego Comic-Con", at another
    granularity (people, not the convention); it is no other value of the same slot."""
    a, b = normalise(theirs).split(), normalise(mine).split()
    if not a or a == b or not set(a) - set(b):
        return False
    return all(w in b or len(w) > 3 and any(len(x) > 3 and _same_stem(w, x) for x in b) for w in a)


def _inside_name(claim_span, tok) -> bool:
    """An evidence word that is part of a name does not confirm the claim's common noun: "a county" is
    not confirmed by "Yavapai County", which names one."""
    # A word inside an amount the tagger marks ("11 km north-east") is no name for all that.
    named = claim_span.root.ent_type_ not in ("", "QUANTITY", "CARDINAL", "DATE", "TIME", "PERCENT", "MONEY")
    if claim_span.root.pos_ == "PROPN" or named or claim_span.text[:1].isupper():
        return False
    return tok.text[:1].isupper() and tok.i > 0 and (tok.pos_ == "PROPN" or bool(tok.ent_type_))
