"""The address guard (truthometer.netguard) for the fetcher and the LLM endpoint, against local servers.

Name resolution is stubbed here only: ``FakeDNS`` replaces socket.getaddrinfo for a few made-up names
and passes everything else (IP literals, which the pinned connection uses) to the real resolver. A
connection that resolved the name a second time would ask the stub again and get its second answer.
"""
from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests

from fake_llm_server import FakeLLM, Garbage, Raw, Status
from truthometer import netguard
from truthometer.evidence.web.fetch import FetchError, FetchPolicy, UnsafeURL, check_url, fetch
from truthometer.llm import LLMBadResponse, LLMClient, LLMError, LLMRefused

PUBLIC = "93.184.216.34"
MARKER = "SECRET-BODY-MARKER-7f3a"


class FakeDNS:
    """Answers made-up names from a script: ``{name: [first answer, later answers]}``.

    An answer is a list of addresses, or of ``(address, port)`` to send a re-resolving client elsewhere.
    """

    def __init__(self, monkeypatch, answers: dict[str, list[list]]):
        self.answers = answers
        self.asked: list[str] = []
        self._real = socket.getaddrinfo
        monkeypatch.setattr(socket, "getaddrinfo", self)

    def __call__(self, host, port, family=0, type=0, proto=0, flags=0):
        name = host.decode() if isinstance(host, bytes) else str(host)
        if name not in self.answers:
            return self._real(host, port, family, type, proto, flags)
        script = self.answers[name]
        answer = script[min(self.asked.count(name), len(script) - 1)]
        self.asked.append(name)
        return [self._info(entry, port) for entry in answer]

    @staticmethod
    def _info(entry, port):
        address, port = entry if isinstance(entry, tuple) else (entry, port)
        if ":" in address:
            return (socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, int(port), 0, 0))
        return (socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, int(port)))


class Site:
    """A local web server that records each request's path and Host header."""

    def __init__(self, name: str, host: str = "127.0.0.1", tls: ssl.SSLContext | None = None):
        self.hits: list[tuple[str, str]] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                site.hits.append((self.path, self.headers.get("Host", "")))
                body = f"<html><body>{name}</body></html>".encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            address_family = socket.AF_INET6 if ":" in host else socket.AF_INET

            def handle_error(self, request, client_address):
                pass

        self.server = Server((host, 0), Handler)
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site():
    s = Site("the checked site")
    yield s
    s.stop()


@pytest.fixture
def decoy():
    s = Site("the decoy")
    yield s
    s.stop()


def policy(allow=(), **kw):
    return FetchPolicy(connect_timeout=1.0, read_timeout=2.0, total_timeout=4.0, allow_hosts=tuple(allow), **kw)


# ---- what counts as public ------------------------------------------------------------------------

@pytest.mark.parametrize("address, kind", [
    ("127.0.0.1", "loopback"), ("10.1.2.3", "private"), ("192.168.1.1", "private"), ("172.16.0.1", "private"),
    ("169.254.169.254", "link-local"), ("169.254.1.1", "link-local"), ("::1", "loopback"),
    ("fd12:3456::1", "private"), ("fc00::1", "private"), ("fe80::1", "link-local"), ("0.0.0.0", "unspecified"),
    ("224.0.0.1", "multicast"), ("::ffff:10.0.0.1", "private"), ("64:ff9b::a00:1", "private"),
    ("100.64.0.1", "non-public"), (PUBLIC, None), ("2606:4700:4700::1111", None),
])
def test_address_kinds(address, kind):
    assert netguard.address_kind(address) == kind
    assert netguard.is_public(address) is (kind is None)


def test_check_pins_the_first_address_and_refuses_a_private_second(monkeypatch):
    FakeDNS(monkeypatch, {"two.test": [[PUBLIC, "93.184.216.35"]], "swapped.test": [["93.184.216.35", PUBLIC]],
                          "mixed.test": [[PUBLIC, "10.0.0.1"]]})
    assert netguard.check("https://two.test/x").address == PUBLIC
    assert netguard.check("https://swapped.test/x").address == "93.184.216.35"
    with pytest.raises(netguard.NonPublicAddress, match=r"mixed\.test resolves to a private address \(10\.0\.0\.1\)"):
        netguard.check("https://mixed.test/x")
    target = netguard.check("http://mixed.test:8080/x", allow_hosts=("MIXED.test",))
    assert (target.host, target.port, target.address, target.allowed) == ("mixed.test", 8080, PUBLIC, True)


