"""Truth-O-Meter-i: verify an LLM's answer, tell the LLM what is defeated and why, verify its revision.

    record = revise(answer, question, references, LLMClient(url, model))
    record.final_text, record.stop_reason, record.to_dict()

The loop (Galitsky, Truth-O-Meter, iterative mode): round 1 checks the original answer; each later round
sends the LLM the previous answer with, for every contradicted or unverifiable claim, the evidence and why
it is defeated, and checks the reply. It stops when everything verifies, after ``max_rounds`` revisions,
when the answer comes back unchanged twice, when the LLM refuses (soft refusal, Learn-to-Refuse), when no
claim is left for the LLM (all handed to the external correction), or when the LLM fails or its call
budget is spent. ``route_claim`` decides per claim between asking the LLM again and correcting outside it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from rapidfuzz import fuzz

from ..config import Config
from ..errors import InputError
from ..report import Report, SentenceResult, apply_suggestions
from .client import LLMBudgetExhausted, LLMClient, LLMError
from .prompts import REFUSAL_MARKER, ClaimFeedback, EvidenceNote, clean_revision, revise_messages, split_refusal
from ..vocabulary import Relation, Status

STOP_REASONS = ("verified", "max_rounds", "unchanged_twice", "budget", "llm_error", "refused", "external")
DEFEATED = ("contradicted", "unverifiable")
#: A claim this short (word tokens) is a phrase, not a clause ("Completed 1925.", "Paris, France."):
#: substituting words from the evidence fixes it better than regenerating it (Truth-O-Meter routes short
#: phrases to the external correction). Four words already make sentences such as "It stands in Paris."
SHORT_PHRASE_TOKENS = 3
#: Two sentences of consecutive rounds are the same claim when this similar (rapidfuzz ratio, 0-100).
SAME_CLAIM_RATIO = 75.0

Verify = Callable[[str], Report]
Progress = Callable[[float, str], None]


# -- claims across rounds --------------------------------------------------------------------------
@dataclass
class ClaimHistory:
    """One claim followed through the rounds: its latest wording and its status in each round it was in."""

    id: int
    text: str
    statuses: list[str] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    route: str = "iterate"  # iterate | external (sticky once external)
    why_external: str = ""


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def route_claim(claim_history: ClaimHistory) -> str:
    """"iterate" (ask the LLM again) or "external" (correct outside the LLM, issue 5).

    Truth-O-Meter-i: a repeated hallucination (the same claim contradicted in two consecutive rounds) or
    a short phrase goes to the external correction; other defeated claims are sent back to the LLM.
    """
    statuses, rounds = claim_history.statuses, claim_history.rounds
    if (len(statuses) >= 2 and statuses[-1] == statuses[-2] == Status.CONTRADICTED
            and rounds[-1] - rounds[-2] == 1):
        return "external"
    if statuses and statuses[-1] in DEFEATED and len(_words(claim_history.text)) <= SHORT_PHRASE_TOKENS:
        return "external"
    return "iterate"


def _why_external(history: ClaimHistory) -> str:
    if len(_words(history.text)) <= SHORT_PHRASE_TOKENS and not (
            len(history.statuses) >= 2 and history.statuses[-2] == Status.CONTRADICTED):
        return "short phrase"
    return "repeated hallucination"


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def match_claims(previous: list[ClaimHistory], texts: list[str]) -> list[int | None]:
    """For each sentence, the index in ``previous`` of the claim it rewords (greedy, most similar first)."""
    pairs = []
    for i, text in enumerate(texts):
        for j, history in enumerate(previous):
            score = fuzz.ratio(_norm(text), _norm(history.text))
            if score >= SAME_CLAIM_RATIO:
                pairs.append((-score, i, j))
    pairs.sort()
    out: list[int | None] = [None] * len(texts)
    used = set()
    for _, i, j in pairs:
        if out[i] is None and j not in used:
            out[i] = j
            used.add(j)
    return out


# -- the record ------------------------------------------------------------------------------------
@dataclass
class Round:
    """One round: the prompt that produced the answer (None for the original), the answer, its verdicts."""

    index: int
    prompt: str | None
    answer: str
    raw_answer: str = ""  # the LLM's reply as sent, when cleaning (preamble, quotes) changed it
    refusal: str = "none"  # none | partial | full (soft refusal)
    unchanged: bool = False  # identical to the previous round's answer
    checked_text: str = ""  # the answer without the refusal sentence: what the pipeline checked
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)
    report: Report | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "prompt": self.prompt, "answer": self.answer, "raw_answer": self.raw_answer,
                "refusal": self.refusal,
                "unchanged": self.unchanged, "checked_text": self.checked_text, "verdicts": self.verdicts,
                "stats": self.stats}


@dataclass
class RevisionRecord:
    """Everything a Truth-O-Meter-i run did: every round, why it stopped, what was handed on."""

    question: str | None
    original: str
    rounds: list[Round] = field(default_factory=list)
    final_text: str = ""  # last answer, with the external corrections applied
    final_answer: str = ""  # last answer exactly as the LLM gave it
    stop_reason: str = ""
    verdict: str = ""  # verified | corrected | refused | not_verified
    soft_ok: bool = True  # the LLM did not refuse
    hard_ok: bool = False  # the pipeline supports every check-worthy claim of the final answer
    claims: list[dict[str, Any]] = field(default_factory=list)  # final verdict per sentence
    external_corrections: list[dict[str, Any]] = field(default_factory=list)
    llm: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    max_rounds: int = 3
    model: str = ""

    @property
    def revisions(self) -> int:
        return sum(1 for r in self.rounds if r.prompt is not None)

    @property
    def final_report(self) -> Report | None:
        for r in reversed(self.rounds):
            if r.report is not None:
                return r.report
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "original": self.original, "model": self.model,
                "max_rounds": self.max_rounds, "rounds": [r.to_dict() for r in self.rounds],
                "revisions": self.revisions, "stop_reason": self.stop_reason, "verdict": self.verdict,
                "soft_ok": self.soft_ok, "hard_ok": self.hard_ok, "claims": self.claims,
                "external_corrections": self.external_corrections, "final_answer": self.final_answer,
                "final_text": self.final_text, "llm": self.llm, "error": self.error}


# -- feedback ------------------------------------------------------------------------------------
def claim_feedback(result: SentenceResult, relevance_floor: float) -> ClaimFeedback:
    """What the LLM is told about one defeated claim: its evidence (most telling first) and why."""
    order = {"contradiction": 0, "support": 1, "related": 2}
    evidence = sorted((e for e in result.evidence if e.score >= relevance_floor or e.relation != Relation.RELATED),
                      key=lambda e: (order.get(e.relation, 3), -e.score))
    notes = [EvidenceNote(e.text, e.source, e.locator, e.relation) for e in evidence]
    return ClaimFeedback(result.text, result.status, result.reason if result.status == Status.CONTRADICTED else "",
                         notes)


def _verdicts(report: Report, histories: dict[int, ClaimHistory]) -> list[dict[str, Any]]:
    out = []
    for s in report.sentences:
        history = histories.get(s.index)
        out.append({"index": s.index, "text": s.text, "status": s.status, "reason": s.reason,
                    "claim_id": history.id if history else None,
                    "route": history.route if history and s.status in DEFEATED else None,
                    "suggestion": s.suggestion.corrected if s.suggestion else None})
    return out


# -- the loop ------------------------------------------------------------------------------------
def revise(answer: str, question: str | None, references=(), client: LLMClient | None = None,
           verify: Verify | None = None, max_rounds: int = 3, config: Config | None = None,
           progress: Progress | None = None, sources=None) -> RevisionRecord:
    """Truth-O-Meter-i: revise ``answer`` with the LLM until it verifies (see the module docstring).

    ``verify(text) -> Report`` checks a text; by default ``truthometer.check(text, references, config,
    sources=sources)``. LLM failures do not raise: they end the loop with stop_reason "llm_error" or
    "budget" and the message in ``error``. Bad input (an empty answer) raises InputError.
    """
    if client is None:
        raise InputError("revising needs an LLM endpoint: configure an LLMClient")
    if not answer or not answer.strip():
        raise InputError("answer: is empty; nothing to revise")
    if max_rounds < 0:
        raise InputError("max_rounds must be 0 or more")
    config = config or Config()
    loop = _Loop(RevisionRecord(question=question, original=answer, max_rounds=max_rounds, model=client.model),
                 client, config, question, progress or (lambda fraction, message: None), max_rounds + 1)
    loop.verify = _as_verify(verify, references, config, sources, loop.round_progress)

    # Round 1: the original answer as given.
    loop.progress(0.0, "checking the original answer")
    current = Round(0, None, answer, checked_text=answer)
    current.checked_text, current.refusal = _strip_refusal(answer)
    if current.refusal == "full":
        loop.record.rounds.append(current)
        return loop.finish(current, {}, "refused")
    by_sentence = loop.check_round(current, None)
    loop.record.rounds.append(current)
    while True:
        stop, to_llm = loop.stop_reason(current, by_sentence)
        if stop is not None:
            return loop.finish(current, by_sentence, stop)
        current, by_sentence, done = loop.revision_round(current, by_sentence, to_llm)
        if done is not None:
            return done


@dataclass
class _Loop:
    """What the rounds of one revision share: the record, the claims seen so far, the LLM and the checker."""
    record: RevisionRecord
    client: LLMClient
    config: Config
    question: str | None
    progress: Progress
    steps: int
    verify: Verify | None = None
    checking: int = 0  # index of the round being checked, for progress
    histories: list[ClaimHistory] = field(default_factory=list)  # every claim ever seen
    active: list[ClaimHistory] = field(default_factory=list)  # claims of the last checked round
    unchanged_in_a_row: int = 0

    def round_progress(self, fraction: float, message: str) -> None:
        # The pipeline's own progress, squeezed into this round's share of the bar.
        self.progress(min(1.0, (self.checking + fraction) / self.steps), f"round {self.checking + 1}: {message}")

    def finish(self, last: Round, by_sentence: dict[int, ClaimHistory], stop_reason: str) -> RevisionRecord:
        self.progress(1.0, f"done: {stop_reason}")
        return _finish(self.record, last, by_sentence, stop_reason, self.client)

    def check_round(self, r: Round, previous: Round | None) -> dict[int, ClaimHistory]:
        """Verify the round's text; each checked sentence joins the history of the claim it continues."""
        self.checking = r.index
        if r.unchanged and previous is not None and previous.report is not None:
            report = previous.report  # the pipeline is deterministic: same text, same verdicts
        else:
            report = self.verify(r.checked_text)
        r.report = report
        worthy = [s for s in report.sentences if s.status != Status.SKIPPED]
        matches = match_claims(self.active, [s.text for s in worthy])
        by_sentence: dict[int, ClaimHistory] = {}
        for s, m in zip(worthy, matches):
            if m is None:
                history = ClaimHistory(len(self.histories), s.text)
                self.histories.append(history)
            else:
                history = self.active[m]
                history.text = s.text
            history.statuses.append(s.status)
            history.rounds.append(r.index)
            by_sentence[s.index] = history
            if s.status in DEFEATED and history.route == "iterate" and route_claim(history) == "external":
                self._route_external(history, s, r.index)
        self.active = list(by_sentence.values())
        r.verdicts = _verdicts(report, by_sentence)
        r.stats = report.stats
        return by_sentence

    def _route_external(self, history: ClaimHistory, s: SentenceResult, round_index: int) -> None:
        history.route = "external"
        history.why_external = _why_external(history)
        self.record.external_corrections.append({
            "claim_id": history.id, "claim": s.text, "round": round_index, "status": s.status,
            "reason": s.reason, "why": history.why_external,
            "suggestion": s.suggestion.to_dict() if s.suggestion else None})

    def stop_reason(self, current: Round, by_sentence: dict[int, ClaimHistory]) -> tuple[str | None, list]:
        """Why the loop stops after ``current`` (None: it goes on), and the defeated claims for the LLM."""
        defeated = [s for s in current.report.sentences if s.status in DEFEATED]
        if not defeated:
            return ("refused" if current.refusal != "none" else "verified"), []
        if self.unchanged_in_a_row >= 2:
            return "unchanged_twice", []
        if self.record.revisions >= self.record.max_rounds:
            return "max_rounds", []
        to_llm = [s for s in defeated if by_sentence[s.index].route == "iterate"]
        return (None if to_llm else "external"), to_llm

    def revision_round(self, current: Round, by_sentence: dict[int, ClaimHistory], to_llm: list):
        """Ask the LLM to revise the defeated claims and check its answer: (round, its claims, None), or
        the finished record where the round ends the loop."""
        feedback = [claim_feedback(s, self.config.relevance_floor) for s in to_llm]
        messages = revise_messages(current.answer, feedback, self.question)
        n = self.record.revisions + 1
        self.progress(n / self.steps, f"asking the LLM for revision {n} ({len(feedback)} defeated claims)")
        try:
            reply = self.client.chat(messages)
        except LLMBudgetExhausted as exc:
            self.record.error = str(exc)
            return current, by_sentence, self.finish(current, by_sentence, "budget")
        except LLMError as exc:
            self.record.error = str(exc)
            return current, by_sentence, self.finish(current, by_sentence, "llm_error")
        previous = current
        cleaned = clean_revision(reply)
        current = Round(n, messages[-1]["content"], cleaned, raw_answer=reply if cleaned != reply else "")
        current.checked_text, current.refusal = _strip_refusal(cleaned)
        if not cleaned.strip():
            self.record.rounds.append(current)
            self.record.error = "the LLM returned an empty answer"
            return current, by_sentence, self.finish(previous, by_sentence, "llm_error")
        current.unchanged = " ".join(cleaned.split()) == " ".join(previous.answer.split())
        self.unchanged_in_a_row = self.unchanged_in_a_row + 1 if current.unchanged else 0
        if current.refusal == "full":
            self.record.rounds.append(current)
            return current, by_sentence, self.finish(current, {}, "refused")
        try:
            by_sentence = self.check_round(current, previous)
        except InputError as exc:  # e.g. a revision over the size limit
            self.record.rounds.append(current)
            self.record.error = f"the LLM's revision could not be checked: {exc}"
            return current, by_sentence, self.finish(previous, by_sentence, "llm_error")
        self.record.rounds.append(current)
        return current, by_sentence, None


