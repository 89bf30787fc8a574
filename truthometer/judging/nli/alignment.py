"""Alignment features: which slots of the claim the evidence covers, misses, or fills differently.

FEVER-Symmetric pairs differ in one slot (a nationality, a year, a genre, began/ended, a negation), and
sentence embeddings barely move when one slot changes. These features read the slots of the claim
(entities by type, numbers, content words by part of speech, negation, negative-implicative verbs,
antonyms) and compare each with the evidence: present, absent while the evidence has another filler of
the same type (a *conflict*), or absent with nothing of that type (*not covered*). The learned head
weighs them beside the embedding features.

Only the spaCy tagger, attribute ruler, lemmatizer and NER run (no parser): this keeps the parse near
500 sentences/s on one core.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np
from spacy.lang.en.stop_words import STOP_WORDS
from rapidfuzz import fuzz

from ..delucionqa import longest_overlap_ratio, tokens
from ...text import pronouns
from ...text.names import LABEL_FAMILIES
from ...text.negation import NEGATION_PHRASES, NEGATIONS, REVERSING_WORDS
from ...text.numbers import FRACTIONS
from ...text.quantities import fraction_after, fraction_of_unit, quantity, same_quantity
from ...text import lexicon
from .amounts import (_DECADE_WORDS, _bound, _bound_of_word, _number, _unit_after, _year_or_decade,  # noqa: F401
                      bound_met, calendar_dates, dates_agree)

#: spaCy components the features need; the parser is skipped for speed.
SPACY_DISABLE = ("parser",)

_PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}",
        "``": '"', "''": '"'}
_PTB_RE = re.compile("|".join(re.escape(k) for k in _PTB))
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_PUNCT = re.compile(r" ([,.;:!?)\]}%]|'s\b|n't\b)")
_SPACE_AFTER_OPEN = re.compile(r"([(\[{]) ")


def normalise(text: str) -> str:
    """Undo Penn-Treebank escapes and detached punctuation (FEVER's Wikipedia dumps use both)."""
    text = _SPACES.sub(" ", _PTB_RE.sub(lambda m: _PTB[m.group(0)], str(text)))
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return _SPACE_AFTER_OPEN.sub(r"\1", text).strip()


#: Words that flip or restrict what the rest of the sentence asserts ("refused to model for X",
#: "is only Chinese"): a claim carrying one the evidence lacks is usually refuted.
NEGATIVE_IMPLICATIVES = REVERSING_WORDS
_ANTONYM_PAIRS = [
    ("begin", "end"), ("start", "end"), ("start", "finish"), ("begin", "finish"), ("bear", "die"),
    ("birth", "death"), ("win", "lose"), ("increase", "decrease"), ("rise", "fall"), ("raise", "lower"),
    ("first", "last"), ("before", "after"), ("male", "female"), ("man", "woman"), ("alive", "dead"),
    ("more", "less"), ("more", "fewer"), ("high", "low"), ("higher", "lower"), ("warm", "cool"),
    ("hot", "cold"), ("large", "small"), ("big", "small"), ("long", "short"), ("old", "young"),
    ("old", "new"), ("open", "close"), ("accept", "reject"), ("include", "exclude"), ("gain", "lose"),
    ("add", "remove"), ("north", "south"), ("east", "west"), ("positive", "negative"), ("true", "false"),
    ("success", "failure"), ("successful", "unsuccessful"), ("up", "down"), ("above", "below"),
    ("strengthen", "weaken"), ("expand", "shrink"), ("grow", "shrink"), ("buy", "sell"),
    ("enter", "leave"), ("arrive", "leave"), ("fast", "slow"), ("early", "late"), ("past", "future"),
    ("love", "hate"), ("happy", "sad"), ("light", "dark"), ("heavy", "light"), ("wet", "dry"),
    ("thick", "thin"), ("inside", "outside"), ("major", "minor"), ("maximum", "minimum"),
    ("most", "least"), ("best", "worst"), ("better", "worse"), ("always", "never"), ("all", "none"),
    ("sit", "stand"), ("push", "pull"), ("give", "take"), ("cause", "prevent"), ("amateur", "professional"),
    ("fiction", "nonfiction"), ("legal", "illegal"), ("private", "public"), ("domestic", "foreign"),
    ("ancient", "modern"), ("empty", "full"), ("asleep", "awake"), ("same", "different"),
    ("warming", "cooling"), ("melt", "freeze"), ("boy", "girl"), ("husband", "wife"),
    ("form", "disband"), ("form", "dissolve"), ("found", "dissolve"), ("join", "leave"), ("join", "quit"),
    ("allow", "forbid"), ("allow", "ban"), ("permit", "forbid"), ("support", "oppose"), ("agree", "disagree"),
    ("victory", "defeat"), ("approve", "reject"), ("pass", "fail"), ("succeed", "fail"), ("hire", "fire"),
    ("marry", "divorce"), ("appear", "disappear"), ("remember", "forget"), ("import", "export"),
    ("rural", "urban"), ("cheap", "expensive"), ("safe", "dangerous"), ("rich", "poor"), ("strong", "weak"),
    ("easy", "difficult"), ("deep", "shallow"), ("wide", "narrow"), ("win", "defeat"),
]
ANTONYMS: dict[str, frozenset] = {}
for _a, _b in _ANTONYM_PAIRS:
    ANTONYMS[_a] = ANTONYMS.get(_a, frozenset()) | {_b}
    ANTONYMS[_b] = ANTONYMS.get(_b, frozenset()) | {_a}

#: Verbs that carry little meaning of their own ("got married", "took part"): a claim's light verb the
#: evidence lacks is not a slot filled differently.
LIGHT_VERBS = frozenset({"get", "make", "take", "give", "go", "come", "have", "do", "be", "become", "keep"})
#: Word-embedding cosine at which two different words count as the same meaning. Measured on MiniLM word
#: vectors: synonyms (film/movie 0.84, begin/start 0.84, physician/doctor 0.86, big/large 0.81) sit above
#: it, co-hyponyms that make a claim false (American/British 0.71, actor/actress 0.71, football/basketball
#: 0.68) below it.
SYNONYM_THRESHOLD = 0.78
#: Parts of speech that may stand for each other in a paraphrase.
_POS_GROUP = {"NOUN": "N", "PROPN": "N", "VERB": "V", "ADJ": "A", "ADV": "A", "NUM": "NUM"}

#: General nouns and the more specific nouns they cover ("a person" is entailed by "a man"; "a man" is
#: not entailed by "a person"). Word embeddings put hypernyms and co-hyponyms at similar distances
#: (man/person, man/woman), so the direction of generality has to be stated.
_HYPERNYM_OF = {
    "person": "man woman boy girl child kid baby adult teenager player musician guitarist pianist singer "
              "dancer chef cook worker doctor nurse teacher student soldier officer rider driver swimmer "
              "runner climber athlete actor actress artist lady gentleman guy someone somebody people",
    "people": "men women boys girls children kids persons players crowd group team family",
    "child": "boy girl kid baby toddler", "kid": "boy girl child toddler",
    "animal": "dog cat horse cow sheep bird puppy kitten pig goat deer lion tiger bear monkey elephant "
              "fish duck chicken camel rabbit mouse snake",
    "dog": "puppy", "cat": "kitten", "bird": "duck chicken eagle parrot",
    "instrument": "guitar piano violin flute drum drums trumpet saxophone cello harp keyboard",
    "vehicle": "car truck bus bike bicycle motorcycle motorbike van train boat",
    "food": "meat bread pizza sandwich egg eggs rice pasta soup cake vegetable fruit potato tomato onion "
            "apple banana carrot cheese fish",
    "fruit": "apple banana orange lemon strawberry grape mango", "vegetable": "potato tomato onion carrot pepper "
              "cucumber cabbage",
    "sport": "football soccer baseball basketball tennis golf hockey rugby cricket",
    "ball": "football soccer basketball baseball", "water": "sea ocean lake river pool",
    "building": "house church school tower castle skyscraper", "tree": "oak pine palm",
    "weapon": "gun rifle sword knife", "book": "novel",
}
HYPERNYMS: dict[str, frozenset] = {}
for _general, _specifics in _HYPERNYM_OF.items():
    for _specific in _specifics.split():
        HYPERNYMS[_specific] = HYPERNYMS.get(_specific, frozenset()) | {_general}
#: Determiners that introduce a participant not identified with any other ("a man", "some dogs"): such
#: a participant filled differently in the evidence may be another one, not a contradiction.
INDEFINITE_DETERMINERS = frozenset({"a", "an", "some", "several", "many", "few", "another", "any", "no",
                                    "one", "two", "three", "four", "five", "six", "multiple", "various"})
SUBJECT_PRONOUNS = pronouns.OPENING
GENERIC_OPENERS = frozenset({"someone", "somebody", "nobody", "no one", "people", "there"})

ENTITY_FAMILIES = LABEL_FAMILIES
FAMILIES = ("agent", "place", "norp", "date", "number", "ordinal", "work")
#: Families of names a sentence can be about (its subject), unlike dates and amounts.
NAMED_FAMILIES = frozenset({"agent", "place", "norp", "work"})
#: Of those, the families whose other members in the evidence may be the topic instead of the claim's
#: ("norp" is left out: nationalities and religions describe a topic more often than replace it).
RIVAL_FAMILIES = frozenset({"agent", "place", "work"})
CONTENT_POS = ("NOUN", "PROPN", "ADJ", "VERB", "NUM", "ADV")


@dataclass(frozen=True)
class SentenceInfo:
    """What the features need from one parsed sentence."""

    text_lower: str
    tokens: tuple            # DelucionQA tokens, for the overlap ratio
    words: frozenset         # lower-cased surface forms and lemmas of every token
    content: tuple           # (lemma, surface lower, pos) of content tokens, in order
    entities: tuple          # (text lower, family)
    numbers: frozenset       # numeric values
    quantities: frozenset    # (value, unit word, dimension, value in base unit) of numbers with a unit
    negations: int
    implicatives: frozenset
    n_tokens: int
    #: Lemmas of nouns introduced indefinitely as participants ("a man", "two dogs", bare plurals); a
    #: predicate nominal ("is a political party") is an attribute, not a participant, and is left out.
    indefinite: frozenset = frozenset()
    #: The sentence is about an unidentified participant ("A man is ...", "There is ...", "Nobody ..."):
    #: a caption or a generic statement rather than a claim about a named entity.
    generic_subject: bool = False
    #: The entity the sentence opens with ("Robert Palmer has written ..."), lower-cased, or "".
    subject_entity: str = ""
    #: The sentence opens with a personal pronoun ("He is best known for ..."): its subject is named
    #: elsewhere, usually in the sentence before.
    pronoun_subject: bool = False
    #: Ranges a number of the sentence states (low, high, unit word): "more than 100,000 copies",
    #: "in the 1950s", "in the fifties" (unit "year").
    bounds: frozenset = frozenset()
    #: Every number with the word after it (value, word): what a bound on "copies" compares with.
    amounts: frozenset = frozenset()
    #: Calendar dates the sentence names, as (year, month, day) with None for a part it leaves out.
    dates: frozenset = frozenset()


def _determiner(doc, i: int):
    """The token that determines the noun at ``i`` (an index into ``doc``: a Doc, a Span or a list of
    tokens): the nearest earlier token past the noun's modifiers."""
    j = i - 1
    while j >= 0 and (doc[j].pos_ in ("ADJ", "ADV", "NOUN", "PROPN", "VERB") and doc[j].tag_ not in ("VBZ", "VBD", "VBP", "MD")
                      or doc[j].text == "-"):
        if doc[j].pos_ == "VERB" and doc[j].tag_ not in ("VBN", "VBG"):
            break
        j -= 1
    return j if j >= 0 else None


def is_indefinite(doc, i: int) -> bool:
    """Whether the noun at ``i`` (an index into ``doc``) introduces an unidentified participant (see
    SentenceInfo.indefinite)."""
    t = doc[i]
    if t.pos_ != "NOUN":
        return False
    j = _determiner(doc, i)
    det = doc[j] if j is not None else None
    low = det.text.lower() if det is not None else ""
    if det is not None and (det.pos_ == "NUM" or low in INDEFINITE_DETERMINERS):
        before = doc[j - 1] if j > 0 else None
        # "X is a political party": an attribute of X. "There is a man": a participant.
        predicative = before is not None and before.lemma_ == "be" and not (j > 1 and doc[j - 2].lower_ == "there")
        return not predicative
    # A bare plural ("dogs are running") with no determiner or possessive before it.
    return t.tag_ == "NNS" and (det is None or det.pos_ not in ("DET", "PRON", "PART", "PROPN"))


def _generic_subject(toks: list, words: list, base: int = 0) -> bool:
    """``toks``: the sentence's tokens; ``words``: the same less punctuation; ``base``: the index of the
    first token in its Doc (a Span's tokens carry their index in the whole Doc)."""
    if not words:
        return False
    first = words[0].lower_
    if first in GENERIC_OPENERS or " ".join(t.lower_ for t in words[:2]) in GENERIC_OPENERS:
        return True
    for t in words:
        if t.pos_ == "PROPN" or t.pos_ == "PRON":
            return False
        if t.pos_ == "NOUN":
            return is_indefinite(toks, t.i - base)
    return False


def sentence_info(doc) -> SentenceInfo:
    """Read the slots of one spaCy doc or sentence span (parsed without the parser)."""
    # One list of tokens, indexed from 0 for a Doc and a Span alike: spaCy builds a new Token object on
    # every iteration and index, which was a quarter of the judge's time per sentence.
    toks = list(doc)
    words, content, numbers = set(), [], set()
    negations = 0
    implicatives, quantities = set(), set()
    bounds, amounts = set(), set()
    lows = [t.lower_ for t in toks]
    for k, t in enumerate(toks):
        low, lemma = t.lower_, t.lemma_.lower()
        bound = _bound(toks, k)
        if bound:
            bounds.add(bound)
        words.add(low)
        words.add(lemma)
        if low in NEGATIONS or lemma in NEGATIONS:
            negations += 1
        if lemma in NEGATIVE_IMPLICATIVES or low in NEGATIVE_IMPLICATIVES:
            implicatives.add(lemma if lemma in NEGATIVE_IMPLICATIVES else low)
        value = _number(t.text) if t.like_num or _year_or_decade(t.text) else fraction_of_unit(lows, k)
        if value is not None:
            fraction, extra = fraction_after(lows, k)  # "one and a half litres" is 1.5 litres
            value += fraction
            numbers.add(value)
            unit_word = _unit_after(toks, k + extra + (1 if low in FRACTIONS else 0))
            amounts.add((value, unit_word.lower().rstrip("s")))
            amount = quantity(value, unit_word)
            if amount is not None:
                quantities.add((value, unit_word.lower(), *amount))
        if t.pos_ in CONTENT_POS and not t.is_stop and not t.is_punct and any(c.isalnum() for c in low) \
                and lemma not in LIGHT_VERBS:
            content.append((lemma, low, t.pos_))
    text = doc.text
    negations += len(NEGATION_PHRASES.findall(text)) - sum(1 for t in toks if t.lower_ == "never")
    ents = [e for e in doc.ents if e.label_ in ENTITY_FAMILIES]
    entities = tuple((e.text.lower(), ENTITY_FAMILIES[e.label_]) for e in ents)
    indefinite = frozenset(t.lemma_.lower() for k, t in enumerate(toks) if is_indefinite(toks, k))
    base = getattr(doc, "start", 0)  # a Span's entities carry their offsets in the whole Doc
    # The opening entity stands first or after a determiner: "After George's death" does not open with George.
    first = 1 if toks and toks[0].pos_ == "DET" else 0
    opening = [e.text.lower() for e in ents if e.start - base in (0, first) and ENTITY_FAMILIES[e.label_] in NAMED_FAMILIES]
    opening = opening or _opening_name(toks)
    words_only = [t for t in toks if not t.is_punct]
    pronoun_subject = bool(words_only) and words_only[0].lower_ in SUBJECT_PRONOUNS
    return SentenceInfo(text.lower(), tuple(tokens(text)), frozenset(words), tuple(content), entities,
                        frozenset(numbers), frozenset(quantities), negations, frozenset(implicatives), len(toks),
                        indefinite, _generic_subject(toks, words_only, base), opening[0] if opening else "",
                        pronoun_subject, frozenset(bounds), frozenset(amounts), calendar_dates(toks))


def _opening_name(toks: list) -> list[str]:
    """The proper nouns a sentence opens with (after one determiner), lower-cased, as a one-item list; the
    small NER model misses many names ("Mount Rushmore was carved ...")."""
    start = 1 if toks and toks[0].pos_ == "DET" else 0
    end = start
    while end < len(toks) and toks[end].pos_ == "PROPN":
        end += 1
    return [" ".join(t.lower_ for t in toks[start:end])] if end > start else []


def matched_numbers(claim: SentenceInfo, evidence: SentenceInfo) -> frozenset:
    """The claim's numbers the evidence states too: the same value, or the same amount in another unit."""
    same = claim.numbers & evidence.numbers
    converted = {value for value, _, dim, base in claim.quantities
                 if any(same_quantity((dim, base), (d, b)) for _, _, d, b in evidence.quantities)}
    # "more than 100,000" met by 258,000; "the 1950s" by 1957.
    bounded = {value for low, high, _ in claim.bounds if bound_met((low, high, _), evidence)
               for value in claim.numbers if value in (low, high)}
    return frozenset(same | converted | bounded)


def _covered(lemma: str, low: str, premise: SentenceInfo) -> bool:
    if lemma in premise.words or low in premise.words:
        return True
    if len(low) >= 5:
        # Inflection and spelling variants the small lemmatizer misses ("modelled" / "model").
        for w in premise.words:
            if len(w) >= 4 and w[0] == low[0] and fuzz.ratio(low, w) >= 85:
                return True
    return False


def _entity_present(text: str, premise: SentenceInfo) -> bool:
    if text in premise.text_lower:
        return True
    # Surnames and partial names: "Cruz" for "Penélope Cruz" (not "the" for "the Battle of Hastings").
    parts = [p for p in text.split() if len(p) > 2 and p not in STOP_WORDS]
    if parts and any(p in premise.words for p in parts):
        return True
    return len(text) >= 5 and fuzz.partial_ratio(text, premise.text_lower) >= 90


#: The lexicon's relations counted as features, in feature order.
WORDNET_RELATIONS = (lexicon.SYNONYM, lexicon.MORE_GENERAL, lexicon.MORE_SPECIFIC, lexicon.COHYPONYM, lexicon.ANTONYM)

FEATURE_NAMES: tuple[str, ...] = (
    "coverage", "missing_count", "missing_any", "all_covered", "jaccard", "overlap_ratio",
    *[f"missing_{p.lower()}" for p in CONTENT_POS],
    *[f"conflict_{p.lower()}" for p in CONTENT_POS],
    *[f"ent_{k}_{f}" for f in FAMILIES for k in ("present", "conflict", "absent")],
    "ents_claim", "ent_conflict_any", "ent_absent_any",
    "num_match", "num_conflict", "num_absent",
    "neg_claim", "neg_evidence", "neg_parity_differs",
    "implicative_claim_only", "implicative_evidence_only",
    "antonym_claim_to_evidence", "antonym_evidence_to_claim",
    "neg_x_coverage", "neg_x_all_covered", "neg_x_conflict", "mismatch_signal", "mismatch_xor_neg",
    "log_len_claim", "log_len_evidence", "len_ratio",
    "synonym_covered", "missing_after_synonyms", "min_missing_similarity", "coverage_with_synonyms",
    "generic_claim", "generic_evidence", "conflict_indefinite", "conflict_specific", "hypernym_covered",
    "more_specific_claim", "neg_x_generic", "subject_by_pronoun", "antonym_x_generic", "topic_elided",
    "bound_met", "bound_violated", "date_match", "date_conflict",
    *[f"wordnet_{r}" for r in WORDNET_RELATIONS],
)


def elided_topic(claim: SentenceInfo, evidence: SentenceInfo) -> str:
    """The claim's opening entity when the evidence leaves it unsaid and names no rival in its place, or "".

    A sentence taken from a document about X rarely names X ("It first aired in 2008", "Sculptor Gutzon
    Borglum created the design" on the Mount Rushmore page): the missing subject is the document's topic,
    not a missing fact. An evidence sentence opening with another entity the claim does not mention ("The
    Rock has played the role") is a rival subject, not an elision."""
    topic = claim.subject_entity
    if not topic or claim.pronoun_subject or _entity_present(topic, evidence):
        return ""
    rival = evidence.subject_entity and not _entity_present(evidence.subject_entity, claim)
    # Another name of the topic's kind anywhere in the evidence may be what it is about instead: "The
    # Battle of Hastings was fought on 25 September" / "on 25 September, Harold won the Battle of
    # Stamford Bridge".
    family = next((f for text, f in claim.entities if text == topic), None)
    rival = rival or family in RIVAL_FAMILIES and any(
        f == family and not _entity_present(text, claim) for text, f in evidence.entities)
    return "" if rival or evidence.generic_subject else topic


def nearest_meaning(lemma: str, pos: str, evidence: SentenceInfo, similarity) -> float:
    """The highest word-embedding cosine between a claim word and the evidence's words of a compatible
    part of speech (0 when there is no similarity function or no such word)."""
    if similarity is None:
        return 0.0
    group = _POS_GROUP.get(pos)
    opposites = ANTONYMS.get(lemma, frozenset())
    scores = [similarity(lemma, other) for other, _, other_pos in evidence.content
              if _POS_GROUP.get(other_pos) == group and other != lemma and other not in opposites]
    return max(scores, default=0.0)


def wordnet_relations(lemma: str, pos: str, evidence: SentenceInfo) -> frozenset:
    """The WordNet relations between a claim word the evidence lacks and the evidence's words of the same
    part of speech (lexicon.relation)."""
    group = _POS_GROUP.get(pos)
    return frozenset(r for other, _, other_pos in evidence.content
                     if _POS_GROUP.get(other_pos) == group and other != lemma
                     and (r := lexicon.relation(lemma, other, pos)))


@dataclass
class _WordCounts:
    """How the claim's content words fare in the evidence: covered, in other words, or missing."""
    covered: int = 0
    synonyms: int = 0
    general: int = 0
    specific: int = 0
    conflict_indefinite: int = 0
    missing_pos: dict = field(default_factory=lambda: dict.fromkeys(CONTENT_POS, 0))
    conflict_pos: dict = field(default_factory=lambda: dict.fromkeys(CONTENT_POS, 0))
    nearest_missing: list = field(default_factory=list)
    wordnet: dict = field(default_factory=lambda: dict.fromkeys(WORDNET_RELATIONS, 0))


@dataclass
class _PairReading:
    """Everything ``pair_features`` reads of one pair before it turns the counts into features."""
    claim: SentenceInfo
    evidence: SentenceInfo
    resolved: str
    elided: str
    words: _WordCounts
    ent: dict
    numbers_matched: frozenset

    @property
    def claim_words(self) -> set:
        return {c[0] for c in self.claim.content}

    @property
    def evidence_words(self) -> set:
        return {c[0] for c in self.evidence.content}


def pair_features(claim: SentenceInfo, evidence: SentenceInfo, similarity=None) -> np.ndarray:
    """The alignment features of (claim, evidence), in FEATURE_NAMES order.

    ``similarity(lemma_a, lemma_b)`` gives the cosine of two words' embeddings; without it, no missing
    word counts as a synonym."""
    # "He is best known for ...": the evidence's pronoun stands for the claim's opening entity.
    resolved = claim.subject_entity if evidence.pronoun_subject and not claim.pronoun_subject else ""
    elided = elided_topic(claim, evidence)
    given = _given_entities(claim, evidence, resolved, elided)
    numbers_matched = matched_numbers(claim, evidence)
    words = _count_words(claim, evidence, _given_words(claim, evidence, given, resolved, elided),
                         numbers_matched, similarity)
    reading = _PairReading(claim, evidence, resolved, elided, words, _entity_counts(claim, evidence, given),
                           numbers_matched)
    return np.asarray(_feature_values(reading), dtype=np.float32)


def _given_entities(claim: SentenceInfo, evidence: SentenceInfo, resolved: str, elided: str) -> set:
    """The claim's entities the evidence names, or leaves to its pronoun or to the document's topic."""
    return {text for text, _ in claim.entities if text in (resolved, elided) or _entity_present(text, evidence)}


def _given_words(claim: SentenceInfo, evidence: SentenceInfo, given: set, resolved: str, elided: str) -> set:
    """Words of a claim entity the evidence names ("Brad Wilk" / "Wilk"), or leaves to the document's
    topic, are covered: "Brad" is not a missing fact."""
    given_words = {w for text in (*given, resolved, elided) for w in text.split()}
    # "born in the fifties" is covered by "born July 20, 1957".
    given_words |= {w for w in claim.words if w in _DECADE_WORDS and bound_met(_bound_of_word(w), evidence)}
    return given_words


def _count_words(claim: SentenceInfo, evidence: SentenceInfo, given_words: set, numbers_matched: frozenset,
                 similarity) -> _WordCounts:
    """Each content word of the claim: covered, said more generally, or missing (by part of speech)."""
    counts = _WordCounts()
    claim_lemmas = {c[0] for c in claim.content} | {c[1] for c in claim.content}
    evidence_extra_pos = {c[2] for c in evidence.content if c[0] not in claim_lemmas and c[1] not in claim_lemmas}
    evidence_lemmas = {c[0] for c in evidence.content}
    # A number stated in another unit or spelled out ("ten" / "10") covers the number and its unit word.
    converted_words = {unit for value, unit, _, _ in claim.quantities if value in numbers_matched}
    for lemma, low, pos in claim.content:
        if _covered(lemma, low, evidence) or low in converted_words or low in given_words or (
                pos == "NUM" and _number(low) in numbers_matched):
            counts.covered += 1
        elif any(lemma in HYPERNYMS.get(other, ()) for other in evidence_lemmas):
            counts.general += 1  # the claim says "a person" where the evidence says "a man"
        elif (found := wordnet_relations(lemma, pos, evidence)) and found & {lexicon.SYNONYM, lexicon.MORE_GENERAL}:
            counts.general += 1  # "a woman" / "a lady", "the film" / "the movie"
            counts.wordnet[lexicon.SYNONYM if lexicon.SYNONYM in found else lexicon.MORE_GENERAL] += 1
        else:
            _count_missing(counts, claim, evidence, (lemma, pos), found,
                           (evidence_lemmas, evidence_extra_pos), similarity)
    return counts


def _count_missing(counts: _WordCounts, claim: SentenceInfo, evidence: SentenceInfo, word: tuple,
                   found: frozenset, evidence_sets: tuple, similarity) -> None:
    """A claim word the evidence does not cover: a near synonym, or missing (a conflict where the evidence
    has an extra word of the same part of speech)."""
    lemma, pos = word
    evidence_lemmas, evidence_extra_pos = evidence_sets
    for r in found:
        counts.wordnet[r] += 1
    if HYPERNYMS.get(lemma, frozenset()) & evidence_lemmas:
        counts.specific += 1  # the claim says "a man" where the evidence says "a person"
    nearest = nearest_meaning(lemma, pos, evidence, similarity)
    counts.nearest_missing.append(nearest)
    if nearest >= SYNONYM_THRESHOLD:
        counts.synonyms += 1
        return
    counts.missing_pos[pos] += 1
    if pos in evidence_extra_pos:
        counts.conflict_pos[pos] += 1
        if lemma in claim.indefinite:
            counts.conflict_indefinite += 1


def _entity_counts(claim: SentenceInfo, evidence: SentenceInfo, given: set) -> dict:
    """{(present|conflict|absent, family): count} over the claim's entities."""
    # A rival filler is an evidence entity the claim does not mention itself: "Concord High School" in
    # both sentences is no rival to the claim's "Christa McAuliffe".
    evidence_families: dict[str, set] = {}
    for text, family in evidence.entities:
        if not _entity_present(text, claim):
            evidence_families.setdefault(family, set()).add(text)
    ent = {(k, f): 0 for f in FAMILIES for k in ("present", "conflict", "absent")}
    for text, family in claim.entities:
        if text in given:
            ent[("present", family)] += 1
        elif evidence_families.get(family, set()) - {text}:
            ent[("conflict", family)] += 1
        else:
            ent[("absent", family)] += 1
    return ent


def _date_signals(claim: SentenceInfo, evidence: SentenceInfo) -> tuple[bool, bool]:
    """(match, conflict): a date agrees when the evidence names one with the same parts; it conflicts when
    the evidence's dates of the same year (or with no year) all differ in month or day: "June 12, 1875" /
    "12 October 1875"."""
    date_match = any(dates_agree(c, e) and c[1] == e[1] for c in claim.dates for e in evidence.dates)
    date_conflict = not date_match and any(
        c[0] is None or e[0] is None or c[0] == e[0] for c in claim.dates for e in evidence.dates)
    return date_match, date_conflict


def _feature_values(r: _PairReading) -> list:
    """The features of a read pair, in FEATURE_NAMES order."""
    claim, evidence, w, ent = r.claim, r.evidence, r.words, r.ent
    n_content = len(claim.content)
    missing = n_content - w.covered - w.general
    coverage = w.covered / n_content if n_content else 1.0
    claim_words, evidence_words = r.claim_words, r.evidence_words
    union = claim_words | evidence_words
    jaccard = len(claim_words & evidence_words) / len(union) if union else 0.0
    conflict_any = sum(ent[("conflict", f)] for f in FAMILIES)
    absent_any = sum(ent[("absent", f)] for f in FAMILIES)
    unmatched = len(claim.numbers - r.numbers_matched)
    num_conflict = unmatched if evidence.numbers - claim.numbers else 0
    antonym_ce = sum(1 for x in claim_words if ANTONYMS.get(x, frozenset()) & evidence.words and x not in evidence.words)
    antonym_ec = sum(1 for x in evidence_words if ANTONYMS.get(x, frozenset()) & claim.words and x not in claim.words)
    date_match, date_conflict = _date_signals(claim, evidence)
    neg_parity = float(claim.negations % 2 != evidence.negations % 2)
    conflict = float(conflict_any > 0 or num_conflict > 0 or antonym_ce > 0 or antonym_ec > 0
                     or sum(w.conflict_pos.values()) > 0)
    return [
        coverage, min(missing, 10) / 10, float(missing > 0), float(missing == 0), jaccard,
        longest_overlap_ratio(claim.tokens, evidence.tokens),
        *[min(w.missing_pos[p], 5) / 5 for p in CONTENT_POS],
        *[min(w.conflict_pos[p], 5) / 5 for p in CONTENT_POS],
        *[min(ent[(k, f)], 3) / 3 for f in FAMILIES for k in ("present", "conflict", "absent")],
        min(len(claim.entities), 5) / 5, float(conflict_any > 0), float(absent_any > 0),
        min(len(r.numbers_matched), 3) / 3, min(num_conflict, 3) / 3, min(unmatched - num_conflict, 3) / 3,
        min(claim.negations, 2) / 2, min(evidence.negations, 2) / 2,
        float(claim.negations % 2 != evidence.negations % 2),
        min(len(claim.implicatives - evidence.implicatives), 2) / 2,
        min(len(evidence.implicatives - claim.implicatives), 2) / 2,
        min(antonym_ce, 2) / 2, min(antonym_ec, 2) / 2,
        # Negation flips what every other signal means: "X is not a rock album" is refuted by full coverage.
        neg_parity * coverage, neg_parity * float(missing == 0), neg_parity * conflict, conflict,
        float(bool(conflict) != bool(neg_parity)),
        math.log1p(claim.n_tokens) / 5, math.log1p(evidence.n_tokens) / 5,
        min(claim.n_tokens / max(evidence.n_tokens, 1), 3.0) / 3,
        min(w.synonyms, 5) / 5, min(missing - w.synonyms, 10) / 10, min(w.nearest_missing, default=1.0),
        (w.covered + w.synonyms + w.general) / n_content if n_content else 1.0,
        float(claim.generic_subject), float(evidence.generic_subject),
        min(w.conflict_indefinite, 3) / 3, min(sum(w.conflict_pos.values()) - w.conflict_indefinite, 3) / 3,
        min(w.general, 3) / 3, min(w.specific, 3) / 3,
        neg_parity * float(claim.generic_subject or evidence.generic_subject),
        float(bool(r.resolved) and not _entity_present(r.resolved, evidence)),
        # "A man is sitting" / "A man is standing": opposites said of unidentified participants may be
        # two scenes, unlike "The Cretaceous began" / "ended".
        float(antonym_ce + antonym_ec > 0) * float(claim.generic_subject and evidence.generic_subject),
        float(bool(r.elided)),
        float(any(bound_met(b, evidence) is True for b in claim.bounds)),
        float(any(bound_met(b, evidence) is False for b in claim.bounds)),
        float(date_match), float(date_conflict),
        *[min(w.wordnet[x], 3) / 3 for x in WORDNET_RELATIONS],
    ]
