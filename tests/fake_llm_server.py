"""A scripted fake OpenAI-compatible chat server on 127.0.0.1 for the LLM tests.

    with FakeLLM(["first answer", "second answer"]) as llm:
        client = LLMClient(llm.url, "fake", timeout=1, allow_hosts=["127.0.0.1"])
        ...
        llm.requests[0]["json"]["messages"], llm.requests[0]["headers"]

Each POST to /v1/chat/completions takes the next scripted response (the last one repeats when the script
runs out). A response is a string (the assistant's content), or one of ``Garbage`` (raw body),
``Status`` (an HTTP error), ``Sleep`` (wait, then answer), ``Raw`` (any JSON); or the script is a
callable ``(request_json, call_index) -> response``.
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


@dataclass
class Garbage:
    body: str = "<html>this is not JSON</html>"
    status: int = 200


@dataclass
class Status:
    code: int
    body: str = '{"error": {"message": "scripted failure"}}'
    headers: dict | None = None


@dataclass
class Sleep:
    seconds: float
    then: Any = "too late"


@dataclass
class Raw:
    data: Any


class FakeLLM:
    def __init__(self, script: list | Callable[[dict, int], Any], usage: bool = True):
        self.script = script
        self.usage = usage
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_GET(self):
                with fake._lock:
                    fake.requests.append({"method": "GET", "path": self.path, "headers": dict(self.headers),
                                          "json": None})
                self._send(200, json.dumps({"object": "list", "data": [{"id": "fake-model"}]}))

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                with fake._lock:
                    index = sum(1 for r in fake.requests if r["method"] == "POST")
                    fake.requests.append({"method": "POST", "path": self.path, "headers": dict(self.headers),
                                          "json": body})
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, '{"error": "not found"}')
                    return
                response = fake._response(body, index)
                while isinstance(response, Sleep):
                    time.sleep(response.seconds)
                    response = response.then
                try:
                    if isinstance(response, Garbage):
                        self._send(response.status, response.body, "text/html")
                    elif isinstance(response, Status):
                        self._send(response.code, response.body, headers=response.headers)
                    elif isinstance(response, Raw):
                        self._send(200, json.dumps(response.data))
                    else:
                        self._send(200, json.dumps(fake._completion(str(response), body)))
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            def _send(self, code, text, content_type="application/json", headers=None):
                data = text.encode("utf-8")
                self.send_response(code)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            block_on_close = False  # a sleeping handler must not hold up the test's teardown

            def handle_error(self, request, client_address):
                pass

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _response(self, body, index):
        if callable(self.script):
            return self.script(body, index)
        if not self.script:
            return Status(500, '{"error": "empty script"}')
        return self.script[min(index, len(self.script) - 1)]

    def _completion(self, content: str, body) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": "chatcmpl-fake", "object": "chat.completion", "created": 0,
            "model": (body or {}).get("model", "fake"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}
        if self.usage:
            prompt = sum(len(m.get("content", "").split()) for m in (body or {}).get("messages", []))
            data["usage"] = {"prompt_tokens": prompt, "completion_tokens": len(content.split()),
                             "total_tokens": prompt + len(content.split())}
        return data

    @property
    def posts(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["method"] == "POST"]

    def start(self) -> "FakeLLM":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> "FakeLLM":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


if __name__ == "__main__":  # a manual server: python tests/fake_llm_server.py "answer 1" "answer 2"
    import sys

    with FakeLLM(sys.argv[1:] or ["Hello."]) as llm:
        print(llm.url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
