"""The full feature vector of a (premise, hypothesis) pair: frozen MiniLM embeddings plus alignment.

Embedding part (Conneau et al. 2017, InferSent's pair features): |u - v|, u * v and cos(u, v) for the
claim u and the evidence v, from the bundled all-MiniLM-L6-v2. Alignment part: see ``alignment``.
Texts are parsed and embedded once each (duplicates are common: one claim against five evidence
sentences), in batches.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numpy as np

from ... import models
from ...config import Config
from .alignment import FEATURE_NAMES, SPACY_DISABLE, normalise, pair_features, sentence_info

EMBED_DIM = 384


def unique_texts(*lists: list[str]) -> list[str]:
    """Every distinct normalised text, sorted (deterministic order, independent of input order)."""
    return sorted({normalise(t) for texts in lists for t in texts})


def parse(texts: list[str], batch_size: int = 256, progress: Callable | None = None) -> dict:
    nlp = models.nlp()
    infos = {}
    for i, doc in enumerate(nlp.pipe(texts, batch_size=batch_size, disable=list(SPACY_DISABLE))):
        infos[texts[i]] = sentence_info(doc)
        if progress and i % 500 == 0:
            progress(i / max(len(texts), 1), "parsing")
    return infos


def embed(texts: list[str], config: Config | None = None) -> dict:
    vectors = models.embed(texts, config) if texts else np.zeros((0, EMBED_DIM), np.float32)
    return {t: vectors[i] for i, t in enumerate(texts)}


class WordSimilarity:
    """Cosine of two words' embeddings (the same encoder). Words of the encoder's vocabulary come from the
    word table (``word_table``); any other word is embedded once per process.

    Call ``prime`` with the parsed sentences first: their words outside the table are embedded in one batch."""

    #: Words kept per process (float16, 384 values each: about 40 MB at the bound).
    CACHE_SIZE = 50_000

    def __init__(self, config: Config | None = None):
        from .word_table import word_table

        self.config = config or Config()
        self.key = self.config.encoder_path
        self.table = word_table(self.config)

    def _tabled(self, word: str):
        return self.table.get(word) if self.table is not None else None

    def prime(self, infos) -> None:
        words = sorted({lemma for info in infos for lemma, _, _ in info.content})
        with _cache_lock:
            todo = [w for w in words if (self.key, w) not in _words and self._tabled(w) is None]
        if not todo:
            return
        vectors = models.embed(todo, self.config).astype(np.float16)
        with _cache_lock:
            _words.update(((self.key, w), v) for w, v in zip(todo, vectors))
            while len(_words) > self.CACHE_SIZE:
                _words.popitem(last=False)

    def vector(self, word: str):
        tabled = self._tabled(word)
        return tabled if tabled is not None else _words.get((self.key, word))

    def __call__(self, a: str, b: str) -> float:
        va, vb = self.vector(a), self.vector(b)
        if va is None or vb is None:
            return 0.0
        return float(np.dot(va.astype(np.float32), vb.astype(np.float32)))


def pair_matrix(premises: list[str], hypotheses: list[str], infos: dict, vectors: dict,
                similarity: WordSimilarity | None = None) -> np.ndarray:
    """Rows of [alignment features, |u-v|, u*v, cos] for normalised texts already parsed and embedded."""
    rows = np.zeros((len(premises), feature_count()), dtype=np.float32)
    n_align = len(FEATURE_NAMES)
    if similarity is not None:
        similarity.prime(infos[t] for t in {*premises, *hypotheses})
    for i, (p, h) in enumerate(zip(premises, hypotheses)):
        u, v = vectors[h], vectors[p]
        rows[i, :n_align] = pair_features(infos[h], infos[p], similarity)
        rows[i, n_align:n_align + EMBED_DIM] = np.abs(u - v)
        rows[i, n_align + EMBED_DIM:n_align + 2 * EMBED_DIM] = u * v
        rows[i, -1] = float(np.dot(u, v))
    return rows


def feature_count() -> int:
    return len(FEATURE_NAMES) + 2 * EMBED_DIM + 1


def feature_names() -> list[str]:
    return [*FEATURE_NAMES, *[f"absdiff_{i}" for i in range(EMBED_DIM)],
            *[f"prod_{i}" for i in range(EMBED_DIM)], "cosine"]


#: Parsed and embedded texts kept per process: the pipeline judges the same evidence sentences against
#: many claims, and one claim against many sentences. Bounded; oldest entries leave first.
CACHE_SIZE = 20_000
_cache: "OrderedDict[tuple, tuple]" = OrderedDict()
_words: "OrderedDict[tuple, np.ndarray]" = OrderedDict()
_cache_lock = threading.Lock()


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()
        _words.clear()


def remember(docs: dict, vectors: dict, config: Config | None = None) -> int:
    """Take texts a caller already parsed (a spaCy pipeline with the tagger, lemmatizer and NER; the
    parser may have run too) and embedded with the same encoder into the cache, so the judge does not
    parse and embed them again. Only texts normalisation leaves unchanged are taken; returns how many."""
    key = (config or Config()).encoder_path
    taken = 0
    with _cache_lock:
        for text, doc in docs.items():
            vector = vectors.get(text)
            if vector is None or normalise(text) != text or (key, text) in _cache:
                continue
            _cache[(key, text)] = (sentence_info(doc), np.asarray(vector, dtype=np.float32))
            taken += 1
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return taken


def featurise(premises: list[str], hypotheses: list[str], config: Config | None = None,
              progress: Callable | None = None) -> np.ndarray:
    """Feature rows for raw (premise, hypothesis) strings."""
    config = config or Config()
    premises = [normalise(p) for p in premises]
    hypotheses = [normalise(h) for h in hypotheses]
    texts = unique_texts(premises, hypotheses)
    encoder_key = config.encoder_path
    with _cache_lock:
        known = {t: _cache[(encoder_key, t)] for t in texts if (encoder_key, t) in _cache}
    todo = [t for t in texts if t not in known]
    # The encoder runs in a second thread while spaCy parses: torch releases the GIL, and on a machine
    # whose other core is busy the two overlap instead of queueing (1.4x on 2 cores, same numbers).
    with ThreadPoolExecutor(max_workers=1) as pool:
        pending = pool.submit(embed, todo, config)
        infos = parse(todo, progress=progress)
        if progress:
            progress(0.5, "embedding")
        vectors = pending.result()
    with _cache_lock:
        for t in todo:
            _cache[(encoder_key, t)] = (infos[t], vectors[t])
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    for t, (info, vector) in known.items():
        infos[t], vectors[t] = info, vector
    return pair_matrix(premises, hypotheses, infos, vectors, WordSimilarity(config))
