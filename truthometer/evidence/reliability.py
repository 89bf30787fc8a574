"""Source reliability of web evidence: domain allow/deny lists and per-domain weights.

A page's weight becomes the ``confidence`` of every evidence sentence taken from it, and so the rule
priorities of the argumentation step (Truth-O-Meter, Galitsky: web sources are weighed by the
authority of their domain). The lists live in a JSON file (``domains.json`` beside this module by
default; ``TRUTHOMETER_DOMAINS`` or an explicit path replaces it).

Matching: an entry names a domain and all its subdomains ("wikipedia.org" covers "en.wikipedia.org";
"gov" covers every .gov host); the longest matching entry wins, and deny beats everything.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import InputError

DEFAULT_PATH = Path(__file__).with_name("domains.json")


def _normalise_domain(domain: str) -> str:
    return domain.strip().lower().strip(".")


def host_of(url: str) -> str:
    """The lower-case host name of a URL ("" when there is none)."""
    try:
        return (urlsplit(url).hostname or "").lower().strip(".")
    except ValueError:
        return ""


def _suffixes(host: str):
    """"en.wikipedia.org" → "en.wikipedia.org", "wikipedia.org", "org" (longest first)."""
    parts = host.split(".")
    for i in range(len(parts)):
        yield ".".join(parts[i:])


@dataclass(frozen=True)
class Reliability:
    """Domain lists and weights; ``weight(url)`` is 0 for a denied or unknown-under-allow-only host."""

    default_weight: float = 0.5
    allowed_weight: float = 0.8
    allow_only: bool = False
    allow: frozenset[str] = frozenset()
    deny: frozenset[str] = frozenset()
    weights: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict) -> "Reliability":
        if not isinstance(data, dict):
            raise InputError("the domain reliability file must hold a JSON object")
        try:
            weights = {_normalise_domain(k): float(v) for k, v in (data.get("weights") or {}).items()}
            default = float(data.get("default_weight", 0.5))
            allowed = float(data.get("allowed_weight", 0.8))
        except (TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"the domain reliability file has a weight that is not a number: {exc}") from exc
        for name, value in [("default_weight", default), ("allowed_weight", allowed), *weights.items()]:
            if not 0.0 <= value <= 1.0:
                raise InputError(f"domain weight for {name!r} must be between 0 and 1, not {value}")
        return cls(default_weight=default, allowed_weight=allowed, allow_only=bool(data.get("allow_only", False)),
                   allow=frozenset(_normalise_domain(d) for d in data.get("allow") or () if str(d).strip()),
                   deny=frozenset(_normalise_domain(d) for d in data.get("deny") or () if str(d).strip()),
                   weights=weights)

    def is_denied(self, url: str) -> bool:
        return self.weight(url) <= 0.0

    def weight(self, url: str) -> float:
        """Confidence of evidence from ``url`` (0-1); 0 means never use it."""
        host = host_of(url)
        if not host:
            return 0.0
        for suffix in _suffixes(host):
            if suffix in self.deny:
                return 0.0
        for suffix in _suffixes(host):  # longest entry first
            if suffix in self.weights:
                return self.weights[suffix]
            if suffix in self.allow:
                return self.allowed_weight
        return 0.0 if self.allow_only else self.default_weight


def load_reliability(path: str | os.PathLike | None = None) -> Reliability:
    """Read the lists from ``path``, ``$TRUTHOMETER_DOMAINS`` or the shipped ``domains.json``."""
    path = Path(path or os.environ.get("TRUTHOMETER_DOMAINS") or DEFAULT_PATH)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise InputError(f"domain reliability file not found: {path}") from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read the domain reliability file {path}: {exc}") from exc
    return Reliability.from_dict(data)


@lru_cache(maxsize=1)
def default_reliability() -> Reliability:
    return load_reliability()


def domain_weight(url: str, reliability: Reliability | None = None) -> float:
    """Weight of ``url``'s domain under ``reliability`` (the default lists when None); 0 if denied."""
    return (reliability or default_reliability()).weight(url)
