"""The four sentence-level detectors of DelucionQA (Sadat et al., 2023, "DelucionQA: Detecting
Hallucinations in Domain-specific Question Answering", Findings of EMNLP, §5).

Each detector scores an answer sentence against its context sentences; a sentence scoring below its
threshold is a hallucination candidate. Here "context" is the claim's top-k evidence sentences, and a
sentence that passes is *supported*. Keywords come from spaCy noun chunks and entities rather than
from ChatGPT as in the paper.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..config import Config

_TOKEN = re.compile(r"\w+(?:[-'.,]\w+)*")


def tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def sim_cosine(cosines: list[float]) -> float:
    """Sim-Cosine (T1): the highest cosine between the sentence and any context sentence."""
    return max(cosines, default=0.0)


def longest_overlap_ratio(a: list[str], b: list[str]) -> float:
    """Sim-Overlap (T2): overlap of two token sequences by dynamic programming.

    Common contiguous phrases are found longest first with the longest-common-substring recurrence
    L[i][j] = L[i-1][j-1] + 1 when a[i-1] == b[j-1]; phrases shorter than max(4, 30% of the shorter
    sentence) do not count (short runs are function-word coincidences). The ratio is the tokens
    covered by the counted phrases over the length of the shorter sentence.
    """
    if not a or not b:
        return 0.0
    shorter = min(len(a), len(b))
    min_len = max(4, int(0.3 * shorter + 0.999))
    used_a = [False] * len(a)
    used_b = [False] * len(b)
    covered = 0
    while True:
        best, best_i, best_j = 0, 0, 0
        previous = [0] * (len(b) + 1)
        for i in range(1, len(a) + 1):
            current = [0] * (len(b) + 1)
            ai = a[i - 1]
            for j in range(1, len(b) + 1):
                if ai == b[j - 1] and not used_a[i - 1] and not used_b[j - 1]:
                    run = previous[j - 1] + 1
                    current[j] = run
                    if run > best:
                        best, best_i, best_j = run, i, j
            previous = current
        if best < min_len:
            break
        for k in range(best):
            used_a[best_i - 1 - k] = True
            used_b[best_j - 1 - k] = True
        covered += best
    return covered / shorter


def sim_overlap(claim: str, contexts: list[str]) -> float:
    claim_tokens = tokens(claim)
    return max((longest_overlap_ratio(claim_tokens, tokens(c)) for c in contexts), default=0.0)


def keywords(span) -> list[str]:
    """Keywords of a parsed sentence: its entities and noun chunks (minus determiners and pronouns)."""
    found: list[str] = []
    for ent in span.ents:
        found.append(ent.text)
    for chunk in span.noun_chunks:
        words = [t.text for t in chunk if not (t.is_stop or t.is_punct or t.pos_ == "PRON")]
        if words:
            found.append(" ".join(words))
    unique, seen = [], set()
    for k in found:
        key = k.lower()
        if key not in seen:
            seen.add(key)
            unique.append(k)
    return unique


def keyword_missing_share(claim_keywords: list[str], contexts: list[str]) -> float:
    """Keyword-Match (T3): the share of the sentence's keywords absent from the context.

    A keyword counts as present when all its tokens occur in the context.
    """
    if not claim_keywords:
        return 0.0
    context_tokens = set(tokens(" ".join(contexts)))
    missing = sum(1 for k in claim_keywords if not set(tokens(k)) <= context_tokens)
    return missing / len(claim_keywords)


@dataclass
class Detection:
    supported: bool
    score: float
    reason: str


def detect(method: str, claim: str, contexts: list[str], cosines: list[float], config: Config,
           claim_span=None) -> Detection:
    """Run one DelucionQA detector; ``contexts`` and ``cosines`` are the top-k evidence and their cosines."""
    if method == "cosine":
        score = sim_cosine(cosines)
        return Detection(score >= config.cosine_threshold, score,
                         f"sim-cosine {score:.2f} {'≥' if score >= config.cosine_threshold else '<'} T1={config.cosine_threshold}")
    if method == "overlap":
        score = sim_overlap(claim, contexts)
        return Detection(score >= config.overlap_threshold, score,
                         f"sim-overlap {score:.2f} {'≥' if score >= config.overlap_threshold else '<'} T2={config.overlap_threshold}")
    if method == "keyword":
        keys = keywords(claim_span) if claim_span is not None else tokens(claim)
        missing = keyword_missing_share(keys, contexts)
        ok = missing <= config.keyword_threshold
        return Detection(ok, 1.0 - missing,
                         f"keyword-match: {missing:.0%} of {len(keys)} keywords missing "
                         f"({'≤' if ok else '>'} T3={config.keyword_threshold:.0%})")
    # sim-hybrid (also the first stage of the nli method)
    cosine = sim_cosine(cosines)
    overlap = sim_overlap(claim, contexts)
    ok = overlap >= config.hybrid_overlap or cosine >= config.hybrid_cosine
    return Detection(ok, max(overlap, cosine) if ok else cosine,
                     f"sim-hybrid: overlap {overlap:.2f} (T={config.hybrid_overlap}), cosine {cosine:.2f} "
                     f"(T={config.hybrid_cosine}) → {'supported' if ok else 'not supported'}")
