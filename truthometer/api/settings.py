"""The HTTP API's limits and knobs, in one frozen dataclass (``truthometer api`` sets them from its options)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..config import MAX_REFERENCE_CHARS, Config

LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass(frozen=True)
class ApiSettings:
    #: bytes a request body may hold (413 beyond); base64 references count at 4/3 of their size
    max_body_bytes: int = 8 * 1024 * 1024
    #: characters of a text to check (413 beyond); the CLI's limit is larger, but a service answers many
    max_text_chars: int = 100_000
    max_reference_chars: int = MAX_REFERENCE_CHARS
    #: reference documents per check (422 beyond)
    max_references: int = 20
    #: messages in a chat-completion request (422 beyond)
    max_messages: int = 64
    #: texts longer than this run as jobs (202 and a job id) unless the request asks otherwise
    sync_chars: int = 4_000
    #: checks waiting for the worker (503 beyond: the queue is bounded, a burst cannot pile up)
    queue_size: int = 32
    #: a request that waits for its report (sync) is refused with 503 and Retry-After when the checks ahead
    #: of it are expected to take longer than this (seconds; None: only the queue's bound)
    max_wait_s: float | None = 60.0
    #: reports kept for identical requests (0: off); the knowledge base's generation is part of the key
    cache_size: int = 256
    #: finished jobs kept for GET /v1/jobs/{id}, and for how long (seconds)
    keep_jobs: int = 256
    job_ttl_s: float = 3600.0
    #: the SQLite file through which worker processes read each other's jobs (``truthometer api --workers N``
    #: makes one for the server's life; None: one process, no board)
    jobs_board: str | None = None
    #: seconds a client may take to send its body (408 beyond): a slow client holds no worker
    body_timeout_s: float = 30.0
    #: load the models when the server starts (tests of endpoints that need none switch it off)
    warm_up: bool = True

    def with_(self, **changes) -> "ApiSettings":
        return replace(self, **changes)


def is_loopback(host: str | None) -> bool:
    return (host or "") in LOOPBACK or (host or "").startswith("127.")


def base_config() -> Config:
    """The configuration a request's options start from (environment variables applied)."""
    return Config()
