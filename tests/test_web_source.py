"""WebSource end to end against the local fixture web: evidence, cache, outages, determinism."""
import re
import socket

import pytest

from fixtures_web.server import WebFixture
from truthometer.evidence.reliability import Reliability
from truthometer.evidence.web import SearxngBackend, WebConfig, WebSource
from truthometer.errors import SourceUnavailable

CLAIMS = ["The Eiffel Tower was completed in 1889.", "Marie Curie won the Nobel Prize in Physics in 1903."]
RELIABILITY = Reliability.from_dict({"default_weight": 0.5, "weights": {"127.0.0.1": 0.9}, "deny": ["localhost"]})


@pytest.fixture
def web():
    fixture = WebFixture(slow_seconds=1.5).start()
    yield fixture
    fixture.stop()


def make(web, tmp_path, **changes):
    options = dict(backend=SearxngBackend(web.base, timeout=1), cache_path=tmp_path / "web.sqlite3",
                   allow_hosts=("127.0.0.1",), timeout=0.5, max_pages=5, reliability=RELIABILITY,
                   total_timeout=20)
    options.update(changes)
    return WebSource(**options)


def flat(candidates):
    return [[(s.text, s.source, s.locator, s.confidence, s.title) for s in claim] for claim in candidates.per_claim]


def test_end_to_end(web, tmp_path):
    source = make(web, tmp_path)
    assert source.name == "web" and callable(source.gather)
    progress = []
    result = source.gather(CLAIMS, progress=lambda f, m: progress.append(f))
    eiffel, curie = result.per_claim
    texts = [s.text for s in eiffel]
    assert "The Eiffel Tower was completed in 1889 as the entrance arch to the World's Fair." in texts
    page = [s for s in eiffel if s.locator.startswith(web.url("/page/eiffel") + "#s")]
    assert page and all(s.source == "web" and s.confidence == 0.9 and "Eiffel" in s.title for s in page)
    assert any(s.locator == web.url("/page/eiffel") + "#snippet" for s in eiffel)
    assert any(s.locator.startswith(web.url("/plain/paint") + "#s") for s in eiffel)
    assert not any(re.search(r"/(binary|slow)#s\d+$", s.locator) for s in eiffel)  # unreadable pages
    assert any(s.locator.endswith("/binary#snippet") for s in eiffel)  # its snippet still counts
    assert any("could not be read" in note for note in result.notes[0])
    assert "Marie Curie won the Nobel Prize in Physics in 1903 together with Pierre Curie and Henri Becquerel." in [
        s.text for s in curie]
    assert len({s.text.casefold() for s in eiffel}) == len(eiffel)  # deduplicated
    assert all("<" not in s.text for claim in result.per_claim for s in claim)
    assert progress and progress[-1] == 1.0
    # Each page once, however many queries and claims found it.
    assert web.hits["/page/eiffel"] == 1 and web.hits["/page/curie"] == 1
    assert web.hits["/search"] <= 10


def test_cache_serves_without_the_server(web, tmp_path):
    first = make(web, tmp_path).gather(CLAIMS)
    searches = web.hits["/search"]
    web.stop()
    second = make(web, tmp_path).gather(CLAIMS)
    assert flat(second) == flat(first) and flat(first)[0]
    assert web.hits["/search"] == searches
    assert not any("unavailable" in n for notes in second.notes for n in notes)


def test_ttl_expiry_asks_again(web, tmp_path):
    make(web, tmp_path).gather(CLAIMS[:1])
    searches, pages = web.hits["/search"], web.hits["/page/eiffel"]
    make(web, tmp_path, ttl=0).gather(CLAIMS[:1])
    assert web.hits["/search"] > searches and web.hits["/page/eiffel"] == pages + 1


def test_deterministic(web, tmp_path):
    a = make(web, tmp_path, use_cache=False).gather(CLAIMS)
    b = make(web, tmp_path, use_cache=False).gather(list(reversed(CLAIMS)))
    assert flat(a) == list(reversed(flat(b)))


