"""The claim's predicate against the evidence's: the same verb or its WordNet kin with the same subject and
complements, a support verb with its noun ("died" / "suffered an untimely death"), a nominalised verb, a
day given to another event, a period bound by a year, and what is said to hold now or in a closed period.
"""
from __future__ import annotations

from ..text import lexicon
from .base import EQUAL, NEGATIVE_IMPLICATIVES, SUBSTITUTED, UNCONFIRMED, Edge, _content, normalise
from .dates import _is_year
from .polarity import _negated_at
from .roles import _END_WORDS, _START_WORDS, _event_verb
from ..vocabulary import SlotKind


def _in_clause_of(tok, verb) -> bool:
    """Whether ``tok`` belongs to ``verb``'s own clause, not to a clause coordinated with or governed by
    it ("The Pope endorsed the charter, and it stayed in force": "force" is another clause's)."""
    while tok.i != verb.i:
        if tok.pos_ in ("VERB", "AUX") and tok.dep_ in ("conj", "advcl", "relcl", "ccomp", "xcomp", "acl"):
            return False
        if tok.head.i == tok.i:
            return False
        tok = tok.head
    return True


def _predicate_edge(claim, evidence, root, similar) -> Edge | None:
    """The claim's main verb where the evidence gives the same subject another verb of the same form
    ("The Cretaceous ended" / "The Cretaceous began with ..."), or, failing a shared subject, another
    verb with the same complements ("David Spade starred in Joe Dirt 2" / "He also directed the films
    ..., Joe Dirt 2"); equal when the lemma or a paraphrase matches."""
    if root.pos_ != "VERB" or root.lemma_.lower() in ("be", "have", "do"):
        return None
    e_verb = _same_subject_verb(evidence, root)
    by_subject = e_verb is not None
    if e_verb is None:
        e_verb = _verb_sharing_complements(claim, evidence, root)
        if e_verb is not None and not _arguments_shared(root, e_verb):
            e_verb = None
    if e_verb is None:
        return None
    if any(t.lemma_.lower() == e_verb.lemma_.lower() and t.i != root.i for t in claim):
        return None  # a verb the claim states elsewhere ("... as it evolved") is another of its events
    edge = Edge(SlotKind.PREDICATE, EQUAL, root.text, root.idx, root.idx + len(root.text), e_verb.text, e_verb.idx,
                e_verb.idx + len(e_verb.text), label=root.dep_)
    if any(t.lemma_.lower() == root.lemma_.lower() for t in evidence) or similar(root.lemma_, e_verb.lemma_) \
            or _light_verb_paraphrase(root, e_verb) or _period_bound_stated(root, e_verb):
        return edge
    if not _complements_covered(root, e_verb):
        return None  # another verb with other participants tells another event, not a wrong verb
    if any(c.dep_ == "prt" and not any(m.lower_ == c.lower_ for m in root.children) for c in e_verb.children):
        return None  # a phrasal verb says something else than its verb: "passed along roles" is no "passed"
    # A past participle stands for a past tense ("Paramore ..., disbanded in 2004" / "Paramore formed").
    # And a participle without an auxiliary is a past tense the tagger misread ("David Spade directed in").
    root_tag = "VBD" if root.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass") for c in root.children) \
        else root.tag_
    same_form = e_verb.tag_ == root_tag or (root_tag == "VBD" and e_verb.tag_ == "VBN")
    # The same voice: "has written for the Times" is not corrected by "is best known for ... the Times"
    # (a passive says what is done to the subject, not what it does).
    if same_form and _passive(e_verb) == _passive(root) and not _negated_at(evidence, e_verb.i):
        edge.op = SUBSTITUTED
        return edge
    if not by_subject:
        return None  # a verb found by its complements alone is a counterpart only as a correction
    edge.op = UNCONFIRMED
    return edge


