"""An external judge on an OpenAI-compatible server (truthometer/judging/nli/external_http.py), against a
fake server on 127.0.0.1: the prompt, the reading of the answer, the cache, the budget, the timeout, and a
server that is not there."""
from __future__ import annotations

import math
import socket

import numpy as np
import pytest

from fake_llm_server import FakeLLM, Raw, Sleep
from truthometer.config import Config
from truthometer.errors import ConfigError
from truthometer.judging.nli.external import load_external
from truthometer.judging.nli.external_http import SYSTEM_PROMPT, OpenAIJudge, support_probability


def completion(content: str, top: list | None = None) -> Raw:
    choice = {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "length"}
    if top is not None:
        choice["logprobs"] = {"content": [{"token": content, "logprob": 0.0,
                                           "top_logprobs": [{"token": t, "logprob": math.log(p)} for t, p in top]}]}
    return Raw({"id": "x", "object": "chat.completion", "choices": [choice]})


def by_claim(body, index):
    """Yes to a claim with 'blue' in it, No otherwise; with log-probabilities."""
    claim = body["messages"][1]["content"].split("\nClaim: ", 1)[1]
    return completion("Yes", [("Yes", 0.72), ("No", 0.18), ("yes", 0.08)]) if "blue" in claim \
        else completion("No", [("No", 0.9), ("Yes", 0.1)])


def judge(server, tmp_path, **kwargs) -> OpenAIJudge:
    return OpenAIJudge(server.url, "bespoke-minicheck", timeout=kwargs.pop("timeout", 5),
                       allow_hosts=("127.0.0.1",), directory=tmp_path / "cache", **kwargs)


def test_minicheck_prompt_and_yes_against_no(tmp_path):
    with FakeLLM(by_claim) as server:
        reading = judge(server, tmp_path).read(["The sky is blue.", "The sky is blue."],
                                               ["The sky is blue.", "The sky is green."])
        body = server.posts[0]["json"]
    np.testing.assert_allclose(reading.values, [0.8 / 0.98, 0.1])  # yes (either case) against no
    assert reading.notes == [None, None] and reading.calls == 2
    assert body["model"] == "bespoke-minicheck" and body["max_tokens"] == 1 and body["temperature"] == 0
    assert body["logprobs"] is True and body["top_logprobs"] == 5
    assert body["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert body["messages"][1]["content"].startswith("Document: The sky is blue.\nClaim: ")


def test_the_answer_text_where_the_server_gives_no_logprobs():
    assert support_probability("Yes", {}) == 1.0
    assert support_probability(" no.", {"choices": [{"logprobs": None}]}) == 0.0
    assert support_probability("Maybe", {}) is None


def test_an_answer_neither_yes_nor_no_is_not_read(tmp_path):
    with FakeLLM(["Perhaps"]) as server:
        reading = judge(server, tmp_path).read(["a b"], ["c d"])
    assert math.isnan(reading.values[0]) and "neither Yes nor No" in reading.notes[0]


def test_a_second_check_of_the_same_pairs_makes_no_call(tmp_path):
    premises, claims = ["The sky is blue."] * 3, ["The sky is blue.", "It is green.", "The sky is blue."]
    with FakeLLM(by_claim) as server:
        first = judge(server, tmp_path).read(premises, claims)
        assert len(server.posts) == 2  # the repeated pair is asked once
        again = judge(server, tmp_path).read(premises, claims)  # a new process: the cache is on disk
        assert len(server.posts) == 2
    np.testing.assert_array_equal(first.values, again.values)
    assert again.cached == 3 and again.calls == 0
    other = OpenAIJudge("http://127.0.0.1:9", "another-model", allow_hosts=("127.0.0.1",),
                        directory=tmp_path / "cache")
    assert other.read(premises[:1], claims[:1]).cached == 0  # keyed by the model too


def test_the_call_budget_is_per_check_and_spent_in_order(tmp_path):
    claims = [f"claim {k} blue" for k in range(5)]
    with FakeLLM(by_claim) as server:
        j = judge(server, tmp_path, budget=2)
        j.new_check()
        reading = j.read(["doc"] * 5, claims)
        assert len(server.posts) == 2
        assert [n is None for n in reading.notes] == [True, True, False, False, False]
        assert "budget of 2 calls a check is spent" in reading.notes[2]
        j.new_check()
        again = j.read(["doc"] * 5, claims)
        assert len(server.posts) == 4 and again.cached == 2
        assert [n is None for n in again.notes] == [True, True, True, True, False]


def test_a_server_too_slow_leaves_the_pair_unread(tmp_path):
    with FakeLLM([Sleep(3, "Yes")]) as server:
        reading = judge(server, tmp_path, timeout=0.3).read(["a b"], ["c d"])
    assert math.isnan(reading.values[0])
    assert "unreachable" in reading.notes[0] and "0.3 s" in reading.notes[0]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_server_notes_every_pair(tmp_path):
    j = OpenAIJudge(f"http://127.0.0.1:{_closed_port()}", "m", timeout=1, allow_hosts=("127.0.0.1",),
                    directory=tmp_path)
    reading = j.read(["a", "b", "c"], ["x y", "y z", "z w"])
    assert np.isnan(reading.values).all()
    assert len(set(reading.notes)) == 1 and "unreachable" in reading.notes[0]


def test_the_address_guard_refuses_a_loopback_server_not_allowed(tmp_path):
    with FakeLLM(["Yes"]) as server:
        reading = OpenAIJudge(server.url, "m", directory=tmp_path).read(["a b"], ["c d"])
        assert not server.posts
    assert "address guard" in reading.notes[0] and "TRUTHOMETER_EXTERNAL_ALLOW_HOSTS" in reading.notes[0]


def test_configured_through_config(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_CACHE", str(tmp_path))
    with pytest.raises(ConfigError, match="--external-model"):
        load_external(Config(external_judge="openai:http://127.0.0.1:1"))
    with pytest.raises(ConfigError, match="not an http"):
        load_external(Config(external_judge="openai:ftp://x", external_model="m"))
    j = load_external(Config(external_judge="openai:http://127.0.0.1:1", external_model="m", external_budget=7,
                             external_allow_hosts=("127.0.0.1",)))
    assert j.budget == 7 and j.cache.directory == tmp_path / "external_judge"
