"""Shared by the browser tests and the escaping tests: the app on a free port, Debian's Chromium, and a local
web site that serves hostile pages and records every request made to it.

(tests/test_browser_e2e.py keeps its own copies of the first two; it may import them from here.)
"""
from __future__ import annotations

import contextlib
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def streamlit_app(env: dict[str, str], script: str = "app.py", start_timeout: float = 90.0):
    """``streamlit run script`` on 127.0.0.1 and a free port, with ``env`` added to the environment; yields
    the base URL and stops the server afterwards. Its output goes to a log file whose path is printed
    when it fails to start."""
    port = free_port()
    log = Path(env.get("TRUTHOMETER_TEST_LOG") or os.environ.get("TRUTHOMETER_TEST_LOG") or os.devnull)
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", script, "--server.port", str(port), "--server.headless", "true",
             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
             "--server.fileWatcherType", "none"],
            cwd=ROOT, env={**os.environ, "HF_HUB_OFFLINE": "1", **env}, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + start_timeout
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"streamlit did not start (log: {log})")
                time.sleep(0.5)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextlib.contextmanager
def chromium():
    """Debian's Chromium through Playwright (its own browser download is never used)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class HostileSite:
    """A web site on 127.0.0.1 that records every request (path and query) made to it.

    ``/search`` answers like a SearXNG instance's JSON API with one result, ``/page.html``; that page and the
    result's title and snippet carry ``markup`` (the hostile text). Any other path (an image a Markdown
    renderer might load, say) is recorded and answered 404. ``url(path)`` gives an absolute URL.
    """

    def __init__(self, markup: str = "", fact: str = "The Eiffel Tower was completed in 1889"):
        self.markup, self.fact = markup, fact
        self.requests: list[str] = []
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the http.server API)
                site.requests.append(self.path)
                path = urlsplit(self.path).path
                if path == "/search":
                    query = parse_qs(urlsplit(self.path).query).get("q", [""])[0]
                    body = json.dumps({"query": query, "results": [{
                        "url": site.url("/page.html"), "title": f"Eiffel {site.markup}",
                        "content": f"{site.fact} {site.markup}."}]}).encode()
                    kind = "application/json"
                elif path == "/page.html":
                    body = (f"<!doctype html><html><head><title>Eiffel {site.markup}</title></head><body><article>"
                            f"<h1>The Eiffel Tower</h1><p>{site.fact} in Paris {site.markup}.</p>"
                            f"<p>It is 330 metres tall.</p><script>alert('page')</script>"
                            f"<p>Gustave Eiffel's company built it.</p></article></body></html>").encode()
                    kind = "text/html; charset=utf-8"
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, name="hostile-site", daemon=True)

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def __enter__(self) -> "HostileSite":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def click_until(page, target, shown: str, attempts: int = 5, timeout: float = 15_000) -> None:
    """Click ``target`` (a locator) until the text ``shown`` appears: a click that lands while Streamlit is
    still re-running the script is dropped, so one click is not enough to rely on."""
    for attempt in range(attempts):
        target.click()
        try:
            page.get_by_text(shown).first.wait_for(timeout=timeout)
            return
        except Exception:
            if attempt == attempts - 1:
                raise


def password(name: str) -> str:
    """The password the browser tests give each user they add."""
    return f"{name}'s long password"


def add_users(kb_dir, users: dict) -> None:
    """A users file in ``kb_dir`` with each name's roles and :func:`password`."""
    from truthometer.auth import UserFile

    file = UserFile(kb_dir / "users.json")
    for name, roles in users.items():
        file.add(name, password(name), roles)


def sign_in_on(page, url: str, name: str):
    """Fill the sign-in form on ``url`` as ``name`` and wait until signed in."""
    page.goto(url)
    page.get_by_role("textbox", name="User name").fill(name)
    page.get_by_role("textbox", name="Password").fill(password(name))
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text(f"Signed in as {name}").first.wait_for(timeout=60_000)
    return page
