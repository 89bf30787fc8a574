"""Any Hugging Face sequence-classification NLI model by local path (e.g. a DeBERTa-v3 NLI model, or
facebook/bart-large-mnli as in the Truth-O-Meter paper). Nothing is downloaded: local files only."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from ...errors import ModelNotAvailable
from . import LABELS, blank_rows, check_pairs, neutralise, relation

_KEYS = (("entail", "entailment"), ("neutral", "neutral"), ("contradict", "contradiction"))


def label_order(id2label: dict) -> list[int]:
    """For each of LABELS, the model's output index (labels matched case-insensitively by prefix:
    'ENTAILMENT', 'entailment', 'Contradiction', 'contradictory' ...)."""
    found: dict[str, int] = {}
    for index, name in id2label.items():
        low = str(name).lower()
        for key, label in _KEYS:
            if key in low:
                found[label] = int(index)
    missing = [label for label in LABELS if label not in found]
    if missing:
        raise ModelNotAvailable(
            f"cannot read NLI labels from the model's config.id2label {dict(id2label)}: no label for "
            f"{', '.join(missing)} (expected names containing entail / neutral / contradict)")
    return [found[label] for label in LABELS]


class HFJudge:
    name = "hf"

    def __init__(self, path: str | Path, batch_size: int = 16, max_length: int = 256):
        path = Path(path)
        if not path.is_dir():
            raise ModelNotAvailable(f"NLI model path {path} is not a directory (set TRUTHOMETER_NLI to a local "
                                    f"Hugging Face model directory, or unset it to use the bundled judge)")
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
            self.tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
            self.model = AutoModelForSequenceClassification.from_pretrained(str(path), local_files_only=True)
        except Exception as exc:  # a bad local path must not surface as a hub error
            raise ModelNotAvailable(f"cannot load an NLI model from {path}: {exc}") from exc
        self.model.eval()
        self._torch = torch
        self.order = label_order(self.model.config.id2label)
        self.batch_size = batch_size
        self.max_length = max_length

    def predict(self, premises: list[str], hypotheses: list[str], progress: Callable | None = None) -> np.ndarray:
        premises, hypotheses = check_pairs(premises, hypotheses)
        out = np.zeros((len(premises), 3), dtype=np.float64)
        torch = self._torch
        for start in range(0, len(premises), self.batch_size):
            batch = self.tokenizer(premises[start:start + self.batch_size], hypotheses[start:start + self.batch_size],
                                   padding=True, truncation=True, max_length=self.max_length, return_tensors="pt")
            with torch.inference_mode():
                logits = self.model(**batch).logits.double()
            probs = torch.softmax(logits, dim=-1).numpy()
            # Renormalise over the three NLI labels (a model may carry extra classes).
            chosen = probs[:, self.order]
            out[start:start + len(chosen)] = chosen / chosen.sum(axis=1, keepdims=True)
            if progress:
                progress(min(1.0, (start + len(chosen)) / len(premises)), "judging")
        return neutralise(out, blank_rows(premises, hypotheses))

    relation = staticmethod(relation)
