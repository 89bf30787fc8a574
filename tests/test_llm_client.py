"""The OpenAI-compatible client against a scripted fake server: headers, retries, timeouts, garbage, budget."""
import socket

import pytest

from fake_llm_server import FakeLLM, Garbage, Raw, Sleep, Status
from truthometer.errors import TruthometerError
from truthometer.llm import (LLMBadResponse, LLMBudgetExhausted, LLMClient, LLMError, LLMUnavailable,
                             chat_endpoint)


def fast_client(url, **kw):
    kw.setdefault("allow_hosts", ("127.0.0.1",))  # the fake server is local: allowed by name
    kw.setdefault("timeout", 2)
    kw.setdefault("backoff", 0.01)
    return LLMClient(url, "fake-model", **kw)


def test_endpoint_url_forms():
    assert chat_endpoint("http://h:11434") == "http://h:11434/v1/chat/completions"
    assert chat_endpoint("http://h:11434/v1/") == "http://h:11434/v1/chat/completions"
    assert chat_endpoint("https://api.x.com/openai/v1") == "https://api.x.com/openai/v1/chat/completions"
    assert chat_endpoint("http://h/v1/chat/completions") == "http://h/v1/chat/completions"


def test_answer_without_key_sends_no_authorization_and_counts_usage(monkeypatch):
    monkeypatch.delenv("TRUTHOMETER_LLM_KEY", raising=False)
    with FakeLLM(["  <think>secret reasoning</think>Paris is the capital of France.  "]) as llm:
        client = fast_client(llm.url)
        assert client.complete("What is the capital of France?", system="Be brief") == \
            "Paris is the capital of France."
        [post] = llm.posts
        assert post["path"] == "/v1/chat/completions"
        assert "Authorization" not in post["headers"] and "authorization" not in post["headers"]
        assert post["json"]["model"] == "fake-model"
        assert post["json"]["messages"][0] == {"role": "system", "content": "Be brief"}
        assert post["json"]["messages"][1]["content"] == "What is the capital of France?"
    stats = client.stats.to_dict()
    assert stats["calls"] == 1 and stats["retries"] == 0 and stats["usage_reported"]
    assert stats["total_tokens"] == stats["prompt_tokens"] + stats["completion_tokens"] > 0


def test_key_is_sent_as_bearer_and_never_shown():
    with FakeLLM(["ok"]) as llm:
        client = fast_client(llm.url, api_key="sk-test-123")
        client.complete("hi")
        assert llm.posts[0]["headers"]["Authorization"] == "Bearer sk-test-123"
    assert "sk-test-123" not in repr(client) and "sk-test-123" not in str(client.stats.to_dict())


def test_configuration_from_environment(monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_LLM_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("TRUTHOMETER_LLM_MODEL", "env-model")
    monkeypatch.setenv("TRUTHOMETER_LLM_KEY", "env-key")
    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", " localhost, 127.0.0.1 ,")
    client = LLMClient()
    assert client.model == "env-model" and client.url == "http://127.0.0.1:9/v1/chat/completions"
    assert client.headers()["Authorization"] == "Bearer env-key"
    assert client.allow_hosts == ("localhost", "127.0.0.1")
    assert LLMClient(allow_hosts=()).allow_hosts == ()  # an argument overrides the environment
    assert LLMClient.configured()
    monkeypatch.delenv("TRUTHOMETER_LLM_URL")
    assert not LLMClient.configured()
    with pytest.raises(LLMError, match="no LLM endpoint"):
        LLMClient()
    with pytest.raises(LLMError, match="not an http"):
        LLMClient("ftp://x", "m")


def test_retries_server_errors_and_rate_limits_then_succeeds():
    with FakeLLM([Status(500), Status(429, headers={"Retry-After": "0"}), "finally"]) as llm:
        client = fast_client(llm.url, max_retries=2)
        assert client.complete("x") == "finally"
        assert len(llm.posts) == 3
    assert client.stats.retries == 2 and client.stats.calls == 1 and client.stats.attempts == 3


def test_server_errors_past_the_retries_are_unavailable():
    with FakeLLM([Status(503)]) as llm:
        client = fast_client(llm.url, max_retries=1)
        with pytest.raises(LLMUnavailable, match=r"HTTP 503.*after 2 attempts"):
            client.complete("x")
        assert len(llm.posts) == 2
    assert client.stats.failures == 1 and client.stats.calls == 0


def test_timeout_is_a_clear_error():
    with FakeLLM([Sleep(1.5, "late")]) as llm:
        client = fast_client(llm.url, timeout=0.3, max_retries=1)
        with pytest.raises(LLMUnavailable, match="no answer within 0.3 s"):
            client.complete("x")
        assert len(llm.posts) == 2  # the timeout was retried once


def test_unreachable_endpoint():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = fast_client(f"http://127.0.0.1:{port}", max_retries=0)
    with pytest.raises(LLMUnavailable, match="unreachable"):
        client.ping()
    with pytest.raises(LLMUnavailable, match="unreachable"):
        client.complete("x")


@pytest.mark.parametrize("response, message", [
    (Garbage(), "did not return JSON"),
    (Raw({"id": "x", "object": "chat.completion"}), "no choices"),
    (Raw({"choices": [{"message": {"role": "assistant"}}]}), "without text content"),
    (Raw({"error": {"message": "model is loading"}}), "returned an error instead of a completion"),
    (Raw(["not", "an", "object"]), "not an object"),
])
def test_garbage_responses(response, message):
    with FakeLLM([response]) as llm:
        client = fast_client(llm.url, max_retries=2)
        with pytest.raises(LLMBadResponse, match=message) as info:
            client.complete("x")
        assert len(llm.posts) == 1  # garbage is not retried
    assert isinstance(info.value, TruthometerError)


def test_client_errors_are_not_retried_and_explain_the_key():
    with FakeLLM([Status(401, '{"error": "unauthorized"}')]) as llm:
        client = fast_client(llm.url, max_retries=2)
        with pytest.raises(LLMError, match="asks for a key"):
            client.complete("x")
        assert len(llm.posts) == 1


def test_call_budget():
    with FakeLLM(["a", "b", "c"]) as llm:
        client = fast_client(llm.url, call_budget=2)
        client.complete("1")
        client.complete("2")
        with pytest.raises(LLMBudgetExhausted, match="budget of 2 calls"):
            client.complete("3")
        assert len(llm.posts) == 2  # nothing was sent once the budget was spent
    assert client.calls_left == 0
