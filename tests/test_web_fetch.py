"""URL safety and bounded fetching against the local fixture web (127.0.0.1 only)."""
import pytest

from fixtures_web.server import WebFixture
from truthometer.evidence.web.fetch import FetchError, FetchPolicy, UnsafeURL, check_url, fetch, fetch_many

LOCAL = ("127.0.0.1",)


@pytest.fixture(scope="module")
def web():
    fixture = WebFixture(huge_bytes=300_000, slow_seconds=2.0).start()
    yield fixture
    fixture.stop()


def policy(**changes):
    base = dict(connect_timeout=1.0, read_timeout=0.5, total_timeout=3.0, max_bytes=100_000, allow_hosts=LOCAL)
    base.update(changes)
    return FetchPolicy(**base)


@pytest.mark.parametrize("url", [
    "http://127.0.0.1/", "http://localhost:8080/x", "http://10.0.0.1/", "http://192.168.1.1/admin",
    "http://172.16.5.5/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://0.0.0.0/",
    "http://224.0.0.1/", "http://[fe80::1]/", "http://0x7f000001/", "http://[::ffff:127.0.0.1]/",
    "http://100.64.0.1/",
])
def test_non_public_addresses_refused(url):
    with pytest.raises(UnsafeURL):
        check_url(url)


@pytest.mark.parametrize("url", [
    "file:///etc/passwd", "ftp://example.org/x", "javascript:alert(1)", "gopher://x/", "data:text/html,hi",
    "//example.org/x", "http:///nohost", "http://user:pw@93.184.216.34/",
])
def test_non_http_or_malformed_refused(url):
    with pytest.raises(UnsafeURL):
        check_url(url)


def test_public_literal_allowed_and_named_private_host_allowed():
    assert check_url("https://93.184.216.34/page") == "https://93.184.216.34/page"
    assert check_url("http://127.0.0.1:9/x", allow_hosts=LOCAL) == "http://127.0.0.1:9/x"
    assert check_url("http://LOCALHOST:9/x", allow_hosts=("localhost",))
    with pytest.raises(UnsafeURL):  # allowing one host does not allow its neighbours
        check_url("http://127.0.0.2/x", allow_hosts=LOCAL)


def test_fetch_page(web):
    page = fetch(web.url("/page/eiffel"), policy())
    assert page.content_type == "text/html"
    assert b"Eiffel Tower" in page.body
    assert page.final_url == web.url("/page/eiffel")


def test_loopback_refused_without_allow(web):
    with pytest.raises(UnsafeURL):
        fetch(web.url("/page/eiffel"), policy(allow_hosts=()))
    assert web.hits["/page/eiffel"] >= 1  # from the other test only; this one never connected


def test_size_cap_streamed_and_declared(web):
    with pytest.raises(FetchError, match="larger than"):
        fetch(web.url("/huge"), policy())
    with pytest.raises(FetchError, match="larger than"):
        fetch(web.url("/huge-declared"), policy())
    assert fetch(web.url("/huge"), policy(max_bytes=1_000_000)).body.endswith(b"</html>")


def test_read_timeout(web):
    with pytest.raises(FetchError, match="timed out"):
        fetch(web.url("/slow"), policy(read_timeout=0.5))


def test_content_type_checked(web):
    with pytest.raises(FetchError, match="image/png"):
        fetch(web.url("/binary"), policy())
    assert fetch(web.url("/plain/paint"), policy()).content_type == "text/plain"


def test_redirects_rechecked(web):
    with pytest.raises(UnsafeURL, match="10.1.2.3"):
        fetch(web.url("/redirect/private"), policy())
    with pytest.raises(UnsafeURL, match="169.254.169.254"):
        fetch(web.url("/redirect/metadata"), policy())
    page = fetch(web.url("/redirect/ok"), policy())
    assert page.final_url == web.url("/page/eiffel") and page.url == web.url("/redirect/ok")
    with pytest.raises(FetchError, match="redirects"):
        fetch(web.url("/redirect/loop"), policy(max_redirects=3))


def test_fetch_many_keeps_going_past_failures(web):
    urls = [web.url("/page/curie"), web.url("/binary"), web.url("/slow"), "http://10.0.0.7/"]
    results = fetch_many(urls, policy(), max_workers=2)
    assert list(results) == urls
    assert b"Marie Curie" in results[urls[0]].body
    assert all(isinstance(results[u], FetchError) for u in urls[1:])
    assert isinstance(results[urls[3]], UnsafeURL)
