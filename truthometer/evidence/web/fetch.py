"""Safe page fetching: http(s) only, public addresses only, bounded in time, size and type.

Every URL (and every redirect hop, followed by hand) goes through the address guard
(``truthometer.netguard``): its host is resolved and refused when any address is private, loopback,
link-local, multicast, reserved or unspecified, unless the host is named in ``allow_hosts`` (tests,
intranet deployments), and the connection goes to the address that was checked, so the name cannot
resolve elsewhere at connect time. Bodies are streamed and cut at ``max_bytes``; a page that keeps
trickling is cut at the total deadline.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit, urlunsplit

import requests

from ... import netguard
from ...netguard import GuardError, NonPublicAddress, Refused

ACCEPTED_TYPES = ("text/html", "application/xhtml+xml", "text/plain")
REDIRECTS = (301, 302, 303, 307, 308)
USER_AGENT = "Mozilla/5.0 (compatible; Truth-O-Meter fact checker)"


class FetchError(Exception):
    """A page could not be fetched; the message says why."""


class UnsafeURL(FetchError):
    """The URL is not http(s) or points at an address that is not public."""


@dataclass(frozen=True)
class FetchPolicy:
    connect_timeout: float = 3.0
    read_timeout: float = 5.0
    #: wall-clock bound of one page, redirects included
    total_timeout: float = 10.0
    max_bytes: int = 2_000_000
    max_redirects: int = 5
    allow_hosts: tuple[str, ...] = ()
    user_agent: str = USER_AGENT


@dataclass(frozen=True)
class Page:
    url: str  # as asked for
    final_url: str  # after redirects
    content_type: str
    body: bytes
    encoding: str | None = None


def strip_fragment(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))


def _fetch_error(exc: GuardError) -> FetchError:
    """The guard's refusal as the fetcher's own error, with what to do about it."""
    if isinstance(exc, NonPublicAddress):
        return UnsafeURL(f"{exc}; name it in allow_hosts (--allow-host) to permit it")
    if isinstance(exc, Refused):
        return UnsafeURL(str(exc))
    return FetchError(str(exc))


def check_url(url: str, allow_hosts=()) -> str:
    """Return ``url`` if it may be fetched, else raise UnsafeURL naming the reason.

    Only http and https; the host must resolve, and only to public addresses, unless it is named in
    ``allow_hosts`` (exact host name or IP literal, case-insensitive). ``fetch`` runs the same check
    when it connects; this is for callers that want the answer without fetching.
    """
    try:
        netguard.check(url, allow_hosts)
    except GuardError as exc:
        raise _fetch_error(exc) from exc
    return url


def fetch(url: str, policy: FetchPolicy | None = None) -> Page:
    """Fetch one page under ``policy``; raise FetchError (or UnsafeURL) when it is refused or fails."""
    policy = policy or FetchPolicy()
    deadline = time.monotonic() + policy.total_timeout
    with netguard.guarded_session(policy.allow_hosts) as session:
        current = url
        for _hop in range(policy.max_redirects + 1):
            try:
                # Scheme, host and credentials first: requests would report a file: URL less clearly.
                netguard.split_url(current)
            except GuardError as exc:
                raise _fetch_error(exc) from exc
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FetchError(f"{url}: no answer within {policy.total_timeout:g} s")
            try:
                response = session.get(
                    current, stream=True, allow_redirects=False,
                    timeout=(min(policy.connect_timeout, remaining), min(policy.read_timeout, remaining)),
                    headers={"User-Agent": policy.user_agent,
                             "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9"})
            except GuardError as exc:  # the guarded adapter resolved the host and refused it
                raise _fetch_error(exc) from exc
            except requests.Timeout as exc:
                raise FetchError(f"{current}: timed out") from exc
            except requests.RequestException as exc:
                raise FetchError(f"{current}: {type(exc).__name__}") from exc
            with response:
                if response.status_code in REDIRECTS:
                    location = response.headers.get("Location")
                    if not location:
                        raise FetchError(f"{current}: redirect without a Location")
                    current = urljoin(current, location)
                    continue
                if response.status_code != 200:
                    raise FetchError(f"{current}: HTTP {response.status_code}")
                content_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
                if content_type not in ACCEPTED_TYPES:
                    raise FetchError(f"{current}: content type {content_type or 'missing'} is not a web page")
                declared = response.headers.get("Content-Length", "")
                if declared.isdigit() and int(declared) > policy.max_bytes:
                    raise FetchError(f"{current}: page larger than {policy.max_bytes} bytes")
                body = _read_capped(response, policy, deadline, current)
                return Page(url=url, final_url=strip_fragment(current), content_type=content_type, body=body,
                            encoding=response.encoding if "charset" in response.headers.get("Content-Type", "")
                            else None)
        raise FetchError(f"{url}: more than {policy.max_redirects} redirects")


def _read_capped(response, policy: FetchPolicy, deadline: float, url: str) -> bytes:
    chunks, size = [], 0
    try:
        for chunk in response.iter_content(chunk_size=16384):
            size += len(chunk)
            if size > policy.max_bytes:
                raise FetchError(f"{url}: page larger than {policy.max_bytes} bytes")
            chunks.append(chunk)
            if time.monotonic() > deadline:
                raise FetchError(f"{url}: no complete answer within {policy.total_timeout:g} s")
    except requests.RequestException as exc:
        raise FetchError(f"{url}: read failed ({type(exc).__name__})") from exc
    return b"".join(chunks)


def fetch_many(urls: list[str], policy: FetchPolicy | None = None, max_workers: int = 4,
               deadline: float | None = None, work=None) -> dict[str, object]:
    """Fetch ``urls`` with at most ``max_workers`` at once; url → Page, FetchError, or ``work(page)``.

    ``deadline`` (time.monotonic) bounds the whole batch: pages still pending then are reported as
    FetchError and their threads are left to finish on their own timeouts.
    """
    policy = policy or FetchPolicy()
    results: dict[str, object] = {}
    if not urls:
        return results

    def job(u: str):
        page = fetch(u, policy)
        return work(page) if work else page

    pool = ThreadPoolExecutor(max_workers=max(1, max_workers), thread_name_prefix="web-fetch")
    try:
        futures = {u: pool.submit(job, u) for u in urls}
        for u, future in futures.items():
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                results[u] = future.result(timeout=timeout)
            except FetchError as exc:
                results[u] = exc
            except TimeoutError:
                future.cancel()
                results[u] = FetchError(f"{u}: not fetched before the web time limit")
            except Exception as exc:  # extraction of a hostile page must not sink the batch
                results[u] = FetchError(f"{u}: {type(exc).__name__}: {exc}")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return results
