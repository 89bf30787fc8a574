"""The two int8 transformers as TorchScript files of this machine, so that checking imports neither
transformers nor sentence-transformers.

A cold ``check`` of a 10-sentence article took 9.3 s to its first verdict (AMD EPYC, 2 cores,
2026-12-02), and 4.5 s of it was importing sentence-transformers, transformers and scikit-learn, which
checking needs only to build the two models: the sentence encoder and the fine-tuned cross-encoder, both
all-MiniLM-L6-v2 with per-token int8 linear layers (``per_token_int8``). Each is therefore traced once
(``torch.jit.trace``, with the encoder's pooling and normalisation inside the trace), checked against
the eager model bit for bit at other lengths and batch sizes, and saved under ``.cache/models/``; a
process then reads it with ``torch.jit.load`` and tokenizes with the ``tokenizers`` library from the
model's own ``tokenizer.json`` (the Rust tokenizer that transformers' fast tokenizer wraps; the same
ids on the 19,682 MNLI texts and articles compared on 2026-12-02). ``make install`` builds both files;
otherwise the first process that needs one builds it.

A file's name is a hash of everything the trace depends on: the weight files (path, size, time of last
change), torch's version, which int8 product this CPU runs (``per_token_int8.int_mm_is_fast``, written
into the trace) and :data:`FORMAT`. Another machine, another torch or retrained weights find no file
and build their own. A model that does not trace into its eager bits runs eagerly, as before (slower to
start, same results); where the cache cannot be written, the process keeps the trace it made.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import torch

from .config import cache_dir
from .per_token_int8 import by_length, int_mm_is_fast

MODELS_DIR = cache_dir() / "models"
#: Bumped when what a file holds changes, so that old files are not read.
FORMAT = 1
#: Lengths (word pieces) and rows of the examples a trace must reproduce bit for bit besides its own.
CHECK_SHAPES = ((5, 3), (40, 2), (130, 1))

_lock = threading.Lock()


class SentenceEncoder:
    """Normalised sentence embeddings from a compiled encoder: ``encode(texts, batch_size)``.

    Texts of one length in word pieces are encoded together, so that no text is padded and a text's vector
    is the same bits whatever is encoded beside it (``per_token_int8``)."""

    def __init__(self, module, tokenizer, dimension: int):
        self.module, self.tokenizer, self.dimension = module, tokenizer, dimension

    def encode(self, texts: list[str], batch_size: int) -> np.ndarray:
        pieces = [e.ids for e in self.tokenizer.encode_batch(list(texts))]
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        with torch.inference_mode(), torch.jit.optimized_execution(False):
            for rows in by_length(pieces, batch_size):
                out[rows] = self.module(torch.tensor([pieces[i] for i in rows])).numpy()
        return out


class PairClassifier:
    """Raw 3-way logits of (premise, hypothesis) pairs from a compiled cross-encoder."""

    def __init__(self, module, tokenizer):
        self.module, self.tokenizer = module, tokenizer

    def logits(self, pairs: list[tuple[str, str]], batch_size: int, progress=None) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(list(pairs))
        out = np.zeros((len(pairs), 3), dtype=np.float64)
        done = 0
        with torch.inference_mode(), torch.jit.optimized_execution(False):
            for rows in by_length([e.ids for e in encodings], batch_size):
                ids = torch.tensor([encodings[i].ids for i in rows])
                types = torch.tensor([encodings[i].type_ids for i in rows])
                out[rows] = self.module(ids, types, torch.ones_like(ids)).double().numpy()
                done += len(rows)
                if progress:
                    progress(done / len(pairs))
        return out


def tokenizer_from(model_dir: str, max_length: int, pairs: bool = False):
    """The model's own fast tokenizer, set as transformers sets it for ``truncation`` without padding."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_length, strategy="only_first" if pairs else "longest_first")
    return tokenizer


def file_for(kind: str, files: list[Path], settings: dict) -> Path:
    """Where the compiled ``kind`` built from ``files`` with ``settings`` is kept on this machine."""
    identity = {"kind": kind, "format": FORMAT, "torch": torch.__version__, "int_mm": int_mm_is_fast(),
                "settings": settings,
                "files": [(str(Path(f).resolve()), os.stat(f).st_size, os.stat(f).st_mtime_ns) for f in files]}
    digest = hashlib.sha1(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]
    return MODELS_DIR / f"{kind}-{digest}.pt"


def load_or_build(path: Path, build):
    """The TorchScript module saved at ``path``, built by ``build()`` (a traced module, or None when the
    model does not trace faithfully) and saved first when there is none; None when it cannot be had."""
    with _lock:
        if path.is_file():
            try:
                module = torch.jit.load(str(path), map_location="cpu")
            except Exception:  # a truncated or foreign file: built again below
                pass
            else:
                _used(path)
                return module
        traced = build()
        if traced is None:
            return None
        try:
            _save(traced, path)
        except OSError:  # a read-only cache: this process keeps the trace it made
            return traced
        prune_unused(path)
        return torch.jit.load(str(path), map_location="cpu")


#: A compiled file not loaded for this long is removed when another of its kind is built.
UNUSED_FOR_S = 14 * 24 * 3600


def _used(path: Path) -> None:
    """Mark ``path`` as in use (its modification time), so that ``prune_unused`` keeps it."""
    try:
        os.utime(path)
    except OSError:  # a read-only cache: the file is only pruned by whoever can write there
        pass


