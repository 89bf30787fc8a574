"""The checking pipeline: text → sentences → evidence → relations → verdicts → corrections.

    from truthometer import check
    report = check(text, references=["..."])

``Checker`` holds the configuration and extra evidence sources; models are process-wide singletons
(truthometer.models), so building a Checker is cheap and every call reuses the loaded models.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable

from . import models
from .config import MAX_TEXT_CHARS, Config
from .evidence.base import EvidenceSource
from .evidence.references import ReferenceSource
from .evidence.retrieval import rank_evidence
from .judging import delucionqa
from .judging.rules import Mismatch, find_mismatches
from .report import Evidence, EvidenceSentence, Report, SentenceResult, Substitution, Suggestion
from .segmentation import contextualise, skip_reason, split_sentences
from .textio import validate_text

Progress = Callable[[float, str], None]

# Reliability order of sources: ties in ranking go to the more authoritative source.
SOURCE_RANK = {"knowledge_base": 0, "reference": 1, "web": 2}
# Evidence within this cosine of the best match is compared slot by slot; further ones are about
# something else and would produce false contradictions.
ALIGNMENT_MARGIN = 0.08


def _no_progress(fraction: float, message: str) -> None:
    pass


@dataclass
class _Claim:
    """Working state of one check-worthy sentence."""

    result: SentenceResult
    claim: str
    span: object = None
    evidence: list[tuple[EvidenceSentence, float]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Checker:
    """Checks texts; configure once, call ``check`` many times."""

    def __init__(self, config: Config | None = None, sources: list[EvidenceSource] | None = None):
        self.config = config or Config()
        self.sources = list(sources or [])

    def check(self, text: str, references=(), progress: Progress | None = None,
              sources: list[EvidenceSource] | None = None) -> Report:
        config = self.config
        progress = progress or _no_progress
        validate_text(text, "text", MAX_TEXT_CHARS)

        progress(0.02, "splitting sentences")
        sentences = split_sentences(text, config.batch_size)
        results: list[SentenceResult] = []
        claims: list[_Claim] = []
        spans = [s.doc for s in sentences]
        resolved = contextualise([s.text for s in sentences], spans)
        for index, (sentence, claim_text) in enumerate(zip(sentences, resolved)):
            result = SentenceResult(index, sentence.text, sentence.start, sentence.end,
                                    status="skipped", reason="", method=config.method)
            results.append(result)
            why = skip_reason(sentence.text, sentence.doc)
            if why:
                result.reason = f"not check-worthy: {why}"
                continue
            if claim_text != sentence.text:
                result.claim = claim_text
            claims.append(_Claim(result, claim_text, sentence.doc))
        report = Report(text, results, method=config.method)
        if not claims:
            progress(1.0, "done")
            return report

        # Claims whose text was rewritten (pronoun resolved) are parsed again as written for checking.
        rewritten = [c for c in claims if c.result.claim]
        for c, doc in zip(rewritten, models.nlp().pipe([c.claim for c in rewritten])):
            c.span = doc[:]

        progress(0.2, f"embedding {len(claims)} claims")
        claim_texts = [c.claim for c in claims]
        claim_vectors = models.embed(claim_texts, config)

        all_sources = [ReferenceSource(references)] + self.sources + list(sources or [])
        parsed: dict = {}
        for source in all_sources:
            parsed.update(getattr(source, "parsed", {}))
        for number, source in enumerate(all_sources):
            progress(0.3 + 0.3 * number / len(all_sources), f"gathering evidence: {source.name}")
            gathered = source.gather(claim_texts)
            ranked = rank_evidence(claim_texts, claim_vectors, gathered.per_claim, config.top_k, config)
            for c, found, notes in zip(claims, ranked, gathered.notes):
                c.evidence.extend(found)
                c.notes.extend(notes)
        for c in claims:
            c.evidence.sort(key=lambda pair: (-pair[1], SOURCE_RANK.get(pair[0].source, 9)))
            del c.evidence[config.top_k:]

        progress(0.65, "judging")
        self._judge(claims, parsed)
        progress(1.0, "done")
        return report

    # -- judging -----------------------------------------------------------------------------------
    def _judge(self, claims: list[_Claim], parsed: dict) -> None:
        config = self.config
        relevant = {c_index: [(e, s) for e, s in c.evidence if s >= config.relevance_floor]
                    for c_index, c in enumerate(claims)}
        # Parse every evidence sentence that may be compared slot by slot, once.
        texts = sorted({e.text for pairs in relevant.values() for e, _ in pairs[:3]} - set(parsed))
        parsed.update((t, doc[:]) for t, doc in zip(texts, models.nlp().pipe(texts, batch_size=config.batch_size)))

        for c_index, c in enumerate(claims):
            result = c.result
            result.notes = list(dict.fromkeys(c.notes))
            result.evidence = [Evidence.of(e, s) for e, s in c.evidence]
            pairs = relevant[c_index]
            if not pairs:
                best = c.evidence[0][1] if c.evidence else 0.0
                result.status, result.score = "unverifiable", best
                result.reason = ("no evidence about this claim" + (f" (best similarity {best:.2f} < "
                                 f"{config.relevance_floor})" if c.evidence else "")) + _notes_suffix(result.notes)
                continue
            mismatches: list[Mismatch] = []
            contradicting: EvidenceSentence | None = None
            # The best-aligned evidence: the most similar sentences, nearly as close as the best one.
            for e, score in pairs[:3]:
                if score < pairs[0][1] - ALIGNMENT_MARGIN:
                    break
                mismatches = find_mismatches(c.span, parsed[e.text])
                if mismatches:
                    contradicting = e
                    break
            detection = delucionqa.detect(config.method if config.method != "nli" else "hybrid", c.claim,
                                          [e.text for e, _ in pairs], [s for _, s in pairs], config, c.span)
            if mismatches:
                result.status, result.score = "contradicted", pairs[0][1]
                result.reason = "contradicted: " + "; ".join(m.describe() for m in mismatches)
                for ev in result.evidence:
                    if ev.text == contradicting.text and ev.source == contradicting.source:
                        ev.relation = "contradiction"
                result.suggestion = suggestion_from_mismatches(result, c.claim, mismatches, contradicting)
            elif detection.supported:
                result.status, result.score, result.reason = "supported", detection.score, detection.reason
                result.evidence[0].relation = "support"
            else:
                result.status, result.score = "unverifiable", detection.score
                result.reason = f"the evidence is about this claim but does not confirm it ({detection.reason})"


def _notes_suffix(notes: list[str]) -> str:
    return ("; " + "; ".join(notes)) if notes else ""


def suggestion_from_mismatches(result: SentenceResult, claim: str, mismatches: list[Mismatch],
                               evidence: EvidenceSentence) -> Suggestion | None:
    """First-version correction: each mismatched slot replaced by its counterpart from the evidence.

    Offsets are in the claim; when the claim's opening pronoun was resolved, they shift back onto the
    sentence as written (a slot inside the resolved antecedent is left alone).
    """
    shift = len(claim) - len(result.text)
    subs = []
    for m in mismatches:
        if m.claim is None or m.evidence is None:
            continue
        start, end = m.claim.start - shift, m.claim.end - shift
        if start < 0 or result.text[start:end] != m.claim.text:
            continue
        subs.append(Substitution(m.claim.text, m.evidence.text, start, end, kind=m.kind,
                                 evidence=evidence.text, evidence_locator=evidence.locator))
    if not subs:
        return None
    corrected = result.text
    for s in sorted(subs, key=lambda s: s.start, reverse=True):
        corrected = corrected[: s.start] + s.to + corrected[s.end:]
    return Suggestion(corrected, subs)


_default: dict[Config, Checker] = {}
_default_lock = threading.Lock()


def check(text: str, references=(), config: Config | None = None, progress: Progress | None = None,
          sources: list[EvidenceSource] | None = None) -> Report:
    """Check ``text`` against reference documents (texts or (name, text) pairs) and extra sources."""
    config = config or Config()
    with _default_lock:
        checker = _default.setdefault(config, Checker(config))
    return checker.check(text, references, progress=progress, sources=sources)
