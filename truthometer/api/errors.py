"""Every error the API answers, as one JSON shape, OpenAI's: ``{"error": {"message", "type", "code"}}``.

An OpenAI client library reads that shape from any endpoint; the message is ours, never a request's text
or a model endpoint's body (``llm/client.py`` already keeps those out of its messages).
"""
from __future__ import annotations

import logging

from ..errors import InputError, ModelNotAvailable, TruthometerError

log = logging.getLogger("truthometer.api")

#: HTTP status -> the error's ``type`` (OpenAI's names where it has one)
TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
         404: "not_found_error", 408: "timeout_error", 409: "conflict_error", 413: "request_too_large",
         422: "invalid_request_error", 429: "rate_limit_error", 500: "server_error", 502: "upstream_error",
         503: "unavailable_error"}


class ApiError(Exception):
    """An error with its HTTP status, raised by the API's own code."""

    def __init__(self, status: int, message: str, code: str = "", headers: dict | None = None):
        super().__init__(message)
        self.status, self.message, self.code, self.headers = status, message, code, headers or {}


def body(status: int, message: str, code: str = "") -> dict:
    return {"error": {"message": message, "type": TYPES.get(status, "error"), "code": code or None}}


def error_body(exc: BaseException) -> tuple[int, dict]:
    """(HTTP status, JSON body) for any exception: ours say what to fix, others only their kind."""
    from ..llm.client import LLMError

    if isinstance(exc, ApiError):
        return exc.status, body(exc.status, exc.message, exc.code)
    if isinstance(exc, LLMError):  # the model endpoint failed: its message names the endpoint, never its body
        return 502, body(502, str(exc)[:300], "model_endpoint")
    if isinstance(exc, InputError):
        message = str(exc)
        status = 413 if "over the limit" in message else 422
        return status, body(status, message[:500], "bad_input")
    if isinstance(exc, ModelNotAvailable):
        return 503, body(503, str(exc)[:300], "model_not_available")
    if isinstance(exc, TruthometerError):
        return 422, body(422, str(exc)[:500], "bad_input")
    log.error("internal error: %s", type(exc).__name__)
    return 500, body(500, f"internal error ({type(exc).__name__})")
