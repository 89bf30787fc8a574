"""The full feature vector of a (premise, hypothesis) pair: frozen MiniLM embeddings plus alignment.

Embedding part (Conneau et al. 2017, InferSent's pair features): |u - v|, u * v and cos(u, v) for the
claim u and the evidence v, from the bundled all-MiniLM-L6-v2. Alignment part: see ``alignment``.
Texts are parsed and embedded once each (duplicates are common: one claim against five evidence
sentences), in batches, and kept in the check's context (``check_context``): the pipeline's parses and
vectors are read from there, and a call outside a check keeps what it computed in a fresh context of its own.
"""
from __future__ import annotations

import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numpy as np

from ... import models
from ...check_context import CheckContext, current
from ...config import Config
from .alignment import FEATURE_NAMES, SPACY_DISABLE, normalise, pair_features, sentence_info

EMBED_DIM = 384


def unique_texts(*lists: list[str]) -> list[str]:
    """Every distinct normalised text, sorted (deterministic order, independent of input order)."""
    return sorted({normalise(t) for texts in lists for t in texts})


def parse(texts: list[str], batch_size: int = 256, progress: Callable | None = None,
          on_batch: Callable | None = None) -> dict:
    """{text: SentenceInfo}; ``on_batch`` is called with the infos of every ``batch_size`` texts parsed."""
    nlp = models.nlp()
    infos, batch = {}, []
    for i, doc in enumerate(nlp.pipe(texts, batch_size=batch_size, disable=list(SPACY_DISABLE))):
        infos[texts[i]] = info = sentence_info(doc)
        batch.append(info)
        if on_batch and len(batch) == batch_size:
            on_batch(batch)
            batch = []
        if progress and i % 500 == 0:
            progress(i / max(len(texts), 1), "parsing")
    if on_batch and batch:
        on_batch(batch)
    return infos


def embed(texts: list[str], config: Config | None = None) -> dict:
    vectors = models.embed(texts, config) if texts else np.zeros((0, EMBED_DIM), np.float32)
    return {t: vectors[i] for i, t in enumerate(texts)}


class WordSimilarity:
    """Cosine of two words' embeddings (the same encoder, in ``word_table.WORD_PRECISION``). Words of the
    encoder's vocabulary come from the word table (``word_table``); any other word is embedded once into
    ``words`` (a check's ``CheckContext.word_vectors``; by default this object's own).

    Call ``prime`` with the parsed sentences first: their words outside the table are embedded then, in
    batches of any size (a word's vector does not depend on its batch)."""

    def __init__(self, config: Config | None = None, words: dict | None = None):
        from ...word_table import word_config, word_table

        self.config = word_config(config)
        self.key = (self.config.encoder_path, self.config.precision)
        self.table = word_table(self.config)
        self.words = {} if words is None else words
        # Two threads prime (``_WordBacklog``): the one that finds a word missing embeds it.
        self.lock = threading.Lock()

    def _tabled(self, word: str):
        return self.table.get(word) if self.table is not None else None

    def prime(self, infos) -> None:
        words = sorted({lemma for info in infos for lemma, _, _ in info.content})
        with self.lock:
            todo = [w for w in words if (self.key, w) not in self.words and self._tabled(w) is None]
        if not todo:
            return
        vectors = models.embed(todo, self.config).astype(np.float16)
        with self.lock:
            self.words.update(((self.key, w), v) for w, v in zip(todo, vectors))

    def vector(self, word: str):
        tabled = self._tabled(word)
        return tabled if tabled is not None else self.words.get((self.key, word))

    def __call__(self, a: str, b: str) -> float:
        va, vb = self.vector(a), self.vector(b)
        if va is None or vb is None:
            return 0.0
        return float(np.dot(va.astype(np.float32), vb.astype(np.float32)))


class _WordBacklog:
    """Batches of parsed sentences whose words are still to be embedded, taken by whichever of two threads
    is free: the encoder's once the sentences are embedded, the parser's once it has parsed. Which one is
    free first depends on the machine and the texts; a word's vector does not depend on which thread
    embeds it, nor with which other words."""

    def __init__(self, similarity: WordSimilarity):
        self.similarity = similarity
        self.batches: deque = deque()
        self.added = self.done = 0
        self.lock = threading.Condition()

    def add(self, infos) -> None:
        with self.lock:
            self.batches.append(infos)
            self.added += 1

    def work(self) -> None:
        while True:
            with self.lock:
                if not self.batches:
                    return
                infos = self.batches.popleft()
            try:
                self.similarity.prime(infos)
            finally:
                with self.lock:
                    self.done += 1
                    self.lock.notify_all()

    def after(self, task: Callable, *args):
        """``task(*args)``, then the batches waiting: the encoder thread's job."""
        result = task(*args)
        self.work()
        return result

    def finish(self) -> None:
        """Embed what is left, then wait for a batch the other thread may still be embedding."""
        self.work()
        with self.lock:
            self.lock.wait_for(lambda: self.done == self.added)


