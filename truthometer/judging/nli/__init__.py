"""The entailment judge: for (evidence, claim) pairs, P(entailment), P(neutral), P(contradiction).

Two backends behind one interface:

- ``BundledJudge`` (default): a cascade of two committed models (``truthometer/data/nli/``, see MODEL_CARD.md
  there). First a small calibrated head over frozen all-MiniLM-L6-v2 pair features and claim/evidence
  alignment features (``head.py``, trained by ``scripts/train_nli.py``): cheap, since retrieval has
  embedded every sentence already. Where the head is unsure, a cross-encoder fine-tuned end to end on NLI
  and claim-vs-evidence pairs reads the pair (``finetuned.py``, ``scripts/train_judge.py``).
  ``Config.judge`` (``TRUTHOMETER_JUDGE``) chooses the cascade, the cross-encoder alone or the head alone.
- ``HFJudge``: any Hugging Face sequence-classification NLI model given by local path
  (``Config.nli_path`` / ``TRUTHOMETER_NLI``), its labels read from ``config.id2label``.

Premise = evidence, hypothesis = claim. Every ``predict`` is batched and deterministic.
"""
from __future__ import annotations

import hashlib
import re
import threading
from pathlib import Path
from typing import Callable, Protocol

import numpy as np

from ...config import Config, bundled
from ...errors import InputError

LABELS = ("entailment", "neutral", "contradiction")
ENTAILMENT, NEUTRAL, CONTRADICTION = 0, 1, 2
#: The committed weights of the default judge (package data: truthometer/data/nli/).
BUNDLED_DIR = bundled("nli")
#: The fine-tuned cross-encoder's directory inside BUNDLED_DIR.
CROSS_ENCODER_DIR = "judge"
#: A claim-level verdict needs at least this probability of entailment or contradiction.
DECISION_THRESHOLD = 0.5
#: A contradiction the judge alone reads needs this (``verdicts.relations.judge_readings``): between 0.50 and
#: 0.55 it was wrong 7 times in 9 on the blind sets' development halves (paraphrases it misread).
CONTRADICTION_THRESHOLD = 0.55
#: The cascade: pairs whose head probability is below this are also read by the cross-encoder...
#: ...and the two probability rows are combined as a normalised weighted geometric mean, this weight on the
#: head's. Both chosen by scripts/tune_cascade.py on the calibration parts of MultiNLI and Factcheck-GPT and
#: the development part of CLIMATE-FEVER's held-out claims (never trained or tuned on otherwise): below
#: 0.95 with weight 0 (the cross-encoder's row replaces the head's) had the best mean accuracy, 0.666
#: (head alone 0.521, cross-encoder alone 0.661), sending 81% of pairs onward; the head keeps the pairs
#: it is sure of, where it is right more often than the cross-encoder.
CROSS_ENCODER_BELOW = 0.95
HEAD_WEIGHT = 0.0


class Judge(Protocol):
    name: str

    def predict(self, premises: list[str], hypotheses: list[str], progress: Callable | None = None) -> np.ndarray:
        """Probabilities, shape (n, 3), columns in LABELS order."""

    def relation(self, probs) -> str:
        """'support', 'contradiction' or 'related' for one row of probabilities."""


def relation(probs) -> str:
    """The evidence relation of one probability row: the most probable label, named as the pipeline names
    evidence relations (entailment -> 'support', contradiction -> 'contradiction', neutral -> 'related')."""
    row = np.asarray(probs, dtype=np.float64).reshape(-1)
    if row.shape != (3,):
        raise ValueError(f"relation() takes one row of 3 probabilities, got shape {np.shape(probs)}")
    return ("support", "related", "contradiction")[int(np.argmax(row))]


