"""The learned head, stored as plain arrays (.npz, loaded with allow_pickle=False) and run in numpy.

A standardiser, then either a linear layer (logistic regression) or one-hidden-layer ReLU MLPs (an
ensemble of a few trained from different seeds, their logits averaged: a single small MLP trained on
~18k rows moves its dev figures by +-0.03 from one seed to the next), then a temperature (Guo et al. 2017, "On Calibration of Modern Neural Networks": one scalar T fitted on held-out
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
    #: Further members of an ensemble, each a list of layers like ``layers``; logits are averaged.
    others: list = field(default_factory=list)

    @property
    def members(self) -> list:
        return [self.layers, *self.others]

    def logits(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=np.float64)
        if self.columns is not None:
            x = x[:, self.columns]
        z = (x - self.mean) / self.scale
        total = 0.0
        for layers in self.members:
            h = z
            for i, (w, b) in enumerate(layers):
                h = h @ w + b
                if i < len(layers) - 1:
                    h = np.maximum(h, 0.0)
            total = total + h
        return total / len(self.members)

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        return softmax(self.logits(x) / self.temperature)

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        arrays = {"mean": self.mean.astype(np.float32), "scale": self.scale.astype(np.float32),
                  "temperature": np.asarray([self.temperature], np.float64)}
        if self.columns is not None:
            arrays["columns"] = np.asarray(self.columns, np.int32)
        for m, layers in enumerate(self.members):
            suffix = f"_{m}" if m else ""
            for i, (w, b) in enumerate(layers):
                arrays[f"W{i}{suffix}"] = w.astype(np.float32)
                arrays[f"b{i}{suffix}"] = b.astype(np.float32)
        np.savez_compressed(directory / "head.npz", **arrays)
        meta = dict(self.meta, n_layers=len(self.layers), n_members=len(self.members), temperature=self.temperature)
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
            members = [[(data[f"W{i}{suffix}"].astype(np.float64), data[f"b{i}{suffix}"].astype(np.float64))
                        for i in range(int(meta["n_layers"]))]
                       for suffix in ["", *[f"_{m}" for m in range(1, int(meta.get("n_members", 1)))]]]
            columns = data["columns"].astype(np.int64) if "columns" in data.files else None
            head = Head(data["mean"].astype(np.float64), data["scale"].astype(np.float64), members[0],
                        float(data["temperature"][0]), meta, columns, members[1:])
    except (OSError, ValueError, KeyError) as exc:
        raise ModelNotAvailable(f"the entailment judge's weights in {directory} are unreadable ({exc}); {TRAIN_HINT}") from exc
    return head
