"""Classifiers and kinds: the classifiers written before a noun and coordinations of them ("a cable and
satellite television channel"), the object of a kind noun ("in the genre of comedy"), the field a claim
puts its subject in, counts of things in a year against a dated list, and an object phrase the evidence
replaces whole ("formed by three students" -> "formed by a group of retired teachers").
"""
from __future__ import annotations

from ..text import lexicon
from ..text.numbers import WORD_NUMBERS, number_value
from .base import EQUAL, SUBSTITUTED, UNCONFIRMED, Edge, _content, normalise
from .dates import _is_year
from ..vocabulary import SlotKind


#: Nouns naming a kind: "the genre of comedy" says that the thing is a comedy.
_KIND_NOUNS = {"genre", "subgenre", "type", "kind", "sort", "form", "style", "category", "class", "variety"}


def _is_classifier(tok) -> bool:
    """A modifier that belongs to a noun's name for a kind of thing: a common-noun compound
    ("television series", "fashion model") or a plain adjective ("political party"). Names,
    nationalities, numbers and superlatives are slots of their own and stay outside the phrase."""
    if tok.ent_type_ in ("NORP", "GPE", "PERSON", "ORG", "DATE", "CARDINAL", "ORDINAL") or tok.like_num:
        return False
    # A compound the small model tags as an adjective ("pop music") is a classifier all the same.
    return (tok.dep_ == "compound" and tok.pos_ in ("NOUN", "ADJ")) or (tok.dep_ == "amod" and tok.tag_ == "JJ") \
        or (tok.dep_ == "amod" and tok.pos_ == "ADV" and lexicon.adjective_only(tok.lower_))  # "a gravelly voice"


def phrase_start(doc, index: int, keep=lambda t: True) -> int:
    """First token of the noun at ``index`` with the classifiers written before it (``keep`` decides
    which of them may be part of the replaced phrase)."""
    i = index
    while i > 0:
        if index >= doc[i - 1].head.i >= i and _is_classifier(doc[i - 1]) and keep(doc[i - 1]):
            i -= 1
        elif i > 1 and doc[i - 1].dep_ == "cc" and doc[i - 1].head.i == i - 2 and _coordinated_classifier(
                doc[i - 2], i, index) and keep(doc[i - 2]):
            i -= 2  # "a cable and satellite television network": the first classifier of a coordination
        elif (both := _adjective_coordination(doc, i - 1)) and both[1] == i - 1 and doc[both[0]].head.i == index \
                and all(keep(doc[k]) for k in range(both[0], i)):
            i = both[0]  # "a relaxing and joyful setting"
        else:
            break
    return i


#: Tags of words that qualify a noun as adjectives do ("relaxing", "joyful", "abandoned"); comparatives and
#: superlatives are slots of their own.
_QUALIFYING = ("JJ", "VBG", "VBN")


def _adjective_coordination(doc, index: int) -> tuple[int, int] | None:
    """(first, last) token of the coordinated adjectives before a noun that the token at ``index`` is one
    of ("relaxing and joyful" in "a relaxing and joyful setting"), else None: the adjectives qualify the
    noun together, so a phrase put in for the claim's takes them together."""
    tok = doc[index]
    first = tok.head if tok.dep_ == "conj" else tok
    if first.dep_ != "amod" or first.tag_ not in _QUALIFYING or first.ent_type_:
        return None
    last = first
    # A list is parsed as a chain: "powerful , warm , and swift" has "swift" as the conjunct of "warm".
    while (after := next((c for c in last.children if c.dep_ == "conj" and c.tag_ in _QUALIFYING), None)) is not None:
        last = after
    last = last.i
    if last == first.i or not first.i <= tok.i <= last < first.head.i:
        return None
    between = range(first.i + 1, last)
    return (first.i, last) if all(doc[k].dep_ in ("cc", "punct", "conj") for k in between) else None


def _coordinated_classifier(tok, i: int, index: int) -> bool:
    """``tok`` qualifies the noun at ``index`` (whose phrase starts at ``i``) as the first conjunct of a
    coordination of classifiers ("cable" in "a cable and satellite television network")."""
    return tok.dep_ in ("nmod", "compound", "amod") and tok.pos_ in ("NOUN", "ADJ") \
        and i <= tok.head.i <= index and not tok.ent_type_ and not tok.like_num


