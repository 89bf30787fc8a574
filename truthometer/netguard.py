"""The address guard for every outgoing request: web pages and the LLM endpoint.

``check(url, allow_hosts)`` resolves the URL's host and refuses it when any address it resolves to is
not public (loopback, private, link-local, multicast, reserved, unspecified, or otherwise not global),
unless the host is allow-listed by name (exact host name or IP literal, case-insensitive).

``guarded_session(allow_hosts)`` is a requests session whose adapter runs that check for every request
and then connects to the first checked address itself. requests never resolves the name again, so a
name that answers a public address when checked and a private one when connected (DNS rebinding)
cannot reach the private one. The name still travels in the Host header and, for https, in SNI and
certificate verification. Guarded requests never go through a proxy: a proxy would resolve the name
again, out of the guard's reach.
"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Iterable
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

DEFAULT_PORTS = {"http": 80, "https": 443}
# NAT64 (RFC 6052) maps IPv4 into IPv6: 64:ff9b::10.0.0.1 reaches 10.0.0.1 where a NAT64 gateway exists.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


class GuardError(Exception):
    """The guard will not connect to this URL; the message says why."""


class Refused(GuardError):
    """Not http(s), no host, or credentials in the URL."""


class NonPublicAddress(Refused):
    """The host resolves to an address that is not public, and the host is not allow-listed by name."""

    def __init__(self, host: str, address: str, kind: str):
        self.host, self.address, self.kind = host, address, kind
        if _bare(host) == _bare(address):
            super().__init__(f"{address} is a {kind} address")
        else:
            super().__init__(f"{host} resolves to a {kind} address ({address})")


class Unresolvable(GuardError):
    """The host name does not resolve."""


@dataclass(frozen=True)
class Target:
    """Where one request goes: the URL's scheme, host and port, and the checked address to connect to."""

    scheme: str
    host: str
    port: int
    address: str
    allowed: bool = False  # allow-listed by name, so the address did not have to be public


def _bare(host: str) -> str:
    return host.lower().strip(".").strip("[]")


def is_allowed(host: str, allow_hosts: Iterable[str]) -> bool:
    host = _bare(host)
    return any(host == _bare(a) for a in allow_hosts or () if a)


def address_kind(address: str) -> str | None:
    """None for a public address, else what kind of non-public address it is ('loopback', 'private', …)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped:
            ip = ip.ipv4_mapped
        elif ip in _NAT64:
            ip = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    for kind, flag in (("loopback", ip.is_loopback), ("link-local", ip.is_link_local),
                       ("unspecified", ip.is_unspecified), ("multicast", ip.is_multicast),
                       ("private", ip.is_private), ("reserved", ip.is_reserved)):
        if flag:
            return kind
    return None if ip.is_global else "non-public"


def is_public(address: str) -> bool:
    return address_kind(address) is None


def split_url(url: str) -> tuple[str, str, int]:
    """``(scheme, host, port)`` of an http(s) URL without credentials; Refused otherwise. No DNS."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port
    except ValueError as exc:
        raise Refused(f"malformed URL {url!r}: {exc}") from exc
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise Refused(f"only http and https URLs are allowed, not {parts.scheme or 'no scheme'}: {url}")
    if not host:
        raise Refused(f"URL without a host: {url}")
    if parts.username or parts.password:
        raise Refused(f"URL with credentials refused: {scheme}://…@{host}")
    return scheme, host, port or DEFAULT_PORTS[scheme]


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, in the resolver's order of preference, without repeats."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:  # socket.gaierror is an OSError
        raise Unresolvable(f"cannot resolve {host}: {exc}") from exc
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not addresses:
        raise Unresolvable(f"cannot resolve {host}")
    return addresses


def check(url: str, allow_hosts: Iterable[str] = ()) -> Target:
    """Resolve ``url``'s host once and return where to connect; raise a GuardError naming the reason.

    Every address must be public unless the host is allow-listed; the connection uses the first one.
    """
    scheme, host, port = split_url(url)
    addresses = resolve(host, port)
    allowed = is_allowed(host, allow_hosts)
    if not allowed:
        for address in addresses:
            kind = address_kind(address)
            if kind:
                raise NonPublicAddress(host, address, kind)
    return Target(scheme, host, port, addresses[0], allowed)


def authority(url: str) -> str:
    """The ``host[:port]`` part of a URL, as the Host header carries it."""
    return urlsplit(url).netloc.rpartition("@")[2]


class GuardedAdapter(HTTPAdapter):
    """A requests adapter that checks each request's host and connects to the checked address."""

    def __init__(self, allow_hosts: Iterable[str] = (), **kwargs):
        self.allow_hosts = tuple(h for h in allow_hosts or () if h)
        super().__init__(**kwargs)

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
        # A proxy would resolve the name again itself: guarded requests go straight to the checked address.
        return super().send(request, stream=stream, timeout=timeout, verify=verify, cert=cert, proxies=None)

    def get_connection_with_tls_context(self, request, verify, proxies=None, cert=None):
        target = check(request.url, self.allow_hosts)
        host_params, pool_kwargs = self.build_connection_pool_key_attributes(request, verify, cert)
        host_params["host"] = target.address
        if target.scheme == "https":
            # The certificate is issued to the name, not to the address connected to.
            pool_kwargs["server_hostname"] = target.host
        return self.poolmanager.connection_from_host(**host_params, pool_kwargs=pool_kwargs)

    def add_headers(self, request, **kwargs) -> None:
        # The socket goes to an address; the server still needs the name to pick the site.
        request.headers["Host"] = authority(request.url)


def guarded_session(allow_hosts: Iterable[str] = ()) -> requests.Session:
    """A requests session whose every http(s) request passes ``check`` and connects to the checked address."""
    session = requests.Session()
    adapter = GuardedAdapter(allow_hosts)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session