def aggregate(probs: np.ndarray, weights=None, threshold: float = DECISION_THRESHOLD) -> tuple[str, float]:
    """Claim-level verdict over many evidence sentences: ('supported'|'contradicted'|'unverifiable', confidence).

    Rule: weight each row's P(entailment) and P(contradiction) by its evidence weight (e.g. retrieval
    relevance or source confidence in [0, 1]; 1 when omitted). Let E be the strongest weighted entailment
    and C the strongest weighted contradiction over all rows. If max(E, C) < ``threshold`` nothing
    decides: 'unverifiable', confidence 1 - max(E, C). Otherwise the stronger of the two wins, with its
    value as confidence; a tie goes to 'contradicted' (one confident contradicting sentence is the signal
    the checker exists to surface). The strongest single sentence decides rather than an average, because
    most retrieved sentences are merely related (neutral) and would dilute the one that settles the claim.
    """
    p = np.asarray(probs, dtype=np.float64)
    if p.size == 0:
        return "unverifiable", 1.0
    if p.ndim != 2 or p.shape[1] != 3:
        raise ValueError(f"aggregate() takes probabilities of shape (n, 3), got {p.shape}")
    w = np.ones(len(p)) if weights is None else np.clip(np.asarray(weights, dtype=np.float64).reshape(-1), 0.0, 1.0)
    if len(w) != len(p):
        raise ValueError(f"{len(w)} weights for {len(p)} rows of probabilities")
    e = float(np.max(p[:, ENTAILMENT] * w))
    c = float(np.max(p[:, CONTRADICTION] * w))
    if max(e, c) < threshold:
        return "unverifiable", round(1.0 - max(e, c), 6)
    if c >= e:
        return "contradicted", round(c, 6)
    return "supported", round(e, 6)


def check_pairs(premises: list[str], hypotheses: list[str]) -> tuple[list[str], list[str]]:
    premises, hypotheses = list(premises), list(hypotheses)
    if len(premises) != len(hypotheses):
        raise InputError(f"{len(premises)} premises for {len(hypotheses)} hypotheses: pass one premise per hypothesis")
    for text in (*premises, *hypotheses):
        if not isinstance(text, str):
            raise InputError(f"premises and hypotheses must be strings, got {type(text).__name__}")
    return premises, hypotheses


_WORD = re.compile(r"\w")


def blank_rows(premises: list[str], hypotheses: list[str]) -> np.ndarray:
    """Pairs where either side has no word at all: nothing can be entailed or contradicted (neutral)."""
    return np.array([not (_WORD.search(p) and _WORD.search(h)) for p, h in zip(premises, hypotheses)], dtype=bool)


def neutralise(probs: np.ndarray, blank: np.ndarray) -> np.ndarray:
    if blank.any():
        probs = probs.copy()
        probs[blank] = (0.0, 1.0, 0.0)
    return probs


#: Fingerprints of the real (not synthetic) pairs the committed head was trained on, one per line.
TRAINED_ON_FILE = "trained_on.txt"


def pair_fingerprint(premise: str, hypothesis: str) -> str:
    """A short, stable fingerprint of an (evidence, claim) pair, insensitive to PTB escapes and spacing."""
    from .alignment import normalise

    text = f"{normalise(premise)}\n{normalise(hypothesis)}"
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


