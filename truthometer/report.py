"""The report's data model: what a check returns, in Python, JSON and Markdown.

JSON form (stable, documented in docs/reference.md)::

    {"sentences": [{"index", "text", "start", "end", "status", "reason", "score",
                    "evidence": [{"text", "source", "locator", "score", "relation"}],
                    "suggestion": null | {"corrected", "substitutions": [{"from", "to", "start", "end"}]}}],
     "corrected_text", "stats"}

Extra keys (``method``, ``notes``, ``argumentation``, ``alignment``) may appear; readers ignore what
they do not know.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .vocabulary import Relation, SlotKind, Status

STATUSES = tuple(Status)

# Where evidence came from, most reliable first (DeLP rule priorities follow this order).
SOURCES = ("knowledge_base", "reference", "web")


@dataclass
class EvidenceSentence:
    """One sentence of evidence and where it came from."""

    text: str
    source: str  # one of SOURCES
    locator: str  # document name + sentence position, URL, or "kb:<id>"
    confidence: float = 1.0  # how much the source is trusted, 0-1
    title: str = ""
    #: The sentence as the judge reads it when a leading pronoun was replaced by its antecedent ("It
    #: should be taken before breakfast" -> "Levothyroxine should be ..."); "" when read as written.
    checked_as: str = ""
    #: The sentence with its neighbours in the same document (a passage the judge also reads, so support
    #: spread over two sentences counts); "" where it has none (knowledge entries, single sentences).
    window: str = ""


@dataclass
class Evidence:
    """Evidence as it relates to one claim."""

    text: str
    source: str
    locator: str
    score: float  # similarity of claim and evidence (cosine), 0-1
    relation: str = Relation.RELATED  # a Relation: support | contradiction | related (neutral)
    confidence: float = 1.0
    title: str = ""
    probability: float | None = None  # the judge's probability of the relation, when a judge ran
    #: The passage the judge found support in, when that was this sentence with its neighbours.
    passage: str = ""

    @classmethod
    def of(cls, sentence: EvidenceSentence, score: float, relation: str = Relation.RELATED) -> "Evidence":
        return cls(text=sentence.text, source=sentence.source, locator=sentence.locator,
                   score=float(score), relation=relation, confidence=sentence.confidence,
                   title=sentence.title)


@dataclass
class Substitution:
    """Replace original[start:end] (offsets in the sentence) == ``from_`` by ``to``."""

    from_: str
    to: str
    start: int
    end: int
    kind: str = SlotKind.PHRASE  # number | date | entity | negation | phrase
    evidence: str = ""  # the evidence sentence the new words come from
    evidence_locator: str = ""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["from"] = d.pop("from_")
        return d


@dataclass
class Suggestion:
    corrected: str
    substitutions: list[Substitution] = field(default_factory=list)
    note: str = ""  # e.g. which slots the evidence did not cover
    #: the sentence's other evidence that states what the correction keeps and its own evidence does not;
    #: the correction gate read the corrected sentence against it too
    context: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"corrected": self.corrected, "substitutions": [s.to_dict() for s in self.substitutions],
                "note": self.note, "context": list(self.context)}


@dataclass
class ClaimSpan:
    """One checkable part of a sentence and its verdict: ``start``/``end`` are character offsets into the
    checked text, ``part`` the part as the judge read it, ``evidence`` the locator that settled it."""

    start: int
    end: int
    status: str
    part: str = ""
    evidence: str = ""
    probability: float | None = None


@dataclass
class SentenceResult:
    index: int
    text: str
    start: int  # character offsets into the checked text
    end: int
    status: str
    reason: str
    score: float = 0.0
    evidence: list[Evidence] = field(default_factory=list)
    suggestion: Suggestion | None = None
    method: str = ""
    claim: str = ""  # the text that was checked (pronoun resolved), when it differs from ``text``
    notes: list[str] = field(default_factory=list)
    argumentation: dict[str, Any] | None = None  # DeLP program, answer and trees (issue 4)
    alignment: dict[str, Any] | None = None  # alignment of claim and evidence (issue 5)
    #: The sentence's checkable parts with their own verdicts (one span, the sentence, when it states one
    #: fact); empty for skipped sentences and the similarity methods.
    spans: list[ClaimSpan] = field(default_factory=list)
    #: What the verdict stage adjusted, as identifiers later stages test (``truthometer.verdicts.Flag``, a
    #: ``str`` enum); ``notes`` says the same to the reviewer in words, rendered from the flags.
    flags: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["suggestion"] = self.suggestion.to_dict() if self.suggestion else None
        return d


@dataclass
class Report:
    text: str
    sentences: list[SentenceResult]
    method: str = "hybrid"
    notes: list[str] = field(default_factory=list)

    @property
    def stats(self) -> dict[str, int]:
        counts = {s: 0 for s in STATUSES}
        for sentence in self.sentences:
            counts[sentence.status] += 1
        counts["total"] = len(self.sentences)
        counts["suggestions"] = sum(1 for s in self.sentences if s.suggestion)
        return counts

    @property
    def corrected_text(self) -> str:
        return apply_suggestions(self.text, self.sentences)

    def to_dict(self) -> dict[str, Any]:
        return {"sentences": [s.to_dict() for s in self.sentences], "corrected_text": self.corrected_text,
                "stats": self.stats, "method": self.method, "notes": list(self.notes)}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def apply_suggestions(text: str, sentences: list[SentenceResult],
                      accepted: dict[int, str] | None = None) -> str:
    """The text with each sentence's correction in place.

    ``accepted`` maps a sentence index to the replacement a reviewer chose; without it every suggestion
    is applied. Sentences are replaced back to front so earlier offsets stay valid.
    """
    out = text
    for sentence in sorted(sentences, key=lambda s: s.start, reverse=True):
        if accepted is not None:
            new = accepted.get(sentence.index)
        elif sentence.suggestion:
            unmasked = text[sentence.start:sentence.end] == sentence.text
            new = sentence.suggestion.corrected if unmasked else \
                corrected_in_place(text, sentence, sentence.suggestion.substitutions)
        else:
            new = None
        if new is not None and new != text[sentence.start:sentence.end]:
            out = out[: sentence.start] + new + out[sentence.end:]
    return out


def corrected_in_place(text: str, sentence: SentenceResult, substitutions: list[Substitution]) -> str:
    """The sentence as written in ``text``, with ``substitutions`` applied. Where markup was blanked out of
    the sentence for checking (``segmentation.markup``), the substitutions go into the written sentence at
    the same offsets, so its tags stay and no run of blanks takes their place."""
    written = text[sentence.start:sentence.end]
    return apply_substitutions(written if len(written) == len(sentence.text) else sentence.text, substitutions)


def apply_substitutions(sentence: str, substitutions: list[Substitution]) -> str:
    """``sentence`` with a chosen subset of substitutions applied, back to front so offsets stay valid.

    A substitution whose ``from_`` no longer matches the sentence at its offsets is skipped (the sentence
    was edited meanwhile), as is one overlapping a substitution already applied.
    """
    out = sentence
    last_start = len(sentence) + 1
    for s in sorted(substitutions, key=lambda s: (s.start, s.end), reverse=True):
        if s.end > last_start or out[s.start:s.end] != s.from_:
            continue
        out = out[: s.start] + s.to + out[s.end:]
        last_start = s.start
    return out


def report_from_dict(data: dict[str, Any], text: str) -> Report:
    """The Report that ``Report.to_dict`` wrote (``text`` is the checked text, which the JSON leaves out).
    Keys it does not know are ignored; a missing or mistyped required key raises KeyError/TypeError/
    ValueError, which callers turn into their own message."""
    sentences = []
    for s in data["sentences"]:
        suggestion = None
        if s.get("suggestion"):
            g = s["suggestion"]
            subs = [Substitution(from_=str(x["from"]), to=str(x["to"]), start=int(x["start"]), end=int(x["end"]),
                                 kind=x.get("kind", SlotKind.PHRASE), evidence=x.get("evidence", ""),
                                 evidence_locator=x.get("evidence_locator", "")) for x in g.get("substitutions", [])]
            suggestion = Suggestion(str(g["corrected"]), subs, g.get("note", ""), list(g.get("context", [])))
        evidence = [Evidence(text=str(e["text"]), source=str(e["source"]), locator=str(e["locator"]),
                             score=float(e.get("score", 0.0)), relation=e.get("relation", Relation.RELATED),
                             confidence=float(e.get("confidence", 1.0)), title=e.get("title", ""),
                             probability=e.get("probability"), passage=e.get("passage", ""))
                    for e in s.get("evidence", [])]
        spans = [ClaimSpan(int(c["start"]), int(c["end"]), str(c["status"]), c.get("part", ""), c.get("evidence", ""),
                           c.get("probability")) for c in s.get("spans", [])]
        status = str(s["status"])
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        sentences.append(SentenceResult(
            index=int(s["index"]), text=str(s["text"]), start=int(s["start"]), end=int(s["end"]), status=status,
            reason=str(s.get("reason", "")), score=float(s.get("score", 0.0)), evidence=evidence,
            suggestion=suggestion, method=s.get("method", ""), claim=s.get("claim", ""),
            notes=list(s.get("notes", [])), argumentation=s.get("argumentation"), alignment=s.get("alignment"),
            spans=spans, flags=[str(f) for f in s.get("flags", [])]))
    return Report(text=text, sentences=sentences, method=data.get("method", "hybrid"),
                  notes=list(data.get("notes", [])))