def _nominalised_predicate(claim, evidence, root) -> Edge | None:
    """The claim's verb against the act the evidence names by a noun with the claim's object after "to" or
    "in": "Global warming threatens food security" / "... include the increase in food security" -> the
    verb "increase" (lexicon.verb_of); the same verb confirms. Only where the evidence has no verb of the
    claim's."""
    obj = next((c for c in root.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
    if root.pos_ != "VERB" or obj is None or any(t.lemma_.lower() == root.lemma_.lower() for t in evidence):
        return None
    for noun in evidence:
        if noun.pos_ != "NOUN" or any(c.lower_ == "no" for c in noun.children):
            continue
        prep = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ in ("to", "in")), None)
        target = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
        if target is None or target.lemma_.lower() != obj.lemma_.lower() or (verb := lexicon.verb_of(noun.lemma_)) \
                is None:
            continue
        return Edge(SlotKind.PREDICATE, EQUAL if verb == root.lemma_.lower() else SUBSTITUTED, root.text, root.idx,
                    root.idx + len(root.text), verb, noun.idx, noun.idx + len(noun.text), label=root.dep_)
    return None


def _period_bound_stated(root, e_verb) -> bool:
    """A verb of ending or beginning dated by a year is stated by a period with that year at that end: "The
    war ended in 1945" / "The war lasted from 1939 to 1945" (the year itself is compared as a date slot)."""
    lemma = root.lemma_.lower()
    start = next((c for c in e_verb.children if c.dep_ == "prep" and c.lower_ in ("from", "between")), None)
    if lemma not in _END_WORDS | _START_WORDS or start is None:
        return False
    years = {t.text for c in root.children if c.dep_ == "prep" for t in c.subtree if _is_year(t)}
    period = [t.text for t in start.subtree if _is_year(t)]
    return len(period) >= 2 and (period[-1] if lemma in _END_WORDS else period[0]) in years


#: Verbs that say little themselves and take the event from their object: "suffered a death", "made a
#: decision", "gave a performance" (support verbs).
_SUPPORT_VERBS = frozenset({"make", "take", "give", "have", "suffer", "undergo", "meet", "hold", "conduct",
                            "perform", "carry", "reach", "get"})
#: Idioms of a verb and its object that state one verb: "lost her life" is "died".
_VERB_IDIOMS = {("lose", "life"): "die"}


def _light_verb_paraphrase(root, e_verb) -> bool:
    """The evidence states the claim's verb as a support verb and its noun ("Henry died" / "Henry
    suffered an untimely death"), or as an idiom ("lost her life")."""
    verb = root.lemma_.lower()
    for obj in (c for c in e_verb.children if c.dep_ == "dobj"):
        noun = obj.lemma_.lower()
        if _VERB_IDIOMS.get((e_verb.lemma_.lower(), noun)) == verb:
            return True
        if e_verb.lemma_.lower() in _SUPPORT_VERBS and noun in lexicon.nominalisations(verb):
            return True
    return False


def _dated_event(claim, evidence, root, slot_edges, similar) -> Edge | None:
    """A day the evidence gives to another event ("graduated college on June 26, 1980" / "( born June 26,
    1980 )"): the claim's verb, with the objects the evidence does not confirm, takes the evidence's
    (the day is stated right, of the wrong event). Not when the evidence tells the claim's event too."""
    dates = [(slot, edge) for slot, edge in slot_edges.values() if slot.kind == SlotKind.DATE]
    day = next((slot for slot, _ in dates if slot.granularity == "day"), None)
    if root.pos_ != "VERB" or root.lemma_.lower() in ("be", "have") or day is None \
            or any(edge.op != EQUAL for _, edge in dates) \
            or any(t.lemma_.lower() == root.lemma_.lower() for t in evidence):
        return None
    mine = _event_verb(claim, day.i, day.j)
    e_day = next((t for t in evidence if t.idx == slot_edges[day.i][1].evidence_start), None)
    theirs = _event_verb(evidence, e_day.i, e_day.i + 1) if e_day is not None else None
    if mine is None or mine.i != root.i or theirs is None or theirs.pos_ != "VERB" \
            or theirs.lemma_.lower() in ("be", "have") or similar(root.lemma_, theirs.lemma_):
        return None
    # The verb and its objects, up to the preposition of the date: nothing else, nothing confirmed.
    end = next((c.i for c in root.rights if c.left_edge.i <= day.i <= c.right_edge.i), None)
    objects = {t.i for c in root.children if c.dep_ == "dobj" for t in c.subtree}
    if end is None or any(k != root.i and k not in objects for k in range(root.i, end)) or any(
            edge.op == EQUAL and root.i < slot.i < end for slot, edge in slot_edges.values()):
        return None
    span = claim[root.i:end]
    return Edge(SlotKind.PREDICATE, SUBSTITUTED, span.text, span.start_char, span.end_char, theirs.text, theirs.idx,
                theirs.idx + len(theirs.text), label=root.dep_)


