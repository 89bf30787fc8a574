"""Knowledge enrichment (Learn-to-Refuse, Cao 2023): the LLM proposes facts, curators decide.

    proposals = enrich("Eiffel Tower", client, kb=open_kb())

The LLM answers questions about a topic (or the questions given) with a confidence; each pair becomes one
declarative, single-fact statement. With a knowledge base, every statement is added as a PENDING entry
(source "llm") — never approved automatically: a curator approves or rejects it on the knowledge base page.
"""
from __future__ import annotations

import re
from typing import Any

from ..inflection import past_tense
from ..errors import InputError
from .client import LLMClient
from .prompts import enrich_messages, parse_json_list, refusal_kind

MAX_QUESTIONS = 50
_CONFIDENCE_WORDS = {"very high": 0.95, "high": 0.9, "medium": 0.6, "moderate": 0.6, "low": 0.3, "very low": 0.1}
_UNKNOWN = re.compile(r"^\s*(unknown|n/?a|none|null|i (do not|don't) know|not sure|no idea)\W*$", re.IGNORECASE)
_PARTICIPLE_IRREGULAR = {"built", "born", "made", "written", "given", "known", "held", "won", "begun", "drawn",
                         "sold", "taken", "seen", "found", "shown", "chosen", "grown", "led", "sent", "set", "put",
                         "done", "painted", "laid", "paid", "sung", "spoken", "stolen", "buried", "hit", "cut"}
def parse_confidence(value: Any, default: float = 0.5) -> float:
    """A confidence in [0, 1] from a number, a percentage or a word (high / medium / low)."""
    if isinstance(value, bool) or value is None:
        return default
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _CONFIDENCE_WORDS:
            return _CONFIDENCE_WORDS[text]
        try:
            number = float(text.rstrip("%"))
        except ValueError:
            return default
        if text.endswith("%"):
            number /= 100
    elif isinstance(value, (int, float)):
        number = float(value)
    else:
        return default
    if number != number:  # NaN
        return default
    if 1 < number <= 100:
        number /= 100
    return round(min(1.0, max(0.0, number)), 4)


def _sentence(text: str) -> str:
    text = " ".join(text.split()).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!" else text.rstrip("?;:,") + "."


def _is_single_sentence(text: str) -> bool:
    return len(re.findall(r"[.!?](?:\s+[A-Z]|$)", text.strip())) <= 1 and "?" not in text and "\n" not in text.strip()


def _is_declarative(text: str) -> bool:
    words = re.findall(r"\w+", text)
    return len(words) >= 4 and _is_single_sentence(text) and not text.strip().endswith("?")




def _time_preposition(answer: str) -> str:
    if re.match(r"^(in|on|at|during|around|about|circa|between)\b", answer, re.IGNORECASE):
        return ""
    if re.search(r"\b\d{1,2}(st|nd|rd|th)?\b.*\b\d{3,4}\b|\b(mon|tues|wednes|thurs|fri|satur|sun)day\b",
                 answer, re.IGNORECASE):
        return "on "
    return "in "


def _place_preposition(answer: str) -> str:
    return "" if re.match(r"^(in|on|at|near|inside|outside|between)\b", answer, re.IGNORECASE) else "in "


def qa_to_statement(question: str, answer: str) -> str | None:
    """One declarative sentence stating the fact a question and its short answer give, or None.

    Rules for the common question shapes ("What is X?", "When was X built?", "Where is X located?",
    "Who designed X?", "When did X die?", "How tall is X?"); an answer that is already a declarative
    sentence is kept as it is.
    """
    q = " ".join(question.split()).strip().rstrip("?").strip()
    a = " ".join(str(answer).split()).strip().rstrip(".")
    if not q or not a:
        return None
    if _is_declarative(a) and re.search(r"\b(is|are|was|were|has|had|did|\w+ed)\b", a, re.IGNORECASE):
        return _sentence(a)
    m = re.match(r"^how (\w+) (is|are|was|were) (.+)$", q, re.IGNORECASE)
    if m and m.group(1).lower() not in ("many", "much", "old", "long"):
        adj, be, subject = m.groups()
        tail = "" if re.search(rf"\b{re.escape(adj)}\b", a, re.IGNORECASE) else f" {adj.lower()}"
        return _sentence(f"{subject} {be.lower()} {a}{tail}")
    m = re.match(r"^(when|where|in what year|in which year|in which city|in which country) (is|are|was|were) (.+?)"
                 r"(?: (\w+))?$", q, re.IGNORECASE)
    if m:
        wh, be, subject, last = m.groups()
        prep = _time_preposition(a) if wh.lower() == "when" or "year" in wh.lower() else _place_preposition(a)
        if last and (last.lower() in _PARTICIPLE_IRREGULAR or last.lower().endswith("ed")):
            return _sentence(f"{subject} {be.lower()} {last} {prep}{a}")
        subject = f"{subject} {last}" if last else subject
        return _sentence(f"{subject} {be.lower()} {prep}{a}")
    m = re.match(r"^(when|where) (did|does|do) (.+) (\w+)$", q, re.IGNORECASE)
    if m:
        wh, aux, subject, verb = m.groups()
        prep = _time_preposition(a) if wh.lower() == "when" else _place_preposition(a)
        form = past_tense(verb) if aux.lower() == "did" else (verb + "s" if aux.lower() == "does" else verb)
        return _sentence(f"{subject} {form} {prep}{a}")
    m = re.match(r"^who (\w+) (.+)$", q, re.IGNORECASE)
    if m and m.group(1).lower() not in ("is", "are", "was", "were", "did", "does", "do"):
        return _sentence(f"{a} {m.group(1).lower()} {m.group(2)}")
    m = re.match(r"^(?:what|which)(?: \w+)? (\w+) (.+)$", q, re.IGNORECASE)
    if m and m.group(1).lower() not in ("is", "are", "was", "were", "did", "does", "do", "has", "have", "had") \
            and (m.group(1).lower().endswith(("s", "ed")) or m.group(1).lower() in _PARTICIPLE_IRREGULAR):
        return _sentence(f"{a} {m.group(1).lower()} {m.group(2)}")
    m = re.match(r"^(what|who|which \w+) (is|are|was|were) (.+)$", q, re.IGNORECASE)
    if m:
        _, be, subject = m.groups()
        return _sentence(f"{subject} {be.lower()} {a}")
    return None


