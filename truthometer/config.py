"""One place for every knob of the pipeline, with the papers' defaults."""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from .errors import ConfigError
from .vocabulary import SlotKind

# Models are loaded from PyPI packages or local paths only: never from a hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

PROJECT_ROOT = Path(__file__).resolve().parent.parent
#: A source checkout (or an editable install of one) rather than an installed wheel: the repository's
#: pyproject.toml sits beside the package. A checkout keeps its knowledge base in ``knowledge/`` and its
#: caches in ``.cache/`` as the README promises; an installed package never writes beside itself.
FROM_CHECKOUT = (PROJECT_ROOT / "pyproject.toml").is_file()
APP_NAME = "truthometer"


def bundled(*parts: str) -> Path:
    """A file or folder shipped inside the package (``truthometer/data/``): the judge's weights, the seed
    entries. Read through importlib.resources so an installed wheel finds them wherever it lives."""
    root = resources.files(__package__ or APP_NAME).joinpath("data", *parts)
    if not isinstance(root, Path):
        # The models are loaded by path (safetensors, numpy), which a zipped install cannot give.
        raise ConfigError(f"truthometer's bundled data is not on the file system ({root}); install the "
                          f"package unzipped (pip install does)")
    return root


def user_data_dir() -> Path:
    """Where an installed package keeps what it writes for this user (the default knowledge base)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Caches (the judge's word table, web pages, a PostgreSQL knowledge base's local FAISS index):
    ``TRUTHOMETER_CACHE`` when set, else ``.cache/`` in a checkout, else the user's cache directory."""
    configured = os.environ.get("TRUTHOMETER_CACHE", "").strip()
    if configured:
        return Path(configured).expanduser()
    if FROM_CHECKOUT:
        return PROJECT_ROOT / ".cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def default_kb_dir() -> str:
    """The knowledge base when neither ``--kb`` nor ``TRUTHOMETER_KB`` names one: ``knowledge/`` in a
    checkout, ``knowledge/`` in the user's data directory for an installed package."""
    return str((PROJECT_ROOT if FROM_CHECKOUT else user_data_dir()) / "knowledge")


#: Largest text accepted for checking (characters). About 60 pages; larger inputs are refused with a
#: message rather than left to run for minutes.
MAX_TEXT_CHARS = 400_000
#: Largest reference document accepted (characters).
MAX_REFERENCE_CHARS = 2_000_000

METHODS = ("nli", "hybrid", "cosine", "overlap", "keyword")
PRECISIONS = ("float32", "bfloat16", "int8")
JUDGES = ("cascade", "cross-encoder", "head")
#: The kinds of external judge (``judging/nli/external.py``), as ``Config.external_judge`` opens.
EXTERNAL_JUDGES = ("hf-nli", "hf-grounding", "hf-seq2seq", "openai")
#: The rule tier's families (``judging.rules``): each can be switched off to measure what it adds.
RULE_FAMILIES = (SlotKind.NUMBER, SlotKind.DATE, SlotKind.ENTITY, SlotKind.CODE, SlotKind.QUALITY, SlotKind.NEGATION)


