"""The HTTP API under load: N clients posting articles for D seconds, beside the Python API in one process.

The server is `truthometer api` in a subprocess on 127.0.0.1 (a free port, single-user, a temporary
knowledge-base directory for its audit trail), warmed up before the clock starts and stopped at the end.
Every check uses the article's references only (``sources: []``), in both columns, so the two measure the
same work. The load is bounded: it stops after ``--duration`` seconds (requests in flight then finish,
each within ``--timeout``) or ``--max-requests``, whichever comes first. Data: the shared-articles
format (a JSON list of objects with ``text`` and ``references``).
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


def _figures(latencies: list[float], errors: int, seconds: float, clients: int) -> dict:
    return {"requests": len(latencies) + errors, "ok": len(latencies), "errors": errors, "clients": clients,
            "seconds": round(seconds, 1), "requests_per_s": round(len(latencies) / seconds, 2) if seconds else 0.0,
            "p50_s": round(_percentile(latencies, 0.5), 3), "p95_s": round(_percentile(latencies, 0.95), 3)}


def _start_server(port: int, workers: int, kb_dir: str) -> subprocess.Popen:
    env = {**os.environ, "TRUTHOMETER_KB": kb_dir, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    env.pop("TRUTHOMETER_USERS", None)
    return subprocess.Popen([sys.executable, "-m", "truthometer", "api", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers), "--queue", "256", "--max-connections", "512"],
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
    counts = {"sent": 0, "errors": 0}
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
                ok = session.post(url + "/v1/check", json=body, timeout=args.timeout).status_code == 200
            except requests.RequestException:
                ok = False
            with lock:
                if ok:
                    latencies.append(time.perf_counter() - began)
                else:
                    counts["errors"] += 1

    start = time.perf_counter()
    threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(args.duration + args.timeout + 5)
    return _figures(latencies, counts["errors"], time.perf_counter() - start, args.clients)


def run(args) -> dict:
    if args.clients < 1 or args.duration <= 0 or args.max_requests < 1:
        raise InputError("--clients, --duration and --max-requests must be positive")
    articles = [a for a in load_articles(args.data) if isinstance(a, dict) and str(a.get("text", "")).strip()]
    if not articles:
        raise InputError(f"{args.data}: no articles with a text")
    print(f"machine: {machine()}", file=sys.stderr)
    python = _in_process(articles, args.method, args.duration, args.max_requests)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="truthometer-bench-api-") as kb_dir:
        server = _start_server(port, args.workers, kb_dir)
        try:
            _wait_ready(url, server)
            api = _load(url, articles, args)
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
    rows = [[f"HTTP API ({args.clients} clients, {args.workers} worker)", api["ok"], api["errors"],
             api["requests_per_s"], api["p50_s"], api["p95_s"]],
            ["Python API (1 process, sequential)", python["ok"], python["errors"], python["requests_per_s"],
             python["p50_s"], python["p95_s"]]]
    print_table(["how", "checks", "errors", "checks/s", "p50 s", "p95 s"], rows)
    figures = {"api": api, "python": python, "articles": len(articles), "method": args.method,
               "duration_s": args.duration, "machine": machine()}
    print(f"target: 0 errors, p95 under 5 s for an article-sized text on 2 cores (measured on: {figures['machine']})")
    return figures
