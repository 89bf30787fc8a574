"""Rank candidate evidence per claim by embedding cosine, batched over the whole text."""
from __future__ import annotations

import numpy as np

from .. import models
from ..config import Config
from ..report import EvidenceSentence


def rank_evidence(claims: list[str], claim_vectors: np.ndarray, candidates: list[list[EvidenceSentence]],
                  top_k: int, config: Config, vectors_out: dict | None = None) -> list[list[tuple[EvidenceSentence, float]]]:
    """Top-k candidates per claim by cosine (embeddings are normalised, so a dot product).

    Each distinct evidence text is embedded once, however many claims it is a candidate for; with
    ``vectors_out``, the embeddings of the chosen sentences are left there (text -> vector) for later stages,
    also of the sentence as the judge reads it, with its antecedent in place (``checked_as``).
    """
    unique: dict[str, int] = {}
    for sentences in candidates:
        for sentence in sentences:
            unique.setdefault(sentence.text, len(unique))
            if vectors_out is not None and sentence.checked_as:
                unique.setdefault(sentence.checked_as, len(unique))
    vectors = models.embed(list(unique), config)
    ranked = []
    rows_of: dict[int, np.ndarray] = {}  # a candidate list shared by many claims is gathered once
    for i, sentences in enumerate(candidates):
        if not sentences:
            ranked.append([])
            continue
        rows = rows_of.get(id(sentences))
        if rows is None:
            rows = rows_of[id(sentences)] = vectors[[unique[s.text] for s in sentences]]
        scores = rows @ claim_vectors[i]
        # Stable order: score descending, then position, so ties never depend on hashing.
        order = sorted(range(len(sentences)), key=lambda j: (-float(scores[j]), j))
        seen, best = set(), []
        for j in order:
            key = (sentences[j].text, sentences[j].source)
            if key in seen:
                continue
            seen.add(key)
            best.append((sentences[j], float(scores[j])))
            if len(best) == top_k:
                break
        ranked.append(best)
        if vectors_out is not None:
            vectors_out.update((t, vectors[unique[t]]) for e, _ in best for t in (e.text, e.checked_as) if t)
    return ranked
