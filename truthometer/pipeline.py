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
from .corrections.proposals import ToCorrect, choose_alignment, draft_corrections, propagate_corrections
from .judging.part_rules import Part, about_its_part, part_mismatches, split_claims
from .judging.rules import Mismatch, find_mismatches
from .report import Evidence, EvidenceSentence, Report, SentenceResult
from .segmentation import contextualise, skip_reason, split_sentences
from .segmentation.markup import mask_markup
from .textio import validate_text
from .verdicts import (ALIGNMENT_MARGIN, SOURCE_RANK, Flag, Signals, add_flag, apply_verdict,  # noqa: F401
                       outweigh_unlocated_contradictions, overrules_support, reach_verdict, relate_by_judge,
                       relate_conflicting_evidence, settle_misplaced_support, support_near_paraphrase, to_locate,
                       trusted_source_takes_part)

Progress = Callable[[float, str], None]

#: How the knowledge base's refusal note opens (``knowledge.source``): dropped once another source settled
#: the claim. A source note, not a verdict flag.
KB_REFUSAL = "outside the knowledge base"
#: Claims a streamed check (``Checker.check(on_sentence=...)``) decides first, on their own: their sentences
#: come out after about a third of a 10-sentence check's time.
FIRST_CHUNK = 3
#: Evidence sentences per claim (the most similar) that the cascade's cross-encoder may read.
CROSS_ENCODER_TOP = 2


def _no_progress(fraction: float, message: str) -> None:
    pass


def _skip_opinions(claims: list, vectors) -> tuple[list, object]:
    """The claims the learned check-worthiness model reads as fact (with their vectors); the others are
    skipped with the model's probability as the reason. It reads the embedding the claim was retrieved with,
    so it costs no encoding of its own."""
    from .segmentation.checkworthy_model import load

    verdicts = load().not_checkworthy(vectors, [c.span for c in claims])
    kept = []
    for i, (c, p) in enumerate(zip(claims, verdicts)):
        if p is None:
            kept.append(i)
        else:
            c.result.reason = f"not check-worthy: reads as opinion, advice or prediction (model, p={p:.2f})"
            c.result.claim = ""
    return [claims[i] for i in kept], vectors[kept]


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
    #: The evidence the rule tier (or a trusted knowledge entry) found a slot filled differently in.
    rule_evidence: EvidenceSentence | Evidence | None = None
    #: Its parts, where it states several facts, each with its own evidence (``judging.part_rules``).
    parts: list[Part] = field(default_factory=list)


