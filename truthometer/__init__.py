"""Truth-O-Meter: check LLM-written text against evidence and propose minimal corrections.

    from truthometer import check
    report = check(text, references=["reference document text", ...])

Models load once per process and are reused across calls.
"""
from .config import Config
from .knowledge_events import on_entries_changed


def _reopen_saved_checks(store, entry_ids, change, actor):
    # Imported when an entry changes, not with the package: saved checks pull in the knowledge base's store.
    from .checks.reopen import reopen_for_entries

    return reopen_for_entries(store, entry_ids, change, actor)


on_entries_changed("saved checks", _reopen_saved_checks)

__all__ = ["Config", "check", "Checker"]


def __getattr__(name):
    # The pipeline pulls in spaCy and torch: import it on first use so `import truthometer` is light.
    if name in ("check", "Checker"):
        from . import pipeline

        return getattr(pipeline, name)
    raise AttributeError(name)
