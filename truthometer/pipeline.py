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
from .check_context import CheckContext, active
from .check_methods import CROSS_ENCODER_TOP, as_read_by as _as_read, method_for, nearest_as_read  # noqa: F401
from .config import MAX_TEXT_CHARS, Config
from .evidence.base import EvidenceSource
from .evidence.references import ReferenceSource
from .evidence.retrieval import rank_evidence
from .corrections.proposals import ToCorrect, choose_alignment, draft_corrections, propagate_corrections
from .judging.part_rules import Part, about_its_part, part_mismatches, split_claims
from .judging.rules import Mismatch, find_mismatches
from .report import Evidence, EvidenceSentence, Report, SentenceResult
from .segmentation import contextualise, skip_reason, split_sentences
from .segmentation.markup import mask_markup
from .textio import validate_text
from .vocabulary import Relation, Status
from .verdicts import (ALIGNMENT_MARGIN, SOURCE_RANK, Flag, Signals, add_flag, apply_verdict,  # noqa: F401
                       outweigh_unlocated_contradictions, overrules_support, reach_verdict, relate_by_judge,
                       relate_conflicting_evidence, settle_misplaced_support, support_near_paraphrase, to_locate,
                       trusted_source_takes_part)
from .verdicts import apply_relabels, trusted_source_contradictions

Progress = Callable[[float, str], None]