def _arguments(verb) -> list:
    """The heads of ``verb``'s object and prepositional objects ("played Margaret Blaine in the series":
    Blaine, series), a name with its compounds."""
    out = []
    for c in verb.children:
        if c.dep_ in ("dobj", "attr", "oprd"):
            out.append(c)
        elif c.dep_ in ("prep", "agent", "dative"):
            out.extend(o for o in c.children if o.dep_ == "pobj")
    return [t for a in out for t in [a, *(c for c in a.children if c.dep_ in ("compound", "flat"))]]


def _arguments_shared(verb, e_verb) -> bool:
    """The claim verb's arguments are the evidence verb's own arguments, not words nested deeper: "He
    also directed the films ..., Joe Dirt 2" shares "starred in Joe Dirt 2"'s film; "She has played
    Margaret Blaine in ..., Ursula Crowe in ... Wizards vs Aliens" does not share "appeared in Wizards vs
    Aliens" (the series completes another role), and "was court martialed ... for his role in the My
    Lai Massacre" does not share "participated in the My Lai Massacre"."""
    # A list of objects in apposition or coordination ("the films A, B, Joe Dirt 2") is one argument.
    stack, seen = list(_arguments(e_verb)), set()
    while stack:
        t = stack.pop()
        if t.i not in seen:
            seen.add(t.i)
            stack.extend(c for c in t.children if c.dep_ in ("appos", "conj", "compound", "flat", "nmod",
                                                             "npadvmod", "nummod"))
    doc = e_verb.doc
    theirs = {normalise(doc[i].text) for i in seen if _content(doc[i])}
    mine = [t for t in _arguments(verb) if _content(t)]
    return bool(mine) and any(normalise(t.text) in theirs for t in mine)


def _passive(verb) -> bool:
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children)


def _complements_covered(verb, e_verb) -> bool:
    """Every content word of the claim verb's complements and modifiers is among the evidence verb's:
    "Lee appeared in a film" is not corrected by "Lee relocated to Seattle", which is another event."""
    theirs = {normalise(t.text) for t in _own_words(e_verb)} | {t.lemma_.lower() for t in _own_words(e_verb)}
    return all(normalise(t.text) in theirs or t.lemma_.lower() in theirs for t in _own_words(verb))


def _same_subject_verb(evidence, root):
    """The evidence's main verb, or a main verb coordinated with it ("Neither side kept to its
    commitments, and Pope Innocent III annulled the charter"), whose subject shares words with the
    claim's subject."""
    claim_subject = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    e_root = evidence[:].root
    if not claim_subject and root.dep_ == "acl" and root.head.dep_ == "ROOT":
        # A caption's participle is said of the noun it describes ("A man running near the sea").
        theirs = caption_verb(evidence)
        same = theirs is not None and root.head.lemma_.lower() == e_root.lemma_.lower()
        return theirs if same else None
    if not claim_subject:
        return None
    words = {normalise(t.text) for t in claim_subject[0].subtree if _content(t)}
    for verb in [e_root, *(c for c in e_root.children if c.dep_ == "conj")]:
        evidence_subject = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if verb.pos_ != "VERB" or not evidence_subject:
            continue
        theirs = {normalise(t.text) for t in evidence_subject[0].subtree if _content(t)}
        if words and words & theirs:
            return verb
    return None


def caption_verb(doc):
    """The verb of a caption with no main verb: the participle describing the noun it is about ("A man
    running near the sea"), as image captions and scene descriptions are written. None otherwise."""
    root = doc[:].root
    if root.pos_ not in ("NOUN", "PROPN"):
        return None
    return next((c for c in root.children if c.dep_ == "acl" and c.tag_ == "VBG"), None)


# Verbs whose participle states a passive ("born in 1968", "based in Paris"): an active past tense
# in the claim's place would say something else.
PASSIVE_ONLY = {"bear", "base", "locate", "situate", "headquarter"}


