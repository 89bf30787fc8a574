"""A door for stronger judges: an external judge reads the pairs the bundled judge is unsure of.

An external judge (``ExternalJudge``) reads (premise, hypothesis) pairs in batches and gives, for each,
P(supported) (a two-way grounding judge: MiniCheck, Bespoke-MiniCheck-7B) or the three NLI probabilities
(a three-way classifier). The adapters: ``external_hf`` (local Hugging Face models by path: ``hf-nli``,
``hf-grounding``, ``hf-seq2seq``) and ``external_http`` (``openai``: an OpenAI-compatible server).

``EscalatingJudge`` puts one behind the bundled judge: the bundled judge reads every pair, the external one
the pairs where the bundled judge's most probable label is below ``Config.external_below`` (1: every pair).
A pair it could not read (server unreachable, budget spent, an answer neither Yes nor No) keeps the bundled
reading, and says so (``predict_with_notes``).

How a two-way P(supported) = s becomes the project's three relations: P(entailment) = s; the rest, 1 - s,
is "not supported", which a grounding judge cannot split into neutral and contradiction, so it is split in
the bundled judge's own ratio of neutral to contradiction. Above the decision threshold the pair supports
the claim; below it, whether it contradicts is the bundled judge's (and the rule tier's) reading.
"""
from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, field
from typing import Callable, Protocol

import numpy as np

from ...config import Config
from ...errors import ConfigError
from . import blank_rows, check_pairs, relation

#: The kinds of external judge, and what follows the colon in ``Config.external_judge``.
KINDS = {"hf-nli": "DIR", "hf-grounding": "DIR", "hf-seq2seq": "DIR", "openai": "URL"}


class ExternalJudge(Protocol):
    name: str
    #: True: ``read`` gives rows of the three NLI probabilities; False: P(supported) per pair.
    three_way: bool

    def read(self, premises: list[str], hypotheses: list[str]) -> "Reading":
        """One batch of pairs, read."""


@dataclass
class Reading:
    """An external judge's answer for a batch: ``values`` is (n,) P(supported) or (n, 3) probabilities, NaN
    where a pair was not read; ``notes`` says, for each such pair, why (None where it was read)."""

    values: np.ndarray
    notes: list[str | None]
    #: Pairs answered from the disk cache, and calls made (a server's; 0 for a local model).
    cached: int = 0
    calls: int = 0


def read_all(values: np.ndarray) -> Reading:
    """A local model's reading: every pair read, no notes."""
    return Reading(np.asarray(values, dtype=np.float64), [None] * len(values))


@dataclass
class EscalationStats:
    """What the external judge did, summed over every call to its ``EscalatingJudge``."""

    external_judge: str = ""
    below: float = 0.0
    pairs: int = 0  # read by the bundled judge
    escalated: int = 0  # of them, sent on to the external judge
    read: int = 0  # of those, read by it (the rest keep the bundled reading)
    cached: int = 0
    calls: int = 0
    not_read: dict = field(default_factory=dict)  # why -> how many

    def to_dict(self) -> dict:
        return asdict(self)

    def line(self) -> str:
        why = "; ".join(f"{n} {reason}" for reason, n in sorted(self.not_read.items()))
        return (f"external judge {self.external_judge}: {self.escalated} of {self.pairs} pairs escalated (bundled "
                f"confidence below {self.below:g}), {self.read} read ({self.cached} from the cache, {self.calls} "
                f"calls)" + (f"; not read, the bundled reading stands: {why}" if why else ""))


def parse_spec(spec: str) -> tuple[str, str]:
    """``KIND:WHERE`` -> (kind, where), or a ConfigError that says what is expected."""
    kind, sep, where = (spec or "").strip().partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in KINDS or not where.strip():
        forms = ", ".join(f"{k}:{v}" for k, v in KINDS.items())
        raise ConfigError(f"external judge {spec!r} (--external-judge, TRUTHOMETER_EXTERNAL_JUDGE): expected one of "
                          f"{forms}")
    return kind, where.strip()


def load_external(config: Config) -> ExternalJudge:
    """The external judge ``config.external_judge`` names (its models loaded now)."""
    kind, where = parse_spec(config.external_judge)
    if kind == "openai":
        from .external_http import OpenAIJudge
        return OpenAIJudge(where, config.external_model, timeout=config.external_timeout,
                           budget=config.external_budget, allow_hosts=config.external_allow_hosts)
    from .external_hf import load_hf_judge
    return load_hf_judge(kind, where)


def merge(bundled: np.ndarray, external: np.ndarray) -> np.ndarray:
    """The rows the pipeline uses where the external judge read the pair (see the module docstring): its
    three probabilities, or P(entailment) = its P(supported) with the rest split in the bundled ratio of
    neutral to contradiction (all neutral where the bundled judge put nothing there)."""
    bundled = np.asarray(bundled, dtype=np.float64)
    external = np.asarray(external, dtype=np.float64)
    if external.ndim == 2:
        rows = np.clip(external, 0.0, None)
        return rows / np.clip(rows.sum(axis=1, keepdims=True), 1e-12, None)
    s = np.clip(external, 0.0, 1.0)
    rest = bundled[:, 1:]
    total = rest.sum(axis=1, keepdims=True)
    share = np.where(total > 0, rest / np.where(total > 0, total, 1.0), np.array([1.0, 0.0]))
    return np.column_stack([s, (1 - s) * share[:, 0], (1 - s) * share[:, 1]])


