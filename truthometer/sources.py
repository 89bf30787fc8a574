"""Which evidence sources a check uses, built from the configuration and the user's flags.

The reference documents are always a source; the knowledge base joins when its directory exists, and
the web only when asked for.
"""
from __future__ import annotations

from .config import Config
from .evidence.base import EvidenceSource


def build_sources(config: Config, use_kb: bool = True, web: bool = False, searxng: str | None = None,
                  allow_hosts: tuple[str, ...] = ()) -> list[EvidenceSource]:
    """``searxng`` and ``allow_hosts`` default to the configuration's (TRUTHOMETER_SEARXNG,
    TRUTHOMETER_WEB_ALLOW_HOSTS); a SearXNG instance is used only when the web is asked for."""
    sources: list[EvidenceSource] = []
    searxng = (searxng or config.searxng) if web or searxng else None
    allow_hosts = tuple(allow_hosts) or tuple(config.web_allow_hosts)
    if use_kb:
        from .knowledge import KnowledgeBaseSource, open_kb

        sources.append(KnowledgeBaseSource(open_kb(config.kb_dir, config), alpha=config.kb_alpha, k=config.kb_top_k))
    if web or searxng:
        from .evidence.web import WebSource

        backend = None
        if searxng:
            from .evidence.web import SearxngBackend

            backend = SearxngBackend(searxng)
        sources.append(WebSource(backend=backend, allow_hosts=allow_hosts))
    return sources
