"""Paraphrase by embedding similarity: the threshold at or above which two phrases count as the same, the
fuzzy-spelling threshold, and ``_Similarity``, which embeds short phrases in one batch (per-token int8, so a
phrase's vector does not depend on its batch) and caches their cosines.
"""
from __future__ import annotations

from typing import Any, Iterable

from .. import models
from ..config import Config
from ..word_table import word_config


#: Cosine similarity of two phrases' embeddings at or above which they count as the same (paraphrase).
PARAPHRASE_THRESHOLD = 0.72
#: rapidfuzz ratio at or above which two spellings count as the same ("Noel Coward" / "Noël Coward").
FUZZY_THRESHOLD = 92


class _Similarity:
    """Embedding cosine of short phrases, computed in one batch and cached."""

    def __init__(self, config: Config | None, threshold: float):
        # Phrases are embedded as the judge's words are (per-token int8): a phrase's vector is then the
        # same bits whichever phrases are embedded beside it (float32 padded each batch to its longest),
        # so one pair's alignment cannot depend on the pairs aligned with it.
        self.config, self.threshold = word_config(config), threshold
        self.cache: dict[tuple[str, str], float] = {}
        self.vectors: dict[str, Any] = {}

    def prime(self, texts: Iterable[str]) -> None:
        new = sorted({t for t in texts if t not in self.vectors})
        if new:
            for text, v in zip(new, models.embed(new, self.config)):
                self.vectors[text] = v

    def __call__(self, a: str, b: str) -> bool:
        return self.score(a, b) >= self.threshold

    def score(self, a: str, b: str) -> float:
        a, b = a.lower(), b.lower()
        if (a, b) not in self.cache:
            self.prime([a, b])
            self.cache[(a, b)] = float(self.vectors[a] @ self.vectors[b])
        return self.cache[(a, b)]
