"""How often: adverbs of frequency from the two ends of the scale.

Horn's scales (Horn 1989, *A Natural History of Negation*, ch. 4) order the adverbs of frequency from
⟨always, usually, often⟩ down to ⟨rarely, seldom⟩ and ``never``. A sentence saying that something happens
often where its evidence says that it happens rarely states the opposite, not merely another degree;
"sometimes" and "occasionally" sit in the middle and oppose neither end, but they deny "always": on the
scale "sometimes" implicates "not always", so a claim that something always happens, where its evidence
says that it sometimes does, overstates it. ``never`` is a negation (``negation.VERB_NEGATORS``): the
polarity check reads it.
"""
from __future__ import annotations

from .negation import NEGATIONS

#: The upper end: the thing happens as a rule.
OFTEN = frozenset({"always", "usually", "often", "frequently", "commonly", "typically", "normally", "generally",
                   "mostly", "regularly", "routinely", "invariably", "ordinarily", "habitually", "constantly"})
#: The lower end: the thing happens by exception.
SELDOM = frozenset({"rarely", "seldom", "infrequently", "uncommonly"})


#: Without exception: the end of the scale that the middle denies (all of them in ``OFTEN``).
ALWAYS = frozenset({"always", "invariably", "constantly"})
#: The middle of the scale.
SOMETIMES = frozenset({"sometimes", "occasionally"})


def frequency_side(word: str) -> int:
    """+1 for an adverb of the upper end of the scale, -1 for one of the lower end, 0 otherwise."""
    word = word.lower()
    return 1 if word in OFTEN else -1 if word in SELDOM else 0


#: The small parser files "it's seldom because ..." as a complement, not an adverb.
_ADVERBIAL = ("advmod", "acomp")


def contrary_frequencies(mine: str, theirs: str) -> bool:
    """Whether the evidence's adverb of frequency denies the claim's: the opposite end ("often" / "rarely"),
    or the middle against "always" ("always" / "sometimes"; not the other way round: what always happens
    also sometimes does)."""
    side = frequency_side(mine)
    return (bool(side) and frequency_side(theirs) == -side) or (mine.lower() in ALWAYS
                                                               and theirs.lower() in SOMETIMES)


def opposite_frequencies(claim_span, evidence_span) -> list[tuple]:
    """(claim token, evidence token) for each adverb of frequency of the claim that the evidence denies
    (``contrary_frequencies``) of the same verb (or predicate adjective) with the same subject: "metformin
    frequently causes low blood sugar" / "metformin rarely causes hypoglycaemia". Under a negation an adverb
    says neither end ("does not often happen"), and "usually" against "sometimes" is another degree, not
    the opposite. Both spans parsed by spaCy."""
    pairs = []
    for c in claim_span:
        if not frequency_side(c.text) or c.dep_ not in _ADVERBIAL or c.head.pos_ not in ("VERB", "AUX", "ADJ"):
            continue
        verb, subject = c.head.lemma_.lower(), _subject_lemma(c.head)
        if subject is None or _negated(c.head):
            continue
        e = next((e for e in evidence_span if contrary_frequencies(c.text, e.text) and e.dep_ in _ADVERBIAL
                  and e.head.lemma_.lower() == verb and _subject_lemma(e.head) == subject
                  and not _negated(e.head)), None)
        if e is not None:
            pairs.append((c, e))
    return pairs


def _subject_lemma(predicate) -> str | None:
    """The lemma of the subject of a verb, or of the verb a predicate adjective hangs on."""
    for head in (predicate, predicate.head):
        subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None:
            return subject.lemma_.lower()
    return None


def _negated(verb) -> bool:
    return any(c.dep_ == "neg" or c.lower_ in NEGATIONS for c in verb.children)
