"""A small client for OpenAI-compatible chat endpoints (Ollama, llama.cpp server, vLLM, OpenAI, ...).

    client = LLMClient("http://127.0.0.1:11434", "llama3.1", allow_hosts=["127.0.0.1"])  # or LLMClient.from_env()
    text = client.complete("Say hello", system="Be brief")
    client.stats.to_dict()   # calls, retries, tokens

Everything the LLM does is optional for Truth-O-Meter: every failure here is an ``LLMError`` (a
``TruthometerError``), which the CLI prints as one line and the iterative mode records as a stop reason.

The endpoint goes through the same address guard as web fetching (``truthometer.netguard``): a host
that resolves to a loopback, private or link-local address is refused unless it is allow-listed by
name (``allow_hosts`` or TRUTHOMETER_LLM_ALLOW_HOSTS), the connection goes to the address that was
checked, redirects are never followed, and no error message shows any part of a response body (the
endpoint may be anything a user typed; its answers are not ours to echo).
"""
from __future__ import annotations

import json
import os
import re
import threading
import time
from dataclasses import asdict, dataclass
from typing import Any, Iterable

import requests

from ..errors import TruthometerError
from ..netguard import GuardError, NonPublicAddress, Unresolvable, guarded_session, split_url

ENV_URL = "TRUTHOMETER_LLM_URL"
ENV_MODEL = "TRUTHOMETER_LLM_MODEL"
ENV_KEY = "TRUTHOMETER_LLM_KEY"
ENV_ALLOW_HOSTS = "TRUTHOMETER_LLM_ALLOW_HOSTS"

# Reasoning models served through Ollama/vLLM may put their chain of thought in the content.
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
# Longest wait a server's Retry-After may impose on us before we give up waiting for it.
MAX_RETRY_AFTER = 10.0


class LLMError(TruthometerError):
    """The LLM endpoint could not give a usable answer."""


class LLMUnavailable(LLMError):
    """Connection refused, timed out, or the server kept failing (5xx/429) after the retries."""


class LLMBadResponse(LLMError):
    """The endpoint answered, but not with an OpenAI-compatible chat completion."""


class LLMRefused(LLMError):
    """The endpoint's URL or address is refused by the address guard; the message says how to allow it."""


class LLMBudgetExhausted(LLMError):
    """The per-run call budget is spent; no more calls are made."""


@dataclass
class LLMStats:
    """What a run cost: calls asked for, HTTP attempts, retries, failures and tokens (when reported)."""

    calls: int = 0  # chat calls that returned an answer
    attempts: int = 0  # HTTP requests sent, retries included
    retries: int = 0
    failures: int = 0  # chat calls that ended in an LLMError
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    usage_reported: bool = False  # whether the server reported token usage at least once

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def allow_hosts_from_env() -> tuple[str, ...]:
    """The host names in TRUTHOMETER_LLM_ALLOW_HOSTS (comma-separated)."""
    return tuple(h.strip() for h in os.environ.get(ENV_ALLOW_HOSTS, "").split(",") if h.strip())


def chat_endpoint(base_url: str) -> str:
    """The chat-completions URL for a base URL given with or without ``/v1`` or the full path."""
    url = base_url.strip().rstrip("/")
    if url.endswith("/chat/completions"):
        return url
    if re.search(r"/v\d+$", url):
        return url + "/chat/completions"
    return url + "/v1/chat/completions"