#: How the knowledge base's refusal note opens (``knowledge.source``): dropped once another source settled
#: the claim. A source note, not a verdict flag.
KB_REFUSAL = "outside the knowledge base"
#: Claims a streamed check (``Checker.check(on_sentence=...)``) decides first, on their own: their sentences
#: come out after about a third of a 10-sentence check's time.
FIRST_CHUNK = 3


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

    @property
    def method(self):
        """How this checker reads each (evidence, claim) pair (``check_methods``): the judge or a detector."""
        return method_for(self.config)

    def check(self, text: str, references=(), progress: Progress | None = None,
              sources: list[EvidenceSource] | None = None, on_sentence: Callable | None = None) -> Report:
        """The report on ``text``. With ``on_sentence``, each SentenceResult is passed to it, in order, once
        decided: the first FIRST_CHUNK claims are checked on their own first, so a long text shows its first
        verdicts early; the report is the one an unstreamed check returns (``_streamed``)."""
        from .alignment import align_many

        progress = progress or _no_progress
        validate_text(text, "text", MAX_TEXT_CHARS)
        # What this check parses, embeds and aligns, computed once and read by every stage; gone with the check.
        # The judge's features find it as the check in progress (``active``): every judge has one signature.
        with active(CheckContext(align_many)) as context:
            report, claims = self._segment(text, progress)
            if on_sentence is not None and len(claims) > FIRST_CHUNK:
                self._streamed(report, claims, references, sources, progress, on_sentence, context)
            else:
                kept = self._check_claims(report, claims, references, sources, progress, context)
                self._propagate([c.result for c in kept], context)
                for result in report.sentences if on_sentence else ():
                    on_sentence(result)
        progress(1.0, "done")
        return report

    def _streamed(self, report: Report, claims: list[_Claim], references, sources, progress: Progress,
                  on_sentence: Callable, context: CheckContext) -> None:
        """The first claims checked and passed on, then the rest. Each stage reads a claim on its own evidence
        but one: corrections carried over to later sentences run again over the whole text, from the drafted
        corrections alone as in one pass."""
        first, rest = claims[:FIRST_CHUNK], claims[FIRST_CHUNK:]
        share = len(first) / len(claims)
        kept = self._check_claims(report, first, references, sources, lambda f, m: progress(f * share, m), context)
        drafted = {id(c.result) for c in kept if c.result.suggestion}
        self._propagate([c.result for c in kept], context)
        boundary = rest[0].result.index
        for result in report.sentences[:boundary]:
            on_sentence(result)
        kept += self._check_claims(report, rest, references, sources,
                                   lambda f, m: progress(share + f * (1 - share), m), context)
        for c in kept:
            if id(c.result) not in drafted:
                c.result.suggestion = None  # carried over within the first chunk: carried again below
        self._propagate([c.result for c in kept], context)
        for result in report.sentences[boundary:]:
            on_sentence(result)

    def _propagate(self, results: list[SentenceResult], context: CheckContext) -> None:
        from .judging.nli import load_judge
        vectors_config = self.method.vectors_config()
        propagate_corrections(results, load_judge(self.config), overrules_support, self.config.relevance_floor,
                              context, lambda texts: context.embed(texts, vectors_config))

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
                                    status=Status.SKIPPED, reason="", method=config.method)
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
                      progress: Progress, context: CheckContext) -> list[_Claim]:
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
        vectors_config = self.method.vectors_config()
        claim_vectors = models.embed(claim_texts, vectors_config)
        if config.skip_model:
            claims, claim_vectors = _skip_opinions(claims, claim_vectors)
            claim_texts = [c.claim for c in claims]
            if not claims:
                return []
        for c, vector in zip(claims, claim_vectors):
            c.vector = vector
        evidence_vectors = context.vectors_of(vectors_config)

        all_sources = [ReferenceSource(references)] + self.sources + list(sources or [])
        parsed = context.parses
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
        report.notes.extend(self._judge(claims, parsed, evidence_vectors, progress, rules, context))
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

    # -- judging -----------------------------------------------------------------------------------
    def _judge(self, claims: list[_Claim], parsed: dict, evidence_vectors: dict, progress: Progress,
               rules: list, context: CheckContext) -> list[str]:
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
        method = self.method
        readings = method.read(claims, relevant, context, progress)

        progress(0.8, "deciding verdicts")
        signals = self._signals(claims, relevant, parsed, evidence_vectors, readings, context)
        method.read_parts(claims, relevant, signals, context, progress)
        self._locate(signals, context)
        notes = self._commonsense(claims, signals, rules, parsed, progress)
        for c, s in zip(claims, signals):
            apply_verdict(c.result, reach_verdict(s, config))
            if c.result.status != Status.UNVERIFIABLE:
                # The knowledge base's refusal matters only when no other source settled the claim.
                c.result.notes = [n for n in c.result.notes if not n.startswith(KB_REFUSAL)]
        to_correct = [ToCorrect(c.result, c.claim, s.mismatches, c.rule_evidence) for c, s in zip(claims, signals)
                      if c.result.status == Status.CONTRADICTED]
        progress(0.9, f"proposing corrections for {len(to_correct)} sentences")
        draft_corrections(to_correct, load_judge(config), overrules_support, context)
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
                    if Relation.CONTRADICTION in (relations := {e.relation for e in c.result.evidence})
                    and relations & {Relation.SUPPORT, Relation.RELATED}]
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
                 readings: list, context: CheckContext) -> list[Signals]:
        """Each claim's signals: the relation of each evidence sentence (the method's reading of it, the rule
        tier's, then as the method settles them) and the relations between pieces of evidence where they
        disagree."""
        config, method = self.config, self.method
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
            detection = method.relate(c, pairs, readings[c_index], as_read)
            if late is not None:
                result.evidence.append(late)
            if c.rule_evidence is not None:
                for ev in result.evidence:
                    if ev.text == c.rule_evidence.text and ev.source == c.rule_evidence.source:
                        ev.relation = Relation.CONTRADICTION
            signals.append(Signals(result, mismatches=mismatches, detection=detection))
        judged = [(c, s) for c, s in zip(claims, signals) if s.relevant]
        method.settle([c for c, _ in judged], context)
        # The most trusted source takes part: an approved knowledge entry the judge read as related, which
        # fills a slot of the claim differently, contradicts it (however far down the evidence it ranks).
        for c, s in judged:
            taking_part, changes = trusted_source_contradictions(c.result, c.span, parsed, config.rules_off)
            apply_relabels(changes)
            if taking_part is not None and c.rule_evidence is None:
                s.mismatches, c.rule_evidence = taking_part
        between = method.between([c.result for c, _ in judged])
        for c, s in judged:
            s.between = between.get(id(c.result))
            method.near_paraphrase(c)
        return signals

    @staticmethod
    def _locate(signals: list[Signals], context: CheckContext) -> None:
        """The alignment of each sentence with the evidence only the judge found contradicting, where the
        decision needs it to place the contradiction (``verdicts.to_locate``), in one batch through the
        check's context, which keeps them for the corrections."""
        wanted = [(s, to_locate(s)) for s in signals]
        context.align([(s.sentence.text, e.text) for s, found in wanted for e in found])
        for s, found in wanted:
            chosen = choose_alignment([(e, context.alignments[(s.sentence.text, e.text)]) for e in found])
            if chosen is not None:
                s.located = chosen[1]

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

#: One wrong year and a kind noun: a check of it reaches the judge, the alignment and the lexicon.
_WARM_UP = ("The bridge in Lyon, a kind of viaduct, was completed in 1900.",
            "The viaduct in Lyon was completed in 1890 and is still in use.")


def _put_in(c: _Claim) -> int:
    """How many characters of the claim as checked are an antecedent put in for its opening pronoun."""
    return len(c.claim) - len(c.result.text) + len(c.result.text.split(maxsplit=1)[0]) if c.result.claim else 0


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
            if e.source == "web" and e.relation == Relation.SUPPORT and e.text not in seen:
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