def test_denied_domain_never_fetched(tmp_path):
    fixture = WebFixture(host_name="localhost").start()
    try:
        result = make(fixture, tmp_path, allow_hosts=("127.0.0.1", "localhost")).gather(CLAIMS[:1])
        assert result.per_claim == [[]]
        assert fixture.hits["/page/eiffel"] == 0
    finally:
        fixture.stop()


def test_private_results_refused_unless_allowed(web, tmp_path):
    result = make(web, tmp_path, allow_hosts=()).gather(CLAIMS[:1])
    # The SearXNG instance itself is the user's choice; the pages it names on 127.0.0.1 are not fetched.
    assert web.hits["/page/eiffel"] == 0
    assert all(s.locator.endswith("#snippet") for s in result.per_claim[0])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_backend_notes_and_no_exception(tmp_path):
    source = WebSource(backend=SearxngBackend(f"http://127.0.0.1:{free_port()}", timeout=0.5),
                       cache_path=tmp_path / "web.sqlite3", allow_hosts=("127.0.0.1",), timeout=0.5)
    result = source.gather(CLAIMS + [""])
    assert result.per_claim == [[], [], []]
    for notes in result.notes[:2]:
        assert len(notes) == 1 and notes[0].startswith("web search unavailable: ") and "unreachable" in notes[0]


class Broken:
    key = "broken"

    def __init__(self, error):
        self.error, self.calls = error, 0

    def search(self, query, max_results=5):
        self.calls += 1
        raise self.error


def test_backend_failures_are_notes(tmp_path):
    backend = Broken(SourceUnavailable("DuckDuckGo rate limit reached"))
    result = WebSource(backend=backend, use_cache=False).gather(CLAIMS)
    assert result.notes == [["web search unavailable: DuckDuckGo rate limit reached"]] * 2
    assert backend.calls == 1  # a backend that is down is not asked again within the same gather
    result = WebSource(backend=Broken(RuntimeError("bug")), use_cache=False).gather(CLAIMS[:1])
    assert result.per_claim == [[]] and "bug" in result.notes[0][0]


def test_duckduckgo_default_offline(monkeypatch, tmp_path):
    import ddgs
    from ddgs.exceptions import DDGSException

    class Offline:
        def __init__(self, *a, **k):
            pass

        def text(self, query, **kwargs):
            raise DDGSException("ConnectError: network unreachable")

    monkeypatch.setattr(ddgs, "DDGS", Offline)
    result = WebSource(cache_path=tmp_path / "w.sqlite3").gather(CLAIMS[:1])
    assert result.per_claim == [[]] and result.notes[0][0].startswith("web search unavailable: DuckDuckGo")


def test_web_config_builds_source(web, tmp_path):
    source = WebConfig(searxng_url=web.base, cache_path=str(tmp_path / "c.sqlite3"), allow_hosts=("127.0.0.1",),
                       timeout=0.5, max_pages=2).build()
    assert isinstance(source.backend, SearxngBackend) and source.max_pages == 2
    assert source.gather(CLAIMS[:1]).per_claim[0]


def test_time_budget_spent_means_notes_not_waiting(web, tmp_path):
    result = make(web, tmp_path, total_timeout=0).gather(CLAIMS)
    assert result.per_claim == [[], []]
    assert all(notes[0].startswith("web search unavailable: no answer within") for notes in result.notes)
    assert web.hits["/search"] == 0


def test_pages_pending_at_the_deadline_are_dropped(web):
    import time

    from truthometer.evidence.web.fetch import FetchError, FetchPolicy, fetch_many

    policy = FetchPolicy(read_timeout=5, total_timeout=5, allow_hosts=("127.0.0.1",))
    results = fetch_many([web.url("/slow")], policy, deadline=time.monotonic() + 0.2)
    assert isinstance(results[web.url("/slow")], FetchError)
    assert "time limit" in str(results[web.url("/slow")])