class LLMClient:
    """OpenAI-compatible ``/v1/chat/completions`` with timeouts, retries, a call budget and counts.

    ``call_budget`` counts chat calls (a call's retries are not charged again); when it is spent,
    ``LLMBudgetExhausted`` is raised before anything is sent. No Authorization header is sent without
    a key, so local servers that ask for none work as they are. A local or private endpoint must be
    allow-listed by host name: ``allow_hosts``, or TRUTHOMETER_LLM_ALLOW_HOSTS when it is None.
    """

    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 timeout: float = 30, max_retries: int = 2, backoff: float = 0.5, call_budget: int = 20,
                 temperature: float = 0.0, max_tokens: int | None = None,
                 allow_hosts: Iterable[str] | None = None):
        base_url = base_url or os.environ.get(ENV_URL)
        model = model or os.environ.get(ENV_MODEL)
        if api_key is None:
            api_key = os.environ.get(ENV_KEY) or None
        if not base_url:
            raise LLMError(f"no LLM endpoint configured: give a base URL (--llm-url) or set {ENV_URL}")
        if not re.match(r"^https?://", base_url.strip(), re.IGNORECASE):
            raise LLMError(f"LLM endpoint {base_url!r} is not an http(s) URL")
        try:
            split_url(base_url.strip())
        except GuardError as exc:
            raise LLMRefused(f"LLM endpoint: {exc}") from exc
        if not model:
            raise LLMError(f"no LLM model configured: give a model name (--model) or set {ENV_MODEL}")
        if timeout <= 0 or max_retries < 0 or backoff < 0 or call_budget < 0:
            raise LLMError("LLM client: timeout must be > 0; retries, backoff and call budget >= 0")
        self.base_url = base_url.strip().rstrip("/")
        self.url = chat_endpoint(self.base_url)
        self.model = model
        self._key = api_key
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.backoff = float(backoff)
        self.call_budget = int(call_budget)
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.stats = LLMStats()
        self.allow_hosts = tuple(allow_hosts) if allow_hosts is not None else allow_hosts_from_env()
        self._session = guarded_session(self.allow_hosts)
        self._lock = threading.Lock()
        self._in_flight = 0  # calls sent but not finished: they hold their place in the budget

    @classmethod
    def from_env(cls, **overrides) -> "LLMClient":
        """A client configured from TRUTHOMETER_LLM_URL / _MODEL / _KEY / _ALLOW_HOSTS (arguments override)."""
        return cls(**overrides)

    @classmethod
    def configured(cls) -> bool:
        """Whether the environment names an endpoint and a model (the app shows LLM actions only then)."""
        return bool(os.environ.get(ENV_URL) and os.environ.get(ENV_MODEL))

    def __repr__(self) -> str:  # never shows the key
        return f"LLMClient({self.base_url!r}, model={self.model!r}, key={'yes' if self._key else 'no'})"

    @property
    def calls_left(self) -> int:
        return max(0, self.call_budget - self.stats.calls - self.stats.failures - self._in_flight)

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        return headers

    # -- calls -------------------------------------------------------------------------------------
    def complete(self, prompt: str, system: str | None = None, **params) -> str:
        messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": prompt}]
        return self.chat(messages, **params)

    def chat(self, messages: list[dict[str, str]], **params) -> str:
        """The assistant's reply to ``messages`` (reasoning blocks removed, whitespace trimmed)."""
        return self.chat_completion(messages, **params)[0]

    def chat_completion(self, messages: list[dict[str, str]], **params) -> tuple[str, dict[str, Any]]:
        """The reply as ``chat`` gives it, and the whole completion beside it (its logprobs, for a judge)."""
        with self._lock:
            if self.calls_left <= 0:
                raise LLMBudgetExhausted(f"LLM call budget of {self.call_budget} calls is spent for this run")
            self._in_flight += 1
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature,
                                "stream": False}
        if self.max_tokens:
            body["max_tokens"] = self.max_tokens
        body.update(params)
        try:
            data = self._post(body)
            text = self._content(data)
        except BaseException:
            with self._lock:
                self._in_flight -= 1
                self.stats.failures += 1
            raise
        with self._lock:
            self._in_flight -= 1
            self.stats.calls += 1
            self._count_usage(data.get("usage"))
        return text, data

    def ping(self) -> None:
        """Fail fast when nothing listens at the endpoint; any HTTP answer counts as reachable."""
        models_url = self.url[: -len("/chat/completions")] + "/models"
        try:
            self._session.get(models_url, headers=self.headers(), timeout=self.timeout, allow_redirects=False)
        except GuardError as exc:
            raise self._guard_error(exc) from exc
        except requests.Timeout as exc:
            raise LLMUnavailable(f"LLM endpoint {self.base_url} did not answer within {self.timeout:g} s") from exc
        except requests.RequestException as exc:
            raise LLMUnavailable(f"LLM endpoint {self.base_url} is unreachable ({_short(exc)})") from exc

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        last = ""
        for attempt in range(self.max_retries + 1):
            if attempt:
                with self._lock:
                    self.stats.retries += 1
            with self._lock:
                self.stats.attempts += 1
            wait = self.backoff * (2 ** attempt)
            try:
                response = self._session.post(self.url, json=body, headers=self.headers(), timeout=self.timeout,
                                              allow_redirects=False)
            except Unresolvable as exc:  # as a refused connection: may be back on the next attempt
                last = f"unreachable ({exc})"
            except GuardError as exc:
                raise self._guard_error(exc) from exc
            except requests.Timeout:
                last = f"no answer within {self.timeout:g} s"
            except requests.RequestException as exc:
                last = f"unreachable ({_short(exc)})"
            else:
                status = response.status_code
                if status == 429 or status >= 500:
                    last = f"HTTP {status}"
                    wait = max(wait, _retry_after(response))
                elif 300 <= status < 400:
                    # Following it would take the request, key included, wherever the answer says.
                    raise LLMBadResponse(f"LLM endpoint {self.base_url}: HTTP {status}, a redirect; redirects are "
                                         f"not followed: give the endpoint's final URL (--llm-url or {ENV_URL})")
                elif status >= 400:
                    raise LLMError(_client_error(status, self))
                else:
                    return _json(response, self)
            if attempt < self.max_retries:
                time.sleep(wait)
        tries = self.max_retries + 1
        raise LLMUnavailable(f"LLM endpoint {self.base_url}: {last} (after {tries} attempt{'s' * (tries > 1)})")

    def _guard_error(self, exc: GuardError) -> LLMError:
        where = f"LLM endpoint {self.base_url}"
        if isinstance(exc, NonPublicAddress):
            return LLMRefused(f"{where} refused: {exc}; if this endpoint is yours, allow its host by name: "
                              f"set {ENV_ALLOW_HOSTS}={exc.host} (a comma-separated list of host names)")
        if isinstance(exc, Unresolvable):
            return LLMUnavailable(f"{where} is unreachable ({exc})")
        return LLMRefused(f"{where} refused: {exc}")

    def _content(self, data: dict[str, Any]) -> str:
        choices = data.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            error = data.get("error")
            if error:  # its text is the server's, not shown: see the module docstring
                raise LLMBadResponse(f"LLM endpoint {self.base_url} returned an error instead of a completion "
                                     f"(check the model name {self.model!r} and the server's log)")
            raise LLMBadResponse(f"LLM endpoint {self.base_url} returned no choices (not an OpenAI-compatible "
                                 "chat completion)")
        message = choices[0].get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if content is None and isinstance(choices[0].get("text"), str):  # completion-style servers
            content = choices[0]["text"]
        if isinstance(content, list):  # content parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        if not isinstance(content, str):
            raise LLMBadResponse(f"LLM endpoint {self.base_url} returned a choice without text content")
        return _THINK.sub("", content).strip()

    def _count_usage(self, usage: Any) -> None:
        if not isinstance(usage, dict):
            return
        found = False
        for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
            value = usage.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                setattr(self.stats, key, getattr(self.stats, key) + value)
                found = True
        if found and not isinstance(usage.get("total_tokens"), int):
            self.stats.total_tokens = self.stats.prompt_tokens + self.stats.completion_tokens
        self.stats.usage_reported = self.stats.usage_reported or found


