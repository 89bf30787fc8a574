"""A pure ASGI middleware that bounds a request body before any endpoint sees it.

A declared ``Content-Length`` over the limit is refused at once (413); a chunked body is read up to the
limit and refused past it. The whole body must arrive within ``timeout_s`` (408 otherwise): a client
that trickles its body holds a coroutine, never the check worker, and not for long. The body, once
read, is replayed to the application. Headers are bounded by uvicorn's h11 settings (``cli.py``).
"""
from __future__ import annotations

import json

import anyio

from .errors import body


class BodyLimit:
    def __init__(self, app, max_bytes: int, timeout_s: float):
        self.app, self.max_bytes, self.timeout_s = app, max_bytes, timeout_s

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "DELETE", "OPTIONS"):
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                return await _refuse(send, 400, "Content-Length is not a number")
            if size > self.max_bytes:
                return await _refuse(send, 413, f"the request body is {size:,} bytes, over the limit of "
                                                f"{self.max_bytes:,}")
        chunks, total = [], 0
        try:
            with anyio.fail_after(self.timeout_s):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    chunk = message.get("body", b"")
                    total += len(chunk)
                    if total > self.max_bytes:
                        return await _refuse(send, 413, f"the request body is over the limit of {self.max_bytes:,} "
                                                        "bytes")
                    chunks.append(chunk)
                    if not message.get("more_body"):
                        break
        except TimeoutError:
            return await _refuse(send, 408, f"the request body did not arrive within {self.timeout_s:g} s")
        data = b"".join(chunks)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": data, "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)


async def _refuse(send, status: int, message: str) -> None:
    payload = json.dumps(body(status, message, "request_too_large" if status == 413 else "")).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": payload})
