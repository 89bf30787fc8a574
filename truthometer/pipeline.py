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

import numpy as np

from . import models
from .config import MAX_TEXT_CHARS, Config
from .errors import ModelNotAvailable
from .evidence.base import EvidenceSource
from .evidence.references import ReferenceSource
from .evidence.retrieval import rank_evidence
from .judging import delucionqa
from .judging.rules import Mismatch, extract_slots, find_mismatches
from .judging.parts import spans_agree, whole_span
from .report import Evidence, EvidenceSentence, Report, SentenceResult, Substitution, Suggestion
from .segmentation import contextualise, skip_reason, split_sentences
from .segmentation.markup import mask_markup
from .textio import validate_text
from .verdicts import (ALIGNMENT_MARGIN, MISPLACED_SUPPORT_NOTE, decide, outweigh_unlocated_contradictions,
                       overrules_support, relate_by_judge, relate_conflicting_evidence, settle_misplaced_support,
                       settle_unlocated, support_near_paraphrase, trusted_source_takes_part)

Progress = Callable[[float, str], None]

# Reliability order of sources: ties in ranking go to the more authoritative source.
SOURCE_RANK = {"knowledge_base": 0, "reference": 1, "web": 2}
#: Evidence sentences per claim (the most similar) that the cascade's cross-encoder may read.
CROSS_ENCODER_TOP = 2


def _no_progress(fraction: float, message: str) -> None:
    pass