def _json(response: requests.Response, client: LLMClient) -> dict[str, Any]:
    try:
        data = response.json()
    except (ValueError, json.JSONDecodeError) as exc:
        raise LLMBadResponse(f"LLM endpoint {client.base_url} did not return JSON (HTTP {response.status_code}); "
                             f"is it an OpenAI-compatible endpoint? Check --llm-url or {ENV_URL}") from exc
    if not isinstance(data, dict):
        raise LLMBadResponse(f"LLM endpoint {client.base_url} returned JSON that is not an object")
    return data


def _client_error(status: int, client: LLMClient) -> str:
    where = f"LLM endpoint {client.base_url}"
    if status in (401, 403):
        hint = "it asks for a key: give --api-key or set " + ENV_KEY if not client._key else "the key was refused"
        return f"{where}: HTTP {status}, {hint}"
    if status == 404:
        return f"{where}: HTTP 404 at {client.url} (wrong URL, or model {client.model!r} not found)"
    return (f"{where}: HTTP {status}, the request was refused (check the model name {client.model!r} and "
            "that the endpoint is OpenAI-compatible)")


def _retry_after(response: requests.Response) -> float:
    try:
        return min(MAX_RETRY_AFTER, max(0.0, float(response.headers.get("Retry-After", 0))))
    except ValueError:
        return 0.0


def _short(exc: Exception) -> str:
    text = str(exc)
    # requests nests the reason deep in its message; the last part is the useful one.
    match = re.search(r"\[Errno -?\d+\][^'\")]*|Connection refused|Name or service not known", text)
    return match.group(0) if match else type(exc).__name__