def pair_matrix(premises: list[str], hypotheses: list[str], infos: dict, vectors: dict,
                similarity: WordSimilarity | None = None) -> np.ndarray:
    """Rows of [alignment features, |u-v|, u*v, cos] for normalised texts already parsed and embedded."""
    rows = alignment_rows(premises, hypotheses, infos, similarity)
    fill_embedding_columns(rows, premises, hypotheses, vectors)
    return rows


def alignment_rows(premises: list[str], hypotheses: list[str], infos: dict,
                   similarity: WordSimilarity | None = None) -> np.ndarray:
    """Feature rows with the alignment columns filled and the embedding columns still zero."""
    rows = np.zeros((len(premises), feature_count()), dtype=np.float32)
    n_align = len(FEATURE_NAMES)
    if similarity is not None:
        similarity.prime(infos[t] for t in {*premises, *hypotheses})
    for i, (p, h) in enumerate(zip(premises, hypotheses)):
        rows[i, :n_align] = pair_features(infos[h], infos[p], similarity)
    return rows


def fill_embedding_columns(rows: np.ndarray, premises: list[str], hypotheses: list[str], vectors: dict) -> None:
    n_align = len(FEATURE_NAMES)
    u = np.stack([vectors[h] for h in hypotheses]) if hypotheses else np.zeros((0, EMBED_DIM), np.float32)
    v = np.stack([vectors[p] for p in premises]) if premises else np.zeros((0, EMBED_DIM), np.float32)
    rows[:, n_align:n_align + EMBED_DIM] = np.abs(u - v)
    rows[:, n_align + EMBED_DIM:n_align + 2 * EMBED_DIM] = u * v
    rows[:, -1] = np.einsum("ij,ij->i", u, v)


def feature_count() -> int:
    return len(FEATURE_NAMES) + 2 * EMBED_DIM + 1


def feature_names() -> list[str]:
    return [*FEATURE_NAMES, *[f"absdiff_{i}" for i in range(EMBED_DIM)],
            *[f"prod_{i}" for i in range(EMBED_DIM)], "cosine"]


def remember(docs: dict, vectors: dict, config: Config | None = None, context: CheckContext | None = None) -> int:
    """Take texts a caller already parsed (a spaCy pipeline with the tagger, lemmatizer and NER; the
    parser may have run too) and embedded with the encoder of ``config`` into ``context`` (the check's), so
    the judge does not parse them again, nor embed them when it uses the same encoder and precision. Only
    texts normalisation leaves unchanged are taken; returns how many."""
    context = context if context is not None else current()
    taken = {t: doc for t, doc in docs.items() if normalise(t) == t and t in vectors}
    context.infos.update((t, sentence_info(doc)) for t, doc in taken.items())
    context.vectors_of(config or Config()).update((t, np.asarray(vectors[t], dtype=np.float32)) for t in taken)
    return len(taken)


def featurise(premises: list[str], hypotheses: list[str], config: Config | None = None,
              progress: Callable | None = None, precision: str | None = None,
              context: CheckContext | None = None) -> np.ndarray:
    """Feature rows for raw (premise, hypothesis) strings. ``precision`` overrides the config's for the
    sentence embeddings (a head is used with the precision it was trained on); word similarities always
    come from ``config``. Parses and vectors are read from and kept in ``context``: by default the check's
    in progress (``check_context.active``), outside a check a fresh one for this call."""
    config = config or Config()
    context = context if context is not None else current()
    embed_config = config.with_(precision=precision) if precision else config
    premises = [normalise(p) for p in premises]
    hypotheses = [normalise(h) for h in hypotheses]
    texts = unique_texts(premises, hypotheses)
    kept_vectors = context.vectors_of(embed_config)
    infos = {t: context.infos[t] for t in texts if t in context.infos}
    vectors = {t: kept_vectors[t] for t in texts if t in kept_vectors}
    to_parse = [t for t in texts if t not in infos]
    to_embed = [t for t in texts if t not in vectors]
    similarity = WordSimilarity(config, context.word_vectors)
    words = _WordBacklog(similarity)
    # The encoder runs in a second thread while spaCy parses and the alignment features are computed:
    # torch releases the GIL, so the two overlap instead of queueing (same numbers either way), each on a core.
    # The words of the parsed sentences are embedded by whichever thread is free first.
    with ThreadPoolExecutor(max_workers=1) as pool:
        with models.torch_on_one_core():
            pending = pool.submit(words.after, embed, to_embed, embed_config)
            # Parsing is the first half of the work, the alignment and the embeddings the second.
            new_infos = parse(to_parse, progress=progress and (lambda fraction, stage: progress(fraction / 2, stage)),
                              on_batch=words.add)
            words.finish()
            infos.update(new_infos)
            rows = alignment_rows(premises, hypotheses, infos, similarity)
        # This thread's share is done: what is left of the encoder's may take every core.
        if progress:
            progress(0.5, "embedding")
        new_vectors = pending.result()
    context.infos.update(new_infos)
    kept_vectors.update(new_vectors)
    vectors.update(new_vectors)
    fill_embedding_columns(rows, premises, hypotheses, vectors)
    return rows