def to_statement(item: dict[str, Any]) -> str | None:
    """The single-fact statement for a proposed pair: the LLM's own, when it is one sentence that states
    the answer; else built from the question and answer."""
    question, answer = str(item.get("question") or ""), str(item.get("answer") or "")
    given = item.get("statement")
    if isinstance(given, str) and given.strip() and _is_declarative(given):
        content = [w for w in re.findall(r"\w+", answer.lower()) if len(w) > 2 or w.isdigit()]
        if not content or all(w in given.lower() for w in content):
            return _sentence(given)
    return qa_to_statement(question, answer)


def enrich(topic_or_questions: str | list[str], client: LLMClient, kb=None, max_items: int = 10,
           min_confidence: float = 0.0, locator: str | None = None) -> list[dict[str, Any]]:
    """Proposed single-fact statements from the LLM, added to ``kb`` as pending entries when given.

    ``kb`` is anything with ``propose(text, source=..., locator=..., confidence=...)`` (the knowledge
    base's method, which stores entries as pending). Returns one dict per pair the LLM gave: question,
    answer, statement, confidence, entry_id (when added) and skipped (why it was not proposed, else None).
    LLM failures raise LLMError.
    """
    if isinstance(topic_or_questions, str):
        if not topic_or_questions.strip():
            raise InputError("enrichment needs a topic or questions")
        subject: str | list[str] = topic_or_questions.strip()
    else:
        subject = [str(q).strip() for q in topic_or_questions if str(q).strip()]
        if not subject:
            raise InputError("enrichment needs a topic or questions")
        if len(subject) > MAX_QUESTIONS:
            raise InputError(f"{len(subject)} questions is over the limit of {MAX_QUESTIONS}; split them")
    reply = client.chat(enrich_messages(subject, max_items))
    items = parse_json_list(reply)
    where = locator or f"llm:{client.model}"
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for raw in items[: max(max_items, len(subject) if isinstance(subject, list) else 0)]:
        if not isinstance(raw, dict):
            continue
        question = str(raw.get("question") or "").strip()
        answer = raw.get("answer")
        answer = "" if answer is None else str(answer).strip()
        confidence = parse_confidence(raw.get("confidence"))
        proposal = {"question": question, "answer": answer, "statement": None, "confidence": confidence,
                    "entry_id": None, "skipped": None}
        out.append(proposal)
        if not answer or _UNKNOWN.match(answer) or refusal_kind(answer) != "none" or confidence <= 0:
            proposal["skipped"] = "the LLM does not know (soft refusal)"
            continue
        if confidence < min_confidence:
            proposal["skipped"] = f"confidence {confidence:.2f} below {min_confidence:.2f}"
            continue
        statement = to_statement({**raw, "question": question, "answer": answer})
        if not statement:
            proposal["skipped"] = "could not be turned into one declarative sentence"
            continue
        proposal["statement"] = statement
        key = statement.lower()
        if key in seen:
            proposal["skipped"] = "duplicate statement"
            continue
        seen.add(key)
        if kb is not None:
            entry_locator = f"{where}; question: {question}" if question else where
            entry = kb.propose(statement, source="llm", locator=entry_locator, confidence=confidence)
            proposal["entry_id"] = getattr(entry, "id", entry)
    return out