class Checker:
    """Checks texts; configure once, call ``check`` many times."""

    def __init__(self, config: Config | None = None, sources: list[EvidenceSource] | None = None,
                 propose_to=None, llm=None):
        self.config = config or Config()
        self.sources = list(sources or [])
        #: a knowledge base: web evidence the judge finds supporting is proposed to it as pending entries, and
        #: the rules the LLM proposes as pending rule entries
        self.propose_to = propose_to
        #: an ``llm.LLMClient`` (optional): where the evidence of a sentence disagrees, it is asked for the
        #: commonsense rules that link the claim to its evidence (``llm.rules``), used for that check
        self.llm = llm

    def check(self, text: str, references=(), progress: Progress | None = None,
              sources: list[EvidenceSource] | None = None, on_sentence: Callable | None = None) -> Report:
        """The report on ``text``. With ``on_sentence``, each SentenceResult is passed to it, in order, once
        decided: the first FIRST_CHUNK claims are checked on their own first, so a long text shows its first
        verdicts early; the report is the one an unstreamed check returns (``_streamed``)."""
        progress = progress or _no_progress
        validate_text(text, "text", MAX_TEXT_CHARS)
        report, claims = self._segment(text, progress)
        if on_sentence is not None and len(claims) > FIRST_CHUNK:
            self._streamed(report, claims, references, sources, progress, on_sentence)
        else:
            self._propagate([c.result for c in self._check_claims(report, claims, references, sources, progress)])
            for result in report.sentences if on_sentence else ():
                on_sentence(result)
        progress(1.0, "done")
        return report

    def _streamed(self, report: Report, claims: list[_Claim], references, sources, progress: Progress,
                  on_sentence: Callable) -> None:
        """The first claims checked and passed on, then the rest. Each stage reads a claim on its own evidence
        but one: corrections carried over to later sentences run again over the whole text, from the drafted
        corrections alone as in one pass."""
        first, rest = claims[:FIRST_CHUNK], claims[FIRST_CHUNK:]
        share = len(first) / len(claims)
        kept = self._check_claims(report, first, references, sources, lambda f, m: progress(f * share, m))
        drafted = {id(c.result) for c in kept if c.result.suggestion}
        self._propagate([c.result for c in kept])
        boundary = rest[0].result.index
        for result in report.sentences[:boundary]:
            on_sentence(result)
        kept += self._check_claims(report, rest, references, sources,
                                   lambda f, m: progress(share + f * (1 - share), m))
        for c in kept:
            if id(c.result) not in drafted:
                c.result.suggestion = None  # carried over within the first chunk: carried again below
        self._propagate([c.result for c in kept])
        for result in report.sentences[boundary:]:
            on_sentence(result)

    def _propagate(self, results: list[SentenceResult]) -> None:
        from .judging.nli import load_judge
        propagate_corrections(results, load_judge(self.config), overrules_support, self.config.relevance_floor)

    def _segment(self, text: str, progress: Progress) -> tuple[Report, list[_Claim]]:
        """The report with every sentence (skipped ones decided) and the check-worthy claims."""
        config = self.config
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
        return Report(text, results, method=config.method), claims

    def _check_claims(self, report: Report, claims: list[_Claim], references, sources,
                      progress: Progress) -> list[_Claim]:
        """Evidence, verdicts and drafted corrections for ``claims``; returns those the check-worthiness model kept."""
        config = self.config
        if not claims:
            return []
        # Claims whose text was rewritten (pronoun resolved) are parsed again as written for checking.
        rewritten = [c for c in claims if c.result.claim]
        for c, doc in zip(rewritten, models.nlp().pipe([c.claim for c in rewritten])):
            c.span = doc[:]

        progress(0.2, f"embedding {len(claims)} claims")
        claim_texts = [c.claim for c in claims]
        vectors_config = self._vectors_config()
        claim_vectors = models.embed(claim_texts, vectors_config)
        if config.skip_model:
            claims, claim_vectors = _skip_opinions(claims, claim_vectors)
            claim_texts = [c.claim for c in claims]
            if not claims:
                return []
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
        if config.split_parts:
            self._gather_for_parts(claims, all_sources, vectors_config, evidence_vectors, progress)

        # Commonsense rules from the sources (the knowledge base's approved rule entries), read once a check.
        rules = [rule for source in all_sources for rule in (getattr(source, "rules", None) or list)()]
        progress(0.65, "judging")
        report.notes.extend(self._judge(claims, parsed, evidence_vectors, progress, rules))
        if self.propose_to is not None:
            proposed = propose_web_evidence(report, self.propose_to)
            if proposed:
                report.notes.append(f"{proposed} supporting web sentence(s) proposed to the knowledge base "
                                    f"as pending entries")
        return claims

    def _gather_for_parts(self, claims: list[_Claim], sources, vectors_config: Config, evidence_vectors: dict,
                          progress: Progress) -> None:
        """Split every sentence that states several facts into its parts, and give each part its own
        evidence: gathered from every source for the part and ranked for it (``judging.part_rules``)."""
        parts = split_claims([c.span for c in claims])
        if not parts:
            return
        texts = [p.part.text for p in parts]
        docs = models.parse_many(texts, batch_size=self.config.batch_size)
        vectors = models.embed(texts, vectors_config)
        found: list[list] = [[] for _ in parts]
        for source in sources:
            progress(0.6, f"gathering evidence for {len(parts)} parts: {source.name}")
            gathered = source.gather(texts)
            ranked = rank_evidence(texts, vectors, gathered.per_claim, self.config.top_k, vectors_config,
                                   evidence_vectors)
            for k, pairs in enumerate(ranked):
                found[k].extend(pairs)
        for p, pairs, text in zip(parts, found, texts):
            p.span = docs[text][:]
            p.evidence = sorted(pairs, key=lambda pair: (-pair[1], SOURCE_RANK.get(pair[0].source, 9)))
            p.evidence = [pair for pair in p.evidence if pair[1] >= self.config.relevance_floor][:self.config.top_k]
            claims[p.owner].parts.append(p)

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
    def _judge(self, claims: list[_Claim], parsed: dict, evidence_vectors: dict, progress: Progress,
               rules: list) -> list[str]:
        """Signals for each claim, then one verdict each (``verdicts``), then corrections of the
        contradicted ones (``corrections.proposals``), which never change a verdict. Returns the report's notes."""
        from .judging.nli import load_judge

        config = self.config
        relevant = [[(e, s) for e, s in c.evidence if s >= config.relevance_floor] for c in claims]
        # Parse every evidence sentence that may be compared slot by slot, once.
        # A sentence opening with a pronoun is compared slot by slot as the judge reads it, with its
        # antecedent in place ("It opened in 1937" says nothing of the bridge's name otherwise).
        texts = sorted(({e.checked_as or e.text for pairs in relevant for e, _ in pairs
                         if e.checked_as or (e, _) in pairs[:3]}
                        | {e.checked_as or e.text for c in claims for p in c.parts for e, _ in p.evidence[:3]})
                       - set(parsed))
        parsed.update((t, doc[:]) for t, doc in models.parse_many(texts, batch_size=config.batch_size).items())
        probabilities = self._entailment(claims, relevant, parsed, evidence_vectors, progress) \
            if config.method == "nli" else None

        progress(0.8, "deciding verdicts")
        signals = self._signals(claims, relevant, parsed, evidence_vectors, probabilities)
        if probabilities is not None:
            progress(0.85, "checking sentences part by part")
            self._read_parts(claims, relevant, signals)
        known = self._locate(signals)
        notes = self._commonsense(claims, signals, rules, parsed, progress)
        for c, s in zip(claims, signals):
            apply_verdict(c.result, reach_verdict(s, config))
            if c.result.status != "unverifiable":
                # The knowledge base's refusal matters only when no other source settled the claim.
                c.result.notes = [n for n in c.result.notes if not n.startswith(KB_REFUSAL)]
        to_correct = [ToCorrect(c.result, c.claim, s.mismatches, c.rule_evidence) for c, s in zip(claims, signals)
                      if c.result.status == "contradicted"]
        progress(0.9, f"proposing corrections for {len(to_correct)} sentences")
        draft_corrections(to_correct, load_judge(config), overrules_support, known)
        return notes

    def _commonsense(self, claims: list[_Claim], signals: list[Signals], rules: list, parsed: dict,
                     progress: Progress) -> list[str]:
        """Each sentence's commonsense rules for its argumentation: the sources' (``rules``) and, with an LLM,
        those it proposes where evidence contradicts the claim (checked, ``llm.rules``; used for this check and, with
        ``propose_to``, proposed to curators as pending rule entries). Returns the report's notes."""
        judged = [(c, s) for c, s in zip(claims, signals) if s.relevant]
        for _, s in judged:
            s.rules = list(rules)
        if self.llm is None:
            return []
        from .llm.rules import propose_rules, propose_to_curators

        # Asked where the evidence disagrees, or where a contradiction may be answered by evidence the judge
        # read as merely related (a rule can link it to the claim): the sentences a reviewer is shown.
        disputed = [(c, s) for c, s in judged
                    if "contradiction" in (relations := {e.relation for e in c.result.evidence})
                    and relations & {"support", "related"}]
        asked, proposed, failed = 0, 0, ""
        for c, s in disputed:
            progress(0.87, f"asking the LLM for commonsense rules ({asked + 1}/{len(disputed)})")
            proposal = propose_rules(c.claim, c.result.evidence, self.llm, parsed)
            asked += 1
            if proposal.error:
                failed = proposal.error
                break  # an unreachable LLM or a spent budget: the rest of the check goes on without it
            s.rules += proposal.accepted
            if self.propose_to is not None and proposal.accepted:
                try:
                    proposed += len(propose_to_curators(self.propose_to, proposal, c.claim))
                except Exception as exc:  # a store that cannot be written loses the proposals, not the check
                    failed = f"the knowledge base could not store the LLM's rules: {exc}"
        notes = []
        if proposed:
            notes.append(f"{proposed} commonsense rule(s) the LLM proposed sent to the knowledge base as pending "
                         f"rule entries")
        if failed:
            notes.append(f"commonsense rules from the LLM: {failed}")
        return notes

    def _signals(self, claims: list[_Claim], relevant, parsed: dict, evidence_vectors: dict,
                 probabilities) -> list[Signals]:
        """Each claim's signals: the relation of each evidence sentence (the judge's or the similarity
        detector's, the rule tier's, then as ``verdicts.relations`` settles them) and the relations between
        pieces of evidence where they disagree."""
        from .judging.nli import load_judge

        config = self.config
        signals: list[Signals] = []
        for c_index, c in enumerate(claims):
            result = c.result
            result.notes = list(dict.fromkeys(c.notes))
            pairs = relevant[c_index]
            result.evidence = [Evidence.of(e, s) for e, s in c.evidence]
            if not pairs:
                signals.append(Signals(result, relevant=False, source_notes=list(result.notes)))
                continue
            as_read = _as_read(c, pairs, evidence_vectors)
            # Split first: in a sentence of several facts, a slot is compared with the evidence of its own
            # part (``part_rules.about_its_part``), and each part with its own evidence where the sentence
            # read whole finds nothing.
            mismatches, c.rule_evidence = self._rule_tier(c, pairs, parsed, as_read)
            if mismatches and c.parts and not about_its_part(mismatches, c.parts, c.rule_evidence):
                mismatches, c.rule_evidence = [], None
            late = None  # the part's evidence, where the sentence's own top-k does not hold it
            if not mismatches and c.parts:
                # Each fact on its own evidence: a wrong value in one part of a multi-fact sentence.
                mismatches, c.rule_evidence = part_mismatches(c.parts, c.claim, c.span, parsed, self.config.rules_off,
                                                              ALIGNMENT_MARGIN, _put_in(c))
                if c.rule_evidence is not None and not any(
                        (ev.text, ev.source) == (c.rule_evidence.text, c.rule_evidence.source) for ev in result.evidence):
                    score = next(s for p in c.parts for e, s in p.evidence if e is c.rule_evidence)
                    late = Evidence.of(c.rule_evidence, score)
            detection = None
            if probabilities is not None:
                relate_by_judge(result.evidence, pairs, probabilities[c_index], as_read)
                if c.passage:
                    top = next(ev for ev in result.evidence if (ev.text, ev.source) == (pairs[0][0].text, pairs[0][0].source))
                    top.passage = c.passage
            else:
                detection = delucionqa.detect(config.method, c.claim, [e.text for e, _ in pairs],
                                              [s for _, s in pairs], config, c.span)
                # The similarity detectors cannot see a wrong number or name: the rule tier overrides them.
                if detection.supported and c.rule_evidence is None:
                    result.evidence[0].relation = "support"
            if late is not None:
                result.evidence.append(late)
            if c.rule_evidence is not None:
                for ev in result.evidence:
                    if ev.text == c.rule_evidence.text and ev.source == c.rule_evidence.source:
                        ev.relation = "contradiction"
            signals.append(Signals(result, mismatches=mismatches, detection=detection))
        judged = [(c, s) for c, s in zip(claims, signals) if s.relevant]
        if probabilities is not None:
            settle_misplaced_support([(c.result, c.rule_evidence) for c, _ in judged], config)
            for c, _ in judged:
                if c.rule_evidence is None:
                    outweigh_unlocated_contradictions(c.result)
        # The most trusted source takes part: an approved knowledge entry the judge read as related, which
        # fills a slot of the claim differently, contradicts it (however far down the evidence it ranks).
        for c, s in judged:
            taking_part = trusted_source_takes_part(c.result, c.span, parsed, config.rules_off)
            if taking_part is not None and c.rule_evidence is None:
                s.mismatches, c.rule_evidence = taking_part
        # Where the evidence disagrees, the judge reads pairs of evidence sentences too (one batched call):
        # who contradicts whom, who supports whom, for the argumentation's program.
        between = relate_conflicting_evidence([c.result for c, _ in judged], load_judge(config)) \
            if probabilities is not None else {}
        for c, s in judged:
            s.between = between.get(id(c.result))
            # No slot filled differently: where the judge is unsure, a near-paraphrase is support.
            if probabilities is not None and c.rule_evidence is None \
                    and not {Flag.UNSTATED_DATE, Flag.OTHER_COUNT, Flag.OTHER_PARTICIPANT} & set(c.result.flags) \
                    and support_near_paraphrase(c.result.evidence, config):
                add_flag(c.result, Flag.NEAR_PARAPHRASE)
        return signals

    def _read_parts(self, claims: list[_Claim], relevant, signals: list[Signals]) -> None:
        """Each sentence with a supporting or contradicting evidence sentence judged part by part
        (``verdicts.parts``), against its most similar evidence and the passage around the best of it, by the
        cross-encoder where there is one."""
        from .judging.nli import load_judge, passage_reader
        from .verdicts.parts import PREMISES, PartCheck, read_parts

        reader = passage_reader(load_judge(self.config))
        checks, owners = [], []
        for c, pairs, s in zip(claims, relevant, signals):
            if not s.relevant or not any(e.relation in ("support", "contradiction") for e in c.result.evidence):
                continue
            by_text = {(e.text, e.source): e for e in c.result.evidence}
            premises = [(by_text[(e.text, e.source)], e.checked_as or e.text) for e, _ in pairs[:PREMISES]]
            best = pairs[0][0]
            if best.window:
                premises.append((by_text[(best.text, best.source)], best.window))
            own = {p.part.text: {e.text for e, _ in p.evidence[:PREMISES]} for p in c.parts} if c.parts else None
            checks.append(PartCheck(c.result, c.claim, c.span, premises, own))
            owners.append(s)
        for s, spans in zip(owners, read_parts(checks, reader)):
            s.parts = spans

    @staticmethod
    def _locate(signals: list[Signals]) -> dict:
        """The alignment of each sentence with the evidence only the judge found contradicting, where the
        decision needs it to place the contradiction (``verdicts.to_locate``), in one batch; returns every
        alignment made, by (sentence, evidence text), for the corrections to reuse."""
        from .alignment import align_many

        wanted = [(s, to_locate(s)) for s in signals]
        pairs = list(dict.fromkeys((s.sentence.text, e.text) for s, found in wanted for e in found))
        known = dict(zip(pairs, align_many(pairs))) if pairs else {}
        for s, found in wanted:
            chosen = choose_alignment([(e, known[(s.sentence.text, e.text)]) for e in found])
            if chosen is not None:
                s.located = chosen[1]
        return known

    def _rule_tier(self, c: _Claim, pairs, parsed, as_read: dict) -> tuple[list[Mismatch], EvidenceSentence | None]:
        # The best-aligned evidence: the most similar sentences (as the judge reads them), nearly as close
        # as the best one.
        # The antecedent put in for a leading pronoun: "Its highest point" checked as "Mount Kilimanjaro's ...".
        put_in = _put_in(c)
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
        if hasattr(judge, "new_check"):
            judge.new_check()  # an external judge's call budget is a check's
        if isinstance(getattr(judge, "base", judge), BundledJudge):
            # The claims and the best evidence are parsed and embedded already: the judge reuses them.
            remember({**parsed, **{c.claim: c.span for c in claims}},
                     {**evidence_vectors, **{c.claim: c.vector for c in claims}}, self._vectors_config())
        # The cascade's cross-encoder reads only the most similar evidence of each claim; the rest, which
        # settles a claim far less often, is read by the head alone (2,000 sentences against 500 references:
        # 29 sentences/s in bench throughput with the cross-encoder on every unsure pair, 35 with this).
        # An external judge reads what the cross-encoder reads, not the far evidence the head alone reads.
        lesser = load_judge(self.config.with_(judge="head", external_judge=None)) if self.config.judge == "cascade" \
            else judge
        batches: dict[int, tuple[list, list, list]] = {id(judge): ([], [], []), id(lesser): ([], [], [])}
        for c_index, (c, pairs) in enumerate(zip(claims, relevant)):
            # Most similar as the judge reads them: "It is released under the GPL-2.0 license" ranks low by its
            # own words, but is read as "Git is released under the GPL-2.0 license", as near as any.
            nearest = nearest_as_read(pairs, _as_read(c, pairs, evidence_vectors), CROSS_ENCODER_TOP)
            for rank, (e, _) in enumerate(pairs):
                premises, hypotheses, owners = batches[id(judge if rank in nearest else lesser)]
                premises.append(e.checked_as or e.text)
                hypotheses.append(c.claim)
                owners.append((c_index, rank))
        progress(0.7, f"entailment judge on {sum(len(b[0]) for b in batches.values())} pairs")
        out: list[list] = [[None] * len(pairs) for pairs in relevant]
        for reader in {id(judge): judge, id(lesser): lesser}.values():
            premises, hypotheses, owners = batches[id(reader)]
            probs, notes = _with_notes(reader, premises, hypotheses) if premises else ([], [])
            for (c_index, rank), p, note in zip(owners, probs, notes):
                out[c_index][rank] = p
                if note:  # the external judge could not read the pair: the bundled reading stands, and says so
                    claims[c_index].notes.append(note)
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


