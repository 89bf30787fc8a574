"""An external judge on an OpenAI-compatible server (``external.py``): Bespoke-MiniCheck-7B under Ollama
or vLLM, or any chat model, asked MiniCheck's grounding question.

Each pair is one chat completion with MiniCheck's system prompt and "Document: {premise}\\nClaim: {claim}"
(``minicheck/utils.py``), one token long. P(supported) is the probability of "Yes" against "No" among the
first token's top log-probabilities where the server gives them (vLLM does), else the answer itself: Yes
1, No 0. Pairs go out a few at a time (``CONCURRENT``), through ``llm.LLMClient``: the address guard, a
timeout, no redirects followed. Answers are cached on disk by the sha256 of the model, the prompt and the
pair, so a second check of the same pairs makes no call. At most ``budget`` calls a check (``new_check``;
a cached pair costs none): the pairs past it, in order, are not sent. A pair not read has a note, and the
bundled judge's reading stands.
"""
from __future__ import annotations

import contextvars
import hashlib
import json
import math
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ...config import cache_dir
from ...errors import ConfigError
from .external import Reading

SYSTEM_PROMPT = ("Determine whether the provided claim is consistent with the corresponding document. Consistency "
                 "in this context implies that all information presented in the claim is substantiated by the "
                 "document. If not, it should be considered inconsistent. Please assess the claim's consistency "
                 "with the document by responding with either \"Yes\" or \"No\".")
USER_PROMPT = "Document: {document}\nClaim: {claim}"
#: Bumped when the prompt or the reading of the answer changes: cached answers of another version are not read.
PROMPT_VERSION = "minicheck-1"
#: Calls in flight at once (a server batches concurrent requests: vLLM continuously, Ollama with
#: OLLAMA_NUM_PARALLEL).
CONCURRENT = 4
ENV_KEY = "TRUTHOMETER_EXTERNAL_KEY"
#: Where the answers are cached (default: external_judge/ in the project's cache directory).
ENV_CACHE = "TRUTHOMETER_EXTERNAL_CACHE"

class _Budget:
    def __init__(self, calls: int):
        self.left = calls
        self.lock = threading.Lock()

    def take(self, wanted: int) -> int:
        with self.lock:
            granted = max(0, min(wanted, self.left))
            self.left -= granted
            return granted


