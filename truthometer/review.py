"""Human review of suggested corrections: per-substitution decisions, the corrected text, write-back.

A reviewer accepts or rejects each substitution of a suggestion, or replaces the whole sentence with
their own edit. Pure functions: the app keeps a ``Review`` in its session, the CLI could keep one in a
file; saving goes through the knowledge base's ``record_correction``.

What the knowledge base receives stands alone: the sentence *as checked* ("The Golden Gate Bridge's
main span is 1,280 meters long"), corrected, not the sentence as written ("Its main span ..."), which
would later be read as a statement about whatever another text calls "it".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from .report import Report, SentenceResult, apply_substitutions, corrected_in_place
from .segmentation.markup import plain_text
from .vocabulary import Relation

ACCEPT, REJECT, PENDING = "accepted", "rejected", "pending"
#: A sentence's decision as the report states it.
EDITED = "edited"


@dataclass
class Review:
    """The reviewer's decisions on one report."""

    #: (sentence index, substitution index) -> ACCEPT | REJECT
    decisions: dict[tuple[int, int], str] = field(default_factory=dict)
    #: sentence index -> the reviewer's own wording (overrides the substitutions)
    edits: dict[int, str] = field(default_factory=dict)
    #: sentence index -> who made its latest decision or edit
    decided_by: dict[int, str] = field(default_factory=dict)
    #: sentence index -> the knowledge entry's text as the reviewer worded it (overrides ``entry_text``)
    entry_edits: dict[int, str] = field(default_factory=dict)
    #: what was saved already: (entry text, original) pairs, so a second save stores nothing again
    saved: set[tuple[str, str]] = field(default_factory=set)

    def decide(self, sentence: int, substitution: int, decision: str, reviewer: str = "") -> None:
        if decision not in (ACCEPT, REJECT, PENDING):
            raise ValueError(f"unknown decision {decision!r}")
        if decision == PENDING:
            self.decisions.pop((sentence, substitution), None)
        else:
            self.decisions[(sentence, substitution)] = decision
        self._by(sentence, reviewer)

    def decision(self, sentence: int, substitution: int) -> str:
        return self.decisions.get((sentence, substitution), PENDING)

    def edit(self, sentence: int, text: str | None, reviewer: str = "") -> None:
        if text is None or not text.strip():
            self.edits.pop(sentence, None)
        else:
            self.edits[sentence] = text
        self._by(sentence, reviewer)

    def edit_entry(self, sentence: int, text: str | None) -> None:
        if text is None or not text.strip():
            self.entry_edits.pop(sentence, None)
        else:
            self.entry_edits[sentence] = text.strip()

    def _by(self, sentence: int, reviewer: str) -> None:
        if reviewer and reviewer.strip():
            self.decided_by[sentence] = reviewer.strip()

    def sentence_decision(self, result: SentenceResult) -> str:
        """pending, accepted (some substitution accepted), rejected (every one rejected) or edited."""
        if result.index in self.edits:
            return EDITED
        count = len(result.suggestion.substitutions) if result.suggestion else 0
        decided = [self.decision(result.index, i) for i in range(count)]
        if ACCEPT in decided:
            return ACCEPT
        if decided and all(d == REJECT for d in decided):
            return REJECT
        return PENDING

    def sentence_text(self, result: SentenceResult) -> str:
        """The sentence as the reviewer has decided it so far."""
        if result.index in self.edits:
            return self.edits[result.index]
        if not result.suggestion:
            return result.text
        return apply_substitutions(result.text, self._accepted(result))

    def _accepted(self, result: SentenceResult) -> list:
        return [s for i, s in enumerate(result.suggestion.substitutions) if self.decision(result.index, i) == ACCEPT]

    def entry_text(self, result: SentenceResult, report: Report | None = None) -> str:
        """The knowledge entry a save would store for this sentence: the decided sentence as checked
        (pronoun resolved), without markup, its subject named where the text named it before ("The tower
        was ..." after "The Eiffel Tower is ..."; needs ``report``); the reviewer's own wording of the entry
        where they gave one."""
        if result.index in self.entry_edits:
            return self.entry_edits[result.index]
        decided = self.sentence_text(result)
        if not result.claim or result.claim == result.text:
            text = decided
        elif result.index in self.edits:
            text = _resolve_like(result, decided)
        else:
            moved = _in_claim(result, self._accepted(result)) if result.suggestion else []
            text = apply_substitutions(result.claim, moved)
        earlier = [s.claim or s.text for s in report.sentences[:result.index]] if report is not None else []
        return name_the_subject(plain_text(text).strip(), earlier)

    def changed(self, report: Report) -> list[SentenceResult]:
        return [s for s in report.sentences if self.sentence_text(s) != s.text]

    def unsaved(self, report: Report) -> list[SentenceResult]:
        """The changed sentences whose entry has not been saved yet."""
        return [s for s in self.changed(report) if (self.entry_text(s, report), s.text) not in self.saved]

    def corrected_text(self, report: Report) -> str:
        out = report.text
        for s in sorted(report.sentences, key=lambda s: s.start, reverse=True):
            if self.sentence_text(s) == s.text:
                continue
            new = self.edits[s.index] if s.index in self.edits else \
                corrected_in_place(report.text, s, self._accepted(s))
            out = out[: s.start] + new + out[s.end:]
        return out

    def save(self, report: Report, kb, reviewer: str) -> list:
        """Write every changed sentence not saved yet to the knowledge base as a verified entry with
        provenance (the sentence as written, as checked, and the evidence); saving twice stores nothing new."""
        if not reviewer or not reviewer.strip():
            raise ValueError("a reviewer name is required to save to the knowledge base")
        saved = []
        for s in self.unsaved(report):
            evidence = _source_evidence(s)
            text = self.entry_text(s, report)
            saved.append(kb.record_correction(
                corrected=text, original=s.text, evidence_text=evidence[0], evidence_locator=evidence[1],
                reviewer=reviewer.strip(), checked_as=s.claim or s.text))
            self.saved.add((text, s.text))
        return saved


