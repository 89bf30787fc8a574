"""``POST /v1/chat/completions``: a guard in front of an OpenAI-compatible model.

The request is an OpenAI chat-completion request. It is forwarded to the configured model endpoint
(TRUTHOMETER_LLM_URL, TRUTHOMETER_LLM_MODEL, TRUTHOMETER_LLM_KEY, through the address guard:
``llm/client.py``), and the answer is checked against the documents the request carried:

- every message with role ``tool`` (a RAG tool's result),
- every ``system`` message marked ``"context": true`` (the mark is taken off before forwarding),
- the strings of the body's ``context`` list (an OpenAI SDK sends it with ``extra_body``).

``guard`` (a string, or an object with ``mode``, ``method``, ``judge``, ``sources``, ``correct_kinds``)
says what to do with the report: ``report`` (default) returns the model's answer as it came, ``correct``
the answer with the corrections the policy accepts applied (``correct_kinds``: by default every proposed
one), ``block`` a refusal when any sentence is contradicted. The response is an OpenAI chat completion;
the report and what the guard did ride in its extra ``truthometer`` field, which OpenAI client libraries
keep and ignore.
"""
from __future__ import annotations

import time
import uuid
from typing import Any

from .errors import ApiError
from .schemas import ChatRequest, GuardOptions
from .settings import ApiSettings

OURS = {"guard", "context", "model", "messages", "stream"}
REFUSAL = ("I cannot give that answer: {n} of its sentences {verb} contradicted by the documents provided.")


def guard_options(request: ChatRequest) -> GuardOptions:
    if isinstance(request.guard, GuardOptions):
        return request.guard
    return GuardOptions(mode=request.guard or "report")


def split_context(request: ChatRequest, settings: ApiSettings) -> tuple[list[dict], list[tuple[str, str]]]:
    """(the messages to forward, the context documents as (name, text)); 422 for malformed messages."""
    if request.stream:
        raise ApiError(422, "stream is not supported: the guard checks the whole answer before it returns it",
                       "stream_unsupported")
    if len(request.messages) > settings.max_messages:
        raise ApiError(422, f"{len(request.messages)} messages is over the limit of {settings.max_messages}",
                       "too_many_messages")
    forward, documents = [], []
    for number, message in enumerate(request.messages, 1):
        role, content = message.get("role"), _text(message.get("content"))
        if role not in ("system", "user", "assistant", "tool", "developer", "function") or content is None:
            raise ApiError(422, f"message {number}: needs a role and text content", "bad_message")
        marked = message.get("context") is True
        if role == "tool" or (role in ("system", "developer") and marked):
            documents.append((f"message {number}", content))
        forward.append({k: v for k, v in message.items() if k != "context"})
    for number, text in enumerate(request.context or [], 1):
        documents.append((f"context {number}", text))
    if len(documents) > settings.max_references:
        raise ApiError(422, f"{len(documents)} context documents is over the limit of {settings.max_references}",
                       "too_many_references")
    for name, text in documents:
        if len(text) > settings.max_reference_chars:
            raise ApiError(413, f"{name} is over the limit of {settings.max_reference_chars:,} characters",
                           "reference_too_long")
    return forward, documents


def _text(content: Any) -> str | None:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts: the text ones
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return None


def forward(request: ChatRequest, messages: list[dict], timeout: float) -> tuple[str, str, dict]:
    """(the answer's text, the model's name, token usage) from the configured endpoint; LLMError (502) when it
    fails, 503 when none is configured."""
    from ..llm.client import LLMClient, LLMError

    try:
        client = LLMClient(model=request.model or None, timeout=timeout, max_retries=1, call_budget=1)
    except LLMError as exc:
        if "no LLM" in str(exc):
            raise ApiError(503, f"the guard has no model endpoint: {exc}", "no_model_endpoint") from None
        raise
    params = {k: v for k, v in (request.model_extra or {}).items() if k not in OURS}
    answer = client.chat(messages, **params)
    stats = client.stats
    usage = {"prompt_tokens": stats.prompt_tokens, "completion_tokens": stats.completion_tokens,
             "total_tokens": stats.total_tokens}
    return answer, client.model, usage


def work(state, answer: str, documents: list, config, options: GuardOptions):
    """The job: the answer checked; (the report as a dict, the answer with the corrections the policy
    accepts applied)."""
    from ..pipeline import Checker
    from ..report import apply_suggestions, corrected_in_place

    def run(progress):
        state.ready.wait()
        evidence = state.sources(config, "kb" in options.sources, False)
        report = Checker(config, evidence).check(answer, documents, progress=progress)
        kinds = options.correct_kinds
        accepted = {s.index: (s.suggestion.corrected if answer[s.start:s.end] == s.text
                              else corrected_in_place(answer, s, s.suggestion.substitutions))
                    for s in report.sentences
                    if s.suggestion and (kinds is None or all(sub.kind in kinds for sub in s.suggestion.substitutions))}
        return report.to_dict(), apply_suggestions(answer, report.sentences, accepted)

    return run


def completion(answer: str, model: str, usage: dict, options: GuardOptions, report: dict,
               corrected: str) -> tuple[dict, str]:
    """The OpenAI-shaped response, and what the guard did (passed, corrected, blocked)."""
    contradicted = report["stats"].get("contradicted", 0)
    content, action, finish = answer, "passed", "stop"
    if options.mode == "block" and contradicted:
        content, action, finish = REFUSAL.format(n=contradicted, verb="is" if contradicted == 1 else "are"), \
            "blocked", "content_filter"
    elif options.mode == "correct" and corrected and corrected != answer:
        content, action = corrected, "corrected"
    extra = {"guard": options.mode, "action": action, "report": report}
    if action != "passed":
        extra["original"] = answer
    body = {"id": f"chatcmpl-tom-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
            "usage": usage, "truthometer": extra}
    return body, action
