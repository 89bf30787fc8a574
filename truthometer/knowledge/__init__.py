"""The verified knowledge base (after Learn-to-Refuse, Cao 2023): SQLite + FAISS, hard refusal, curation."""
from .base import KnowledgeBase, open_kb
from .refusal import DEFAULT_ALPHA, refuse
from .source import KnowledgeBaseSource
from .store import STATUSES, Entry, EntryStore, NewEntry

__all__ = ["KnowledgeBase", "open_kb", "refuse", "DEFAULT_ALPHA", "KnowledgeBaseSource", "Entry", "EntryStore",
           "NewEntry", "STATUSES"]
