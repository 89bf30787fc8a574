"""`python -m truthometer api`: serve the HTTP API with uvicorn (on 127.0.0.1 unless told otherwise).

uvicorn's own access log is off: it would write query strings (a knowledge-base search's words); the
API logs one line per request with an id, the path, the status and sizes instead. A slow client is
bounded by uvicorn's keep-alive timeout and h11's header-size limit, and by the API's body timeout
(``limits.py``); ``--max-connections`` bounds concurrent connections (503 beyond).
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import sys
import tempfile

from ..errors import InputError
from .settings import ApiSettings, is_loopback

ENV_SETTINGS = "TRUTHOMETER_API_SETTINGS"
#: Torch threads per worker process, set by ``run`` for the workers it starts.
ENV_THREADS = "TRUTHOMETER_API_THREADS"


def register(subparsers) -> None:
    defaults = ApiSettings()
    p = subparsers.add_parser(
        "api", help="serve the HTTP API (check, jobs, knowledge base, an OpenAI-compatible guard)",
        description="Serve the HTTP API: OpenAPI at /docs; see docs/api.md. With no users configured it runs "
                    "single-user (no token) and listens on loopback only; with users, every request needs a token "
                    "(`truthometer users token NAME`).")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (beyond loopback only with users)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, default=1, help="worker processes; each loads the models once")
    p.add_argument("--threads", type=int, default=None, metavar="N",
                   help="torch threads per worker (default: the cores shared among the workers)")
    p.add_argument("--max-body", type=int, default=defaults.max_body_bytes, metavar="BYTES",
                   help="largest request body (413 beyond)")
    p.add_argument("--max-text", type=int, default=defaults.max_text_chars, metavar="CHARS",
                   help="longest text to check (413 beyond)")
    p.add_argument("--max-references", type=int, default=defaults.max_references, metavar="N",
                   help="references per request (422 beyond)")
    p.add_argument("--sync-chars", type=int, default=defaults.sync_chars, metavar="CHARS",
                   help="texts longer than this run as jobs (202 and a job id)")
    p.add_argument("--queue", type=int, default=defaults.queue_size, metavar="N",
                   help="checks waiting per worker (503 beyond)")
    p.add_argument("--max-wait", type=float, default=defaults.max_wait_s, metavar="SECONDS",
                   help="refuse a sync check (503, Retry-After) when the checks ahead would take longer; 0: no bound "
                        "but the queue's")
    p.add_argument("--cache", type=int, default=defaults.cache_size, metavar="N",
                   help="reports kept for identical requests, invalidated by any knowledge-base change (0: off)")
    p.add_argument("--max-connections", type=int, default=64, metavar="N",
                   help="concurrent connections per worker (503 beyond)")
    p.add_argument("--kb", metavar="DIR", help="knowledge base directory or postgresql:// URL (default: $TRUTHOMETER_KB)")
    p.add_argument("--no-warm-up", action="store_true", help="load the models on the first check, not at start")
    p.set_defaults(func=run)


def settings_from(args) -> ApiSettings:
    if args.threads is not None and args.threads < 1:
        raise InputError("--threads must be at least 1")
    for name in ("max_body", "max_text", "max_references", "sync_chars", "queue", "port", "workers",
                 "max_connections"):
        if getattr(args, name) < 1:
            raise InputError(f"--{name.replace('_', '-')} must be at least 1")
    if args.max_wait < 0 or args.cache < 0:
        raise InputError("--max-wait and --cache must not be negative")
    return ApiSettings(max_body_bytes=args.max_body, max_text_chars=args.max_text,
                       max_references=args.max_references, sync_chars=args.sync_chars, queue_size=args.queue,
                       max_wait_s=args.max_wait or None, cache_size=args.cache, warm_up=not args.no_warm_up)


def app_from_env():
    """The app a uvicorn worker process builds (``--workers N``): its settings come in an environment variable."""
    from .app import create_app

    # Here, not in run(): each worker process of --workers N builds its own app and needs its own handler.
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    logging.getLogger("truthometer.api").setLevel(logging.INFO)  # ours: ids and sizes; others' only warnings
    given = json.loads(os.environ.get(ENV_SETTINGS) or "{}")
    if os.environ.get(ENV_THREADS):
        import torch

        torch.set_num_threads(int(os.environ[ENV_THREADS]))
    return create_app(ApiSettings(**given))


def threads_per_worker(workers: int, threads: int | None = None) -> int:
    """Torch threads for each of ``workers`` processes: ``threads``, or the cores shared among them.

    Two workers whose pools each took both cores checked 16 clients' articles at 1.5 checks/s (their threads
    waited on each other); two of one thread each did 5.8 to 7.0 against one worker's 3.3 (docs/benchmarks.md,
    2026-12-02): a check is half spaCy and Python, which one process runs on one core."""
    if threads is not None:
        return threads
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores // max(1, workers))


def run(args) -> int:
    import uvicorn

    settings = settings_from(args)
    if args.kb:
        os.environ["TRUTHOMETER_KB"] = args.kb
    from ..auth.users import UserFile

    if not is_loopback(args.host) and not UserFile.for_config().configured():
        raise InputError(f"no users are configured: the API runs single-user and listens on loopback only; add users "
                         f"(`truthometer users add NAME --role editor`) and tokens before --host {args.host}")
    board_dir = None
    if args.workers > 1:  # a poll may reach any worker: they share their jobs through one file
        board_dir = tempfile.mkdtemp(prefix="truthometer-api-jobs-")
        settings = settings.with_(jobs_board=os.path.join(board_dir, "jobs.sqlite3"))
    os.environ[ENV_SETTINGS] = json.dumps(dataclasses.asdict(settings))
    if args.workers > 1 or args.threads is not None:  # one worker alone keeps torch's own choice
        threads = str(threads_per_worker(args.workers, args.threads))
        os.environ[ENV_THREADS] = threads
        # The workers inherit these before numpy and torch start their pools. Setting torch's threads alone
        # left numpy's OpenBLAS and OpenMP at both cores per worker: 1.5 checks/s, against 5.8-7.0 with all
        # three at one thread (docs/benchmarks.md, 2026-12-02).
        for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(name, threads)
    print(f"Truth-O-Meter API on http://{args.host}:{args.port} (OpenAPI at /docs)", file=sys.stderr)
    try:
        uvicorn.run("truthometer.api.cli:app_from_env", factory=True, host=args.host, port=args.port,
                    workers=args.workers, access_log=False, timeout_keep_alive=5,
                    limit_concurrency=args.max_connections, h11_max_incomplete_event_size=16 * 1024,
                    timeout_graceful_shutdown=10, log_level="info")
    finally:
        if board_dir is not None:
            shutil.rmtree(board_dir, ignore_errors=True)
    return 0
