"""Truth-O-Meter: check LLM-written text against evidence and propose minimal corrections.

    from truthometer import check
    report = check(text, references=["reference document text", ...])

Models load once per process and are reused across calls.
"""
from .config import Config
from . import checks  # noqa: F401 - subscribes saved checks to knowledge changes (knowledge/events.py)

__all__ = ["Config", "check", "Checker"]


def __getattr__(name):
    # The pipeline pulls in spaCy and torch: import it on first use so `import truthometer` is light.
    if name in ("check", "Checker"):
        from . import pipeline

        return getattr(pipeline, name)
    raise AttributeError(name)