def _float_env(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return float(value)
    except ValueError:
        raise ConfigError(f"{name}={value!r} is not a number") from None


@dataclass(frozen=True)
class Config:
    """Thresholds and options. Defaults follow DelucionQA (Sadat et al. 2023) and Learn-to-Refuse."""

    #: The entailment judge (nli), or a DelucionQA detector it is measured against (docs/architecture.md, Judging).
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
    #: How the bundled judge reads a pair (``TRUTHOMETER_JUDGE``): "cascade" (the head over sentence
    #: embeddings first, the fine-tuned cross-encoder where the head is unsure), "cross-encoder" (every pair
    #: read by the cross-encoder: the most accurate, the slowest) or "head" (the head alone: the fastest).
    #: See truthometer/data/nli/MODEL_CARD.md for the figures of each.
    judge: str = field(default_factory=lambda: os.environ.get("TRUTHOMETER_JUDGE", "cascade"))
    #: A stronger judge beside the bundled one (docs/external-judges.md), ``KIND:WHERE``
    #: (``TRUTHOMETER_EXTERNAL_JUDGE``): ``hf-nli:DIR`` (a three-way NLI classifier), ``hf-grounding:DIR`` (a
    #: two-way grounding classifier, MiniCheck's RoBERTa-L / DeBERTa-L), ``hf-seq2seq:DIR`` (MiniCheck-Flan-T5)
    #: or ``openai:URL`` (an OpenAI-compatible server: Bespoke-MiniCheck-7B under Ollama or vLLM). None: the
    #: bundled judge alone.
    external_judge: str | None = field(default_factory=lambda: os.environ.get("TRUTHOMETER_EXTERNAL_JUDGE") or None)
    #: The model name an ``openai:`` server is asked for (``TRUTHOMETER_EXTERNAL_MODEL``).
    external_model: str | None = field(default_factory=lambda: os.environ.get("TRUTHOMETER_EXTERNAL_MODEL") or None)
    #: The external judge reads the pairs the bundled judge is less sure of than this (its most probable
    #: label's probability; ``TRUTHOMETER_EXTERNAL_BELOW``); 1 sends every pair. Not tuned: no strong judge
    #: could be run where the bundled one was built.
    external_below: float = field(default_factory=lambda: _float_env("TRUTHOMETER_EXTERNAL_BELOW", 0.9))
    #: Most calls to an ``openai:`` server per check (``TRUTHOMETER_EXTERNAL_BUDGET``); cached pairs are free.
    external_budget: int = field(default_factory=lambda: int(_float_env("TRUTHOMETER_EXTERNAL_BUDGET", 200)))
    #: Seconds an ``openai:`` server may take over one call (``TRUTHOMETER_EXTERNAL_TIMEOUT``).
    external_timeout: float = field(default_factory=lambda: _float_env("TRUTHOMETER_EXTERNAL_TIMEOUT", 30.0))
    #: Hosts an ``openai:`` server may be on although they are private or loopback, by name
    #: (``TRUTHOMETER_EXTERNAL_ALLOW_HOSTS=gpu.internal,127.0.0.1``).
    external_allow_hosts: tuple = field(default_factory=lambda: tuple(
        h.strip() for h in os.environ.get("TRUTHOMETER_EXTERNAL_ALLOW_HOSTS", "").split(",") if h.strip()))
    #: Rule families switched off (``TRUTHOMETER_RULES_OFF=number,date``): their mismatches are not reported,
    #: so a bench can print each family's contribution (``bench articles --ablate-rules``).
    rules_off: frozenset = field(default_factory=lambda: frozenset(
        f.strip() for f in os.environ.get("TRUTHOMETER_RULES_OFF", "").split(",") if f.strip()))
    #: Whether the learned check-worthiness model (``segmentation.checkworthy_model``) skips opinions,
    #: advice and predictions the word lists miss (``TRUTHOMETER_SKIP_MODEL=0`` leaves only the lists, to
    #: measure what it adds).
    skip_model: bool = field(default_factory=lambda: os.environ.get("TRUTHOMETER_SKIP_MODEL", "1").strip().lower()
                             not in ("0", "false", "no", "off"))
    #: Whether a sentence of several facts is split before the rule tier reads it, each part with its own
    #: evidence (``judging.part_rules``; ``TRUTHOMETER_SPLIT_PARTS=1``). Off by default: on the never-read
    #: validation halves of the blind sets (2026-12-01) it cost 7 statuses of 847 and 2 corrections of 314
    #: (sets 3, 7 and 8), though it gained on the development halves.
    split_parts: bool = field(default_factory=lambda: os.environ.get("TRUTHOMETER_SPLIT_PARTS", "0").strip().lower()
                              in ("1", "true", "yes", "on"))
    #: Knowledge base directory or ``postgresql://`` URL (``TRUTHOMETER_KB``; default: ``default_kb_dir()``).
    kb_dir: str = field(default_factory=lambda: os.environ.get("TRUTHOMETER_KB") or default_kb_dir())
    #: A SearXNG instance for web search instead of DuckDuckGo (``TRUTHOMETER_SEARXNG``): a team's own
    #: search, which the app's "Search the web" then uses too.
    searxng: str | None = field(default_factory=lambda: os.environ.get("TRUTHOMETER_SEARXNG") or None)
    #: Hosts the web search may fetch from although they resolve to a private address
    #: (``TRUTHOMETER_WEB_ALLOW_HOSTS=searx.internal,wiki.internal``; matched by name).
    web_allow_hosts: tuple = field(default_factory=lambda: tuple(
        h.strip() for h in os.environ.get("TRUTHOMETER_WEB_ALLOW_HOSTS", "").split(",") if h.strip()))
    #: The users file (``TRUTHOMETER_USERS``; default: users.json in the knowledge base directory). With no
    #: users in it and no OpenID Connect configured, the app runs for one local user with every role.
    users_file: str | None = field(default_factory=lambda: os.environ.get("TRUTHOMETER_USERS"))
    #: Whether a curator may approve an entry they proposed themselves (``TRUTHOMETER_SELF_APPROVAL=1``);
    #: off by default, so every correction gets a second pair of eyes. Single-user mode always allows it.
    self_approval: bool = field(default_factory=lambda: os.environ.get("TRUTHOMETER_SELF_APPROVAL", "").strip().lower()
                                in ("1", "true", "yes", "on"))

    def with_(self, **changes) -> "Config":
        return replace(self, **changes)

    def __post_init__(self):
        if self.method not in METHODS:
            raise ConfigError(f"unknown method {self.method!r}; choose one of {', '.join(METHODS)}")
        unknown = set(self.rules_off) - set(RULE_FAMILIES)
        if unknown:
            raise ConfigError(f"unknown rule families {', '.join(sorted(unknown))} (TRUTHOMETER_RULES_OFF); choose "
                              f"from {', '.join(RULE_FAMILIES)}")
        object.__setattr__(self, "rules_off", frozenset(self.rules_off))
        if self.judge not in JUDGES:
            raise ConfigError(f"unknown judge {self.judge!r} (TRUTHOMETER_JUDGE); choose one of {', '.join(JUDGES)}")
        if self.external_judge:
            kind, _, where = self.external_judge.partition(":")
            if kind.strip().lower() not in EXTERNAL_JUDGES or not where.strip():
                raise ConfigError(f"external judge {self.external_judge!r} (--external-judge, "
                                  f"TRUTHOMETER_EXTERNAL_JUDGE): expected KIND:DIR or openai:URL, KIND one of "
                                  f"{', '.join(EXTERNAL_JUDGES)}")
        if not 0 < self.external_below <= 1:
            raise ConfigError(f"external_below {self.external_below!r} (TRUTHOMETER_EXTERNAL_BELOW) must be above 0 "
                              f"and at most 1 (1: the external judge reads every pair)")
        if self.external_budget < 0 or self.external_timeout <= 0:
            raise ConfigError("the external judge's call budget must be >= 0 (TRUTHOMETER_EXTERNAL_BUDGET) and its "
                              "timeout > 0 seconds (TRUTHOMETER_EXTERNAL_TIMEOUT)")
        object.__setattr__(self, "external_allow_hosts", tuple(self.external_allow_hosts))
        if self.precision not in PRECISIONS:
            raise ConfigError(f"unknown precision {self.precision!r} (TRUTHOMETER_PRECISION); choose one of "
                             f"{', '.join(PRECISIONS)}")
