"""How a check reads each (evidence, claim) pair: the method (``Config.method``) as a strategy object, one per
method, chosen once per check (``method_for``); the pipeline asks it and never tests which method it is.

- ``JudgeMethod`` (``nli``): the entailment judge's probabilities for every pair (the cascade's cross-encoder
  on the evidence nearest each claim, the head alone on the rest, the passage around the best evidence where
  no sentence alone entails the claim); then the alignment, the near-paraphrase cascade and the relations
  between evidence settle the relations (``verdicts.relations``), and each claim is read part by part.
- ``DetectorMethod`` (``cosine``, ``overlap``, ``keyword``, ``hybrid``): a DelucionQA detector's verdict on
  the claim's evidence (``judging.delucionqa``); it cannot see a wrong number or name, so the rule tier
  overrides it.

Every method has the interface of ``CheckMethod``. The claims are the pipeline's working state (``_Claim``:
``claim``, ``span``, ``vector``, ``notes``, ``passage``, ``rule_evidence``, ``result``), read duck-typed.
"""
from __future__ import annotations

import numpy as np

from .check_context import CheckContext
from .config import Config
from .errors import ModelNotAvailable
from .vocabulary import Relation
from .verdicts import (Flag, Signals, apply_relabels, judge_readings, misplaced_supports, near_paraphrase_support,
                       outweighed_contradictions, relate_conflicting_evidence)

#: Evidence sentences per claim (the most similar) that the cascade's cross-encoder may read.
CROSS_ENCODER_TOP = 2


class CheckMethod:
    """What the pipeline asks of a method; each step a method has no part in does nothing here."""

    name = ""

    def __init__(self, config: Config):
        self.config = config

    def vectors_config(self) -> Config:
        """The configuration claims and evidence are embedded with."""
        return self.config

    def read(self, claims: list, relevant: list, context: CheckContext, progress) -> list:
        """One reading per claim of its relevant (evidence, cosine) pairs, for ``relate``."""
        return [None] * len(claims)

    def relate(self, c, pairs, reading, as_read: dict):
        """Set the relation of each evidence sentence of ``c.result`` from ``reading``; returns the
        detection the verdict reads (``Signals.detection``), or None."""
        return None

    def settle(self, judged: list, context: CheckContext) -> None:
        """Settle the relations of the judged claims (with relevant evidence) where the alignment outweighs
        the reading."""

    def between(self, results: list) -> dict:
        """The relations between pieces of evidence where they disagree, by ``id(result)``."""
        return {}

    def near_paraphrase(self, c) -> bool:
        """Whether the most similar evidence, read as neither, is support as a near paraphrase (promoting it)."""
        return False

    def read_parts(self, claims: list, relevant: list, signals: list[Signals], context: CheckContext,
                   progress) -> None:
        """Each claim's parts judged on their own, into ``Signals.parts``."""