#: One wrong year and a kind noun: a check of it reaches the judge, the alignment and the lexicon.
_WARM_UP = ("The bridge in Lyon, a kind of viaduct, was completed in 1900.",
            "The viaduct in Lyon was completed in 1890 and is still in use.")


def _put_in(c: _Claim) -> int:
    """How many characters of the claim as checked are an antecedent put in for its opening pronoun."""
    return len(c.claim) - len(c.result.text) + len(c.result.text.split(maxsplit=1)[0]) if c.result.claim else 0


def _as_read(c: _Claim, pairs, evidence_vectors: dict) -> dict[str, float]:
    """Each evidence sentence's cosine with the claim as the judge reads it, with its antecedent in place:
    "It was completed in 1889" is as near the claim as "The Eiffel Tower was completed in 1889"."""
    return {e.text: float(np.dot(evidence_vectors[e.checked_as], c.vector)) for e, _ in pairs
            if e.checked_as in evidence_vectors}


def nearest_as_read(pairs, as_read: dict[str, float], n: int) -> set[int]:
    """The ranks of the ``n`` evidence sentences (of ``pairs``: (evidence, cosine), most similar first) nearest
    the claim by their own words or as read with their antecedent (``as_read``), ties to the earlier rank."""
    closeness = [max(score, as_read.get(e.text, score)) for e, score in pairs]
    return set(sorted(range(len(pairs)), key=lambda r: (-closeness[r], r))[:n])


