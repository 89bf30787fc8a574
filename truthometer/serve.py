"""`truthometer app`: serve the Streamlit app (app.py, pages/, ui/) from a checkout or from the installed
package, and `truthometer app --health` to check that it starts and answers, without a browser.

A checkout runs its own app.py; a wheel carries the same files as ``truthometer/app/`` (setup.py copies
them), since the app's pages and helpers are scripts beside app.py rather than modules of the package.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from importlib import resources
from pathlib import Path

from .config import FROM_CHECKOUT, PROJECT_ROOT
from .errors import InputError

#: Seconds the health check waits for the server to answer (a cold start imports Streamlit and torch).
HEALTH_TIMEOUT = 120.0


def app_dir() -> Path:
    """The folder holding app.py, pages/, ui/ and .streamlit/config.toml."""
    if FROM_CHECKOUT:
        return PROJECT_ROOT
    packaged = resources.files("truthometer").joinpath("app")
    return Path(str(packaged))


def app_script() -> Path:
    script = app_dir() / "app.py"
    if not script.is_file():
        raise InputError(f"the app is not installed with this package (no {script}); run it from a checkout "
                         f"with `make app`, or reinstall truthometer from its wheel")
    return script


def streamlit_options(directory: Path) -> list[str]:
    """The app's .streamlit/config.toml as command-line options: Streamlit reads that file only from the
    current directory, which for an installed package is wherever the user happens to be."""
    path = directory / ".streamlit" / "config.toml"
    if not path.is_file():
        return []
    try:
        settings = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return []
    options = []
    for section, values in settings.items():
        if isinstance(values, dict):
            for key, value in values.items():
                value = str(value).lower() if isinstance(value, bool) else str(value)
                options.append(f"--{section}.{key}={value}")
    return options


def command(host: str, port: int) -> list[str]:
    script = app_script()
    return [sys.executable, "-m", "streamlit", "run", str(script), *streamlit_options(script.parent),
            f"--server.address={host}", f"--server.port={port}", "--server.headless=true",
            "--browser.gatherUsageStats=false"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 (our own server on 127.0.0.1)
        return response.status, response.read(4096).decode("utf-8", "replace")


def render_check(script: Path) -> str | None:
    """Run the app's script once as a first visitor would (Streamlit's AppTest, no browser): None when the
    page rendered, else what went wrong. The server's health endpoint only says the server is up; this says
    the app's own code imports and draws its first page from where it is installed."""
    from streamlit.testing.v1 import AppTest

    # Streamlit puts the main script's folder on sys.path when serving; AppTest does not.
    if str(script.parent) not in sys.path:
        sys.path.insert(0, str(script.parent))
    at = AppTest.from_file(str(script), default_timeout=HEALTH_TIMEOUT)
    at.run()
    if at.exception:
        return "; ".join(str(e.message).splitlines()[0] for e in at.exception)
    if not at.title and not at.header and not at.markdown:
        return "the first page drew nothing"
    return None


def render_in_child(script: Path) -> str | None:
    """``render_check`` in a child process: Streamlit prints a failing script's traceback itself, on a
    stream of its own; the health check reports one line instead."""
    try:
        done = subprocess.run([sys.executable, "-m", "truthometer.serve", str(script)], capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=HEALTH_TIMEOUT + 30)
    except subprocess.TimeoutExpired:
        return f"the first page did not finish drawing in {HEALTH_TIMEOUT:.0f} s"
    if done.returncode == 0:
        return None
    lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
    return lines[-1] if lines else f"the page check exited with status {done.returncode}"


def health(timeout: float = HEALTH_TIMEOUT) -> int:
    """Start the server on a free local port, wait for /_stcore/health to answer ok and for the page to be
    served, render the first page once, stop the server. One line on stdout; 0 when healthy, 1 when not."""
    port = free_port()
    server = subprocess.Popen(command("127.0.0.1", port), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    problem = None
    try:
        deadline = time.monotonic() + timeout
        while True:
            if server.poll() is not None:
                output = (server.stdout.read() or b"").decode("utf-8", "replace").strip().splitlines()
                problem = f"the server exited with status {server.returncode}: {(output or [''])[-1]}"
                break
            try:
                status, body = _get(f"{base}/_stcore/health")
                if status == 200 and body.strip() == "ok":
                    status, body = _get(f"{base}/")
                    if status != 200 or "<html" not in body.lower():
                        problem = f"{base}/ answered {status} without a page"
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                problem = f"no answer from {base}/_stcore/health in {timeout:.0f} s"
                break
            time.sleep(0.5)
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    if problem is None:
        problem = render_in_child(app_script())
    if problem:
        print(f"unhealthy: {problem}")
        return 1
    print(f"ok: the app in {app_script().parent} answered {base}/_stcore/health and drew its first page")
    return 0


def run(args) -> int:
    if args.health:
        return health()
    host = args.host or "127.0.0.1"
    if not 0 < args.port < 65536:
        raise InputError(f"--port must be between 1 and 65535, got {args.port}")
    print(f"Truth-O-Meter at http://{host}:{args.port} (Ctrl+C stops it)", file=sys.stderr)
    return subprocess.call(command(host, args.port), env={**os.environ, "PYTHONUNBUFFERED": "1"})


def register(sub) -> None:
    p = sub.add_parser("app", help="serve the web app (Streamlit), from a checkout or the installed package",
                       description="Serve the web app. Only this machine can reach it unless --host says "
                                   "otherwise (add users first: docs/team.md).")
    p.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1; 0.0.0.0 serves a team)")
    p.add_argument("--port", type=int, default=8501, help="port (default 8501)")
    p.add_argument("--health", action="store_true",
                   help="start the app on a free local port, check that it answers and draws its first page, "
                        "stop it; prints one line, exit status 0 when healthy")
    p.set_defaults(func=run)


if __name__ == "__main__":  # the child of render_in_child
    problem = render_check(Path(sys.argv[1]))
    print(problem or "ok")
    sys.exit(1 if problem else 0)
