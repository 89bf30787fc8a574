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
from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz

from ..delucionqa import longest_overlap_ratio, tokens

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


NEGATIONS = frozenset({"not", "n't", "no", "never", "none", "nobody", "nothing", "neither", "nor",
                       "without", "cannot", "nowhere"})
#: Multi-word cues that deny what follows ("has yet to appear", "something other than", "born outside of").
NEGATION_PHRASES = re.compile(r"\b(yet to|other than|outside of|outside|away from|anything but|rather than|instead of|"
                              r"unable to|incapable of|refused to|refuses to|failed to|fails to|lacks?|absent from|"
                              r"free of|exempt from|denied|denies|never)\b", re.IGNORECASE)
#: Words that flip or restrict what the rest of the sentence asserts ("refused to model for X",
#: "is only Chinese"): a claim carrying one the evidence lacks is usually refuted.
NEGATIVE_IMPLICATIVES = frozenset({
    "refuse", "fail", "deny", "reject", "unable", "incapable", "only", "exclusively", "solely", "lack",
    "avoid", "ban", "prevent", "stop", "decline", "forbid", "lose", "cease", "abandon", "oppose",
    "never", "impossible", "false", "fake", "myth", "hoax", "exclusively", "just", "merely",
})
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
]
ANTONYMS: dict[str, frozenset] = {}
for _a, _b in _ANTONYM_PAIRS:
    ANTONYMS[_a] = ANTONYMS.get(_a, frozenset()) | {_b}
    ANTONYMS[_b] = ANTONYMS.get(_b, frozenset()) | {_a}

ENTITY_FAMILIES = {
    "PERSON": "agent", "ORG": "agent", "GPE": "place", "LOC": "place", "FAC": "place", "NORP": "norp",
    "DATE": "date", "TIME": "date", "CARDINAL": "number", "QUANTITY": "number", "MONEY": "number",
    "PERCENT": "number", "ORDINAL": "ordinal", "WORK_OF_ART": "work", "EVENT": "work", "PRODUCT": "work",
    "LANGUAGE": "norp", "LAW": "work",
}
FAMILIES = ("agent", "place", "norp", "date", "number", "ordinal", "work")
CONTENT_POS = ("NOUN", "PROPN", "ADJ", "VERB", "NUM", "ADV")
_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})s?$")
_WORD_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                 "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
                 "thousand": 1000, "million": 1e6, "billion": 1e9, "dozen": 12}


@dataclass(frozen=True)
class SentenceInfo:
    """What the features need from one parsed sentence."""

    text_lower: str
    tokens: tuple            # DelucionQA tokens, for the overlap ratio
    words: frozenset         # lower-cased surface forms and lemmas of every token
    content: tuple           # (lemma, surface lower, pos) of content tokens, in order
    entities: tuple          # (text lower, family)
    numbers: frozenset       # numeric values
    negations: int
    implicatives: frozenset
    n_tokens: int


def _number(text: str):
    cleaned = text.lower().replace(",", "").rstrip("s") if _YEAR.match(text) else text.lower().replace(",", "")
    try:
        return float(cleaned)
    except ValueError:
        return _WORD_NUMBERS.get(cleaned)


def sentence_info(doc) -> SentenceInfo:
    """Read the slots of one spaCy doc (parsed without the parser)."""
    words, content, numbers = set(), [], set()
    negations = 0
    implicatives = set()
    for t in doc:
        low, lemma = t.text.lower(), t.lemma_.lower()
        words.add(low)
        words.add(lemma)
        if low in NEGATIONS or lemma in NEGATIONS:
            negations += 1
        if lemma in NEGATIVE_IMPLICATIVES or low in NEGATIVE_IMPLICATIVES:
            implicatives.add(lemma if lemma in NEGATIVE_IMPLICATIVES else low)
        if t.like_num or _YEAR.match(t.text):
            value = _number(t.text)
            if value is not None:
                numbers.add(value)
        if t.pos_ in CONTENT_POS and not t.is_stop and not t.is_punct and any(c.isalnum() for c in low):
            content.append((lemma, low, t.pos_))
    negations += len(NEGATION_PHRASES.findall(doc.text)) - sum(1 for t in doc if t.lower_ == "never")
    entities = tuple((e.text.lower(), ENTITY_FAMILIES[e.label_]) for e in doc.ents if e.label_ in ENTITY_FAMILIES)
    text = doc.text
    return SentenceInfo(text.lower(), tuple(tokens(text)), frozenset(words), tuple(content), entities,
                        frozenset(numbers), negations, frozenset(implicatives), len(doc))


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
    # Surnames and partial names: "Cruz" for "Penélope Cruz".
    parts = [p for p in text.split() if len(p) > 2]
    if parts and any(p in premise.words for p in parts):
        return True
    return len(text) >= 5 and fuzz.partial_ratio(text, premise.text_lower) >= 90


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
)