def to_escalate(probs: np.ndarray, blank: np.ndarray, below: float) -> np.ndarray:
    """Indices of the pairs the external judge reads: the bundled judge's confidence below ``below`` (every
    pair at 1), never a pair with no word on one side (nothing to read)."""
    unsure = np.ones(len(probs), dtype=bool) if below >= 1 else np.asarray(probs).max(axis=1) < below
    return np.flatnonzero(unsure & ~blank)


class EscalatingJudge:
    """The bundled judge first; the external judge on the pairs it is unsure of. A judge as the pipeline
    knows one (``predict``, ``readings``, ``relation``, ``precision``, ``trained_on``, ``cross_encoder``)."""

    def __init__(self, base, external: ExternalJudge, below: float, stats: EscalationStats | None = None):
        self.base, self.external, self.below = base, external, float(below)
        self.name = f"{base.name}+{external.name}"
        self.stats = stats or EscalationStats(external_judge=external.name, below=self.below)
        self._lock = threading.Lock()
        self._cross = None

    relation = staticmethod(relation)

    @property
    def precision(self):
        return getattr(self.base, "precision", None)

    @property
    def config(self):
        return getattr(self.base, "config", None)

    def trained_on(self) -> frozenset:
        return self.base.trained_on() if hasattr(self.base, "trained_on") else frozenset()

    @property
    def cross_encoder(self):
        """What reads passages and claim parts (``passage_reader``): the bundled cross-encoder with the same
        external judge behind it; None where the bundled judge has none (this judge reads them then)."""
        cross = getattr(self.base, "cross_encoder", None)
        if cross is None:
            return None
        with self._lock:
            if self._cross is None:
                self._cross = EscalatingJudge(cross, self.external, self.below, self.stats)
        return self._cross

    def new_check(self) -> None:
        """A check begins: the external judge's call budget starts again (for this thread's checks)."""
        start = getattr(self.external, "new_check", None)
        if start:
            start()

    def predict(self, premises: list[str], hypotheses: list[str], progress: Callable | None = None) -> np.ndarray:
        return self.predict_with_notes(premises, hypotheses, progress)[0]

    def predict_with_notes(self, premises, hypotheses, progress: Callable | None = None):
        """The probabilities, and for each pair the note of why the external judge did not read it (None
        where it did, or where it was not asked)."""
        premises, hypotheses = check_pairs(premises, hypotheses)
        probs = self.base.predict(premises, hypotheses, progress) if progress else self.base.predict(premises, hypotheses)
        return self._escalate(premises, hypotheses, np.asarray(probs, dtype=np.float64))

    def readings(self, premises, hypotheses, progress: Callable | None = None):
        """As ``BundledJudge.readings``: the probabilities (escalated) and the bundled head's own."""
        readings = getattr(self.base, "readings", None)
        if readings is None:
            return self.predict(premises, hypotheses, progress), None
        premises, hypotheses = check_pairs(premises, hypotheses)
        probs, head = readings(premises, hypotheses, progress)
        return self._escalate(premises, hypotheses, np.asarray(probs, dtype=np.float64))[0], head

    def _escalate(self, premises: list[str], hypotheses: list[str], probs: np.ndarray):
        notes: list[str | None] = [None] * len(premises)
        asked = to_escalate(probs, blank_rows(premises, hypotheses), self.below) if len(premises) else np.zeros(0, int)
        reading = self.external.read([premises[i] for i in asked], [hypotheses[i] for i in asked]) if len(asked) \
            else Reading(np.zeros(0), [])
        values = np.asarray(reading.values, dtype=np.float64)
        done = ~np.isnan(values) if values.ndim == 1 else ~np.isnan(values).any(axis=1) if len(values) else np.zeros(0, bool)
        out = probs.copy()
        if done.any():
            out[asked[done]] = merge(probs[asked[done]], values[done])
        for k, note in zip(asked, reading.notes):
            if note:
                notes[k] = note
        with self._lock:
            s = self.stats
            s.pairs += len(premises)
            s.escalated += len(asked)
            s.read += int(done.sum())
            s.cached += reading.cached
            s.calls += reading.calls
            for note in reading.notes:
                if note:
                    s.not_read[note] = s.not_read.get(note, 0) + 1
        return out, notes


def escalating(base, config: Config) -> EscalatingJudge:
    return EscalatingJudge(base, load_external(config), config.external_below)


def external_stats(judge) -> EscalationStats | None:
    """The escalation counts of a judge ``load_judge`` gave (None without an external judge)."""
    return getattr(judge, "stats", None) if isinstance(judge, EscalatingJudge) else None