def coordinated_noun(doc, index: int) -> int:
    """The noun a coordination of classifiers qualifies, when the small model made the first classifier
    the head: in "an American cable and satellite television channel" it parses "cable" as the noun and
    "channel" as its conjunct; the thing is a channel. Else ``index`` itself. Only when the conjunct
    comes with classifiers of its own, right after the conjunction ("a singer and songwriter" are two
    nouns, and so are "a fashion model and television personality", whose first noun has a classifier)."""
    tok = doc[index]
    if tok.pos_ != "NOUN" or index + 2 >= len(doc) or doc[index + 1].dep_ != "cc" \
            or phrase_start(doc, index) != index:
        return index
    conj = next((c for c in tok.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i > index + 2), None)
    if conj is None or phrase_start(doc, conj.i) != index + 2:
        return index
    # An adjective said before each noun makes two noun phrases: "his distinctive voice and distinctive bass
    # playing style" (a coordination of classifiers shares its adjectives: "an American cable and ...").
    if {c.lemma_.lower() for c in tok.children if c.dep_ == "amod"} \
            & {c.lemma_.lower() for c in conj.children if c.dep_ == "amod"}:
        return index
    return conj.i


def _kind_nouns_name_no_value(claim, slot_edges) -> None:
    """A kind noun with its object ("the genre of dancehall music") names the kind the object is; it is
    no value the evidence can fill otherwise ("the 2006 wave of dancehall music" says the same kind), and
    where the evidence states the object, it states the kind."""
    for slot, edge in slot_edges.values():
        noun = claim[slot.i]
        objects = [o for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
                   for o in c.children if o.dep_ == "pobj"]
        if slot.kind != SlotKind.NOUN or edge.op == EQUAL or noun.lemma_.lower() not in _KIND_NOUNS or not objects:
            continue
        if all(o.i in slot_edges and slot_edges[o.i][1].op == EQUAL for o in objects):
            edge.op = EQUAL
        elif edge.op == SUBSTITUTED:
            edge.op = UNCONFIRMED


def _kinds(claim, evidence, slot_edges) -> None:
    """The object of a kind noun ("in the genre of comedy") classifies the claim's subject: its
    counterpart is the classifier of what the evidence says the subject is ("is an American crime drama
    series" -> "in the genre of crime drama"). Only for an object the evidence does not confirm."""
    e_root = evidence[:].root
    e_nouns = [c for c in e_root.children if c.dep_ == "attr" and c.pos_ == "NOUN"] \
        if e_root.lemma_.lower() == "be" else []
    for slot, edge in slot_edges.values():
        noun = claim[slot.i]
        if slot.kind != SlotKind.NOUN or edge.op != UNCONFIRMED or noun.dep_ != "pobj" or noun.head.lower_ != "of" \
                or noun.head.head.lemma_.lower() not in _KIND_NOUNS or len(e_nouns) != 1:
            continue
        theirs = evidence[phrase_start(evidence, e_nouns[0].i):e_nouns[0].i]
        mine = claim[phrase_start(claim, noun.i):noun.i + 1]
        claim_lemmas = {c.lemma_.lower() for c in claim}
        if not len(theirs) or any(_content(t) and t.lemma_.lower() in claim_lemmas for t in theirs):
            continue
        edge.kind, edge.op = SlotKind.CLASSIFIER, SUBSTITUTED
        edge.claim_start = mine.start_char  # "science fiction" as a whole
        edge.claim_text = claim.text[edge.claim_start:edge.claim_end]
        edge.evidence_text, edge.evidence_start, edge.evidence_end = theirs.text, theirs.start_char, theirs.end_char
        last = theirs[-1]
        if last.tag_ == "JJ" and (noun := lexicon.noun_of(last.text)):
            # The object of "of" is a noun: "an American pornographic series" -> "the genre of pornography".
            edge.evidence_text = theirs.text[:last.idx - theirs.start_char] + noun