def _verb_sharing_complements(claim, evidence, root):
    """The evidence verb whose own complements and modifiers repeat most of the claim verb's (its
    subject may be a pronoun). Not when the claim verb has an object: another verb with the same
    object is more likely another event than a correction."""
    if any(c.dep_ == "dobj" for c in root.children):
        return None
    mine = {normalise(t.text) for t in _own_words(root)} | {t.lemma_.lower() for t in _own_words(root)}
    best, best_shared = None, 0
    for e in evidence:
        if e.pos_ != "VERB" or e.lemma_.lower() in ("be", "have", "do") or \
                e.lemma_.lower() in NEGATIVE_IMPLICATIVES | PASSIVE_ONLY:
            continue
        if any(c.dep_ in ("nsubj", "nsubjpass") and c.pos_ != "PRON" for c in e.children):
            continue  # a verb with a subject of its own tells of that subject, not of the claim's
        shared = len({normalise(t.text) for t in _own_words(e)} & mine)
        if shared > best_shared:
            best, best_shared = e, shared
    return best


_NOW = frozenset({"currently", "now", "still", "presently", "today", "nowadays"})


def _said_of_now(claim, root) -> bool:
    """The claim says its predicate holds now: present tense with "currently", "still", "now" ... ("The
    Faroe Islands are currently part of the kingdom")."""
    verbs = [root] + [c for c in root.children if c.dep_ in ("aux", "auxpass")]
    return any(v.tag_ in ("VBZ", "VBP") for v in verbs) and any(
        c.lower_ in _NOW and c.dep_ in ("advmod", "npadvmod") for c in root.children)


def _ended_period(verb):
    """The closed period of the past a past-tense verb is dated by ("Between 1035 and 1814, the Faeroes
    were part of ...", "was chief executive from 2009 to 2014", "until 1990"), as its preposition; None
    when the verb is not in the past or its period is open ("since 1990", "from 1035")."""
    tensed = [verb] + [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if not any(t.tag_ == "VBD" for t in tensed) or any(t.lower_ in ("will", "would") for t in tensed):
        return None
    preps = [c for c in verb.children if c.dep_ == "prep"]
    for prep in preps:
        years = [t for t in prep.subtree if _is_year(t)]
        word = prep.lower_
        if word == "between" and len(years) >= 2 or word in ("until", "till") and years:
            return prep
        if word == "from" and years and (any(t.lower_ in ("to", "until", "till") for t in prep.subtree) or any(
                p.lower_ in ("to", "until", "till") and any(_is_year(t) for t in p.subtree) for p in preps)):
            return prep
    return None


def _evidence_predicate(claim, evidence, root, slot_edges, kin=None) -> int | None:
    """The evidence word that plays the claim's main predicate: same verb lemma, else ``kin`` (the claim's
    verb in other words, ``_kindred_verb``), else the governor of the counterpart of the claim's complement,
    else the evidence's root when the claim is a copula."""
    lemma = root.lemma_.lower()
    same = [e for e in evidence if e.lemma_.lower() == lemma and e.pos_ in ("VERB", "AUX") and lemma != "be"]
    if same:
        # "has modelled for Mango, but declined to model for L'Oréal": the occurrence whose own
        # arguments repeat the claim's words is the one the claim is about.
        # On a tie, the occurrence with the claim's object ("use only the descaler; do not use vinegar"
        # for "can use vinegar").
        words = {t.lemma_.lower() for t in root.subtree if _content(t)} | {normalise(t.text) for t in claim}
        objects = {c.lemma_.lower() for c in root.children if c.dep_ in ("dobj", "attr")}
        return max(same, key=lambda e: (sum(1 for t in _own_words(e) if t.lemma_.lower() in words
                                            or normalise(t.text) in words),
                                        any(c.dep_ in ("dobj", "attr") and c.lemma_.lower() in objects
                                            for c in e.children), -e.i)).i
    if kin is not None:  # the claim's verb in other words (``_kindred_verb``)
        return kin.i
    for child in root.children:
        if child.dep_ in ("attr", "dobj", "acomp", "oprd") and child.i in slot_edges:
            _, edge = slot_edges[child.i]
            if edge.op == EQUAL and edge.evidence_start >= 0:
                for e in evidence:
                    if e.idx == edge.evidence_start:
                        head = e.head
                        while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
                            head = head.head
                        return head.i
    # The subject hangs from the sentence's root, which is not ``root`` under an implicative.
    if lemma == "be" or any(c.dep_ in ("nsubj", "nsubjpass") and _same_subject(c, evidence)
                            for c in list(root.children) + list(claim[:].root.children)):
        return evidence[:].root.i
    return None


def _kindred_verb(root, evidence):
    """The evidence's verb that WordNet gives as a synonym, a kind or a genus of the claim's, with a word of
    the claim's complements among its own ("is approved for children" / "has not been authorised for use
    in children"): the claim's predicate in other words, whose polarity is then compared."""
    lemma = root.lemma_.lower()
    if root.pos_ != "VERB" or lemma in ("be", "have", "do"):
        return None
    words = {t.lemma_.lower() for t in _own_words(root)}
    shared = {e.i: len({t.lemma_.lower() for t in _own_words(e)} & words) for e in evidence
              if e.pos_ == "VERB" and e.lemma_.lower() not in ("be", "have", "do")}
    kin = [evidence[i] for i, n in shared.items() if n and lexicon.kindred(lemma, evidence[i].lemma_.lower(), "VERB")]
    return max(kin, key=lambda e: (shared[e.i], -e.i), default=None)


def _kindred_subjects(verb, e_verb) -> bool:
    """The two verbs' subjects are one word, WordNet kin ("the drug" / "the medicine"), or the evidence's is
    a pronoun."""
    def subject(v):
        return next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)

    mine, theirs = subject(verb), subject(e_verb)
    if mine is None or theirs is None:
        return False
    if theirs.pos_ == "PRON" or mine.lemma_.lower() == theirs.lemma_.lower():
        return True
    return mine.pos_ == theirs.pos_ == "NOUN" and lexicon.kindred(mine.lemma_.lower(), theirs.lemma_.lower(), "NOUN")