def cache_key(model: str, premise: str, hypothesis: str) -> str:
    text = json.dumps([PROMPT_VERSION, model, premise, hypothesis], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class AnswerCache:
    """P(supported) by key, one small JSON file each (written whole, then renamed into place)."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> float | None:
        try:
            value = json.loads(self._path(key).read_text(encoding="utf-8")).get("p")
        except (OSError, ValueError, AttributeError):
            return None
        return float(value) if isinstance(value, (int, float)) and 0 <= value <= 1 else None

    def put(self, key: str, p: float) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
            partial.write_text(json.dumps({"p": p}), encoding="utf-8")
            os.replace(partial, path)
        except OSError:
            pass  # a cache that cannot be written only costs calls


def support_probability(text: str, data: dict) -> float | None:
    """P(supported) from a completion: Yes against No in the first token's top log-probabilities, else the
    answer's first word; None when it is neither."""
    try:
        top = data["choices"][0]["logprobs"]["content"][0]["top_logprobs"]
    except (KeyError, IndexError, TypeError):
        top = None
    if isinstance(top, list):
        mass = {"yes": 0.0, "no": 0.0}
        for entry in top:
            if isinstance(entry, dict) and isinstance(entry.get("logprob"), (int, float)):
                word = str(entry.get("token", "")).strip().lower()
                if word in mass:
                    mass[word] += math.exp(entry["logprob"])
        if mass["yes"] + mass["no"] > 0:
            return mass["yes"] / (mass["yes"] + mass["no"])
    words = text.strip().strip(".!\"' ").split()
    first = words[0].strip(".,!\"'").lower() if words else ""
    return {"yes": 1.0, "no": 0.0}.get(first)


class OpenAIJudge:
    three_way = False

    def __init__(self, url: str, model: str | None, timeout: float = 30.0, budget: int = 200,
                 allow_hosts=(), directory: Path | None = None):
        from ...llm.client import LLMClient, LLMError

        if not model:
            raise ConfigError("external judge openai: name the model the server runs (--external-model, "
                              "TRUTHOMETER_EXTERNAL_MODEL), e.g. bespoke-minicheck")
        try:
            # The budget is this module's, per check; the client's own would count every check of a process.
            self.client = LLMClient(url, model, api_key=os.environ.get(ENV_KEY) or None, timeout=timeout,
                                    max_retries=1, backoff=0.2, call_budget=2 ** 62, max_tokens=1,
                                    allow_hosts=tuple(allow_hosts))
        except LLMError as exc:
            raise ConfigError(f"external judge: {exc}") from exc
        self.name = f"openai:{model}"
        self.model = model
        self.budget = int(budget)
        configured = os.environ.get(ENV_CACHE, "").strip()
        self.cache = AnswerCache(directory or (Path(configured).expanduser() if configured else
                                               cache_dir() / "external_judge"))
        self._default = _Budget(self.budget)
        # A check's budget, in the context of the thread that runs it: checks in other threads (the app's
        # sessions) have their own.
        self._budget = contextvars.ContextVar(f"external_judge_budget_{id(self)}", default=None)

    def new_check(self) -> None:
        self._budget.set(_Budget(self.budget))

    def read(self, premises: list[str], hypotheses: list[str]) -> Reading:
        keys = [cache_key(self.model, p, h) for p, h in zip(premises, hypotheses)]
        values = np.full(len(keys), np.nan)
        notes: list[str | None] = [None] * len(keys)
        wanted: list[int] = []
        for i, key in enumerate(keys):
            found = self.cache.get(key)
            if found is None:
                wanted.append(i)
            else:
                values[i] = found
        cached = len(keys) - len(wanted)
        granted = (self._budget.get() or self._default).take(len(dict.fromkeys(keys[i] for i in wanted)))
        sending, seen = [], set()
        for i in wanted:  # in order, so the same check spends its budget on the same pairs
            if keys[i] in seen or len(seen) < granted:
                seen.add(keys[i])
                sending.append(i)
            else:
                notes[i] = (f"the external judge {self.name} was not asked: its budget of {self.budget} calls a "
                            f"check is spent; the bundled judge's reading stands")
        answers, calls = self._ask({keys[i]: (premises[i], hypotheses[i]) for i in sending})
        for i in sending:
            p, note = answers[keys[i]]
            values[i], notes[i] = (p, None) if p is not None else (np.nan, note)
        return Reading(values, notes, cached=cached, calls=calls)

    def _ask(self, pairs: dict) -> tuple[dict, int]:
        """key -> (P(supported) or None, the note where None), and how many calls were made."""
        from ...llm.client import LLMError, LLMRefused, LLMUnavailable

        down: list[str] = []
        calls = [0]
        lock = threading.Lock()

        def one(key):
            if down:  # unreachable already: the rest would only wait out the same timeout
                return None, None
            premise, hypothesis = pairs[key]
            messages = [{"role": "system", "content": SYSTEM_PROMPT},
                        {"role": "user", "content": USER_PROMPT.format(document=premise, claim=hypothesis)}]
            with lock:
                calls[0] += 1
            try:
                text, data = self.client.chat_completion(messages, logprobs=True, top_logprobs=5)
            except LLMRefused:
                down.append(f"the external judge at {self.client.base_url} is refused by the address guard (a "
                            f"private or loopback address): allow its host by name with --external-allow-host or "
                            f"TRUTHOMETER_EXTERNAL_ALLOW_HOSTS; the bundled judge's reading stands")
                return None, None
            except LLMUnavailable as exc:
                down.append(f"the external judge is unreachable ({exc}); the bundled judge's reading stands")
                return None, None
            except LLMError as exc:
                return None, f"the external judge {self.name} gave no answer ({exc}); the bundled judge's reading stands"
            p = support_probability(text, data)
            if p is None:
                return None, (f"the external judge {self.name} answered neither Yes nor No; the bundled judge's "
                              f"reading stands")
            self.cache.put(key, p)
            return p, None

        with ThreadPoolExecutor(max_workers=CONCURRENT) as pool:
            answers = dict(zip(pairs, pool.map(one, list(pairs))))
        # One note for every pair an outage left unread, whichever call met it first.
        outage = down[0] if down else f"the external judge {self.name} gave no answer; the bundled judge's reading stands"
        return {k: (p, n if p is not None or n else outage) for k, (p, n) in answers.items()}, calls[0]