class BundledJudge:
    """The committed head over MiniLM pair features and alignment features."""

    name = "bundled"

    def __init__(self, directory: Path | None = None, config: Config | None = None):
        from .head import load_head

        self.directory = Path(directory or BUNDLED_DIR)
        self.config = config or Config()
        self.head = load_head(self.directory)
        self._cross = None
        self._lock = threading.Lock()
        from ...text import lexicon
        lexicon.wordnet()  # the features read WordNet: open it with the judge, not on a first check
        from .features import feature_count
        expected = int(self.head.meta.get("n_features", self.head.mean.shape[0]))
        if expected != feature_count():
            from ...errors import ModelNotAvailable
            from .head import TRAIN_HINT
            raise ModelNotAvailable(f"the entailment judge in {self.directory} expects {expected} "
                                    f"features but this code computes {feature_count()}; {TRAIN_HINT}")

    @property
    def precision(self) -> str | None:
        """The encoder precision the head was trained on (None for heads older than the setting: the
        configured one)."""
        return self.head.meta.get("encoder_precision")

    def predict(self, premises: list[str], hypotheses: list[str], progress: Callable | None = None) -> np.ndarray:
        return self.readings(premises, hypotheses, progress)[0]

    def readings(self, premises: list[str], hypotheses: list[str],
                 progress: Callable | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        """The judge's probabilities (``predict``) and, beside them, its head's alone, which the cascade
        computes first and defers to the cross-encoder where it is unsure (None with judge="cross-encoder",
        where the head is not read)."""
        from .alignment import normalise
        from .features import featurise

        premises, hypotheses = check_pairs(premises, hypotheses)
        if not premises:
            return np.zeros((0, 3), dtype=np.float64), np.zeros((0, 3), dtype=np.float64)
        cross = self.cross_encoder
        head = None
        if cross is not None and self.config.judge == "cross-encoder":
            probs = cross.predict([normalise(p) for p in premises], [normalise(h) for h in hypotheses])
        else:
            x = featurise(premises, hypotheses, self.config, progress=progress, precision=self.precision)
            probs = self.head.predict_proba(x)
            head = probs.copy()
            unsure = np.flatnonzero(probs.max(axis=1) < CROSS_ENCODER_BELOW) if cross is not None else []
            if len(unsure):
                if progress:
                    progress(0.9, f"cross-encoder on {len(unsure)} pairs")
                second = cross.predict([normalise(premises[i]) for i in unsure],
                                       [normalise(hypotheses[i]) for i in unsure])
                probs[unsure] = combine(probs[unsure], second)
        blank = blank_rows(premises, hypotheses)
        probs = neutralise(probs, blank)
        if head is not None:
            head = neutralise(head, blank)
        if progress:
            progress(1.0, "judged")
        return probs, head

    relation = staticmethod(relation)

    @property
    def cross_encoder(self):
        """The committed fine-tuned cross-encoder, loaded on first use; None with ``judge="head"``."""
        if self.config.judge == "head":
            return None
        with self._lock:
            if self._cross is None:
                from .finetuned import FineTunedCrossEncoder
                self._cross = FineTunedCrossEncoder(self.directory / CROSS_ENCODER_DIR, self.config.encoder_path)
        return self._cross

    def trained_on(self) -> frozenset:
        """Fingerprints of the real pairs the models in use were trained on (empty when the files are
        absent), so a benchmark can say when it is scoring training data."""
        files = [self.directory / TRAINED_ON_FILE] if self.config.judge != "cross-encoder" else []
        if self.config.judge != "head":
            files.append(self.directory / CROSS_ENCODER_DIR / TRAINED_ON_FILE)
        return frozenset(line.strip() for path in files if path.is_file()
                         for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def combine(head: np.ndarray, cross: np.ndarray, head_weight: float = HEAD_WEIGHT) -> np.ndarray:
    """The head's and the cross-encoder's probabilities as one distribution per row: their weighted
    geometric mean, renormalised."""
    log = head_weight * np.log(np.clip(head, 1e-12, 1.0)) + (1 - head_weight) * np.log(np.clip(cross, 1e-12, 1.0))
    out = np.exp(log - log.max(axis=1, keepdims=True))
    return out / out.sum(axis=1, keepdims=True)


def passage_reader(judge) -> Judge:
    """What reads passages and claim parts: the fine-tuned cross-encoder where the judge has one (the head
    was trained on single sentences and whole claims), else the judge itself."""
    return getattr(judge, "cross_encoder", None) or judge


_cache: dict = {}
_cache_lock = threading.RLock()  # re-entrant: a judge being built may ask for another


def load_judge(config: Config | None = None) -> Judge:
    """The judge to use: the HF model at ``config.nli_path`` if set, else the bundled one (cached per process;
    loaded once, however many threads ask at the same time); with ``config.external_judge``, that judge with
    the external one behind it (``external.EscalatingJudge``).

    Raises ModelNotAvailable (with how to fix it) when the weights are missing or unreadable.
    """
    config = config or Config()
    key = (config.nli_path, config.encoder_path, config.judge)
    if config.external_judge:
        # The bundled judge first, the external one where it is unsure (``external.py``).
        key += (config.external_judge, config.external_model, config.external_below, config.external_budget,
                config.external_timeout, config.external_allow_hosts)
    with _cache_lock:
        if key not in _cache:
            if config.external_judge:
                from .external import escalating
                _cache[key] = escalating(load_judge(config.with_(external_judge=None)), config)
            elif config.nli_path:
                from .hf import HFJudge
                _cache[key] = HFJudge(config.nli_path)
            else:
                _cache[key] = BundledJudge(BUNDLED_DIR, config)
        return _cache[key]


__all__ = ["LABELS", "Judge", "BundledJudge", "load_judge", "aggregate", "relation", "pair_fingerprint",
           "BUNDLED_DIR"]
