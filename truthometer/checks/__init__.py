"""Saved checks: a check's text, references, configuration and report kept in the knowledge base's
database with its reviewers' decisions, re-opened when the evidence a verdict read changes."""
from .model import CHECK_FORMAT, Decision, EvidenceRef, SavedCheck
from .store import CheckStore, open_checks

__all__ = ["CHECK_FORMAT", "CheckStore", "Decision", "EvidenceRef", "SavedCheck", "open_checks"]