def pair_features(claim: SentenceInfo, evidence: SentenceInfo) -> np.ndarray:
    """The alignment features of (claim, evidence), in FEATURE_NAMES order."""
    missing_pos = dict.fromkeys(CONTENT_POS, 0)
    conflict_pos = dict.fromkeys(CONTENT_POS, 0)
    claim_lemmas = {c[0] for c in claim.content} | {c[1] for c in claim.content}
    evidence_extra_pos = {c[2] for c in evidence.content if c[0] not in claim_lemmas and c[1] not in claim_lemmas}
    covered = 0
    for lemma, low, pos in claim.content:
        if _covered(lemma, low, evidence):
            covered += 1
        else:
            missing_pos[pos] += 1
            if pos in evidence_extra_pos:
                conflict_pos[pos] += 1
    n_content = len(claim.content)
    missing = n_content - covered
    coverage = covered / n_content if n_content else 1.0
    claim_words = {c[0] for c in claim.content}
    evidence_words = {c[0] for c in evidence.content}
    union = claim_words | evidence_words
    jaccard = len(claim_words & evidence_words) / len(union) if union else 0.0

    evidence_families: dict[str, set] = {}
    for text, family in evidence.entities:
        evidence_families.setdefault(family, set()).add(text)
    ent = {(k, f): 0 for f in FAMILIES for k in ("present", "conflict", "absent")}
    for text, family in claim.entities:
        if _entity_present(text, evidence):
            ent[("present", family)] += 1
        elif evidence_families.get(family, set()) - {text}:
            ent[("conflict", family)] += 1
        else:
            ent[("absent", family)] += 1
    conflict_any = sum(ent[("conflict", f)] for f in FAMILIES)
    absent_any = sum(ent[("absent", f)] for f in FAMILIES)

    num_match = len(claim.numbers & evidence.numbers)
    unmatched = len(claim.numbers - evidence.numbers)
    num_conflict = unmatched if evidence.numbers - claim.numbers else 0
    num_absent = unmatched - num_conflict

    antonym_ce = sum(1 for w in claim_words if ANTONYMS.get(w, frozenset()) & evidence.words and w not in evidence.words)
    antonym_ec = sum(1 for w in evidence_words if ANTONYMS.get(w, frozenset()) & claim.words and w not in claim.words)

    neg_parity = float(claim.negations % 2 != evidence.negations % 2)
    conflict = float(conflict_any > 0 or num_conflict > 0 or antonym_ce > 0 or antonym_ec > 0
                     or sum(conflict_pos.values()) > 0)
    values = [
        coverage, min(missing, 10) / 10, float(missing > 0), float(missing == 0), jaccard,
        longest_overlap_ratio(claim.tokens, evidence.tokens),
        *[min(missing_pos[p], 5) / 5 for p in CONTENT_POS],
        *[min(conflict_pos[p], 5) / 5 for p in CONTENT_POS],
        *[min(ent[(k, f)], 3) / 3 for f in FAMILIES for k in ("present", "conflict", "absent")],
        min(len(claim.entities), 5) / 5, float(conflict_any > 0), float(absent_any > 0),
        min(num_match, 3) / 3, min(num_conflict, 3) / 3, min(num_absent, 3) / 3,
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
    ]
    return np.asarray(values, dtype=np.float32)
