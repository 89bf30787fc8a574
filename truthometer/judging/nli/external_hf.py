"""External judges from local Hugging Face model directories (``external.py``).

- ``hf-nli``: a three-way NLI sequence classifier, its labels read from ``config.id2label`` (as ``hf.py``).
- ``hf-grounding``: a two-way grounding classifier (MiniCheck-RoBERTa-Large, MiniCheck-DeBERTa-v3-Large):
  P(supported) is the probability of the label ``id2label`` names supported, or of label 1 where the
  labels are unnamed (LABEL_0 / LABEL_1, as MiniCheck's are).
- ``hf-seq2seq``: a sequence-to-sequence judge (MiniCheck-Flan-T5-Large): P(supported) is the probability
  of its "1" token against its "0" token at the first decoding step.

Inputs are written as MiniCheck trained on them (``minicheck/inference.py``): document and claim joined by
the tokenizer's end-of-sequence token ("predict: " before them for the seq2seq judge); a tokenizer with no
such token gets the two as a sentence pair. Local files only; remote code is never run
(``trust_remote_code=False``): a model whose config asks for its own code loads the library's class of its
type, or not at all.
"""
from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np

from ...errors import ModelNotAvailable
from .external import read_all

#: Label names read as "supported" in a two-way classifier's id2label (lower case).
SUPPORTED_NAMES = frozenset({"supported", "support", "entailment", "entailed", "consistent", "grounded",
                             "faithful", "factual", "yes", "true", "1", "label_1"})
SEQ2SEQ_PREFIX = "predict: "
SEQ2SEQ_LABELS = ("1", "0")  # supported, not supported


def _load(path: str, auto_class: str):
    directory = Path(path).expanduser()
    if not directory.is_dir():
        raise ModelNotAvailable(f"external judge: {directory} is not a directory (a local Hugging Face model "
                                f"directory; nothing is downloaded)")
    try:
        import transformers
        from transformers import AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(str(directory), local_files_only=True, trust_remote_code=False)
        model = getattr(transformers, auto_class).from_pretrained(str(directory), local_files_only=True,
                                                                  trust_remote_code=False)
    except Exception as exc:  # a bad local directory must not surface as a hub error or a traceback
        raise ModelNotAvailable(f"external judge: cannot load a model from {directory}: "
                                f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}") from exc
    model.eval()
    return tokenizer, model


def supported_index(id2label: dict) -> int:
    """The output index of "supported" in a two-way classifier."""
    if len(id2label) != 2:
        raise ModelNotAvailable(f"external judge: a grounding classifier has two labels, this one "
                                f"{len(id2label)} ({dict(id2label)}); a three-way NLI model is hf-nli")
    named = [int(i) for i, name in id2label.items() if str(name).strip().lower() in SUPPORTED_NAMES]
    if len(named) != 1:
        raise ModelNotAvailable(f"external judge: cannot tell which label of {dict(id2label)} is 'supported' "
                                f"(expected one named {', '.join(sorted(SUPPORTED_NAMES))})")
    return named[0]


def joined(tokenizer, premises: list[str], hypotheses: list[str], prefix: str = "") -> dict:
    """Tokenizer arguments for the pairs, as MiniCheck writes them."""
    eos = getattr(tokenizer, "eos_token", None)
    if eos:
        return {"text": [f"{prefix}{p}{eos}{h}" for p, h in zip(premises, hypotheses)]}
    return {"text": [prefix + p for p in premises], "text_pair": list(hypotheses)}


class _HFJudge:
    auto_class = "AutoModelForSequenceClassification"
    prefix = ""

    def __init__(self, kind: str, path: str, batch_size: int = 8, max_length: int = 512):
        import torch

        self._torch = torch
        self.name = f"{kind}:{Path(path).name}"
        self.tokenizer, self.model = _load(path, self.auto_class)
        # The strong judges are meant for a team's GPU server; without one they still read, slowly.
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.model.to(self.device)
        self.batch_size, self.max_length = batch_size, max_length
        # RoBERTa's tokenizer gives no token types; BERT's does, which DistilBERT's model refuses.
        self._accepts = set(inspect.signature(self.model.forward).parameters)

    def read(self, premises: list[str], hypotheses: list[str]):
        out = []
        for start in range(0, len(premises), self.batch_size):
            ps, hs = premises[start:start + self.batch_size], hypotheses[start:start + self.batch_size]
            batch = self.tokenizer(**joined(self.tokenizer, ps, hs, self.prefix), padding=True, truncation=True,
                                   max_length=self.max_length, return_tensors="pt")
            batch = {k: v.to(self.device) for k, v in batch.items() if k in self._accepts}
            with self._torch.inference_mode():
                out.append(self._scores(batch))
        width = (0, 3) if self.three_way else (0,)
        return read_all(np.concatenate(out) if out else np.zeros(width))


class NLIJudge(_HFJudge):
    three_way = True

    def __init__(self, path: str, **kwargs):
        super().__init__("hf-nli", path, **kwargs)
        from .hf import label_order
        self.order = label_order(self.model.config.id2label)

    def _scores(self, batch) -> np.ndarray:
        probs = self._torch.softmax(self.model(**batch).logits.double(), dim=-1).cpu().numpy()[:, self.order]
        return probs / probs.sum(axis=1, keepdims=True)


class GroundingJudge(_HFJudge):
    three_way = False

    def __init__(self, path: str, **kwargs):
        super().__init__("hf-grounding", path, **kwargs)
        self.supported = supported_index(self.model.config.id2label)

    def _scores(self, batch) -> np.ndarray:
        return self._torch.softmax(self.model(**batch).logits.double(), dim=-1).cpu().numpy()[:, self.supported]


class Seq2SeqJudge(_HFJudge):
    three_way = False
    auto_class = "AutoModelForSeq2SeqLM"
    prefix = SEQ2SEQ_PREFIX

    def __init__(self, path: str, **kwargs):
        super().__init__("hf-seq2seq", path, **kwargs)
        # The first piece each label is written with: in T5's vocabulary "1" is one piece, "▁1", and "0"
        # opens with "▁", which is what MiniCheck compares (its ids 209 and 3).
        ids = [self.tokenizer(label, add_special_tokens=False)["input_ids"] for label in SEQ2SEQ_LABELS]
        if not all(ids) or ids[0][0] == ids[1][0]:
            raise ModelNotAvailable(f"external judge {self.name}: its tokenizer does not write "
                                    f"{' and '.join(SEQ2SEQ_LABELS)} as two distinct first tokens")
        self.label_ids = [ids[0][0], ids[1][0]]
        start = self.model.config.decoder_start_token_id
        self.start = start if start is not None else self.model.config.pad_token_id or 0

    def _scores(self, batch) -> np.ndarray:
        torch = self._torch
        decoder = torch.full((batch["input_ids"].shape[0], 1), self.start, dtype=torch.long, device=self.device)
        logits = self.model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"],
                            decoder_input_ids=decoder).logits[:, 0, :].double()
        return torch.softmax(logits[:, self.label_ids], dim=-1).cpu().numpy()[:, 0]


def load_hf_judge(kind: str, path: str):
    return {"hf-nli": NLIJudge, "hf-grounding": GroundingJudge, "hf-seq2seq": Seq2SeqJudge}[kind](path)