def log_decision(kb, reviewer: str, result: SentenceResult, action: str, before: Any = None, after: Any = None) -> None:
    """Put a reviewer's decision on a sentence (accept, reject, edit) in the knowledge base's audit trail."""
    if kb is not None:
        kb.record(reviewer, action, f"sentence {result.index + 1}: {result.text}", before, after)


def reviewed_report(report: Report, review: Review | None) -> dict[str, Any]:
    """The report as JSON data after review: ``corrected_text`` holds only what the reviewer accepted or
    wrote, ``suggested_text`` every suggestion applied, and each sentence its ``review`` (decision, who,
    the decided text)."""
    review = review or Review()
    data = report.to_dict()
    data["suggested_text"] = data["corrected_text"]
    data["corrected_text"] = review.corrected_text(report)
    for s, row in zip(report.sentences, data["sentences"]):
        row["review"] = {"decision": review.sentence_decision(s), "by": review.decided_by.get(s.index, ""),
                         "text": review.sentence_text(s)}
    return data


def name_the_subject(text: str, earlier: list[str]) -> str:
    """``text`` with an opening definite description ("The tower", "The suspension bridge") replaced by the
    latest name in ``earlier`` sentences that ends in its head noun ("The Eiffel Tower"): an entry read
    alone must say which tower. Left as it is where no earlier name fits."""
    opening = _DEFINITE.match(text)
    if not opening:
        return text
    head = opening.group(2).split()[-1]
    name = re.compile(r"\b((?:[A-Z][\w'-]*\s+)+" + re.escape(head.capitalize()) + r")\b")
    for sentence in reversed(earlier):
        found = [m.group(1) for m in name.finditer(sentence)]
        if found:
            named = found[-1]
            named = named[4:] if named.startswith("The ") else named
            return f"{opening.group(1)} {named}{text[opening.end():]}"
    return text


#: "The" and one or two lower-case words: a description, not a name ("The Eiffel Tower" is left alone).
_DEFINITE = re.compile(r"(The) ([a-z]+(?: [a-z]+)??)(?=\s+(?:is|was|are|were|has|had|opened|stands|lies|"
                       r"[a-z]+ed)\b)")


def _in_claim(result: SentenceResult, substitutions: list) -> list:
    """Substitutions at their offsets in the checked claim (where a pronoun's antecedent was put in, the
    words after it moved by the difference in length)."""
    claim, shift = result.claim, len(result.claim) - len(result.text)
    moved = []
    for sub in substitutions:
        for start in (sub.start + shift, sub.start, claim.find(sub.from_)):
            if start >= 0 and claim[start:start + len(sub.from_)] == sub.from_:
                moved.append(replace(sub, start=start, end=start + len(sub.from_)))
                break
    return moved


def _resolve_like(result: SentenceResult, edited: str) -> str:
    """The reviewer's wording with the sentence's leading pronoun resolved as the check resolved it."""
    first = result.text.split(maxsplit=1)[0] if result.text.split() else ""
    if not first or not edited.startswith(first) or not result.claim.endswith(result.text[len(first):]):
        return edited
    antecedent = result.claim[:len(result.claim) - len(result.text) + len(first)]
    return antecedent + edited[len(first):]


def _source_evidence(result: SentenceResult) -> tuple[str, str]:
    if result.suggestion and result.suggestion.substitutions:
        first = result.suggestion.substitutions[0]
        if first.evidence:
            return first.evidence, first.evidence_locator
    for e in result.evidence:
        if e.relation == Relation.CONTRADICTION:
            return e.text, f"{e.source}: {e.locator}"
    if result.evidence:
        return result.evidence[0].text, f"{result.evidence[0].source}: {result.evidence[0].locator}"
    return "", ""
