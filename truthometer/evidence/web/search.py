"""Search backends behind one interface: DuckDuckGo (the ``ddgs`` package) and a SearXNG JSON API.

Every failure (no network, rate limit, bad answer) becomes ``SourceUnavailable`` with a reason a user
can act on; "no results" is an empty list, not an error.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

import requests

from ...errors import SourceUnavailable
from .text import clean_text


@dataclass(frozen=True)
class SearchHit:
    url: str
    title: str = ""
    snippet: str = ""


class SearchBackend(Protocol):
    #: identifies the backend in the cache (two backends never share cached searches)
    key: str

    def search(self, query: str, max_results: int = 5) -> list[SearchHit]:
        """At most ``max_results`` hits, best first; raises SourceUnavailable when it cannot answer."""
        ...


def _is_web_url(url) -> bool:
    if not isinstance(url, str):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def _hits(rows, url_key: str, title_key: str, snippet_key: str, max_results: int) -> list[SearchHit]:
    hits, seen = [], set()
    for row in rows:
        if not isinstance(row, dict):
            continue
        url = row.get(url_key)
        if not _is_web_url(url) or url in seen:
            continue
        seen.add(url)
        hits.append(SearchHit(url=url, title=clean_text(str(row.get(title_key) or "")),
                              snippet=clean_text(str(row.get(snippet_key) or ""))))
        if len(hits) >= max_results:
            break
    return hits


class DuckDuckGoBackend:
    """DuckDuckGo through ``ddgs.DDGS().text`` (ddgs ≥ 9; formerly duckduckgo-search).

    ``engine`` is ddgs's ``backend`` argument: "duckduckgo" by default so results come from one engine
    in a stable order; "auto" lets ddgs mix engines (it shuffles them, so results vary run to run).
    """

    def __init__(self, timeout: float = 5.0, region: str = "us-en", safesearch: str = "moderate",
                 engine: str = "duckduckgo"):
        self.timeout = timeout
        self.region = region
        self.safesearch = safesearch
        self.engine = engine
        self.key = f"ddgs:{engine}:{region}:{safesearch}"

    def search(self, query: str, max_results: int = 5) -> list[SearchHit]:
        try:
            from ddgs import DDGS
            from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException
        except ImportError as exc:
            raise SourceUnavailable("the ddgs package is not installed (pip install ddgs)") from exc
        try:
            rows = DDGS(timeout=max(1, int(round(self.timeout)))).text(
                query, region=self.region, safesearch=self.safesearch, max_results=max_results,
                backend=self.engine)
        except RatelimitException as exc:
            raise SourceUnavailable(f"DuckDuckGo rate limit reached ({exc})") from exc
        except TimeoutException as exc:
            raise SourceUnavailable(f"DuckDuckGo did not answer in time ({exc})") from exc
        except DDGSException as exc:
            if "no results" in str(exc).lower():
                return []
            raise SourceUnavailable(_ddg_reason(exc)) from exc
        except Exception as exc:  # ddgs wraps its HTTP client's errors inconsistently
            raise SourceUnavailable(_ddg_reason(exc)) from exc
        return _hits(rows or [], "href", "title", "body", max_results)


class SearxngBackend:
    """A SearXNG instance's JSON API: ``GET {base_url}/search?q=...&format=json``.

    The instance is named by the user, so it may be an intranet host; its *results* are still fetched
    through the URL safety checks. The instance must have ``json`` among its ``search.formats``.
    """

    def __init__(self, base_url: str, timeout: float = 5.0, language: str | None = None,
                 session: requests.Session | None = None):
        if not _is_web_url(base_url):
            raise SourceUnavailable(f"SearXNG URL must be http(s)://host[:port][/path], not {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.language = language
        self.session = session
        self.key = f"searxng:{self.base_url}"

    def search(self, query: str, max_results: int = 5) -> list[SearchHit]:
        params = {"q": query, "format": "json"}
        if self.language:
            params["language"] = self.language
        session = self.session or requests.Session()
        try:
            response = session.get(f"{self.base_url}/search", params=params, timeout=self.timeout,
                                   headers={"Accept": "application/json"})
        except requests.Timeout as exc:
            raise SourceUnavailable(f"SearXNG at {self.base_url} did not answer within {self.timeout:g} s") from exc
        except requests.RequestException as exc:
            raise SourceUnavailable(f"SearXNG at {self.base_url} is unreachable: {_short(exc)}") from exc
        finally:
            if self.session is None:
                session.close()
        if response.status_code == 403:
            raise SourceUnavailable(f"SearXNG at {self.base_url} refused the JSON format "
                                    "(add 'json' to search.formats in its settings.yml)")
        if response.status_code == 429:
            raise SourceUnavailable(f"SearXNG at {self.base_url} is rate limiting (HTTP 429)")
        if response.status_code != 200:
            raise SourceUnavailable(f"SearXNG at {self.base_url} answered HTTP {response.status_code}")
        try:
            data = response.json()
        except ValueError as exc:
            raise SourceUnavailable(f"SearXNG at {self.base_url} did not answer JSON") from exc
        rows = data.get("results") if isinstance(data, dict) else None
        if not isinstance(rows, list):
            raise SourceUnavailable(f"SearXNG at {self.base_url} answered JSON without a results list")
        return _hits(rows, "url", "title", "content", max_results)


def _ddg_reason(exc: Exception) -> str:
    """One readable line from ddgs's nested HTTP-client errors."""
    text = str(exc).lower()
    if any(k in text for k in ("dns", "name resolution", "resolve", "getaddrinfo", "name or service")):
        return "DuckDuckGo is unreachable (DNS lookup failed: no network?)"
    if any(k in text for k in ("connecterror", "connection refused", "network unreachable", "unreachable",
                               "connection reset", "proxy")):
        return f"DuckDuckGo is unreachable (connection failed: {_short(exc, 120)})"
    if "timed out" in text or "timeout" in text:
        return "DuckDuckGo did not answer in time"
    return f"DuckDuckGo search failed: {_short(exc, 160)}"


def _short(exc: Exception, limit: int = 200) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
