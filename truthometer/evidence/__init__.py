"""Evidence sources: reference documents, the verified knowledge base, the web."""
from .base import Candidates, EvidenceSource

__all__ = ["Candidates", "EvidenceSource"]
