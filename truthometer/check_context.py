"""One check's context: what a ``Checker.check`` call computed about its sentences, computed once and read by
every stage (issue 58).

The pipeline makes one ``CheckContext`` per check and hands it down; it goes away with the check, so nothing
a check parsed, embedded or aligned outlives it or leaks into another check. It holds:

- ``parses``: the spaCy spans of claims and evidence, by text, as the pipeline parsed them;
- ``vectors``: sentence embeddings by (encoder, precision), then by text (retrieval's, reused by the judge);
- ``infos`` and ``word_vectors``: what the judge's pair features read of a parse, and the words they embed;
- ``alignments``: by (claim text, evidence text), so each pair is aligned once however many stages ask.

A base module: every stage may import it. It imports no stage, so the alignment function is handed in
(``aligner``) by whoever makes the context; a stage called outside a check makes a fresh one for the call
(``or_fresh``).

The judge's interface (``predict(premises, hypotheses)``) is shared by every judge, external ones included,
so the context reaches the judge's features through the check's scope (``active``), not through every
judge's signature; a call outside any check reads a fresh context.
"""
from __future__ import annotations

import contextvars
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

_active: contextvars.ContextVar["CheckContext | None"] = contextvars.ContextVar("check_context", default=None)


@dataclass
class CheckContext:
    """What one check knows of its texts; see the module's docstring."""

    #: ``alignment.align_many`` (or a stand-in): (claim, evidence) pairs -> alignments, in order.
    aligner: Callable[[list[tuple[str, str]]], list] | None = None
    parses: dict[str, Any] = field(default_factory=dict)
    vectors: dict[tuple, dict[str, Any]] = field(default_factory=dict)
    infos: dict[str, Any] = field(default_factory=dict)
    word_vectors: dict[tuple, Any] = field(default_factory=dict)
    alignments: dict[tuple[str, str], Any] = field(default_factory=dict)

    def vectors_of(self, config) -> dict[str, Any]:
        """The sentence vectors made with ``config``'s encoder and precision (a vector depends on both; a
        parse on neither), by text."""
        return self.vectors.setdefault((config.encoder_path, config.precision), {})

    def embed(self, texts: list[str], config):
        """The sentence vectors of ``texts`` (normalised, in order) with ``config``'s encoder: the ones this
        check made already (retrieval's), the others embedded in one batch and kept."""
        import numpy as np

        from . import models

        kept = self.vectors_of(config)
        missing = [t for t in dict.fromkeys(texts) if t not in kept]
        if missing:
            kept.update(zip(missing, np.asarray(models.embed(missing, config), dtype=np.float32)))
        return np.asarray([kept[t] for t in texts], dtype=np.float32)

    def align(self, pairs: Iterable[tuple[str, Any]]) -> list:
        """The alignment of each (claim, evidence) pair, in order; pairs not aligned yet in this check are
        aligned in one batch (an alignment does not depend on the pairs aligned beside it)."""
        keys = [(claim or "", getattr(evidence, "text", evidence) or "") for claim, evidence in pairs]
        missing = [k for k in dict.fromkeys(keys) if k not in self.alignments]
        if missing:
            if self.aligner is None:
                raise RuntimeError("this CheckContext was made without an aligner")
            self.alignments.update(zip(missing, self.aligner(missing)))
        return [self.alignments[k] for k in keys]


def or_fresh(context: CheckContext | None, aligner: Callable | None = None) -> CheckContext:
    """``context``, or for a stage called on its own (a test, a benchmark) a fresh one aligning with ``aligner``."""
    return context if context is not None else CheckContext(aligner)


def current() -> CheckContext:
    """The context of the check in progress, else a fresh one (that cannot align)."""
    return _active.get() or CheckContext()


@contextmanager
def active(context: CheckContext) -> Iterator[CheckContext]:
    """``context`` is the check in progress while the block runs (in this thread or task)."""
    token = _active.set(context)
    try:
        yield context
    finally:
        _active.reset(token)
