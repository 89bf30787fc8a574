"""Choosing a slot's counterpart by role and place: the anchors (claim words the evidence repeats) and the
proximity to them, the agreement of syntactic roles (relation and governor, read through conjuncts,
apposition, agent nouns and media), and the checks that a candidate belongs to the same event, date,
range, place relation or subject as the claim's slot, or to another one.
"""
from __future__ import annotations

import re

from ..text.numbers import WORD_NUMBERS, number_value
from ..text.quantities import range_joined
from .base import _FAMILY, ENTITY_LABELS, EQUAL, Slot, _content, _in_subject, normalise
from .dates import _month
from .words import _derived, _entailed_word, _same_stem
from ..vocabulary import SlotKind


def _anchors(claim, evidence) -> list[tuple[int, int]]:
    """(claim index, evidence index) of content words the evidence repeats (lemma or spelling)."""
    by_lemma: dict[str, list[int]] = {}
    for e in evidence:
        if _content(e):
            by_lemma.setdefault(e.lemma_.lower(), []).append(e.i)
            by_lemma.setdefault(normalise(e.text), []).append(e.i)
    pairs = []
    for c in claim:
        if not _content(c):
            continue
        found = by_lemma.get(c.lemma_.lower()) or by_lemma.get(normalise(c.text))
        for ei in sorted(set(found or ())):
            pairs.append((c.i, ei))
    return pairs


def _proximity(slot: Slot, cand: Slot, anchors: list[tuple[int, int]]) -> float:
    score = 0.0
    for ci, ei in anchors:
        if slot.i <= ci < slot.j:
            continue
        dc = min(abs(ci - slot.i), abs(ci - (slot.j - 1)))
        de = min(abs(ei - cand.i), abs(ei - (cand.j - 1)))
        score += 1.0 / (1 + dc) * 1.0 / (1 + de)
    return score


def _role(claim, slot: Slot, evidence, cand: Slot) -> float:
    """Agreement of syntactic roles: same relation, same governing word (lemma), up to two levels."""
    c_root, e_root = claim[slot.i:slot.j].root, evidence[cand.i:cand.j].root
    # A conjunct plays the role of the first conjunct ("in the late 1960s and early 1990s"), a name in
    # apposition the role of the noun it names ("from his second album , Kryptonite"); a year in
    # apposition ("Guess Who ( 2005 )") dates its noun and plays no role of its own.
    climb = ("conj",) if slot.kind in (SlotKind.DATE, SlotKind.NUMBER) else ("conj", "appos")
    named = []
    for t in (c_root, e_root):
        while t.dep_ in climb and t.head.i != t.i:
            t = t.head
        named.append(t)
    c_root, e_root = named
    if c_root.dep_ == e_root.dep_ == "ROOT" and c_root.pos_ in ("NOUN", "PROPN") and e_root.pos_ in ("NOUN", "PROPN"):
        return 2.0  # the heads of two captions with no main verb: what each is about
    if _agent_classifier(c_root, e_root) or _medium_of_the_verb(c_root, e_root):
        return 1.5  # a relation and a governor, both in other words
    score = 0.0
    if slot.kind == SlotKind.ENTITY and c_root.pos_ == e_root.pos_ == "NOUN" and c_root.lemma_.lower() == \
            e_root.lemma_.lower() and not (slot.i <= c_root.i < slot.j) and not (cand.i <= e_root.i < cand.j):
        # Names of one noun ("the album One of the Boys" / "her album , One of the Girls") name the same
        # thing, wherever the noun stands in each sentence.
        score += 1.5
    if c_root.dep_ == e_root.dep_ and slot.kind not in (SlotKind.DATE, SlotKind.NUMBER):
        score += 0.5  # a bare relation says little about which number or date is meant
    ch, eh = c_root.head, e_root.head
    if slot.kind in (SlotKind.DATE, SlotKind.NUMBER) and (ch.like_num or _month(ch) or eh.like_num or _month(eh)):
        return score  # inside a date, the parse's attachments say nothing about which date
    # A modifier of a noun the evidence names by a kind of it ("a poker player" / "a football quarterback")
    # plays the same role.
    kind_of = ch.pos_ == eh.pos_ == "NOUN" and _entailed_word(ch.doc[ch.i:ch.i + 1], eh.doc[eh.i:eh.i + 1])
    if (ch.lemma_.lower() == eh.lemma_.lower() or kind_of) and ch.i != c_root.i:
        # A shared preposition alone ("in") says less than a shared verb or noun.
        score += 0.5 if ch.pos_ == "ADP" else 1.0
        # The root is its own head: a shared root verb is not a second shared level ("The Rock plays" /
        # "Vin Diesel has played the role": subject and object share the verb, not a role).
        if ch.head.i != ch.i and eh.head.i != eh.i and (ch.head.lemma_.lower() == eh.head.lemma_.lower()
                                                        or _shared_by_conjunct(eh, ch.head.lemma_.lower())):
            score += 1.0 if ch.pos_ == "ADP" else 0.5
    return score