# ---- the fetcher ------------------------------------------------------------------------------------

@pytest.mark.parametrize("host, address", [
    ("127.0.0.1", "127.0.0.1"), ("10.0.0.1", "10.0.0.1"), ("192.168.1.1", "192.168.1.1"),
    ("169.254.169.254", "169.254.169.254"), ("169.254.7.7", "169.254.7.7"), ("[::1]", "::1"),
    ("[fd00::1]", "fd00::1"),
])
def test_fetcher_refuses_non_public_literals(host, address, site):
    with pytest.raises(UnsafeURL, match=f"{address}.*allow_hosts") as info:
        fetch(f"http://{host}:{site.port}/page", policy())
    assert "--allow-host" in str(info.value)
    assert site.hits == []  # refused before connecting


@pytest.mark.parametrize("name, address", [
    ("intranet.test", "10.20.30.40"), ("router.test", "192.168.0.1"), ("metadata.test", "169.254.169.254"),
    ("loop.test", "127.0.0.1"), ("loop6.test", "::1"), ("ula.test", "fd00::5"),
])
def test_fetcher_refuses_names_of_non_public_addresses(monkeypatch, name, address):
    FakeDNS(monkeypatch, {name: [[address]]})
    with pytest.raises(UnsafeURL, match=f"{name} resolves to .*{address}"):
        fetch(f"http://{name}/page", policy())
    with pytest.raises(UnsafeURL):
        check_url(f"http://{name}/page")


def test_fetcher_refuses_a_name_that_resolves_public_first_and_private_second(monkeypatch, site):
    FakeDNS(monkeypatch, {"mixed.test": [[PUBLIC, "127.0.0.1"]]})
    with pytest.raises(UnsafeURL, match="127.0.0.1"):
        fetch(f"http://mixed.test:{site.port}/page", policy())
    assert site.hits == []


def test_fetcher_allows_a_loopback_host_named_in_allow_hosts(site):
    page = fetch(f"http://127.0.0.1:{site.port}/page", policy(allow=["127.0.0.1"]))
    assert b"the checked site" in page.body


def test_fetcher_connects_to_the_checked_address_with_the_name_as_host(monkeypatch, site, decoy):
    # Checked: the site. Asked again, the name points at the decoy: a connection that re-resolved goes there.
    dns = FakeDNS(monkeypatch, {"rebind.test": [[("127.0.0.1", site.port)], [("127.0.0.1", decoy.port)]]})
    page = fetch(f"http://rebind.test:{site.port}/page", policy(allow=["rebind.test"]))
    assert b"the checked site" in page.body
    assert site.hits == [("/page", f"rebind.test:{site.port}")] and decoy.hits == []
    assert dns.asked == ["rebind.test"]  # resolved once, for the check


def test_fetcher_never_reaches_a_private_address_a_public_name_rebinds_to(monkeypatch, site):
    # The attack itself: public when checked, loopback when (if ever) asked again.
    FakeDNS(monkeypatch, {"evil.test": [[PUBLIC], [("127.0.0.1", site.port)]]})
    with pytest.raises(FetchError):  # the public address does not answer here
        fetch(f"http://evil.test:{site.port}/page", policy())
    assert site.hits == []


def test_guarded_requests_ignore_proxies_from_the_environment(monkeypatch, site, decoy):
    FakeDNS(monkeypatch, {"rebind.test": [["127.0.0.1"]]})
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{decoy.port}")
    monkeypatch.setenv("http_proxy", f"http://127.0.0.1:{decoy.port}")
    for var in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(var, raising=False)
    page = fetch(f"http://rebind.test:{site.port}/page", policy(allow=["rebind.test"]))
    assert b"the checked site" in page.body and decoy.hits == []


def test_pinned_ipv6_connection(monkeypatch):
    try:
        site6 = Site("the v6 site", host="::1")
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    try:
        FakeDNS(monkeypatch, {"v6.test": [["::1"], ["127.0.0.1"]]})
        page = fetch(f"http://v6.test:{site6.port}/x", policy(allow=["v6.test"]))
        assert b"the v6 site" in page.body and site6.hits == [("/x", f"v6.test:{site6.port}")]
        page = fetch(f"http://[::1]:{site6.port}/y", policy(allow=["::1"]))
        assert site6.hits[-1] == ("/y", f"[::1]:{site6.port}")
    finally:
        site6.stop()