def prune_unused(path: Path, unused_for_s: float = UNUSED_FOR_S) -> list[Path]:
    """Remove the compiled files of ``path``'s kind that no process has loaded for ``unused_for_s``
    seconds, and return them.

    A file is named for the paths and times of the files it was built from, so each reinstall, new checkout
    or test model builds another (about 59 MB for the cross-encoder), and nothing else would ever remove the
    old ones. Every load marks its file as used, so a file some checkout still loads is kept."""
    kind, _, digest = path.stem.rpartition("-")
    cutoff = time.time() - unused_for_s
    removed = []
    for old in path.parent.glob(f"{kind}-{'?' * len(digest)}.pt"):
        try:
            if old != path and old.stat().st_mtime < cutoff:
                old.unlink()
                removed.append(old)
        except OSError:  # another process removed it first, or the cache is read-only
            pass
    return removed


def _save(module, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the target and renamed: a process starting meanwhile never reads half a file.
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    os.close(fd)
    try:
        torch.jit.save(module, tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def faithful_trace(module, examples: list[tuple], eager):
    """``torch.jit.trace(module)`` on the first example, or None where the trace does not give ``eager``'s
    bits on every example (a length or batch size written into the trace as a constant would give wrong
    outputs quietly) or the module does not trace."""
    import logging

    for parameter in module.parameters():
        parameter.requires_grad_(False)  # a trace keeps weights as constants, which must not need gradients
    hf_logger = logging.getLogger("transformers")  # the tracer reads attributes transformers logs about
    level = hf_logger.level
    hf_logger.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # the tracer warns of branches; unpadded input takes one path
            traced = torch.jit.trace(module, examples[0], check_trace=False, strict=False)
            if all(torch.equal(traced(*example), eager(*example)) for example in examples):
                return traced
            return None
    except Exception:  # an architecture the tracer cannot follow runs eagerly
        return None
    finally:
        hf_logger.setLevel(level)


class Embedding(torch.nn.Module):
    """A sentence-transformers model as one module from word-piece ids (one length, unpadded) to normalised
    embeddings: what ``model.encode(normalize_embeddings=True)`` computes, traceable."""

    def __init__(self, model):
        super().__init__()
        self.transformer = model[0].auto_model
        self.rest = torch.nn.ModuleList(list(model)[1:])  # pooling, normalisation

    def forward(self, input_ids):
        mask = torch.ones_like(input_ids)
        features = {"token_embeddings": self.transformer(input_ids=input_ids, attention_mask=mask)["last_hidden_state"],
                    "attention_mask": mask}
        for module in self.rest:
            features = module(features)
        # encode() normalises once more after the model's own Normalize; so does this, for the same bits.
        return torch.nn.functional.normalize(features["sentence_embedding"], p=2, dim=1)


class Logits(torch.nn.Module):
    """A Hugging Face sequence classifier as a module from (ids, token types, mask) to its logits, traceable."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, token_type_ids, attention_mask):
        return self.model(input_ids=input_ids, token_type_ids=token_type_ids, attention_mask=attention_mask).logits


def model_files(directory: Path) -> list[Path]:
    """Every file of a model directory, which a compiled file's name depends on."""
    return sorted(p for p in Path(directory).rglob("*") if p.is_file())


def sentence_encoder(directory: Path, quantised_model) -> SentenceEncoder | None:
    """The int8 encoder of the sentence-transformers model in ``directory``, compiled; ``quantised_model()``
    gives the eager model, called only when no compiled file is there yet. None where the directory has no
    ``tokenizer.json`` or the model is not a Hugging Face transformer (the caller then runs it eagerly)."""
    directory = Path(directory)
    settings = json.loads((directory / "sentence_bert_config.json").read_text(encoding="utf-8")) \
        if (directory / "sentence_bert_config.json").is_file() else {}
    max_length = int(settings.get("max_seq_length") or 512)
    if not (directory / "tokenizer.json").is_file():
        return None
    tokenizer = tokenizer_from(directory, max_length)

    def build():
        model = quantised_model()
        if getattr(model[0], "auto_model", None) is None:
            return None
        examples = [(torch.tensor([tokenizer.encode(" ".join(["the"] * words)).ids] * rows),)
                    for words, rows in ((14, 1), *CHECK_SHAPES)]
        eager = Embedding(model).eval()
        return faithful_trace(eager, examples, eager)

    module = load_or_build(file_for("encoder", model_files(directory), {"max_length": max_length}), build)
    if module is None:
        return None
    with torch.inference_mode():
        dimension = int(module(torch.tensor([tokenizer.encode("a").ids])).shape[1])
    return SentenceEncoder(module, tokenizer, dimension)


def pair_classifier(weights: list[Path], tokenizer_dir: Path, max_length: int, quantised_model) -> PairClassifier | None:
    """The int8 cross-encoder whose weights are ``weights``, compiled; ``quantised_model()`` gives the eager
    classifier, called only when no compiled file is there yet. None where it cannot be compiled."""
    if not (Path(tokenizer_dir) / "tokenizer.json").is_file():
        return None
    tokenizer = tokenizer_from(tokenizer_dir, max_length, pairs=True)

    def build():
        examples = []
        for words, rows in ((14, 1), *CHECK_SHAPES):
            encoding = tokenizer.encode(" ".join(["the"] * words), "the claim")
            ids = torch.tensor([encoding.ids] * rows)
            examples.append((ids, torch.tensor([encoding.type_ids] * rows), torch.ones_like(ids)))
        eager = Logits(quantised_model()).eval()
        return faithful_trace(eager, examples, eager)

    files = [*weights, *model_files(tokenizer_dir)]
    module = load_or_build(file_for("cross-encoder", files, {"max_length": max_length}), build)
    return None if module is None else PairClassifier(module, tokenizer)