def _shared_by_conjunct(governor, lemma: str) -> bool:
    """``governor`` (a preposition) hangs from a verb coordinated with a verb of ``lemma`` that has no such
    preposition of its own, so it completes both: "born and raised in Stratford" says where he was born;
    "born in Ulm and died in Princeton" does not."""
    verb = governor.head
    first = verb.head
    return verb.dep_ == "conj" and verb.pos_ == "VERB" and first.lemma_.lower() == lemma and not any(
        c.dep_ == "prep" and c.lower_ == governor.lower_ for c in first.children)


def _medium_of_the_verb(c_root, e_root) -> bool:
    """The subject of the claim's verb and the object of "on" (or "through", "via") of the same verb in the
    evidence, whose subject is the claim's object or a pronoun for it, play one role: "HBO aired the
    show" / "the show first aired on the Food Network", "Sony released the album" / "the album was
    released on Columbia Records". The subject of a copula whose noun the verb qualifies plays it too:
    "ABC is the network that aired The Millers" / "The series ran on CBS"; a show airs or runs on its
    network alike."""
    verb = _verb_of_the_named(c_root)
    e_verb = next((a for a in e_root.head.ancestors if a.pos_ == "VERB"), None)
    if verb is None or e_verb is None or e_root.dep_ != "pobj" \
            or e_root.head.lower_ not in ("on", "through", "via") or not _same_or_airing(verb, e_verb):
        return False
    objects = {t.lemma_.lower() for c in verb.children if c.dep_ == "dobj" for t in c.subtree if _content(t)}
    # A conjunct verb shares its first conjunct's subject ("The series aired ... and ran ... on CBS"),
    # and a verb qualifying a noun has that noun for subject ("The multi-camera series aired ...").
    first = e_verb
    while first.dep_ == "conj" and first.head.pos_ in ("VERB", "AUX"):
        first = first.head
    subjects = [c for v in {e_verb, first} for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    if first.dep_ == "acl":
        subjects.append(first.head)
    return bool(objects) and any(
        s.pos_ == "PRON" or objects & {t.lemma_.lower() for t in s.subtree}
        or (s.lemma_.lower() in _SHOWS and any(c.lower_ in ("the", "this") for c in s.children)) for s in subjects)


def _verb_of_the_named(tok):
    """The verb whose subject ``tok`` is, directly or as the subject of "is the N that <verb>"."""
    if tok.dep_ != "nsubj":
        return None
    if tok.head.pos_ == "VERB":
        return tok.head
    if tok.head.lemma_ == "be":
        attr = next((c for c in tok.head.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        clause = next((c for c in attr.children if c.dep_ == "relcl" and c.pos_ == "VERB"), None) if attr else None
        if clause is not None and any(c.dep_ == "nsubj" and c.tag_ == "WDT" for c in clause.children):
            return clause
    return None


#: Verbs that say a programme was shown on a network, and nouns by which an article names its programme
#: ("The series aired on CBS" in The Millers' article).
_AIRING = {"air", "run", "broadcast", "premiere", "televise", "show"}
_SHOWS = {"series", "show", "programme", "program", "sitcom", "serial", "film", "movie", "episode", "season"}


def _same_or_airing(verb, e_verb) -> bool:
    mine, theirs = verb.lemma_.lower(), e_verb.lemma_.lower()
    return mine == theirs or (mine in _AIRING and theirs in _AIRING)


def _agent_classifier(c_root, e_root) -> bool:
    """The object of the claim's verb and the classifier of the evidence's agent noun derived from that
    verb play one role: "taught history" / "a physics teacher", "plays drums" / "a bass player"."""
    return (c_root.dep_ == "dobj" and c_root.head.pos_ == "VERB" and e_root.dep_ == "compound"
            and e_root.pos_ == "NOUN" and e_root.head.pos_ == "NOUN"
            and _derived(c_root.head.lemma_, e_root.head.lemma_))


_END_WORDS = {"complete", "finish", "end", "conclude", "die", "close", "open", "inaugurate", "last", "until"}
_START_WORDS = {"start", "begin", "found", "establish", "launch", "bear", "commence", "since", "first"}
_RANGE_JOINERS = {"to", "-", "–", "—", "until", "till", "through"}


def _shared_dependents(claim, slot: Slot, evidence, cand: Slot) -> float:
    """Words qualifying the slot that qualify the candidate too: "the early 1970 's" belongs with
    "the late 1960s and early 1990s"'s 1990s."""
    mine = {t.lemma_.lower() for t in claim[slot.i:slot.j].root.children if _content(t)}
    theirs = {t.lemma_.lower() for t in evidence[cand.i:cand.j].root.children if _content(t)}
    return 1.0 * len(mine & theirs) + _shared_cofeatures(claim, slot, evidence, cand)


def _cofeatures(noun, skip: int) -> set[str]:
    """Lemmas of the content modifiers of ``noun`` (and of the conjuncts among them), but ``skip``."""
    # By part of speech, not stop words: "last" and "first" are stop words and say the most here.
    def qualifies(t):
        return t.i != skip and t.pos_ in ("ADJ", "NOUN", "PROPN", "NUM")

    out = set()
    for t in noun.children:
        if t.dep_ in ("amod", "compound", "nummod", "conj") and qualifies(t):
            out.add(t.lemma_.lower())
        if t.dep_ in ("amod", "compound"):
            out.update(c.lemma_.lower() for c in t.children if c.dep_ == "conj" and qualifies(c))
    return out


def _shared_cofeatures(claim, slot: Slot, evidence, cand: Slot) -> float:
    """A modifier is placed by what else the claim says of the same noun: in "The show's final season
    was its seventh season", "seventh" goes with "its eighth and final season", not "its sixth season"
    (the claim's two "season"s are one thing, and "final" qualifies it)."""
    if slot.kind != SlotKind.ATTRIBUTE:
        return 0.0
    mine_tok, theirs_tok = claim[slot.i], evidence[cand.i]
    noun = mine_tok.head.lemma_.lower()
    mine = set()
    for t in claim:
        if t.lemma_.lower() == noun and t.pos_ == "NOUN":
            mine |= _cofeatures(t, mine_tok.i)
    theirs = _cofeatures(theirs_tok.head, theirs_tok.i) | {c.lemma_.lower() for c in theirs_tok.children
                                                            if c.dep_ == "conj" and c.pos_ == "ADJ"}
    return 1.0 * len(mine & theirs)


def _event_verb(doc, i: int, j: int):
    """The verb whose event a number or date at doc[i:j] measures or dates: the first verb above it,
    climbing out of the date it is written in ("premiered ... on September 2 , 2014")."""
    t = doc[i:j].root
    for _ in range(8):
        if t.pos_ in ("VERB", "AUX") and not (i <= t.i < j):
            return t
        if t.head.i == t.i:
            return None
        t = t.head
    return None


def _same_event(claim, slot: Slot, evidence, cand: Slot) -> float:
    """A date or number belongs to the event whose verb governs it: in "Filmed ..., beginning in 2013,
    Moonlight premiered ... on September 2, 2014", a claim's "premiered in 2016" is about 2014."""
    mine, theirs = _event_verb(claim, slot.i, slot.j), _event_verb(evidence, cand.i, cand.j)
    if mine is None or theirs is None or mine.lemma_.lower() in ("be", "have"):
        return 0.0
    return 1.0 if mine.lemma_.lower() == theirs.lemma_.lower() else 0.0


#: What may stand between a name and the date or amount that goes with it: "the Nobel Prize in Chemistry
#: in 1911", "Apollo 11 ( 1969 )", "the Eiffel Tower, 330 metres".
_NAME_TO_VALUE = re.compile(r"^\s*(?:(?:in|of|on|at|from|,|\()\s*)?$", re.IGNORECASE)


def _value_of_the_same_name(claim, slot: Slot, evidence, cand: Slot, slot_edges: dict) -> float:
    """A date or number right after a name the evidence repeats goes with the value right after that
    name there: "won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911" gives
    the claim's "the Nobel Prize in Chemistry in 1913" 1911, though 1903 shares its verb."""
    start, theirs = claim[slot.i].idx, evidence[cand.i].idx
    for _, edge in slot_edges.values():
        if edge.kind == SlotKind.ENTITY and edge.op == EQUAL and edge.claim_end <= start \
                and _NAME_TO_VALUE.match(claim.text[edge.claim_end:start]) \
                and 0 <= edge.evidence_end <= theirs and _NAME_TO_VALUE.match(evidence.text[edge.evidence_end:theirs]):
            return 2.0
    return 0.0


def _dates_another_event(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """The evidence tells the claim's event (its verb) and dates the candidate by another verb: "It was
    discovered by Arthur Dempster ( born April 9 , 2014 )" does not date the discovery. Nor does the date
    of an event the claim tells undated date another of its events: "discovered in 1935 by Dempster" does
    not date the birth of "discovered by a person who was born in 2014"."""
    mine, theirs = _event_verb(claim, slot.i, slot.j), _event_verb(evidence, cand.i, cand.j)
    if mine is None or theirs is None or mine.lemma_.lower() in ("be", "have") \
            or theirs.lemma_.lower() in ("be", "have"):
        return False
    lemma, other = mine.lemma_.lower(), theirs.lemma_.lower()
    governor = evidence[cand.i:cand.j].root.head
    if lemma == other or governor.dep_ == "prep" and _shared_by_conjunct(governor, lemma):
        return False  # "born and raised in Stratford in 1564" dates the birth
    return any(t.lemma_.lower() == lemma and t.pos_ == "VERB" for t in evidence) \
        or any(t.lemma_.lower() == other and t.pos_ == "VERB" for t in claim)


def _range_end_bonus(claim, slot: Slot, evidence, cand: Slot, cands: list[Slot]) -> float:
    """In "from 1887 to 1889", a claim about completion means the range's end, about a start its
    beginning. A date's range is its whole date ("( 12 May 1920 – 3 March 1990 )": "died in 1985" is
    about 1990), and the event is the verb that dates the slot when it says which end ("was born in
    1925 and died in 1985"), else any word of the claim."""
    verb = _event_verb(claim, slot.i, slot.j)
    if verb is not None and verb.lemma_.lower() in _END_WORDS | _START_WORDS:
        lemmas = {verb.lemma_.lower()}
    else:
        lemmas = {t.lemma_.lower() for t in claim}
    group = _date_group(cand, cands, evidence) if cand.kind == SlotKind.DATE else [cand]
    i, j = min(u.i for u in group), max(u.j for u in group)
    after = j < len(evidence) and evidence[j].lower_ in _RANGE_JOINERS
    before = i > 0 and evidence[i - 1].lower_ in _RANGE_JOINERS
    if lemmas & _END_WORDS and before and not after:
        return 0.75
    if lemmas & _START_WORDS and after and not before:
        return 0.75
    return 0.0


def _number_range(doc, k: int) -> tuple | None:
    """The range of numbers the token at ``k`` opens or closes ("200 to 400 mg", "four to six hours",
    "4-6"), as (low, high, position of k: 0 opens, 1 closes), or None."""
    def value(i):
        return number_value(doc[i].text) if 0 <= i < len(doc) and (
            doc[i].like_num or doc[i].lower_ in WORD_NUMBERS) else None

    if k + 2 < len(doc) and doc[k + 1].lower_ in _RANGE_JOINERS and value(k) is not None \
            and value(k + 2) is not None:
        return value(k), value(k + 2), 0
    if k >= 2 and doc[k - 1].lower_ in _RANGE_JOINERS and value(k) is not None and value(k - 2) is not None:
        return value(k - 2), value(k), 1
    return None


def _year_in_period(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """The claim's year lies inside the period the candidate year opens or closes: "in 2015" / "between
    1993 and 2018" is not confirmed, and not contradicted either ("completed in 1899" / "constructed from
    1887 to 1889" is)."""
    if slot.granularity != "year" or cand.granularity != "year":
        return False
    verb = _event_verb(claim, slot.i, slot.j)
    if verb is not None and verb.lemma_.lower() in _END_WORDS | _START_WORDS:
        return False  # "completed in 1888": completion is the period's end, 1889
    k = cand.i
    span = _number_range(evidence, k)
    if span is None:  # "between 1993 and 2018"
        i, j = (k, k + 2) if k + 2 < len(evidence) and range_joined(evidence, k, k + 2) else (k - 2, k)
        if i >= 0 and range_joined(evidence, i, j):
            span = (number_value(evidence[i].text), number_value(evidence[j].text), 0 if i == k else 1)
    year = number_value(str(slot.value))
    if span is None or year is None or span[0] is None or span[1] is None:
        return False
    return min(span[0], span[1]) <= year <= max(span[0], span[1])


def _shared_date_parts(slot: Slot, slots: list[Slot], cand: Slot, cands: list[Slot], claim, evidence) -> int:
    """How many other parts of the claim's date (its year, its day...) the evidence date around the
    candidate repeats: "February 20, 1894" belongs with "(10 February 1894 ...", not "10 January 1957"."""
    mine = {(s.granularity, s.value) for s in _date_group(slot, slots, claim) if s is not slot}
    theirs = {(c.granularity, c.value) for c in _date_group(cand, cands, evidence) if c is not cand}
    return len(mine & theirs)


def _date_group(unit: Slot, units: list[Slot], doc) -> list[Slot]:
    """The date parts written together with ``unit`` ("June 14 , 1866"), stopping at a range's dash."""
    dates = sorted((u for u in units if u.kind == SlotKind.DATE), key=lambda u: u.i)
    group = [unit]
    for direction in (-1, 1):
        edge = unit
        for u in (reversed(dates) if direction < 0 else dates):
            if (direction < 0 and u.i >= edge.i) or (direction > 0 and u.i <= edge.i):
                continue
            between = doc[u.j:edge.i] if direction < 0 else doc[edge.j:u.i]
            if len(between) > 2 or any(t.lower_ not in (",", "of", "the") for t in between):
                break
            group.append(u)
            edge = u
    return group


def _origin(doc, unit: Slot) -> bool:
    """A nationality or a place qualifying a common noun says where the thing is from: "a US senator" and
    "an American model" fill one slot, whatever the small model's label (GPE / NORP)."""
    if unit.kind != SlotKind.ENTITY or _FAMILY.get(unit.label) not in ("place", "norp"):
        return False
    t = doc[unit.i:unit.j].root
    return t.dep_ in ("compound", "amod", "nmod") and t.head.pos_ == "NOUN" and t.i < t.head.i


def _origin_of_the_same_name(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """Two places or nationalities said of the same name, whichever way each sentence attaches it: "Almaz
    Tesfaye of Kenya" / "Ethiopia's Almaz Tesfaye" (a person's country), "the Kenyan Almaz Tesfaye"."""
    def named(doc, unit: Slot):
        if unit.kind != SlotKind.ENTITY or _FAMILY.get(unit.label) not in ("place", "norp"):
            return None
        t = doc[unit.i:unit.j].root
        if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.pos_ == "PROPN":
            return t.head.head
        if t.dep_ in ("poss", "compound", "amod", "nmod") and t.head.pos_ == "PROPN" and t.i < t.head.i:
            return t.head
        return None

    mine, theirs = named(claim, slot), named(evidence, cand)
    return mine is not None and theirs is not None and mine.lower_ == theirs.lower_


def _place_bound_otherwise(claim, slot: Slot, evidence, found: tuple[int, int], cands: list[Slot]) -> Slot | None:
    """The place the evidence puts the claim's thing in, when the evidence names the claim's place only
    in another relation: "located in Kenya" / "is a volcano in northeastern Tanzania, close to the border
    with Kenya" binds "in" to Tanzania; Kenya there is the landmark of a modifier ("close to the border
    with"), not where the volcano is. The other place must be the object of the claim's own preposition
    and in no other relation; else None (the name found confirms the slot)."""
    if _FAMILY.get(slot.label) != "place":
        return None
    mine = claim[slot.i:slot.j].root
    if mine.dep_ != "pobj":
        return None
    seen = evidence[found[0]:found[1]]
    # "founded in Amsterdam" / "founded in The Hague in 1800 and moved to Amsterdam in 1808": the name is
    # the place of another event; the claim's event has its own.
    event = _verb_of_place(mine)
    elsewhere = event is not None and _verb_of_place(seen.root) not in (None, event)
    if not elsewhere and not _other_relation(claim, slot, evidence, Slot(SlotKind.ENTITY, seen.start, seen.end)):
        return None
    value = normalise(claim[slot.i:slot.j].text)
    for c in cands:
        t = evidence[c.i:c.j].root
        if c.kind == SlotKind.ENTITY and _FAMILY.get(c.label) == "place" and t.dep_ == "pobj" \
                and t.head.lower_ == mine.head.lower_ and not (c.i < found[1] and found[0] < c.j) \
                and normalise(evidence[c.i:c.j].text) != value and not _other_relation(claim, slot, evidence, c) \
                and (not elsewhere or _verb_of_place(t) == event):
            return c
    return None


def _verb_of_place(t) -> str | None:
    """The lemma of the verb a place is the object of a preposition of ("founded in Amsterdam": "found")."""
    if t.dep_ != "pobj" or t.head.dep_ != "prep" or t.head.head.pos_ not in ("VERB", "AUX"):
        return None
    return t.head.head.lemma_.lower()


def _other_relation(claim, slot: Slot, evidence, cand: Slot) -> bool:
    """Objects of different prepositions under different words, one qualifying a noun and the other a
    verb, stand in different relations: "the driest desert on Earth" (the range of a superlative) and
    "covering a strip of land along the Pacific coast" (where it lies) share no role, and one is no value
    of the other."""
    def relation(t):
        # "along the southern edge of Siberia": the place's relation is the one of the noun it completes.
        while t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.dep_ == "pobj":
            t = t.head.head
        return t

    mine, theirs = relation(claim[slot.i:slot.j].root), relation(evidence[cand.i:cand.j].root)
    if mine.dep_ != "pobj" or theirs.dep_ != "pobj":
        return False
    p, q = mine.head, theirs.head

    def attached(t):
        return "verb" if t.pos_ in ("VERB", "AUX") else "noun" if t.pos_ in ("NOUN", "PROPN", "PRON") else t.pos_

    return p.lower_ != q.lower_ and not _same_stem(p.head.lemma_, q.head.lemma_) \
        and attached(p.head) != attached(q.head)


def _agent_of(evidence, cand: Slot, claim_root) -> bool:
    """The candidate is the agent of a passive with the claim's verb ("agreed to by King John"), and the
    claim's own verb is active: the subject of a passive is what the verb was done to, not its agent ("The
    tower has been surpassed" / "it was surpassed by the Empire State Building")."""
    t = evidence[cand.i:cand.j].root
    while t.dep_ in ("conj", "compound", "nmod") and t.head.i != t.i:
        t = t.head  # "by Kenneth Edmonds, Peter Jackson and Robert Teitel": each is an agent
    by = t.head
    return (by.lower_ == "by" and by.dep_ == "agent"
            and not any(c.dep_ in ("nsubjpass", "auxpass") for c in claim_root.children)
            and by.head.lemma_.lower() == claim_root.lemma_.lower())


def _anaphoric(doc, unit: Slot) -> bool:
    """ "The disease usually starts ...", "The film was shot ...": a bare common noun under "the" refers
    back to what the text is about; it names the claim's subject more generally, it does not replace it.
    (Unless the claim's subject is such a noun too: "The woman is reading" / "The man is reading" name two
    people; the pairing asks this of both sides.)"""
    t = doc[unit.i:unit.j].root
    if t.pos_ != "NOUN" or unit.j - unit.i != 1:
        return False
    lefts = [c for c in t.lefts]
    return len(lefts) == 1 and lefts[0].lower_ == "the" and not any(c.dep_ == "prep" for c in t.rights)


def _clause_subject(tok):
    """The subject of the clause a token is in: the first nominal subject up its chain of heads."""
    for verb in [tok, *tok.ancestors]:
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None:
            return subject
    return None


#: The names of a clause's subject a word can be said of instead of the claim's (``_said_of_another``):
#: ENTITY_LABELS without laws and languages, as the rule was written and tuned.
_NAMED_SUBJECTS = ENTITY_LABELS - {"LAW", "LANGUAGE"}


def _said_of_another(claim, slot: Slot, evidence, tok) -> bool:
    """The evidence word is said of a named subject the claim does not name, while the claim's own
    subject is named there too: "Neil Armstrong was the first person ...; Buzz Aldrin was the second"
    says "second" of Aldrin, not of Armstrong."""
    mine = _clause_subject(claim[slot.i])
    theirs = _clause_subject(tok)
    if mine is None or theirs is None or mine.ent_type_ not in _NAMED_SUBJECTS \
            or theirs.ent_type_ not in _NAMED_SUBJECTS \
            or _in_subject(claim, slot):
        return False
    theirs_phrase = normalise(evidence[theirs.left_edge.i:theirs.right_edge.i + 1].text)
    return normalise(theirs.text) not in normalise(claim.text) and normalise(mine.text) not in theirs_phrase \
        and normalise(mine.text) in normalise(evidence.text)