def _fields(claim, evidence, slot_edges) -> list[Edge]:
    """The field a claim puts its subject in ("was involved in politics", "worked in acting") is the
    activity of what the evidence says the subject is: "an American actor" -> "involved in acting", "a
    politician" -> "in politics" (lexicon.field_of). Only for a bare noun or -ing form after "in" that the
    evidence does not confirm. Returns the edges of -ing forms, which are no slots; a noun's edge changes
    in place."""
    e_root, root = evidence[:].root, claim[:].root
    theirs = next((c for c in e_root.children if c.dep_ == "nsubj"), None)
    mine = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if e_root.lemma_.lower() != "be" or theirs is None or mine is None or not (
            theirs.pos_ == "PRON" or {normalise(t.text) for t in mine.subtree if _content(t)}
            & {normalise(t.text) for t in theirs.subtree}):
        return []  # what the evidence says someone else is ("Her father was an actor") is no field of hers
    agents = [c for c in e_root.children if c.dep_ == "attr" and c.pos_ == "NOUN"]
    agents += [c for a in agents for c in a.conjuncts if c.pos_ == "NOUN"]
    fields = [(a, f) for a in agents if (f := lexicon.field_of(a.lemma_))]
    if not fields:
        return []
    out = []
    for tok in claim:
        if tok.head.lower_ != "in" or any(c.dep_ in ("det", "poss", "amod", "compound", "nummod", "dobj", "prep")
                                          for c in tok.children):
            continue
        slot, edge = slot_edges.get(tok.i, (None, None))
        gerund = tok.dep_ == "pcomp" and tok.tag_ == "VBG" and edge is None
        if not gerund and not (tok.dep_ == "pobj" and tok.pos_ == "NOUN" and slot is not None
                               and slot.kind == SlotKind.NOUN and edge.op == UNCONFIRMED
                               and (lexicon.names_a_field(tok.lower_) or lexicon.names_a_field(tok.lemma_))):
            continue  # "worked in film" names a medium, not a field a person of the evidence's works in
        if any(f == tok.lower_ or f == tok.lemma_.lower() for _, f in fields):
            if edge is not None:
                edge.op = EQUAL  # "involved in politics" / "a politician": the same in other words
            continue
        agent, field = fields[0]
        if edge is None:
            edge = Edge(SlotKind.NOUN, UNCONFIRMED, tok.text, tok.idx, tok.idx + len(tok.text))
            out.append(edge)
        edge.op, edge.evidence_text = SUBSTITUTED, field
        edge.evidence_start, edge.evidence_end = agent.idx, agent.idx + len(agent.text)
    return out


def _counted_in_the_year(claim, evidence, slot_edges) -> None:
    """A count of things in a year ("was in two films in 2005") against a list that dates each thing
    ("Guess Who ( 2005 ) , A Lot Like Love ( 2005 ) , What Happens in Vegas ( 2005 )"): the number of
    items dated that year is the count's counterpart, written as the claim writes it ("three")."""
    years = [t for t in claim if _is_year(t) and t.dep_ == "pobj" and t.head.lower_ == "in"]
    if len(years) != 1:
        return
    dated = [t for t in evidence if t.text == years[0].text and 0 < t.i < len(evidence) - 1
             and evidence[t.i - 1].text == "(" and evidence[t.i + 1].text == ")"]
    if len(dated) < 2:
        return
    for slot, edge in slot_edges.values():
        number = claim[slot.i]
        if slot.kind != SlotKind.NUMBER or edge.op == EQUAL or slot.j != slot.i + 1 or number.dep_ != "nummod":
            continue
        if len(dated) == number_value(number.text):
            edge.op = EQUAL
            continue
        edge.op, edge.evidence_text = SUBSTITUTED, _as_the_claim_writes(number, len(dated), str(len(dated)))
        edge.evidence_start, edge.evidence_end = dated[-1].idx, dated[-1].idx + len(dated[-1].text)


def _as_the_claim_writes(number, value: int, digits: str) -> str:
    """``value`` written as the claim writes its number ``number``: in words where it writes one and the
    value has one ("three"), else ``digits``."""
    if number.lower_ in WORD_NUMBERS:
        return next((w for w, n in WORD_NUMBERS.items() if n == value), digits)
    return digits


def _noun_phrase(noun):
    """``noun`` with everything it governs, up to the first punctuation after it ("a group of retired
    teachers", not "... ( 1990 )")."""
    doc, j = noun.doc, noun.i + 1
    while j <= noun.right_edge.i and not doc[j].is_punct:
        j += 1
    return doc[noun.left_edge.i:j]


