"""A real API server for the tests: uvicorn on 127.0.0.1, a free port, in a thread, stopped at the end."""
from __future__ import annotations

import socket
import threading
import time

import requests
import uvicorn


class Server:
    def __init__(self, app):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = app
        self._server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                     access_log=False, lifespan="on", timeout_keep_alive=5))
        self._thread = threading.Thread(target=self._server.run, name="api-test-server", daemon=True)

    def __enter__(self) -> "Server":
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the API server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self._server.should_exit = True
        self._thread.join(30)
        assert not self._thread.is_alive(), "the API server did not stop"

    def call(self, method: str, path: str, token: str | None = None, **kwargs) -> requests.Response:
        headers = dict(kwargs.pop("headers", {}) or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return requests.request(method, self.url + path, headers=headers, timeout=kwargs.pop("timeout", 300), **kwargs)