# ---- https: SNI and the certificate use the name, the socket the checked address -------------------

@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    if not shutil.which("openssl"):
        pytest.skip("openssl is needed to make a test certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", str(key),
                    "-out", str(cert), "-subj", "/CN=pinned.test", "-addext", "subjectAltName=DNS:pinned.test"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.fixture
def tls_site(certificate):
    cert, key = certificate
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    names: list[str | None] = []
    context.sni_callback = lambda sock, name, ctx: names.append(name)
    s = Site("the tls site", tls=context)
    s.sni = names
    yield s
    s.stop()


def test_https_pinned_connection_verifies_the_name(monkeypatch, certificate, tls_site, decoy):
    cert, _ = certificate
    dns = FakeDNS(monkeypatch, {"pinned.test": [["127.0.0.1"], [("127.0.0.1", decoy.port)]]})
    with netguard.guarded_session(["pinned.test"]) as session:
        response = session.get(f"https://pinned.test:{tls_site.port}/secure", verify=str(cert), timeout=5)
    assert response.status_code == 200 and "the tls site" in response.text
    assert tls_site.sni == ["pinned.test"]
    assert tls_site.hits == [("/secure", f"pinned.test:{tls_site.port}")] and decoy.hits == []
    assert dns.asked == ["pinned.test"]


def test_https_certificate_for_another_name_is_refused(monkeypatch, certificate, tls_site):
    cert, _ = certificate
    FakeDNS(monkeypatch, {"other.test": [["127.0.0.1"]]})
    with netguard.guarded_session(["other.test"]) as session:
        with pytest.raises(requests.exceptions.SSLError):
            session.get(f"https://other.test:{tls_site.port}/secure", verify=str(cert), timeout=5)
    assert tls_site.hits == []


# ---- the LLM endpoint -------------------------------------------------------------------------------

def llm_client(url, allow=(), **kw):
    return LLMClient(url, "fake-model", timeout=2, backoff=0.01, allow_hosts=tuple(allow), **kw)


@pytest.fixture
def llm():
    with FakeLLM(["an answer"]) as server:
        yield server


@pytest.mark.parametrize("host, address", [
    ("127.0.0.1", "127.0.0.1"), ("10.0.0.1", "10.0.0.1"), ("192.168.1.1", "192.168.1.1"),
    ("169.254.169.254", "169.254.169.254"), ("169.254.7.7", "169.254.7.7"), ("[::1]", "::1"),
    ("[fd00::1]", "fd00::1"),
])
def test_llm_refuses_non_public_literals(host, address, llm, monkeypatch):
    monkeypatch.delenv("TRUTHOMETER_LLM_ALLOW_HOSTS", raising=False)
    client = LLMClient(f"http://{host}:{llm.port}", "fake-model", timeout=2, backoff=0.01)  # env decides
    with pytest.raises(LLMRefused, match=f"{address} is a .* address") as info:
        client.complete("x")
    assert f"TRUTHOMETER_LLM_ALLOW_HOSTS={address}" in str(info.value)
    with pytest.raises(LLMRefused):
        client.ping()
    assert llm.requests == [] and client.stats.attempts == 1  # refused once, not retried, never sent


@pytest.mark.parametrize("address", ["10.9.8.7", "192.168.7.1", "169.254.169.254", "127.0.0.1", "::1", "fd00::9"])
def test_llm_refuses_names_of_non_public_addresses(monkeypatch, address):
    FakeDNS(monkeypatch, {"llm.internal": [[address]]})
    with pytest.raises(LLMRefused, match=f"llm.internal resolves to .*{address}.*ALLOW_HOSTS=llm.internal"):
        llm_client("http://llm.internal:8000").complete("x")


def test_llm_refuses_a_name_that_resolves_public_first_and_private_second(monkeypatch, llm):
    FakeDNS(monkeypatch, {"mixed.test": [[PUBLIC, "127.0.0.1"]]})
    with pytest.raises(LLMRefused, match=r"127\.0\.0\.1"):
        llm_client(f"http://mixed.test:{llm.port}").complete("x")
    assert llm.requests == []


def test_llm_allow_list_is_by_name_from_argument_or_environment(monkeypatch, llm):
    FakeDNS(monkeypatch, {"llm.internal": [["127.0.0.1"]]})
    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "localhost, llm.internal")
    env_client = LLMClient(f"http://llm.internal:{llm.port}", "fake-model", timeout=2)
    assert env_client.complete("x") == "an answer"
    with pytest.raises(LLMRefused):  # the same address under a name that is not listed
        LLMClient(f"http://127.0.0.1:{llm.port}", "fake-model", timeout=2).complete("x")
    assert llm_client(f"http://127.0.0.1:{llm.port}", allow=["127.0.0.1"]).complete("y") == "an answer"
    assert len(llm.posts) == 2