def _phrase_objects(claim, evidence, slot_edges) -> list[Edge]:
    """An object the evidence does not confirm a word of, under the same preposition of the same
    governor as an evidence object the claim does not share a word with, is one slot, replaced whole:
    "formed by three students" / "formed by a group of retired teachers", "as the result of a flood" /
    "as the result of a gold rush". Word by word, such phrases have no counterparts."""
    claim_words = {t.lemma_.lower() for t in claim} | {normalise(t.text) for t in claim}
    evidence_words = {t.lemma_.lower() for t in evidence} | {normalise(t.text) for t in evidence}
    out, seen = [], set()
    for slot, edge in slot_edges.values():
        noun = claim[slot.i:slot.j].root
        noun = noun.head if noun.dep_ == "nummod" else noun
        if edge.op == EQUAL or noun.i in seen or noun.dep_ != "pobj" or noun.pos_ != "NOUN":
            continue
        seen.add(noun.i)
        prep = noun.head
        mine = _noun_phrase(noun)
        if any(_content(t) and (t.lemma_.lower() in evidence_words or normalise(t.text) in evidence_words)
               for t in mine):
            continue  # a word of it is confirmed: the words that differ are the slots
        for e_obj in evidence:
            if e_obj.dep_ != "pobj" or e_obj.pos_ != "NOUN":
                continue
            cause = _verb_caused(e_obj)
            if not (e_obj.head.lower_ == prep.lower_ and e_obj.head.head.lemma_.lower() == prep.head.lemma_.lower()
                    and e_obj.head.head.i != e_obj.head.i) and not (
                    cause is not None and prep.lower_ == "by" and cause.lemma_.lower() == prep.head.lemma_.lower()
                    and prep.head.tag_ == "VBN"):
                continue
            theirs = _noun_phrase(e_obj)
            if any(_content(t) and t.lemma_.lower() in claim_words for t in theirs):
                continue
            kind_mine, theirs = _kind_object(mine, theirs)
            if kind_mine.start != mine.start:
                for kind_slot, kind_edge in slot_edges.values():
                    if mine.start <= kind_slot.i < kind_mine.start and kind_edge.op == SUBSTITUTED:
                        kind_edge.op = UNCONFIRMED  # "the genre of" names the kind, not the wrong word
                mine = kind_mine
            # Words the claim says right after its phrase are not the evidence phrase's to bring ("with a
            # full sun out" / "with a full moon out", parsed with "out" in one phrase and not the other).
            shared = max((n for n in range(1, len(theirs)) if [t.lower_ for t in theirs[len(theirs) - n:]]
                          == [t.lower_ for t in claim[mine.end:mine.end + n]]), default=0)
            theirs = theirs[:len(theirs) - shared]
            out.append(Edge(SlotKind.PHRASE, SUBSTITUTED, mine.text, mine.start_char, mine.end_char, theirs.text,
                            theirs.start_char, theirs.end_char, label=prep.lower_))
            break
    return out


def _verb_caused(noun):
    """The verb ``noun`` is said to bring about as its cause ("formed as the result of volcanic eruptions",
    "closed because of a flood"): the cause plays the role of the agent of that verb in the passive
    ("formed by earthquakes"). None otherwise."""
    prep = noun.head
    if prep.lower_ == "of" and prep.head.lemma_.lower() in ("result", "consequence") and prep.head.dep_ == "pobj":
        verb = prep.head.head.head  # as (the) result of
    elif prep.lower_ in ("because", "due"):
        verb = prep.head  # the small model hangs the noun from "because" in "because of"
    elif prep.lower_ in ("of", "to") and prep.head.lower_ in ("because", "due"):
        verb = prep.head.head
    else:
        return None
    return verb if verb.pos_ == "VERB" else None


def _kind_object(mine, theirs):
    """A phrase naming a kind ("the genre of death metal") keeps its kind noun: what differs is the kind's
    object, replaced by the object of the evidence's "of" ("the 2006 wave of dancehall music" -> "the
    genre of dancehall music") or by the evidence's whole phrase without its determiner."""
    of = next((t for t in mine if t.lower_ == "of" and t.i > mine.start), None)
    if of is None or mine.doc[of.i - 1].lemma_.lower() not in _KIND_NOUNS or of.i + 1 >= mine.end:
        return mine, theirs
    e_of = next((t for t in theirs if t.lower_ == "of" and t.i > theirs.start), None)
    if e_of is not None:
        new = theirs.doc[e_of.i + 1:theirs.end]
    else:
        k = theirs.start
        while k < theirs.end - 1 and theirs.doc[k].dep_ in ("det", "poss"):
            k += 1
        new = theirs.doc[k:theirs.end]
    if not len(new):
        return mine, theirs
    return mine.doc[of.i + 1:mine.end], new