@dataclass
class _Claim:
    """Working state of one check-worthy sentence."""

    result: SentenceResult
    claim: str
    span: object = None
    vector: object = None
    evidence: list[tuple[EvidenceSentence, float]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The passage (the best evidence with its neighbours) that entails the claim, when a sentence alone did not.
    passage: str = ""


class Checker:
    """Checks texts; configure once, call ``check`` many times."""

    def __init__(self, config: Config | None = None, sources: list[EvidenceSource] | None = None,
                 propose_to=None):
        self.config = config or Config()
        self.sources = list(sources or [])
        #: a knowledge base: web evidence the judge finds supporting is proposed to it as pending entries
        self.propose_to = propose_to

    def check(self, text: str, references=(), progress: Progress | None = None,
              sources: list[EvidenceSource] | None = None) -> Report:
        config = self.config
        progress = progress or _no_progress
        validate_text(text, "text", MAX_TEXT_CHARS)

        progress(0.02, "splitting sentences")
        # HTML tags and script/style blocks are blanked out (offsets kept): markup never becomes a claim.
        sentences = split_sentences(mask_markup(text), config.batch_size)
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
        vectors_config = self._vectors_config()
        claim_vectors = models.embed(claim_texts, vectors_config)
        for c, vector in zip(claims, claim_vectors):
            c.vector = vector
        evidence_vectors: dict = {}

        all_sources = [ReferenceSource(references)] + self.sources + list(sources or [])
        parsed: dict = {}
        for source in all_sources:
            parsed.update(getattr(source, "parsed", {}))
        for number, source in enumerate(all_sources):
            progress(0.3 + 0.3 * number / len(all_sources), f"gathering evidence: {source.name}")
            gathered = source.gather(claim_texts)
            ranked = rank_evidence(claim_texts, claim_vectors, gathered.per_claim, config.top_k, vectors_config,
                                   evidence_vectors)
            for c, found, notes in zip(claims, ranked, gathered.notes):
                c.evidence.extend(found)
                c.notes.extend(notes)
        for c in claims:
            c.evidence.sort(key=lambda pair: (-pair[1], SOURCE_RANK.get(pair[0].source, 9)))
            del c.evidence[config.top_k:]

        progress(0.65, "judging")
        self._judge(claims, parsed, evidence_vectors, progress)
        if self.propose_to is not None:
            proposed = propose_web_evidence(report, self.propose_to)
            if proposed:
                report.notes.append(f"{proposed} supporting web sentence(s) proposed to the knowledge base "
                                    f"as pending entries")
        progress(1.0, "done")
        return report

    def _vectors_config(self) -> Config:
        """The configuration claims and evidence are embedded with. With the bundled judge, the encoder
        precision its head was trained on: the judge then reuses the vectors retrieval computed, instead
        of embedding every claim and evidence sentence a second time (a quarter of the time of a check)."""
        if self.config.method != "nli" or self.config.nli_path:
            return self.config
        from .judging.nli import load_judge
        try:
            precision = getattr(load_judge(self.config), "precision", None)
        except ModelNotAvailable:
            return self.config  # _judge says what is missing
        return self.config.with_(precision=precision) if precision else self.config

    # -- judging -----------------------------------------------------------------------------------
    def _judge(self, claims: list[_Claim], parsed: dict, evidence_vectors: dict, progress: Progress) -> None:
        from .judging.nli import load_judge

        config = self.config
        relevant = [[(e, s) for e, s in c.evidence if s >= config.relevance_floor] for c in claims]
        # Parse every evidence sentence that may be compared slot by slot, once.
        # A sentence opening with a pronoun is compared slot by slot as the judge reads it, with its
        # antecedent in place ("It opened in 1937" says nothing of the bridge's name otherwise).
        texts = sorted({e.checked_as or e.text for pairs in relevant for e, _ in pairs
                        if e.checked_as or (e, _) in pairs[:3]} - set(parsed))
        parsed.update((t, doc[:]) for t, doc in models.parse_many(texts, batch_size=config.batch_size).items())
        probabilities = self._entailment(claims, relevant, parsed, evidence_vectors, progress) \
            if config.method == "nli" else None

        progress(0.8, "deciding verdicts")
        judged = []
        for c_index, c in enumerate(claims):
            result = c.result
            result.notes = list(dict.fromkeys(c.notes))
            pairs = relevant[c_index]
            result.evidence = [Evidence.of(e, s) for e, s in c.evidence]
            if not pairs:
                best = c.evidence[0][1] if c.evidence else 0.0
                result.status, result.score = "unverifiable", best
                result.reason = ("no evidence about this claim" + (f" (best similarity {best:.2f} < "
                                 f"{config.relevance_floor})" if c.evidence else "")) + _notes_suffix(result.notes)
                continue
            # "It was completed in 1889" is as near the claim as the judge reads it, "The Eiffel Tower was
            # completed in 1889".
            as_read = {e.text: float(np.dot(evidence_vectors[e.checked_as], c.vector)) for e, _ in pairs
                       if e.checked_as in evidence_vectors}
            mismatches, contradicting = self._rule_tier(c, pairs, parsed, as_read)
            if probabilities is not None:
                relate_by_judge(result.evidence, pairs, probabilities[c_index], as_read)
                if c.passage:
                    top = next(ev for ev in result.evidence if (ev.text, ev.source) == (pairs[0][0].text, pairs[0][0].source))
                    top.passage = c.passage
                detection = None
            else:
                detection = delucionqa.detect(config.method, c.claim, [e.text for e, _ in pairs],
                                              [s for _, s in pairs], config, c.span)
                # The similarity detectors cannot see a wrong number or name: the rule tier overrides them.
                if detection.supported and contradicting is None:
                    result.evidence[0].relation = "support"
            if contradicting is not None:
                for ev in result.evidence:
                    if ev.text == contradicting.text and ev.source == contradicting.source:
                        ev.relation = "contradiction"
            judged.append((c, mismatches, contradicting, detection))
        if probabilities is not None:
            settle_misplaced_support([(c.result, contradicting) for c, _, contradicting, _ in judged], config)
        for c, mismatches, contradicting, detection in judged:
            if probabilities is not None and contradicting is None:
                outweigh_unlocated_contradictions(c.result)
        # The most trusted source takes part: an approved knowledge entry the judge read as related, which
        # fills a slot of the claim differently, contradicts it (however far down the evidence it ranks).
        for k, (c, mismatches, contradicting, detection) in enumerate(judged):
            taking_part = trusted_source_takes_part(c.result, c.span, parsed, config.rules_off)
            if taking_part is not None and contradicting is None:
                judged[k] = (c, taking_part[0], taking_part[1], detection)
        # Where the evidence disagrees, the judge reads pairs of evidence sentences too (one batched call):
        # who contradicts whom, who supports whom, for the argumentation's program.
        relations = relate_conflicting_evidence([c.result for c, _, _, _ in judged], load_judge(config)) \
            if probabilities is not None else {}
        for c, mismatches, contradicting, detection in judged:
            result = c.result
            # No slot filled differently: where the judge is unsure, a near-paraphrase is support.
            promoted = probabilities is not None and contradicting is None \
                and "unstated-date" not in result.flags and "other-participant" not in result.flags \
                and support_near_paraphrase(result.evidence, config)
            decide(result, detection, mismatches, relations.get(id(result)))
            if promoted and result.status == "supported":
                result.reason += "; the entailment judge found it neither entailed nor contradicted"
            if result.status == "contradicted" and "misplaced-support" in result.flags:
                result.reason += f"; {MISPLACED_SUPPORT_NOTE}"
        if probabilities is not None:
            progress(0.85, "checking sentences part by part")
            self._check_parts(judged, relevant_of={id(c): relevant[i] for i, c in enumerate(claims)})
        to_correct = []
        for c, mismatches, contradicting, detection in judged:
            result = c.result
            if result.status != "unverifiable":
                # The knowledge base's refusal matters only when no other source settled the claim.
                result.notes = [n for n in result.notes if not n.startswith("outside the knowledge base")]
            if result.status == "contradicted":
                to_correct.append((result, c, mismatches, contradicting))
        progress(0.9, f"proposing corrections for {len(to_correct)} sentences")
        alignments = self._suggest(to_correct)
        for result, _, mismatches, contradicting in to_correct:
            if contradicting is None and not mismatches and not result.argumentation:
                settle_unlocated(result, alignments.get(id(result)), config)
        propagate_corrections([c.result for c in claims])
        for c in claims:
            if not spans_agree(c.result):
                c.result.spans = [whole_span(c.result)]

    def _check_parts(self, judged: list[tuple], relevant_of: dict) -> None:
        """Each supported or contradicted sentence judged part by part (``judging.parts``), against its
        most similar evidence and the passage around the best of it, by the cross-encoder where there is one."""
        from .judging.nli import load_judge, passage_reader
        from .judging.parts import PREMISES, PartCheck, check_parts

        reader = passage_reader(load_judge(self.config))
        checks = []
        for c, _, _, _ in judged:
            by_text = {(e.text, e.source): e for e in c.result.evidence}
            premises = []
            for e, _ in relevant_of[id(c)][:PREMISES]:
                premises.append((by_text[(e.text, e.source)], e.checked_as or e.text))
            best = relevant_of[id(c)][0][0] if relevant_of[id(c)] else None
            if best is not None and best.window:
                premises.append((by_text[(best.text, best.source)], best.window))
            checks.append(PartCheck(c.result, c.claim, c.span, premises))
        check_parts(checks, reader)

    def _rule_tier(self, c: _Claim, pairs, parsed, as_read: dict) -> tuple[list[Mismatch], EvidenceSentence | None]:
        # The best-aligned evidence: the most similar sentences (as the judge reads them), nearly as close
        # as the best one.
        # The antecedent put in for a leading pronoun: "Its highest point" checked as "Mount Kilimanjaro's ...".
        put_in = len(c.claim) - len(c.result.text) + len(c.result.text.split(maxsplit=1)[0]) if c.result.claim else 0
        near = sorted(((e, max(score, as_read.get(e.text, score))) for e, score in pairs), key=lambda p: -p[1])
        for e, score in near[:3]:
            if score < near[0][1] - ALIGNMENT_MARGIN:
                break
            mismatches = [m for m in find_mismatches(c.span, parsed[e.checked_as or e.text], context_chars=put_in)
                          if m.kind not in self.config.rules_off]
            if mismatches:
                return mismatches, e
        return [], None

    def _entailment(self, claims: list[_Claim], relevant, parsed: dict, evidence_vectors: dict, progress: Progress):
        """The judge's probabilities for every (evidence, claim) pair, in one batched call."""
        from .judging.nli import BundledJudge, load_judge
        from .judging.nli.features import remember

        judge = load_judge(self.config)
        if isinstance(judge, BundledJudge):
            # The claims and the best evidence are parsed and embedded already: the judge reuses them.
            remember({**parsed, **{c.claim: c.span for c in claims}},
                     {**evidence_vectors, **{c.claim: c.vector for c in claims}}, self._vectors_config())
        # The cascade's cross-encoder reads only the most similar evidence of each claim; the rest, which
        # settles a claim far less often, is read by the head alone (2,000 sentences against 500 references:
        # 29 sentences/s in bench throughput with the cross-encoder on every unsure pair, 35 with this).
        lesser = load_judge(self.config.with_(judge="head")) if self.config.judge == "cascade" else judge
        batches: dict[int, tuple[list, list, list]] = {id(judge): ([], [], []), id(lesser): ([], [], [])}
        for c_index, (c, pairs) in enumerate(zip(claims, relevant)):
            for rank, (e, _) in enumerate(pairs):
                premises, hypotheses, owners = batches[id(judge if rank < CROSS_ENCODER_TOP else lesser)]
                premises.append(e.checked_as or e.text)
                hypotheses.append(c.claim)
                owners.append((c_index, rank))
        progress(0.7, f"entailment judge on {sum(len(b[0]) for b in batches.values())} pairs")
        out: list[list] = [[None] * len(pairs) for pairs in relevant]
        for reader in {id(judge): judge, id(lesser): lesser}.values():
            premises, hypotheses, owners = batches[id(reader)]
            probs = reader.predict(premises, hypotheses) if premises else []
            for (c_index, rank), p in zip(owners, probs):
                out[c_index][rank] = p
        self._read_passages(judge, claims, relevant, out)
        return out

    def _read_passages(self, judge, claims: list[_Claim], relevant, out: list[list]) -> None:
        """Where no evidence sentence alone entails a claim, the passage around the most similar one (the
        sentence with its neighbours) is read too: support spread over two sentences ("Arnold joined the
        magazine in 1991." + "He is its publisher.") counts; where one contradicts it, none is read. A
        passage that entails the claim stands in for its sentence's probabilities; read by the cross-encoder
        where there is one (the head was trained on single sentences)."""
        from .judging.nli import CONTRADICTION, DECISION_THRESHOLD, ENTAILMENT, passage_reader

        reader = passage_reader(judge)
        asked = []
        for c_index, (c, pairs) in enumerate(zip(claims, relevant)):
            rows = out[c_index]
            # A claim some sentence contradicts is not read in passages: a passage around it would have to
            # outweigh that sentence, and reading it costs a tenth of a check.
            if not pairs or not pairs[0][0].window or max(r[ENTAILMENT] for r in rows) >= DECISION_THRESHOLD \
                    or max(r[CONTRADICTION] for r in rows) >= DECISION_THRESHOLD:
                continue
            asked.append(c_index)
        if not asked:
            return
        probs = reader.predict([relevant[i][0][0].window for i in asked], [claims[i].claim for i in asked])
        for c_index, row in zip(asked, probs):
            if row[ENTAILMENT] >= DECISION_THRESHOLD and row[ENTAILMENT] == max(row):
                out[c_index][0] = row
                claims[c_index].passage = relevant[c_index][0][0].window

    def _suggest(self, flagged: list[tuple]) -> dict:
        """Minimal corrections from the most authoritative contradicting evidence, aligned in one batch;
        returns each result's alignment (by ``id``)."""
        from .alignment import align_many, suggest_correction
        from .judging.corrections import withhold_unentailed
        from .judging.nli import load_judge

        aligned = [(item, evidence) for item in flagged for evidence in _correction_candidates(item[0])]
        alignments = align_many([(item[0].text, evidence.text) for item, evidence in aligned])
        by_result: dict = {}
        drafted: list[tuple[SentenceResult, str]] = []
        for (item, evidence), alignment in zip(aligned, alignments):
            # The first candidate in order of authority, unless it is about another subject and a later
            # one is not ("Liothyronine is a synthetic form of T3" for a claim about levothyroxine).
            kept = by_result.get(id(item[0]))
            if kept is None or kept[1].subject_substituted and not alignment.subject_substituted:
                by_result[id(item[0])] = (evidence, alignment)
        for result, c, mismatches, contradicting in flagged:
            suggestion = None
            if id(result) in by_result:
                evidence, alignment = by_result[id(result)]
                # A slot another evidence sentence of this claim names is covered, if not by this one.
                elsewhere = tuple(e.text for e in result.evidence if e is not evidence)
                suggestion = suggest_correction(result.text, evidence, alignment, elsewhere=elsewhere)
            if suggestion is None and mismatches and contradicting is not None:
                suggestion = suggestion_from_mismatches(result, c.claim, mismatches, contradicting)
            if suggestion is None and id(result) in by_result and evidence.relation == "contradiction":
                # No slot differs, yet this evidence contradicts the sentence: what it says is the negation.
                suggestion = suggest_correction(result.text, evidence, alignment, contradicted=True,
                                                elsewhere=elsewhere)
            result.suggestion = suggestion
            if suggestion is not None:
                drafted.append((result, evidence.text if id(result) in by_result else contradicting.text))
        # Only a draft the evidence entails is proposed (judging.corrections).
        withhold_unentailed(drafted, load_judge(self.config), overrules_support, self.config.paraphrase_threshold)
        for result, _, _, _ in flagged:
            if id(result) in by_result:
                evidence, alignment = by_result[id(result)]
                # The diff draws the correction proposed from this alignment, as the reviewer will accept it.
                made = result.suggestion.substitutions if result.suggestion else ()
                result.alignment = {**alignment.to_dict(), "evidence": evidence.text,
                                    "evidence_locator": f"{evidence.source}: {evidence.locator}",
                                    "html": alignment.to_html([s for s in made if s.evidence == evidence.text])}
        return {key: alignment for key, (_, alignment) in by_result.items()}


#: One wrong year and a kind noun: a check of it reaches the judge, the alignment and the lexicon.
_WARM_UP = ("The bridge in Lyon, a kind of viaduct, was completed in 1900.",
            "The viaduct in Lyon was completed in 1890 and is still in use.")


def warm_up(config: Config | None = None) -> None:
    """Load what a check with ``config`` uses (spaCy, the encoder, the judge, WordNet) by checking one
    sentence, so that the first real check does not wait for them (about 15 s on two cores)."""
    from .judging import lexicon

    try:
        Checker(config).check(_WARM_UP[0], [("warm-up", _WARM_UP[1])])
        lexicon.wordnet()  # the check need not have reached it: the similarity methods meet it later
    except Exception:  # noqa: BLE001 - a missing model is reported, with what to do, by the check that needs it
        pass


def _correction_candidates(result: SentenceResult) -> list[Evidence]:
    """The argumentation's winner when DeLP decided, else the contradicting evidence, most authoritative
    first."""
    if result.argumentation and result.argumentation.get("winner") is not None:
        winner = result.argumentation["winner"]
        if 0 <= winner < len(result.evidence):
            return [result.evidence[winner]]
    contradicting = [e for e in result.evidence if e.relation == "contradiction"]
    return sorted(contradicting, key=lambda e: (SOURCE_RANK.get(e.source, 9), -(e.probability or 0), -e.score))


def propagate_corrections(results: list[SentenceResult]) -> None:
    """A substituted entity carries over to later sentences that name it (Truth-O-Meter §correction)."""
    from .alignment import apply_substitutions, propagate

    texts = [r.text for r in results]
    for position, r in enumerate(results):
        if not r.suggestion:
            continue
        for later, subs in propagate(texts, position, r.suggestion.substitutions).items():
            target = results[later]
            if target.suggestion or not subs:
                continue
            target.suggestion = Suggestion(apply_substitutions(target.text, subs), list(subs),
                                           note=f"carried over from the correction of sentence {r.index + 1}")


def propose_web_evidence(report: Report, kb) -> int:
    """Web sentences that support a claim become pending knowledge-base entries for curators, with the
    judge's probability (else the similarity) as confidence; a sentence already stored is not repeated."""
    seen = {e.text for e in kb.list(source="web", limit=100_000)} if hasattr(kb, "list") else set()
    count = 0
    for s in report.sentences:
        for e in s.evidence:
            if e.source == "web" and e.relation == "support" and e.text not in seen:
                kb.propose(e.text, source="web", locator=e.locator,
                           confidence=round(float(e.probability if e.probability is not None else e.score), 3))
                seen.add(e.text)
                count += 1
    return count


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
        new = m.evidence.text
        if result.text[:start].rstrip().split()[-1:] in (["the"], ["The"]) and new[:4].lower() == "the ":
            new = new[4:]  # "The USSR" -> "The Soviet Union", not "The The Soviet Union"
        subs.append(Substitution(m.claim.text, new, start, end, kind=m.kind,
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
