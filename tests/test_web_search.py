"""Search backends: SearXNG against the local server, DuckDuckGo with its network call replaced."""
import pytest

from fixtures_web.server import WebFixture
from truthometer.errors import SourceUnavailable
from truthometer.evidence.web.search import DuckDuckGoBackend, SearchHit, SearxngBackend


@pytest.fixture(scope="module")
def web():
    fixture = WebFixture().start()
    yield fixture
    fixture.stop()


def test_searxng_results(web):
    hits = SearxngBackend(web.base, timeout=2).search("Eiffel Tower height", max_results=3)
    assert hits[0] == SearchHit(web.url("/page/eiffel"), "Eiffel Tower facts",
                                "The Eiffel Tower was completed in 1889 for the World's Fair.")
    assert len(hits) == 3  # cut at max_results
    every = SearxngBackend(web.base + "/", timeout=2).search("Eiffel", max_results=50)
    assert all(h.url.startswith("http://") for h in every)  # the ftp result is dropped
    assert SearxngBackend(web.base).search("zebra", max_results=5) == []


@pytest.mark.parametrize("path, reason", [("/forbidden", "JSON format"), ("/notjson", "did not answer JSON")])
def test_searxng_bad_answers(web, path, reason):
    with pytest.raises(SourceUnavailable, match=reason):
        SearxngBackend(web.base + path, timeout=2).search("x")


def test_searxng_unreachable():
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(SourceUnavailable, match="unreachable"):
        SearxngBackend(f"http://127.0.0.1:{port}", timeout=1).search("x")
    with pytest.raises(SourceUnavailable, match="http"):
        SearxngBackend("not a url")


class FakeDDGS:
    calls = []
    rows = []
    error = None

    def __init__(self, proxy=None, timeout=5, **kwargs):
        FakeDDGS.calls.append(("init", timeout))

    def text(self, query, **kwargs):
        FakeDDGS.calls.append(("text", query, kwargs))
        if FakeDDGS.error:
            raise FakeDDGS.error
        return list(FakeDDGS.rows)


@pytest.fixture
def fake_ddgs(monkeypatch):
    import ddgs

    FakeDDGS.calls, FakeDDGS.rows, FakeDDGS.error = [], [], None
    monkeypatch.setattr(ddgs, "DDGS", FakeDDGS)
    return FakeDDGS


def test_duckduckgo_adapter_maps_rows(fake_ddgs):
    fake_ddgs.rows = [
        {"title": "Eiffel <b>Tower</b>", "href": "https://en.wikipedia.org/wiki/Eiffel_Tower", "body": "Built in 1889."},
        {"title": "dup", "href": "https://en.wikipedia.org/wiki/Eiffel_Tower", "body": "again"},
        {"title": "bad", "href": "javascript:alert(1)", "body": "x"},
        {"title": "Other", "href": "https://www.britannica.com/topic/Eiffel-Tower", "body": ""},
    ]
    hits = DuckDuckGoBackend(timeout=3).search("Eiffel Tower", max_results=5)
    assert hits == [SearchHit("https://en.wikipedia.org/wiki/Eiffel_Tower", "Eiffel Tower", "Built in 1889."),
                    SearchHit("https://www.britannica.com/topic/Eiffel-Tower", "Other", "")]
    kind, query, kwargs = fake_ddgs.calls[-1]
    assert query == "Eiffel Tower" and kwargs["max_results"] == 5 and kwargs["backend"] == "duckduckgo"
    assert ("init", 3) in fake_ddgs.calls


def test_duckduckgo_errors(fake_ddgs):
    from ddgs.exceptions import DDGSException, RatelimitException

    fake_ddgs.error = DDGSException("No results found.")
    assert DuckDuckGoBackend().search("q") == []
    fake_ddgs.error = RatelimitException("202 Ratelimit")
    with pytest.raises(SourceUnavailable, match="rate limit"):
        DuckDuckGoBackend().search("q")
    fake_ddgs.error = DDGSException("ConnectError: [Errno -3] Temporary failure in name resolution")
    with pytest.raises(SourceUnavailable, match="unreachable .DNS"):
        DuckDuckGoBackend().search("q")
    fake_ddgs.error = DDGSException("something odd happened")
    with pytest.raises(SourceUnavailable, match="search failed: something odd happened"):
        DuckDuckGoBackend().search("q")
    fake_ddgs.error = OSError("network down")
    with pytest.raises(SourceUnavailable, match="network down"):
        DuckDuckGoBackend().search("q")