def _own_words(verb) -> list:
    """Content words of ``verb``'s complements and modifiers, without its subject (shared by every
    verb of a coordination) and without the clauses it governs."""
    out, stack = [], [c for c in verb.children if c.dep_ not in ("nsubj", "nsubjpass")]
    while stack:
        t = stack.pop()
        if t.pos_ in ("VERB", "AUX") and t.dep_ in ("conj", "xcomp", "ccomp", "advcl", "relcl", "acl"):
            continue
        if _content(t):
            out.append(t)
        stack.extend(t.children)
    return out


def _same_subject(subject, evidence) -> bool:
    words = {normalise(t.text) for t in subject.subtree if _content(t)}
    ev = {normalise(t.text) for t in evidence} | {t.lemma_.lower() for t in evidence}
    return bool(words) and len(words & ev) / len(words) >= 0.5


def verbs_in_the_same_place(claim, evidence, edges):
    """(claim verb, evidence verbs) for each verb below the claim's main one that no edge covers, neither
    negated nor said in the evidence: the evidence's other verbs in the same relation to a head of the same
    lemma, none negated and none the claim says elsewhere."""
    covered = [(e.claim_start, e.claim_end) for e in edges]
    claim_lemmas = {t.lemma_.lower() for t in claim}
    evidence_lemmas = {t.lemma_.lower() for t in evidence}
    for c in claim:
        if c.pos_ != "VERB" or c.dep_ == "ROOT" or c.lemma_.lower() in evidence_lemmas \
                or any(a <= c.idx < b for a, b in covered) or _negated_at(claim, c.i):
            continue
        yield c, [e for e in evidence if e.pos_ == "VERB" and e.dep_ == c.dep_ and e.lemma_.lower() not in claim_lemmas
                  and e.head.lemma_.lower() == c.head.lemma_.lower() and not _negated_at(evidence, e.i)]


def _other_verbs_below_the_root(claim, evidence, edges) -> None:
    """With nothing else different, a verb below the main one that the evidence replaces by another verb in
    the same place (``verbs_in_the_same_place``, in the same form and with the same dependents: "smiling
    while running near the cafe" / "while standing near the cafe", "people moving" / "people sitting") is
    substituted by it. One verb at most, and only where the evidence offers one: a claim is corrected where
    it is most likely wrong, and no more."""
    for c, verbs in verbs_in_the_same_place(claim, evidence, edges):
        # the same words hang from it: "walking to the station" is not "waiting at the station"
        options = [e for e in verbs if e.tag_ == c.tag_ and [t.lower_ for t in e.children] == [t.lower_ for t in c.children]]
        if len(options) == 1:
            e = options[0]
            edges.append(Edge(SlotKind.PREDICATE, SUBSTITUTED, c.text, c.idx, c.idx + len(c.text), e.text, e.idx,
                              e.idx + len(e.text), label=c.dep_, score=1.0))
            return
