"""The web as an evidence source: query family, search backends, safe fetching, extraction, cache."""
from .cache import WebCache
from .extract import PageText, extract_page, page_sentences, snippet_sentence, split_text
from .fetch import FetchError, FetchPolicy, UnsafeURL, check_url, fetch, fetch_many
from .queries import query_family
from .search import DuckDuckGoBackend, SearchBackend, SearchHit, SearxngBackend
from .source import UNAVAILABLE, WebConfig, WebSource

__all__ = ["WebCache", "PageText", "extract_page", "page_sentences", "snippet_sentence", "split_text",
           "FetchError", "FetchPolicy", "UnsafeURL", "check_url", "fetch", "fetch_many", "query_family",
           "DuckDuckGoBackend", "SearchBackend", "SearchHit", "SearxngBackend", "UNAVAILABLE", "WebConfig",
           "WebSource"]