def _with_notes(reader, premises: list[str], hypotheses: list[str]):
    """The reader's probabilities and, where an external judge is behind it, for each pair the note of why
    that judge could not read it (None where it did, or was not asked)."""
    noted = getattr(reader, "predict_with_notes", None)
    return noted(premises, hypotheses) if noted else (reader.predict(premises, hypotheses), [None] * len(premises))


def warm_up(config: Config | None = None) -> None:
    """Load what a check with ``config`` uses (spaCy, the encoder, the judge, WordNet) by checking one
    sentence, so that the first real check does not wait for them (about 15 s on two cores)."""
    from .text import lexicon

    try:
        Checker(config).check(_WARM_UP[0], [("warm-up", _WARM_UP[1])])
        lexicon.wordnet()  # the check need not have reached it: the similarity methods meet it later
    except Exception:  # noqa: BLE001 - a missing model is reported, with what to do, by the check that needs it
        pass


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


_default: dict[Config, Checker] = {}
_default_lock = threading.Lock()


def check(text: str, references=(), config: Config | None = None, progress: Progress | None = None,
          sources: list[EvidenceSource] | None = None) -> Report:
    """Check ``text`` against reference documents (texts or (name, text) pairs) and extra sources."""
    config = config or Config()
    with _default_lock:
        checker = _default.setdefault(config, Checker(config))
    return checker.check(text, references, progress=progress, sources=sources)
