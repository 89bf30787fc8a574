"""Frozen parts of the dev sets, by a hash of each row's group key.

Rules and thresholds are written on the *development* part; the *validation* part is never read to
write or tune anything, so its figure is the one that says how the project does on rows nobody read;
the *calibration* part is not trained on either, and is where a model's temperature is fitted. The
split depends on the key alone (no seed, no file order), so a row keeps its part across files, sessions
and dataset versions.
"""
from __future__ import annotations

import hashlib

PARTS = ("development", "calibration", "validation")
#: Of ten hash buckets: two are validation, one calibration, seven development.
_VALIDATION_BUCKETS = (0, 1)
_CALIBRATION_BUCKETS = (2,)


def part_of(key: str) -> str:
    """'validation' (20%), 'calibration' (10%) or 'development' (70%) for a group key (a claim id, a
    FEVER-Symmetric group, a premise)."""
    bucket = int(hashlib.sha1(f"truthometer-split:{key}".encode("utf-8")).hexdigest()[:8], 16) % 10
    if bucket in _VALIDATION_BUCKETS:
        return "validation"
    if bucket in _CALIBRATION_BUCKETS:
        return "calibration"
    return "development"


def select(rows, key, part: str | None):
    """The rows of one part (``None`` or 'all': every row); ``key(row)`` gives a row's group key."""
    if part in (None, "all"):
        return list(rows)
    if part not in PARTS:
        raise ValueError(f"unknown part {part!r}: choose one of {', '.join(PARTS)} or all")
    return [r for r in rows if part_of(key(r)) == part]


def judge_learns_article(article_id: str) -> bool:
    """Whether the bundled judge is trained on an article of a blind set's *development* half
    (``scripts/chunk_pairs.py``): the 70% that ``part_of`` puts in its development part. The other 30% stay
    untrained, where the verdict stage's rules can still be tuned (``bench articles --part held``); the
    validation halves are never trained on at all."""
    return part_of(article_id) == "development"