def _as_verify(verify, references, config: Config, sources, progress: Progress) -> Verify:
    """``verify`` as a one-argument function. The pipeline's ``check`` and a ``Checker.check`` method are
    given the references, sources and progress here, so passing them as they are does the right thing."""
    if verify is None or (getattr(verify, "__module__", "") == "truthometer.pipeline"
                          and getattr(verify, "__name__", "") == "check" and not hasattr(verify, "__self__")):
        from ..pipeline import check

        return lambda text: check(text, references, config=config, progress=progress, sources=sources)
    owner = getattr(verify, "__self__", None)
    if type(owner).__name__ == "Checker" and type(owner).__module__ == "truthometer.pipeline" \
            and getattr(verify, "__name__", "") == "check":
        return lambda text: owner.check(text, references, progress=progress, sources=sources)
    return verify


def _strip_refusal(answer: str) -> tuple[str, str]:
    rest, kind = split_refusal(answer)
    return (rest if kind != "none" else answer), kind


def _finish(record: RevisionRecord, last: Round, by_sentence: dict[int, ClaimHistory], stop_reason: str,
            client: LLMClient) -> RevisionRecord:
    """Final verdicts: a claim passes when the LLM did not refuse (soft) and the pipeline supports it (hard)."""
    record.stop_reason = stop_reason
    record.llm = client.stats.to_dict()
    record.final_answer = last.answer
    record.soft_ok = last.refusal == "none"
    report = last.report
    if last.refusal == "full" or report is None:
        record.final_text = REFUSAL_MARKER if last.refusal == "full" else last.answer
        record.hard_ok = False
        record.verdict = "refused" if last.refusal == "full" else "not_verified"
        record.claims = []
        return record
    accepted: dict[int, str] = {}
    claims = []
    for s in report.sentences:
        history = by_sentence.get(s.index)
        if s.status == Status.SKIPPED:
            verdict = "skipped"
        elif s.status == Status.SUPPORTED:
            verdict = "verified"
        elif history is not None and history.route == "external" and s.suggestion is not None:
            verdict = "corrected"
            accepted[s.index] = s.suggestion.corrected
        else:
            verdict = "not_verified"
        # Soft check per claim: the LLM asserted it (a refused part is not in the text at all).
        claims.append({"index": s.index, "text": s.text, "status": s.status, "soft_ok": True,
                       "hard_ok": s.status == Status.SUPPORTED, "verdict": verdict,
                       "route": history.route if history and s.status in DEFEATED else None,
                       "corrected": accepted.get(s.index)})
    record.claims = claims
    worthy = [c for c in claims if c["status"] != Status.SKIPPED]
    record.hard_ok = all(c["hard_ok"] for c in worthy)
    # The external corrections go into the text the pipeline checked (the refusal sentence stays out of it).
    base = apply_suggestions(report.text, report.sentences, accepted) if accepted else None
    if last.refusal == "partial":
        record.final_text = (base if base is not None else report.text).rstrip() + " " + REFUSAL_MARKER
    else:
        record.final_text = base if base is not None else last.answer
    if not record.soft_ok:
        record.verdict = "refused"
    elif record.hard_ok:
        record.verdict = "verified"
    elif all(c["verdict"] in ("verified", "corrected") for c in worthy):
        record.verdict = "corrected"
    else:
        record.verdict = "not_verified"
    return record
