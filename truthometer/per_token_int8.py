"""Int8 linear layers whose output for a token depends on that token alone.

torch's dynamic int8 (``quantize_dynamic``) scales a whole batch's activations by one number, so a
sentence's embedding moved with the other sentences encoded beside it (cosine 0.97-0.98 between a
sentence encoded alone and in a batch): a verdict near a boundary could change with its batch-mates.
Here each token's activations get their own scale (per-token activation quantization, as in
Dettmers et al. 2022, "LLM.int8()", and Xiao et al. 2023, "SmoothQuant") and each output channel of the
weights its own; the product is exact integer arithmetic (``torch._int_mm``), so a row's result cannot
depend on the other rows. It is also closer to float32 (mean cosine 0.997 against 0.977).

The rest of the transformer runs in float32, where attention's sums over a padded length differ in
the last bit from the unpadded sums, and a per-token scale can turn that bit into a different int8 value.
Texts of the same length in word pieces are therefore encoded together, so no text is ever padded: a
text's embedding is then bit-identical whether it is encoded alone or with any others. Texts of a length
are rarely so few that the extra batches cost more than the padding they save.

Those many small batches made the encoder spend a third of its time in Python, calling module after
module, and Python holds the GIL: beside spaCy parsing in the other thread, each waited on the other
(CLIMATE-FEVER's 1,638 texts: 4.9 s alone, 6.7 s beside the parser). The models are therefore run as
TorchScript traces (``compiled_models``), which run the whole forward pass in C++ without the GIL, with
the same bits as the eager model (``tests/test_compiled_models.py``).

``torch._int_mm`` is fast only where the CPU has int8 dot-product instructions (AVX-512 VNNI, AMX). On an
AVX2-only CPU (an AMD EPYC without AVX-512, 2026-11-29) it took 116 ms for a 256 x 384 by 384 x 1,536
product that float32 did in 2.7 ms, and the judge read 2 pairs/s instead of 200. There the same integer
product is taken in float64 (``exact_int8_product``), which is exact (every partial sum is an integer far
below 2**53) and took 7 ms: the result is the same bits either way, only faster. Which of the two runs is
measured once per process (``int_mm_is_fast``).
"""
from __future__ import annotations

import time
from collections import defaultdict
from functools import lru_cache

import numpy as np
import torch


class PerTokenInt8Linear(torch.nn.Module):
    """A frozen ``torch.nn.Linear`` with int8 weights (one scale per output channel) and int8
    activations (one scale per token), accumulated in int32."""

    def __init__(self, linear: torch.nn.Linear):
        super().__init__()
        weight = linear.weight.detach().float()
        weight_scale = weight.abs().amax(dim=1).clamp(min=1e-8) / 127
        quantised = torch.round(weight / weight_scale[:, None]).clamp(-127, 127).to(torch.int8)
        self.register_buffer("weight_t", quantised.t().contiguous())
        self.register_buffer("weight_scale", weight_scale)
        bias = linear.bias.detach().float() if linear.bias is not None else torch.zeros(linear.out_features)
        self.register_buffer("bias", bias.clone())
        self.out_features = linear.out_features
        # The weights for exact_int8_product, only where torch._int_mm is slow.
        self.weight_f64 = None if int_mm_is_fast() else self.weight_t.to(torch.float64)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        rows = x.reshape(-1, shape[-1]).float()
        scale = rows.abs().amax(dim=1, keepdim=True).clamp_(min=1e-8).div_(127)
        quantised = (rows / scale).round_().clamp_(-127, 127).to(torch.int8)
        if self.weight_f64 is None:
            product = torch._int_mm(quantised, self.weight_t).to(torch.float32)
        else:
            product = exact_int8_product(quantised, self.weight_f64)
        return torch.addcmul(self.bias, product, scale * self.weight_scale).reshape(*shape[:-1], self.out_features)


def exact_int8_product(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``torch._int_mm(a, b)`` as float32, computed in float64: each product of two int8 values is at most
    127 * 127 and a row sums at most a few thousand of them, so every partial sum is an integer that float64
    holds exactly, whatever the order of summation; the conversion to float32 then rounds the same integer."""
    return torch.mm(a.to(torch.float64), b.to(torch.float64)).to(torch.float32)  # (b may be float64 already)


@lru_cache(maxsize=1)
def int_mm_is_fast() -> bool:
    """Whether ``torch._int_mm`` beats the float64 product on this CPU, timed once on a product of the
    encoder's shape (the faster of three runs each). Both give the same bits, so the choice changes speed only."""
    generator = torch.Generator().manual_seed(0)  # not torch's global generator, which others may seed
    a = torch.randint(-127, 128, (64, 384), dtype=torch.int8, generator=generator)
    b = torch.randint(-127, 128, (384, 1536), dtype=torch.int8, generator=generator)

    def fastest(product) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            product(a, b)
            times.append(time.perf_counter() - start)
        return min(times)

    return fastest(torch._int_mm) <= fastest(exact_int8_product)


def quantise(module: torch.nn.Module) -> torch.nn.Module:
    """Replace every ``torch.nn.Linear`` inside ``module`` (in place) by a ``PerTokenInt8Linear``."""
    for name, child in module.named_children():
        if isinstance(child, torch.nn.Linear):
            setattr(module, name, PerTokenInt8Linear(child))
        else:
            quantise(child)
    return module


def by_length(pieces: list[list[int]], batch_size: int):
    """Row indices in batches of one length in word pieces each, shortest first: no row is padded (see the
    module's docstring), whichever model runs the batch."""
    groups: dict[int, list[int]] = defaultdict(list)
    for index, ids in enumerate(pieces):
        groups[len(ids)].append(index)
    for _, rows in sorted(groups.items()):
        for start in range(0, len(rows), batch_size):
            yield rows[start:start + batch_size]


class EagerEncoder:
    """A quantised sentence-transformers model encoding texts of one length in word pieces together (so no
    text is padded), eagerly: where ``compiled_models`` cannot compile the model. Same ``encode``,
    ``tokenizer`` and ``dimension`` as ``compiled_models.SentenceEncoder``."""

    def __init__(self, model):
        self.model = model
        self.tokenizer = model.tokenizer
        self.dimension = model.get_embedding_dimension()

    def encode(self, texts: list[str], batch_size: int) -> np.ndarray:
        limit = self.model.max_seq_length or 512
        pieces = self.tokenizer(list(texts), truncation=True, max_length=limit)["input_ids"]
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for rows in by_length(pieces, batch_size):
            out[rows] = self.model.encode([texts[i] for i in rows], batch_size=batch_size, normalize_embeddings=True,
                                          convert_to_numpy=True, show_progress_bar=False)
        return out
