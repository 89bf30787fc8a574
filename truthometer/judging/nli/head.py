"""The learned head, stored as plain arrays (.npz, loaded with allow_pickle=False) and run in numpy.

A standardiser, then either a linear layer (logistic regression) or a one-hidden-layer ReLU MLP, then a
temperature (Guo et al. 2017, "On Calibration of Modern Neural Networks": one scalar T fitted on held-out
rows by minimising log-loss, logits / T) so the three probabilities are calibrated.
No pickle: a weight file can never execute code.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...errors import ModelNotAvailable


@dataclass
class Head:
    mean: np.ndarray
    scale: np.ndarray
    layers: list  # [(W, b), ...]; ReLU between layers
    temperature: float = 1.0
    meta: dict = field(default_factory=dict)
    #: Indices of the feature columns the head reads (all when None).
    columns: np.ndarray | None = None

    def logits(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=np.float64)
        if self.columns is not None:
            x = x[:, self.columns]
        h = (x - self.mean) / self.scale
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        return softmax(self.logits(x) / self.temperature)

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        arrays = {"mean": self.mean.astype(np.float32), "scale": self.scale.astype(np.float32),
                  "temperature": np.asarray([self.temperature], np.float64)}
        if self.columns is not None:
            arrays["columns"] = np.asarray(self.columns, np.int32)
        for i, (w, b) in enumerate(self.layers):
            arrays[f"W{i}"] = w.astype(np.float32)
            arrays[f"b{i}"] = b.astype(np.float32)
        np.savez_compressed(directory / "head.npz", **arrays)
        meta = dict(self.meta, n_layers=len(self.layers), temperature=self.temperature)
        (directory / "head.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


TRAIN_HINT = "train it with: python scripts/train_nli.py (needs ../shared/data), or set TRUTHOMETER_NLI to a local Hugging Face NLI model"


def load_head(directory: Path) -> Head:
    weights, meta_file = directory / "head.npz", directory / "head.json"
    if not weights.is_file() or not meta_file.is_file():
        raise ModelNotAvailable(f"the entailment judge's weights are missing ({weights}); {TRAIN_HINT}")
    try:
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        with np.load(weights, allow_pickle=False) as data:
            layers = [(data[f"W{i}"].astype(np.float64), data[f"b{i}"].astype(np.float64))
                      for i in range(int(meta["n_layers"]))]
            columns = data["columns"].astype(np.int64) if "columns" in data.files else None
            head = Head(data["mean"].astype(np.float64), data["scale"].astype(np.float64), layers,
                        float(data["temperature"][0]), meta, columns)
    except (OSError, ValueError, KeyError) as exc:
        raise ModelNotAvailable(f"the entailment judge's weights in {directory} are unreadable ({exc}); {TRAIN_HINT}") from exc
    return head
