"""A second process that parses part of a large batch for the judge's alignment features.

spaCy's tokenizer, attribute ruler, lemmatizer and most of its NER hold the GIL, so a second thread
cannot share the parsing (measured: 6.8 s -> 6.1 s on 1,638 CLIMATE-FEVER sentences); a second process
can (-> 3.8 s). One worker is started with the *spawn* method (a fork would copy the encoder's and the
web server's threads mid-flight) at the first batch of at least ``MIN_TEXTS`` texts, so small checks
never pay for it; from then on it parses the later half of each such batch while the caller parses the
rest. It returns the
``SentenceInfo`` summaries, not Docs, so little crosses the pipe. spaCy's results do not depend on how
texts are batched, so the split changes no figure.

Disabled with ``TRUTHOMETER_PARSE_WORKERS=0`` (``Config.parse_workers``) or on a one-core machine. If the
worker cannot start or dies, the caller parses everything itself, with a warning, and the pool stays off.
"""
from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor

log = logging.getLogger(__name__)

#: Below this many texts the pipe costs more than the second core saves.
MIN_TEXTS = 256

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_ready: Future | None = None
_broken = False


def _load_model() -> bool:
    from ... import models

    models.nlp()
    return True


def parse_infos(texts: list[str]) -> list:
    """The worker's task (also correct in the caller's process): ``SentenceInfo`` per text, in order."""
    from ... import models
    from .alignment import SPACY_DISABLE, sentence_info

    return [sentence_info(doc) for doc in models.nlp().pipe(texts, batch_size=256, disable=list(SPACY_DISABLE))]


def start() -> Future | None:
    """Start the worker (once per process) and have it load the model; returns the future of that load,
    or None when the pool is off."""
    global _pool, _ready
    with _lock:
        if _broken:
            return None
        if _pool is None:
            try:
                _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
                _ready = _pool.submit(_load_model)
            except (OSError, RuntimeError) as exc:
                _disable(f"could not start: {exc}")
                return None
        return _ready


def wait_ready(timeout: float = 120.0) -> bool:
    """Block until the worker has its model loaded (benchmarks call this before their clock starts)."""
    ready = start()
    if ready is None:
        return False
    try:
        return bool(ready.result(timeout=timeout))
    except Exception as exc:  # noqa: BLE001 - any failure of the worker means: parse here
        _disable(f"could not load the model: {exc}")
        return False


def submit(texts: list[str]) -> Future | None:
    """Parse ``texts`` in the worker; None when the pool is off (the caller parses them itself)."""
    if start() is None:
        return None
    try:
        return _pool.submit(parse_infos, texts)
    except RuntimeError as exc:  # the pool broke or was shut down
        _disable(str(exc))
        return None


def collect(future: Future | None, texts: list[str]) -> list:
    """The worker's result for ``texts``, or the caller's own parse when the worker failed."""
    if future is not None:
        try:
            return future.result()
        except Exception as exc:  # noqa: BLE001 - a dead worker must not lose the batch
            _disable(f"failed: {type(exc).__name__}: {exc}")
    return parse_infos(texts)


def _disable(why: str) -> None:
    global _broken, _pool
    _broken = True
    log.warning("the judge's parse worker is off (%s); parsing in this process", why)
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop the worker (tests; the interpreter also stops it at exit)."""
    global _pool, _ready, _broken
    with _lock:
        pool, _pool, _ready, _broken = _pool, None, None, False
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
