"""A small Python client for the HTTP API (``truthometer api``), on ``requests``.

    from truthometer.client import Client
    api = Client("http://127.0.0.1:8000", token="tom_...")      # no token for a single-user server
    report = api.check(text, references=[("manual.md", manual_text), Path("notes.txt")])
    saved = api.check(text, references=[...], save=True)["saved_check"]["id"]    # on the review desk
    api.decide(saved, sentence=0, action="accept")
    api.kb_search("When was the Eiffel Tower completed?")
    api.chat([{"role": "tool", "content": doc}, {"role": "user", "content": "..."}], guard="correct")

A long text is a job: ``check`` waits for it (polling) unless ``wait=False``, which returns the job.
Every error answer is an ``ApiError`` with its HTTP status, code and the server's message.
"""
from __future__ import annotations

import base64
import time
from pathlib import Path
from typing import Any, Iterable

import requests

from ..errors import TruthometerError


class ApiError(TruthometerError):
    def __init__(self, status: int, message: str, code: str | None = None):
        super().__init__(f"HTTP {status}: {message}")
        self.status, self.message, self.code = status, message, code


class Client:
    def __init__(self, base_url: str = "http://127.0.0.1:8000", token: str | None = None, timeout: float = 300,
                 session: requests.Session | None = None):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = session or requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def __repr__(self) -> str:  # never shows the token
        return f"Client({self.base_url!r})"

    # -- checks ------------------------------------------------------------------------------------
    def check(self, text: str, references: Iterable = (), method: str | None = None, judge: str | None = None,
              sources: list[str] | None = None, mode: str = "auto", wait: bool = True, poll: float = 0.5,
              wait_s: float = 3600, save: bool = False, title: str | None = None) -> dict[str, Any]:
        """The report (``Report.to_dict``); with ``wait=False`` a job that was started: ``{"job": id, ...}``.
        With ``save``, the check is stored as a saved check too: ``report["saved_check"]["id"]``."""
        options: dict[str, Any] = {}
        if method:
            options["method"] = method
        if judge:
            options["judge"] = judge
        if sources is not None:
            options["sources"] = list(sources)
        payload = {"text": text, "references": [_reference(r) for r in references], "options": options, "mode": mode}
        if save:
            payload["save"] = True
            if title:
                payload["title"] = title
        response = self._call("POST", "/v1/check", json=payload)
        if response.status_code != 202:
            return response.json()
        job = response.json()
        return self.wait(job["job"], poll, wait_s) if wait else job

    def job(self, job_id: str) -> dict[str, Any]:
        return self._call("GET", f"/v1/jobs/{job_id}").json()

    def cancel(self, job_id: str) -> dict[str, Any]:
        return self._call("DELETE", f"/v1/jobs/{job_id}").json()

    def wait(self, job_id: str, poll: float = 0.5, wait_s: float = 3600) -> dict[str, Any]:
        """A job's report once it is done; ApiError when it failed or was cancelled."""
        deadline = time.monotonic() + wait_s
        while True:
            job = self.job(job_id)
            if job["status"] == "done":
                return job["result"]
            if job["status"] in ("failed", "cancelled"):
                error = job.get("error") or {}
                raise ApiError(int(error.get("status", 409)), error.get("message", f"job {job['status']}"),
                               error.get("code"))
            if time.monotonic() > deadline:
                raise ApiError(408, f"job {job_id} did not finish within {wait_s:g} s", "client_timeout")
            time.sleep(poll)

    # -- saved checks ------------------------------------------------------------------------------
    def saved_checks(self, limit: int = 50, offset: int = 0, author: str | None = None) -> list[dict[str, Any]]:
        params = {"limit": limit, "offset": offset, **({"author": author} if author else {})}
        return self._call("GET", "/v1/checks", params=params).json()["checks"]

    def saved_check(self, check_id: int) -> dict[str, Any]:
        """A saved check as `checks export` writes it."""
        return self._call("GET", f"/v1/checks/{int(check_id)}").json()

    def decide(self, check_id: int, sentence: int, action: str, text: str = "") -> dict[str, Any]:
        """A reviewer's decision (accept | edit | reject) on one sentence's proposal of a saved check."""
        return self._call("POST", f"/v1/checks/{int(check_id)}/decisions",
                          json={"sentence": int(sentence), "action": action, "text": text}).json()

    # -- knowledge base ----------------------------------------------------------------------------
    def kb_search(self, query: str, k: int = 4, status: str = "approved") -> list[dict[str, Any]]:
        return self._call("GET", "/v1/kb/search", params={"q": query, "k": k, "status": status}).json()["results"]

    def kb_add(self, text: str, source: str = "api", locator: str = "", confidence: float = 1.0,
               status: str = "pending") -> dict[str, Any]:
        return self._call("POST", "/v1/kb/entries", json={"text": text, "source": source, "locator": locator,
                                                         "confidence": confidence, "status": status}).json()

    def approve(self, entry_id: int) -> dict[str, Any]:
        return self._call("POST", f"/v1/kb/entries/{int(entry_id)}/approve").json()

    def reject(self, entry_id: int) -> dict[str, Any]:
        return self._call("POST", f"/v1/kb/entries/{int(entry_id)}/reject").json()

    # -- the guard ---------------------------------------------------------------------------------
    def chat(self, messages: list[dict], guard: str = "report", context: list[str] | None = None,
             model: str | None = None, **params) -> dict[str, Any]:
        """An OpenAI chat completion through the guard, with ``truthometer`` (the report, the action) in it."""
        payload = {"messages": messages, "guard": guard, **params}
        if context is not None:
            payload["context"] = list(context)
        if model:
            payload["model"] = model
        return self._call("POST", "/v1/chat/completions", json=payload).json()

    def health(self) -> dict[str, Any]:
        return self._call("GET", "/v1/health").json()

    def _call(self, method: str, path: str, **kwargs) -> requests.Response:
        try:
            response = self.session.request(method, self.base_url + path, timeout=self.timeout, **kwargs)
        except requests.RequestException as exc:
            raise ApiError(0, f"cannot reach {self.base_url} ({type(exc).__name__})", "unreachable") from exc
        if response.status_code >= 400:
            try:
                error = response.json().get("error") or {}
            except ValueError:
                error = {}
            raise ApiError(response.status_code, str(error.get("message") or response.reason), error.get("code"))
        return response


def _reference(given) -> Any:
    """A reference for the request: a text, a (name, text) pair, or a file path (sent as base64)."""
    if isinstance(given, Path):
        return {"name": given.name, "content_base64": base64.b64encode(given.read_bytes()).decode("ascii")}
    if isinstance(given, tuple):
        name, text = given
        return {"name": str(name), "text": text}
    return given
