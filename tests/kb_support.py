"""A cheap deterministic embedder for knowledge-base tests that exercise storage, not meaning."""
import hashlib

import numpy as np


def hash_embedder(texts):
    out = np.zeros((len(texts), 384), dtype=np.float32)
    for i, t in enumerate(texts):
        seed = int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")
        v = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
        out[i] = v / np.linalg.norm(v)
    return out
