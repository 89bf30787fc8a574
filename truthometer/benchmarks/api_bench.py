"""The HTTP API under load: N clients posting articles for D seconds, beside the Python API in one process.

The server is `truthometer api` in a subprocess on 127.0.0.1 (a free port, single-user, a temporary
knowledge-base directory for its audit trail), warmed up before the clock starts and stopped at the end.
Every check uses the article's references only (``sources: []``), in both columns, so the two measure the
same work. The load is bounded: it stops after ``--duration`` seconds (requests in flight then finish,
each within ``--timeout``) or ``--max-requests``, whichever comes first. Data: the shared-articles
format (a JSON list of objects with ``text`` and ``references``).

``--modes`` runs the load once per server setting, each on a fresh server (an empty cache):

    plain       no result cache, no admission bound: every request waits its turn
    admission   no result cache, ``--max-wait`` seconds: a request the checks ahead would keep longer is
                refused at once (503, Retry-After); the client waits Retry-After and sends its next one
    cache       the result cache on, with the same admission bound. The articles repeat, so after the
                first round every request is a hit: this column measures the cache, not the checking

A refused request is an error in the table (``refused``), beside the other failures (``failed``).
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

from ..errors import InputError
from .articles import load_articles
from .common import machine, print_table


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="articles.json (a list of {text, references})")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients")
    parser.add_argument("--duration", type=float, default=60, help="seconds of load (and of the in-process run)")
    parser.add_argument("--max-requests", type=int, default=10_000, help="stop after this many requests in all")
    parser.add_argument("--timeout", type=float, default=120, help="seconds one request may take")
    parser.add_argument("--workers", type=int, default=1, help="API worker processes")
    parser.add_argument("--method", default="nli", help="the check's method, in both columns")
    parser.add_argument("--modes", default="plain,admission,cache",
                        help=f"server settings to load, comma-separated, each on a fresh server ({', '.join(MODES)})")
    parser.add_argument("--max-wait", type=float, default=2.0,
                        help="with admission and cache: the server's --max-wait (seconds)")


#: mode -> (the server's --cache, whether --max-wait applies)
MODES = {"plain": (0, False), "admission": (0, True), "cache": (256, True)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _in_process(articles: list[dict], method: str, duration: float, limit: int) -> dict:
    from ..config import Config
    from ..pipeline import Checker, warm_up

    config = Config().with_(method=method)
    warm_up(config)
    checker, latencies, errors = Checker(config, []), [], 0
    start = time.perf_counter()
    while time.perf_counter() - start < duration and len(latencies) + errors < limit:
        article = articles[(len(latencies) + errors) % len(articles)]
        began = time.perf_counter()
        try:
            checker.check(article["text"], article.get("references") or [])
            latencies.append(time.perf_counter() - began)
        except Exception:  # noqa: BLE001 - counted, as the API's errors are
            errors += 1
    return _figures(latencies, errors, time.perf_counter() - start, 1)


def _figures(latencies: list[float], errors: int, seconds: float, clients: int, refused: int = 0) -> dict:
    return {"requests": len(latencies) + errors, "ok": len(latencies), "errors": errors, "refused": refused,
            "failed": errors - refused, "clients": clients,
            "seconds": round(seconds, 1), "requests_per_s": round(len(latencies) / seconds, 2) if seconds else 0.0,
            "p50_s": round(_percentile(latencies, 0.5), 3), "p95_s": round(_percentile(latencies, 0.95), 3)}


def _start_server(port: int, workers: int, kb_dir: str, cache: int, max_wait: float) -> subprocess.Popen:
    env = {**os.environ, "TRUTHOMETER_KB": kb_dir, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    env.pop("TRUTHOMETER_USERS", None)
    return subprocess.Popen([sys.executable, "-m", "truthometer", "api", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers), "--queue", "256", "--max-connections", "512",
                             "--cache", str(cache), "--max-wait", str(max_wait)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_ready(url: str, server: subprocess.Popen, wait_s: float = 600) -> None:
    import requests

    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise InputError(f"the API server exited with status {server.returncode} before it was ready")
        try:
            if requests.get(url + "/v1/health", timeout=2).json().get("models_loaded"):
                return
        except (requests.RequestException, ValueError):
            pass
        time.sleep(0.5)
    raise InputError(f"the API server was not ready within {wait_s:g} s")


def _load(url: str, articles: list[dict], args) -> dict:
    import requests

    latencies, lock = [], threading.Lock()
    counts = {"sent": 0, "errors": 0, "refused": 0}
    stop_at = time.perf_counter() + args.duration

    def client() -> None:
        session = requests.Session()
        while time.perf_counter() < stop_at:
            with lock:
                if counts["sent"] >= args.max_requests:
                    return
                number = counts["sent"]
                counts["sent"] += 1
            article = articles[number % len(articles)]
            body = {"text": article["text"], "references": article.get("references") or [],
                    "options": {"method": args.method, "sources": []}, "mode": "sync"}
            began = time.perf_counter()
            try:
                response = session.post(url + "/v1/check", json=body, timeout=args.timeout)
                status, retry = response.status_code, response.headers.get("retry-after", "")
            except requests.RequestException:
                status, retry = 0, ""
            with lock:
                if status == 200:
                    latencies.append(time.perf_counter() - began)
                else:
                    counts["errors"] += 1
                    counts["refused"] += status == 503
            if status == 503:  # as a well-behaved client: wait what the server asked, within the run
                time.sleep(max(0.0, min(float(retry) if retry.isdigit() else 1.0, stop_at - time.perf_counter())))

    start = time.perf_counter()
    threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(args.duration + args.timeout + 5)
    return _figures(latencies, counts["errors"], time.perf_counter() - start, args.clients, counts["refused"])


def _serve_and_load(url: str, port: int, articles: list[dict], args, mode: str) -> dict:
    cache, bounded = MODES[mode]
    with tempfile.TemporaryDirectory(prefix="truthometer-bench-api-") as kb_dir:
        server = _start_server(port, args.workers, kb_dir, cache, args.max_wait if bounded else 0)
        try:
            _wait_ready(url, server)
            return _load(url, articles, args)
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)


def run(args) -> dict:
    if args.clients < 1 or args.duration <= 0 or args.max_requests < 1:
        raise InputError("--clients, --duration and --max-requests must be positive")
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = [m for m in modes if m not in MODES]
    if unknown or not modes:
        raise InputError(f"unknown --modes {', '.join(unknown) or '(none)'}; use {', '.join(MODES)}")
    if args.max_wait <= 0:
        raise InputError("--max-wait must be positive")
    articles = [a for a in load_articles(args.data) if isinstance(a, dict) and str(a.get("text", "")).strip()]
    if not articles:
        raise InputError(f"{args.data}: no articles with a text")
    print(f"machine: {machine()}", file=sys.stderr)
    python = _in_process(articles, args.method, args.duration, args.max_requests)
    api = {}
    for mode in modes:
        port = _free_port()
        api[mode] = _serve_and_load(f"http://127.0.0.1:{port}", port, articles, args, mode)
    label = {"plain": "no cache, no admission bound", "admission": f"no cache, max wait {args.max_wait:g} s",
             "cache": f"result cache on, max wait {args.max_wait:g} s"}
    rows = [[f"HTTP API, {label[m]} ({args.clients} clients, {args.workers} worker)", f["ok"], f["refused"],
             f["failed"], f["requests_per_s"], f["p50_s"], f["p95_s"]] for m, f in api.items()]
    rows.append(["Python API (1 process, sequential)", python["ok"], 0, python["errors"], python["requests_per_s"],
                 python["p50_s"], python["p95_s"]])
    print_table(["how", "checks", "refused (503)", "failed", "checks/s", "p50 s", "p95 s"], rows)
    figures = {"api": api, "python": python, "articles": len(articles), "method": args.method,
               "duration_s": args.duration, "max_wait_s": args.max_wait, "machine": machine()}
    print(f"target: 0 errors, p95 under 5 s for an article-sized text on 2 cores (measured on: {figures['machine']}); "
          "a refused request is an error; the cache column repeats the same articles")
    return figures
