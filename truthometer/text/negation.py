"""Negation and polarity: the words and phrases that deny, the verbs that deny their complement, the words
that restrict or flip a claim, and the prefixes that make a word its opposite.

One table of denying words, by the way each denies; the users take the union they read:
``CLAUSE_NEGATORS`` for a predicate's own negation ("did not win"), ``NEGATIONS`` for every word that
denies something in its clause ("nobody came", "without spoiling").
"""
from __future__ import annotations

import re

#: Negators of a verb: "did not win", "never won".
VERB_NEGATORS = frozenset({"not", "n't", "never"})
#: Negators of a clause: a verb's, and "no" before its noun ("had no children").
CLAUSE_NEGATORS = VERB_NEGATORS | {"no"}
#: Negative pronouns and adverbs: "nobody came", "found nowhere else".
NEGATIVE_PRONOUNS = frozenset({"none", "nobody", "nothing", "nowhere"})
#: Negative coordinators: "neither ... nor".
NEGATIVE_COORDINATORS = frozenset({"neither", "nor"})
#: A preposition that denies its complement: "lasts without spoiling".
NEGATING_PREPOSITIONS = frozenset({"without"})
#: Every single word that denies something in its clause. ("cannot" is written as one word; spaCy splits
#: it into "can" "not", other tokenizers do not.)
NEGATIONS = CLAUSE_NEGATORS | NEGATIVE_PRONOUNS | NEGATIVE_COORDINATORS | NEGATING_PREPOSITIONS | {"cannot"}

#: Multi-word cues that deny what follows ("has yet to appear", "something other than", "born outside of").
NEGATION_PHRASES = re.compile(r"\b(yet to|other than|outside of|outside|away from|anything but|rather than|instead of|"
                              r"unable to|incapable of|refused to|refuses to|failed to|fails to|lacks?|absent from|"
                              r"free of|exempt from|denied|denies|never)\b", re.IGNORECASE)

#: Negative implicatives (Karttunen 1971, "Implicative verbs"): words that deny their complement.
#: "declined to model" states that she did not model.
NEGATIVE_IMPLICATIVES = frozenset({"fail", "refuse", "decline", "avoid", "lack", "unable", "incapable", "stop",
                                   "cease", "deny", "reject"})
#: Verbs that forbid their object: "prohibits new claims" says that no new claims may be made; a drug
#: "contraindicated in" a group must not be taken by it.
PROHIBITIVES = frozenset({"prohibit", "forbid", "ban", "bar", "outlaw", "contraindicate"})
#: Verbs that let their object happen: what a prohibitive verb says is what these say denied ("are banned
#: from checked baggage" / "are not permitted in checked baggage").
PERMISSIVES = frozenset({"allow", "permit", "authorise", "authorize"})
#: Verbs that keep a thing from happening or being had: "banned", "prevented", "lost".
PREVENTIVES = PROHIBITIVES | {"prevent", "lose", "abandon", "oppose"}
#: Focus words that restrict a claim to what they name: "is only Chinese".
RESTRICTIVE_FOCUS = frozenset({"only", "exclusively", "solely", "just", "merely"})
#: Words that call what they qualify untrue: "the myth that ...", "a fake ...".
UNTRUE = frozenset({"false", "fake", "myth", "hoax", "impossible"})
#: Words that flip or restrict what the rest of the sentence asserts: a claim carrying one the evidence
#: lacks is usually refuted (the judge's features read this union).
REVERSING_WORDS = NEGATIVE_IMPLICATIVES | PREVENTIVES | RESTRICTIVE_FOCUS | UNTRUE | {"never"}

#: Prefixes that make a word its opposite: "significant" / "insignificant", "violent" / "non-violent".
NEGATIVE_PREFIXES = ("non", "un", "in", "im", "il", "ir", "dis", "anti", "counter", "mis")
#: Those of them that deny the word they make ("unattended", "incomplete", "dishonest", "non-toxic"); "anti",
#: "counter" and "mis" make another word, not its denial.
DENYING_PREFIXES = tuple(p for p in NEGATIVE_PREFIXES if p not in ("anti", "counter", "mis"))
#: The prefix written as a word of its own, or before a hyphen ("a non racial group", "non-racial"): it
#: negates the word after it, which says the opposite without it.
SEPARATE_NEGATIVE_PREFIXES = frozenset({"non"})


#: Prepositions that take what they govern out of the statement: "all trains have a buffet car except the first".
EXCEPTING = frozenset({"except", "excepting", "excluding"})


def excepted(claim_span, evidence_span) -> bool:
    """Whether the evidence takes the claim's subject out of what it states ("All trains have a buffet car
    except the first and last services of the day" says the first and last trains have none): the claim
    denying it agrees, affirming it disagrees. The subject is the one excepted when most of its content
    words are in the excepted phrase."""
    subject = next((c for c in claim_span.root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None:
        return False
    mine = _content_lemmas(subject.subtree)
    for t in evidence_span:
        if t.lower_ in EXCEPTING and t.dep_ == "prep":
            for obj in (c for c in t.children if c.dep_ == "pobj"):
                theirs = _content_lemmas(obj.subtree)
                if mine and len(mine & theirs) >= max(1, (len(mine) + 1) // 2):
                    return True
    return False


def _content_lemmas(tokens) -> set[str]:
    return {t.lemma_.lower() for t in tokens if t.is_alpha and not t.is_stop}


#: Prepositions that say where or by what means something is done ("sold on board", "at the machine").
_PLACING = frozenset({"at", "on", "in", "inside", "outside", "aboard", "through", "via", "near", "from"})


def denied_of_another_place(claim, claim_verb, evidence_verb) -> bool:
    """One side denies its verb of a place or means the other does not name, and the other states it of one
    the first does not name ("no tickets are sold on board" / "Tickets are sold at the quay ticket machine"):
    the negation is about that place, not about the other's. ``claim``: the claim's tokens; the verbs are the
    two sides' predicates."""
    def places(verb) -> set[str]:
        return {o.lemma_.lower() for p in verb.children if p.dep_ == "prep" and p.lower_ in _PLACING
                for o in p.children if o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN") and not o.ent_type_}

    def own_clause(verb) -> set[str]:
        # The verb's words without the clauses hanging from it ("Tickets must be bought at the machine; no
        # tickets are sold on board" is parsed with the first clause under "sold").
        words, todo = set(), [verb]
        while todo:
            t = todo.pop()
            words.add(t.lemma_.lower())
            todo += [c for c in t.children if c.dep_ not in ("ccomp", "parataxis", "advcl", "relcl")
                     and not (c.dep_ == "conj" and c.pos_ in ("VERB", "AUX"))]
        return words

    theirs, mine = places(evidence_verb), places(claim_verb)
    return bool(theirs) and bool(mine) and not theirs & {t.lemma_.lower() for t in claim} \
        and not mine & own_clause(evidence_verb)


def denied_by_prefix(doc, other) -> bool:
    """Whether ``doc`` states with a denying prefix a word that ``other`` states without it: "must never be
    left unattended" / "must be attended at all times". Such a word is a negation of its own, so beside a
    "not" or "never" the two cancel (a double negation), and the sentence affirms what ``other`` does."""
    theirs = {w for t in other for w in (t.lower_, t.lemma_.lower())}
    for t in doc:
        if t.pos_ not in ("ADJ", "VERB") or t.lower_ in theirs:
            continue
        word = t.lower_.replace("-", "")
        if any(word.startswith(p) and len(word) - len(p) >= 4 and word[len(p):] in theirs for p in DENYING_PREFIXES):
            return True
    return False
