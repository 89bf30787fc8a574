"""The web as an evidence source (Truth-O-Meter, Galitsky): query family → search → pages → sentences.

``WebSource.gather`` forms each claim's query family, searches (cache first), fetches the top pages
once for all claims (cache first, public addresses only, bounded in time and size), extracts their
main text and returns, per claim, snippet and page sentences weighted by domain reliability. When the
backend cannot answer, each affected claim gets the note "web search unavailable: <reason>" and the
other sources still decide; nothing raises and the whole call is bounded by ``total_timeout``.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass

from ...errors import SourceUnavailable
from ...report import EvidenceSentence
from ..base import Candidates, Progress
from ..reliability import Reliability, default_reliability, load_reliability
from .cache import DEFAULT_TTL, WebCache
from .extract import PageText, extract_page, page_sentences, snippet_sentence
from .fetch import FetchPolicy, fetch_many, strip_fragment
from .queries import query_family
from .search import DuckDuckGoBackend, SearchBackend, SearchHit, SearxngBackend

UNAVAILABLE = "web search unavailable"
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset("""a an the of in on at to for by with from and or but is are was were be been being it its
this that these those as not no into than then there their they he she his her which who whom what when
where how has have had do does did will would can could may might shall should""".split())


@dataclass(frozen=True)
class WebConfig:
    """Everything WebSource needs, in one place (the CLI and the app build it from their options)."""

    searxng_url: str | None = None  # None: DuckDuckGo
    cache_path: str | None = None  # None: <project>/.cache/web.sqlite3
    use_cache: bool = True
    ttl: float = DEFAULT_TTL
    allow_hosts: tuple[str, ...] = ()
    timeout: float = 5.0  # one search or one page read
    total_timeout: float = 60.0  # the whole gather
    max_queries: int = 5
    results_per_query: int = 5
    max_pages: int = 8  # pages read per claim
    max_workers: int = 4
    max_bytes: int = 2_000_000
    max_sentences: int = 60  # candidates kept per claim
    domains_path: str | None = None  # None: the shipped domains.json

    def build(self) -> "WebSource":
        backend = SearxngBackend(self.searxng_url, timeout=self.timeout) if self.searxng_url else None
        reliability = load_reliability(self.domains_path) if self.domains_path else None
        return WebSource(backend=backend, cache_path=self.cache_path, allow_hosts=self.allow_hosts,
                         timeout=self.timeout, max_pages=self.max_pages, reliability=reliability,
                         total_timeout=self.total_timeout, max_queries=self.max_queries,
                         results_per_query=self.results_per_query, max_workers=self.max_workers,
                         max_bytes=self.max_bytes, max_sentences=self.max_sentences, ttl=self.ttl,
                         use_cache=self.use_cache)


def _content_words(text: str) -> set[str]:
    return {w for w in (m.group().casefold() for m in _WORD.finditer(text)) if w not in _STOP}


def preselect(claim: str, sentences: list[EvidenceSentence], limit: int) -> list[EvidenceSentence]:
    """The ``limit`` sentences sharing most content words with the claim (ties: original order).

    Pages hold hundreds of sentences; the ranking downstream embeds every candidate, so a cheap lexical
    pass keeps the ones that could confirm or refute the claim.
    """
    if len(sentences) <= limit:
        return sentences
    words = _content_words(claim)
    scored = sorted(range(len(sentences)),
                    key=lambda i: (-len(words & _content_words(sentences[i].text)), i))
    return [sentences[i] for i in sorted(scored[:limit])]


class WebSource:
    """Evidence from the web; implements evidence.base.EvidenceSource."""

    name = "web"

    def __init__(self, backend: SearchBackend | None = None, cache_path: str | None = None,
                 allow_hosts=(), timeout: float = 5.0, max_pages: int = 8,
                 reliability: Reliability | None = None, *, total_timeout: float = 60.0,
                 max_queries: int = 5, results_per_query: int = 5, max_workers: int = 4,
                 max_bytes: int = 2_000_000, max_sentences: int = 60, ttl: float = DEFAULT_TTL,
                 use_cache: bool = True):
        self.backend = backend if backend is not None else DuckDuckGoBackend(timeout=timeout)
        self.allow_hosts = tuple(sorted({h.strip() for h in allow_hosts or () if h and h.strip()}))
        self.timeout = float(timeout)
        self.total_timeout = float(total_timeout)
        self.max_pages = int(max_pages)
        self.max_queries = int(max_queries)
        self.results_per_query = int(results_per_query)
        self.max_workers = int(max_workers)
        self.max_sentences = int(max_sentences)
        self.reliability = reliability or default_reliability()
        self.policy = FetchPolicy(connect_timeout=min(3.0, self.timeout), read_timeout=self.timeout,
                                  total_timeout=2 * self.timeout, max_bytes=int(max_bytes),
                                  allow_hosts=self.allow_hosts)
        self.cache = WebCache(cache_path, ttl=ttl) if use_cache else None

    # -- searching -------------------------------------------------------------------------------
    def _search_all(self, queries: list[str], deadline: float, progress) -> tuple[dict, dict]:
        """query → hits for the queries answered; query → reason for the others."""
        answered: dict[str, list[SearchHit]] = {}
        failed: dict[str, str] = {}
        down: str | None = None
        for number, query in enumerate(queries):
            cached = self.cache.get_search(self.backend.key, query, self.results_per_query) if self.cache else None
            if cached is not None:
                answered[query] = [SearchHit(str(h.get("url", "")), str(h.get("title", "")),
                                             str(h.get("snippet", ""))) for h in cached if isinstance(h, dict)]
                continue
            if down is None and time.monotonic() > deadline:
                down = f"no answer within {self.total_timeout:g} s"
            if down is not None:
                # One unreachable backend answers no query: asking again only burns the time budget.
                failed[query] = down
                continue
            try:
                hits = self.backend.search(query, max_results=self.results_per_query)
            except SourceUnavailable as exc:
                down = failed[query] = str(exc)
                continue
            except Exception as exc:  # a backend bug must not sink the check
                down = failed[query] = f"{type(exc).__name__}: {exc}"
                continue
            answered[query] = hits
            if self.cache:
                self.cache.put_search(self.backend.key, query, self.results_per_query,
                                      [{"url": h.url, "title": h.title, "snippet": h.snippet} for h in hits])
            if progress:
                progress(0.5 * (number + 1) / max(1, len(queries)), f"web search {number + 1}/{len(queries)}")
        return answered, failed

    # -- pages -----------------------------------------------------------------------------------
    def _read_page(self, page) -> PageText:
        return extract_page(page.body, page.final_url, page.content_type, page.encoding)

    def _pages(self, urls: list[str], deadline: float) -> dict[str, PageText | None]:
        out: dict[str, PageText | None] = {}
        missing = []
        for url in urls:
            cached = self.cache.get_page(url) if self.cache else None
            if cached is not None:
                out[url] = PageText.from_dict(cached)
            else:
                missing.append(url)
        if missing and time.monotonic() < deadline:
            fetched = fetch_many(missing, self.policy, max_workers=self.max_workers, deadline=deadline,
                                 work=self._read_page)
            for url in missing:
                result = fetched.get(url)
                if isinstance(result, PageText):
                    out[url] = result
                    if self.cache:
                        self.cache.put_page(url, result.to_dict())
        for url in urls:
            out.setdefault(url, None)
        return out

    # -- the interface ---------------------------------------------------------------------------
    def gather(self, claims: list[str], progress: Progress | None = None) -> Candidates:
        start = time.monotonic()
        deadline = start + self.total_timeout
        families = [query_family(claim, self.max_queries) for claim in claims]
        unique_queries = list(dict.fromkeys(q for family in families for q in family))
        answered, failed = self._search_all(unique_queries, deadline, progress)

        # Per claim: its hits in query order, one per URL, denied domains dropped before any fetch.
        hits_of: list[list[SearchHit]] = []
        for family in families:
            seen, hits = set(), []
            for query in family:
                for hit in answered.get(query, ()):
                    url = strip_fragment(hit.url)
                    if url in seen or self.reliability.weight(url) <= 0.0:
                        continue
                    seen.add(url)
                    hits.append(SearchHit(url, hit.title, hit.snippet))
            hits_of.append(hits)
        page_urls = list(dict.fromkeys(h.url for hits in hits_of for h in hits[: self.max_pages]))
        if progress:
            progress(0.5, f"reading {len(page_urls)} web pages")
        pages = self._pages(page_urls, deadline)
        sentences_of_page: dict[str, list[EvidenceSentence]] = {}
        for url, page in pages.items():
            if page is not None:
                # Locators name the page asked for; a redirect's target may differ but the weight is
                # the asked domain's, so a redirect cannot launder a denied site: check it too.
                weight = min(self.reliability.weight(url), self.reliability.weight(page.url or url))
                if weight > 0:
                    sentences_of_page[url] = page_sentences(PageText(url, page.title, page.date, page.text),
                                                            weight)

        per_claim, notes = [], []
        for claim, family, hits in zip(claims, families, hits_of):
            claim_notes = []
            lost = [q for q in family if q in failed]
            if family and len(lost) == len(family):
                per_claim.append([])
                notes.append([f"{UNAVAILABLE}: {failed[lost[0]]}"])
                continue
            if lost:
                claim_notes.append(f"web search partly unavailable ({len(lost)} of {len(family)} queries): "
                                   f"{failed[lost[0]]}")
            collected: list[EvidenceSentence] = []
            for hit in hits:
                snippet = snippet_sentence(hit, self.reliability.weight(hit.url))
                if snippet is not None:
                    collected.append(snippet)
            unread = 0
            for hit in hits[: self.max_pages]:
                if hit.url in sentences_of_page:
                    collected.extend(sentences_of_page[hit.url])
                elif pages.get(hit.url) is None:
                    unread += 1
            if unread:
                claim_notes.append(f"{unread} of {min(len(hits), self.max_pages)} web pages could not be read")
            seen, unique = set(), []
            for sentence in collected:
                key = " ".join(sentence.text.casefold().split())
                if key not in seen:
                    seen.add(key)
                    unique.append(sentence)
            per_claim.append(preselect(claim, unique, self.max_sentences))
            notes.append(claim_notes)
        if progress:
            progress(1.0, "web evidence gathered")
        return Candidates(per_claim, notes)