def test_llm_connects_to_the_checked_address_with_the_name_as_host(monkeypatch, llm):
    with FakeLLM(["the decoy"]) as other:
        dns = FakeDNS(monkeypatch, {"llm.internal": [[("127.0.0.1", llm.port)], [("127.0.0.1", other.port)]]})
        client = llm_client(f"http://llm.internal:{llm.port}", allow=["llm.internal"])
        assert client.complete("x") == "an answer"
        assert client.complete("y") == "an answer"  # each call checks again and connects to what it checked
        assert other.requests == []
    assert [p["headers"]["Host"] for p in llm.posts] == [f"llm.internal:{llm.port}"] * 2
    assert dns.asked == ["llm.internal", "llm.internal"]


def test_llm_never_reaches_a_private_address_a_public_name_rebinds_to(monkeypatch, llm):
    FakeDNS(monkeypatch, {"evil.test": [[PUBLIC], [("127.0.0.1", llm.port)]]})
    with pytest.raises(LLMError) as info:
        llm_client(f"http://evil.test:{llm.port}", max_retries=0).complete("x")
    assert not isinstance(info.value, LLMRefused)  # it passed the check, and then failed to connect
    assert llm.requests == []


@pytest.mark.parametrize("response", [
    Status(500, f'{{"error": "{MARKER}"}}'), Status(503, f"<html>{MARKER}</html>"),
    Status(429, MARKER, headers={"Retry-After": "0"}), Status(404, f'{{"error": "{MARKER}"}}'),
    Status(400, f'{{"error": {{"message": "{MARKER}"}}}}'), Status(422, MARKER), Status(401, MARKER),
    Garbage(f"<html>{MARKER} not JSON</html>"), Raw({"error": {"message": MARKER}}), Raw({"detail": MARKER}),
])
def test_llm_errors_never_show_the_response_body(response):
    with FakeLLM([response]) as server:
        with pytest.raises(LLMError) as info:
            llm_client(server.url, allow=["127.0.0.1"], max_retries=1).complete("x")
        assert server.posts  # the body was served, and read
    assert MARKER not in str(info.value)
    assert "LLM endpoint" in str(info.value)


@pytest.mark.parametrize("code", [301, 302, 303, 307, 308])
def test_llm_redirects_are_not_followed(code):
    with FakeLLM(["hijacked"]) as target:
        moved = Status(code, "", headers={"Location": f"{target.url}/v1/chat/completions"})
        with FakeLLM([moved]) as server:
            client = llm_client(server.url, allow=["127.0.0.1"])
            with pytest.raises(LLMBadResponse, match=f"HTTP {code}, a redirect; redirects are not followed"):
                client.complete("x")
            assert len(server.posts) == 1  # not retried either
        assert target.requests == []


def test_llm_url_with_credentials_is_refused():
    with pytest.raises(LLMRefused, match="credentials"):
        LLMClient("http://user:secret@llm.example.org/v1", "m")


def test_cli_refusal_is_one_line_that_says_how_to_allow(tmp_path, monkeypatch, capsys):
    from truthometer.cli import main

    monkeypatch.delenv("TRUTHOMETER_LLM_ALLOW_HOSTS", raising=False)
    (tmp_path / "answer.txt").write_text("The Eiffel Tower was completed in 1925.\n", encoding="utf-8")
    code = main(["revise", str(tmp_path / "answer.txt"), "--llm-url", "http://127.0.0.1:9", "--model", "m",
                 "--no-kb", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "127.0.0.1 is a loopback address" in err and "TRUTHOMETER_LLM_ALLOW_HOSTS=127.0.0.1" in err