class JudgeMethod(CheckMethod):
    """The entailment judge (``judging.nli``), with the relations the alignment and the cascade settle."""

    name = "nli"

    def vectors_config(self) -> Config:
        """With the bundled judge, the encoder precision its head was trained on: the judge then reuses the
        vectors retrieval computed, instead of embedding every claim and evidence sentence a second time (a
        quarter of the time of a check)."""
        if self.config.nli_path:
            return self.config
        from .judging.nli import load_judge
        try:
            precision = getattr(load_judge(self.config), "precision", None)
        except ModelNotAvailable:
            return self.config  # the judging says what is missing
        return self.config.with_(precision=precision) if precision else self.config

    def read(self, claims: list, relevant: list, context: CheckContext, progress) -> list:
        """The judge's probabilities for every (evidence, claim) pair, in one batched call per reader."""
        from .judging.nli import BundledJudge, load_judge
        from .judging.nli.features import remember

        judge = load_judge(self.config)
        if hasattr(judge, "new_check"):
            judge.new_check()  # an external judge's call budget is a check's
        vectors = context.vectors_of(self.vectors_config())
        if isinstance(getattr(judge, "base", judge), BundledJudge):
            # The claims and the best evidence are parsed and embedded already: the judge reuses them.
            remember({**context.parses, **{c.claim: c.span for c in claims}},
                     {**vectors, **{c.claim: c.vector for c in claims}}, self.vectors_config(), context)
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
            nearest = nearest_as_read(pairs, as_read_by(c, pairs, vectors), CROSS_ENCODER_TOP)
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
        _read_passages(judge, claims, relevant, out)
        return out

    def relate(self, c, pairs, reading, as_read: dict):
        result = c.result
        apply_relabels(judge_readings(result.evidence, pairs, reading, as_read, result))
        if c.passage:
            top = next(ev for ev in result.evidence if (ev.text, ev.source) == (pairs[0][0].text, pairs[0][0].source))
            top.passage = c.passage
        return None

    def settle(self, judged: list, context: CheckContext) -> None:
        # The relation stage decides, the pipeline writes: first the supports the alignment overrules, then,
        # on the relations as they are after them, the contradictions a surer support outweighs.
        apply_relabels(misplaced_supports([(c.result, c.rule_evidence) for c in judged], self.config, context))
        apply_relabels([change for c in judged if c.rule_evidence is None
                        for change in outweighed_contradictions(c.result)])

    def between(self, results: list) -> dict:
        # Where the evidence disagrees, the judge reads pairs of evidence sentences too (one batched call):
        # who contradicts whom, who supports whom, for the argumentation's program.
        from .judging.nli import load_judge
        return relate_conflicting_evidence(results, load_judge(self.config))

    def near_paraphrase(self, c) -> bool:
        # No slot filled differently: where the judge is unsure, a near-paraphrase is support.
        if c.rule_evidence is not None \
                or {Flag.UNSTATED_DATE, Flag.OTHER_COUNT, Flag.OTHER_PARTICIPANT} & set(c.result.flags):
            return False
        changes = near_paraphrase_support(c.result, self.config)
        apply_relabels(changes)
        return bool(changes)

    def read_parts(self, claims: list, relevant: list, signals: list[Signals], context: CheckContext,
                   progress) -> None:
        """Each sentence with a supporting or contradicting evidence sentence judged part by part
        (``verdicts.parts``), against its most similar evidence and the passage around the best of it, by the
        cross-encoder where there is one."""
        from .judging.nli import load_judge, passage_reader
        from .verdicts.parts import PREMISES, PartCheck, read_parts

        progress(0.85, "checking sentences part by part")
        reader = passage_reader(load_judge(self.config))
        checks, owners = [], []
        for c, pairs, s in zip(claims, relevant, signals):
            decided = (Relation.SUPPORT, Relation.CONTRADICTION)
            if not s.relevant or not any(e.relation in decided for e in c.result.evidence):
                continue
            by_text = {(e.text, e.source): e for e in c.result.evidence}
            premises = [(by_text[(e.text, e.source)], e.checked_as or e.text) for e, _ in pairs[:PREMISES]]
            best = pairs[0][0]
            if best.window:
                premises.append((by_text[(best.text, best.source)], best.window))
            own = {p.part.text: {e.text for e, _ in p.evidence[:PREMISES]} for p in c.parts} if c.parts else None
            checks.append(PartCheck(c.result, c.claim, c.span, premises, own))
            owners.append(s)
        vectors_config = self.vectors_config()
        for s, spans in zip(owners, read_parts(checks, reader, lambda texts: context.embed(texts, vectors_config))):
            s.parts = spans


class DetectorMethod(CheckMethod):
    """One DelucionQA detector (``judging.delucionqa``: ``cosine``, ``overlap``, ``keyword``, ``hybrid``)."""

    def __init__(self, config: Config):
        super().__init__(config)
        self.name = config.method

    def relate(self, c, pairs, reading, as_read: dict):
        from .judging import delucionqa

        detection = delucionqa.detect(self.name, c.claim, [e.text for e, _ in pairs], [s for _, s in pairs],
                                      self.config, c.span)
        # The similarity detectors cannot see a wrong number or name: the rule tier overrides them.
        if detection.supported and c.rule_evidence is None:
            c.result.evidence[0].relation = Relation.SUPPORT
        return detection


def method_for(config: Config) -> CheckMethod:
    """The strategy of ``config.method``."""
    return JudgeMethod(config) if config.method == "nli" else DetectorMethod(config)


def _read_passages(judge, claims: list, relevant, out: list[list]) -> None:
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


def as_read_by(c, pairs, evidence_vectors: dict) -> dict[str, float]:
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
