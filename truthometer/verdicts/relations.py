"""The relation of each evidence sentence to a claim, settled before the verdict: the judge's reading
(``relate_by_judge``), then the alignment where it outweighs the judge (``settle_misplaced_support``,
``outweigh_unlocated_contradictions``), the most trusted source (``trusted_source_takes_part``), the cascade's
near paraphrase (``support_near_paraphrase``) and the relations between pieces of evidence that the
argumentation reads (``relate_conflicting_evidence``). Each adjustment sets a flag (``flags.Flag``) on the
sentence; the decision (``decision.reach_verdict``) reads the relations and the flags.
"""
from __future__ import annotations

import re
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable

from ..check_context import CheckContext, or_fresh
from ..config import Config
from ..judging.rules import Mismatch, extract_slots
from ..report import Evidence, EvidenceSentence, SentenceResult
from ..text.names import compass_point
from ..vocabulary import Relation, SlotKind
from .flags import Flag, add_flag

# Evidence within this cosine of the best match is compared slot by slot; further ones are about
# something else and would produce false contradictions.
ALIGNMENT_MARGIN = 0.08


def relate_by_judge(evidence: list[Evidence], pairs, probabilities, as_read: dict | None = None) -> None:
    """``judge_readings``, applied."""
    apply_relabels(judge_readings(evidence, pairs, probabilities, as_read))


def judge_readings(evidence: list[Evidence], pairs, probabilities, as_read: dict | None = None,
                   result: SentenceResult | None = None) -> list[Relabel]:
    """Label each evidence sentence support / contradiction / related from the judge's probabilities.

    A contradiction counts only from the best-aligned evidence (within ALIGNMENT_MARGIN of the most
    similar sentence): a sentence about something else "contradicts" a claim only by accident. A sentence
    opening with a pronoun is that near when it is, read with its antecedent in place (``as_read``: text ->
    cosine of the sentence as the judge read it). A label the judge gives less than DECISION_THRESHOLD is
    no relation at all (related): a 0.37 "support" would otherwise stand in the argumentation as an equal
    of a 0.85 contradiction.
    """
    from ..judging.nli import CONTRADICTION_THRESHOLD, DECISION_THRESHOLD, LABELS

    by_text = {(e.text, e.source): p for (e, _), p in zip(pairs, probabilities)}
    best_score = max((s for _, s in pairs), default=0.0)
    changes = []
    for ev in evidence:
        p = by_text.get((ev.text, ev.source))
        if p is None:
            continue
        best = max(range(len(LABELS)), key=lambda i: p[i])
        relation = {"entailment": Relation.SUPPORT,
                    "contradiction": Relation.CONTRADICTION}.get(LABELS[best], Relation.RELATED)
        if p[best] < DECISION_THRESHOLD:
            relation = Relation.RELATED
        elif relation == Relation.CONTRADICTION and p[best] < CONTRADICTION_THRESHOLD:
            relation = Relation.RELATED
        elif relation == Relation.CONTRADICTION and max(ev.score, (as_read or {}).get(ev.text, ev.score)) \
                < best_score - ALIGNMENT_MARGIN:
            relation = Relation.RELATED
        changes.append(Relabel(result, ev, relation, probability=float(p[best])))
    return changes


@dataclass(frozen=True)
class Relabel:
    """One change a relation stage decided, returned for the pipeline to apply (``apply_relabels``): the
    evidence sentence's new relation (None: no evidence changes), whether the judge's probability goes with
    it (it was for the relation the judge read), the flag the sentence gets (None: none), and the judge's
    probability of the relation it read, where the change is its reading (``judge_readings``)."""

    result: SentenceResult | None
    evidence: Evidence | None = None
    relation: str | None = None
    drop_probability: bool = False
    flag: Flag | None = None
    probability: float | None = None


def apply_relabels(relabels: Iterable[Relabel]) -> None:
    """The one place the relation stages' decisions are written onto the sentences, in order."""
    for change in relabels:
        if change.evidence is not None:
            change.evidence.relation = change.relation
            if change.drop_probability:
                change.evidence.probability = None
            elif change.probability is not None:
                change.evidence.probability = change.probability
        if change.flag is not None:
            add_flag(change.result, change.flag)


#: Slots whose substitution outweighs the judge's support: names, numbers, dates and codes. A common noun or
#: an adjective filled differently is as often a paraphrase ("most frequent" / "most common").
MISPLACEABLE = frozenset({SlotKind.ENTITY, SlotKind.NUMBER, SlotKind.DATE, SlotKind.CODE})


def settle_misplaced_support(results: list[tuple[SentenceResult, EvidenceSentence | None]],
                             config: Config | None = None, context: CheckContext | None = None) -> None:
    """``misplaced_supports``, applied."""
    apply_relabels(misplaced_supports(results, config, context))


def misplaced_supports(results: list[tuple[SentenceResult, EvidenceSentence | None]],
                       config: Config | None = None, context: CheckContext | None = None) -> list[Relabel]:
    """A support the judge saw, where aligning the claim with that evidence substitutes a slot, is a
    contradiction: the mirror of the decision setting aside a contradiction the alignment cannot place
    (``decision._unlocated``).

    The small judge reads topical overlap as entailment when the evidence repeats most of the claim but
    binds one slot to something else ("the wall stretched for about 1,393 km" / "the inner border was
    about 1,393 km long, while the Berlin Wall itself was about 155 km long"); the alignment pairs the
    claim's slots through the dependency trees and sees the substitution. On FEVER-Symmetric (grouped
    cross-validated judge, groups 121-177 the alignment was not developed on) this took E-vs-C accuracy
    from 0.724 to 0.746 (0.759 counting every substituted slot, but on LLM-written articles a common noun
    or adjective "substituted" is mostly a paraphrase). Only the best-aligned evidence (within
    ALIGNMENT_MARGIN of the most similar) is looked at, as for the judge's own contradictions, and only
    where the rule tier found nothing. The judge's probability was for support: it is dropped.

    With ``config``, the evidence ``support_near_paraphrase`` would promote where the judge is unsure is
    looked at too: a near paraphrase that fills a slot differently is no paraphrase. And evidence that
    never names the claim's subject and is about another of its participants is no support at all.

    The pairs are aligned through the check's ``context`` (a fresh one outside a check). Returns the
    changes; each pair is decided on the relations as they were, none on another's change.
    """
    from ..alignment import align_many

    todo, conflicts, far = _supports_to_settle(results, config)
    pairs = todo + conflicts + far
    # The claim as checked: "It is located in Paris" is about the antecedent put in for "It".
    alignments = or_fresh(context, align_many).align([(result.claim or result.text, ev.text) for result, ev in pairs])
    changes: list[Relabel] = []
    for k, ((result, ev), alignment) in enumerate(zip(pairs, alignments)):
        if k >= len(todo) + len(conflicts):
            if overrules_support(alignment):
                changes.append(Relabel(result, ev, Relation.RELATED, True, Flag.OVERRULED_SUPPORT))
            continue
        changes += _settle_support(result, ev, alignment, best_aligned=k < len(todo))
    return changes


def _supports_to_settle(results, config: Config | None) -> tuple[list, list, list]:
    """(result, evidence) pairs to align: the best-aligned supports (and near paraphrases), the supports
    beside a contradiction, and the supports further from the claim than its best match."""
    todo, conflicts, far = [], [], []
    for result, contradicting in results:
        if not result.evidence:
            continue
        supports = [ev for ev in result.evidence if ev.relation == Relation.SUPPORT]
        if contradicting is None:
            best = max(e.score for e in result.evidence)
            near = [ev for ev in supports if ev.score >= best - ALIGNMENT_MARGIN]
            todo += [(result, ev) for ev in near]
            if config is not None and _near_paraphrase(result.evidence, config):
                todo.append((result, result.evidence[0]))
            supports = [ev for ev in supports if ev not in near]
        if contradicting is not None or any(ev.relation == Relation.CONTRADICTION for ev in result.evidence):
            # With a contradiction found, a support that fills a slot differently too is no support and
            # must not hold the contradiction to a draw in the argumentation ("Zirconium, which sits below
            # titanium, has atomic number 40" for titanium's number): it is dropped, however far it is.
            conflicts += [(result, ev) for ev in supports]
        else:
            # A support from evidence further from the claim than the best match, which names another
            # person, number or date in the claim's place, is the judge reading a shared topic as
            # entailment ("England were captained by Bobby Moore" for "England's remaining goal came from
            # Roger Hunt"): no support; being that far, no contradiction either.
            far += [(result, ev) for ev in supports]
    return todo, conflicts, far


def _settle_support(result, ev, alignment, best_aligned: bool) -> list[Relabel]:
    """A best-aligned support (or near paraphrase) whose alignment substitutes a slot becomes a
    contradiction; a support beside a contradiction that does is dropped to related."""
    from ..alignment import SUBSTITUTED, UNCONFIRMED

    # Where the judge was unsure (a near paraphrase), a whole phrase under the claim's preposition and
    # verb that the evidence fills otherwise is enough too ("produced by the liver" / "produced by
    # beta cells of the pancreatic islets"), and so is a member of a list the evidence lists otherwise
    # ("red, blue and green" / "red, yellow and blue").
    unsure = ev.relation == Relation.RELATED and any(e.kind == SlotKind.PHRASE or e.label == "conj"
                                              for e in alignment.substituted)
    # Against a contradiction, a support that never names the claim's subject, or says it is something
    # else, is no counter to it either ("Canberra is the capital of Australia" for "Canberra is the
    # largest city in Australia", with "Sydney is the largest city in Australia" beside it).
    off_subject = not best_aligned and any(e.label in ("attr", "nsubj") and e.op == SUBSTITUTED
                                           or e.label == "nsubj" and e.op == UNCONFIRMED for e in alignment.edges)
    if best_aligned and alignment.about_another_participant and not overrules_support(alignment):
        # "The Millers is an American sitcom" supports nothing of "ABC is the network that aired The
        # Millers": it never names ABC, and is about The Millers.
        return [Relabel(result, ev if ev.relation == Relation.SUPPORT else None, Relation.RELATED, True,
                        Flag.OTHER_PARTICIPANT)]
    if not (overrules_support(alignment) or unsure or off_subject):
        return _flag_unlike_paraphrase(result, ev, alignment)
    if best_aligned:
        return [Relabel(result, ev, Relation.CONTRADICTION, True, Flag.MISPLACED_SUPPORT)]
    return [Relabel(result, ev, Relation.RELATED, True, Flag.OVERRULED_SUPPORT)]


def _flag_unlike_paraphrase(result, ev, alignment) -> list[Relabel]:
    """A near paraphrase is a paraphrase of words: "The Eiffel Tower was completed in 1899" is not one of
    "The Eiffel Tower is a wrought-iron lattice tower in Paris", which has no date at all."""
    flags = []
    if ev.relation == Relation.RELATED and any(e.kind == SlotKind.DATE for e in alignment.unconfirmed) \
            and not any(t.ent_type_ == "DATE" for t in alignment.evidence_doc) \
            and not any(s.kind == SlotKind.DATE for s in extract_slots(alignment.evidence_doc[:])):
        flags.append(Relabel(result, flag=Flag.UNSTATED_DATE))
    if ev.relation == Relation.RELATED and counts_another_thing(alignment):
        flags.append(Relabel(result, flag=Flag.OTHER_COUNT))
    return flags


def counts_another_thing(alignment) -> bool:
    """Whether the claim's amount is unconfirmed and every amount the evidence states counts or measures
    another thing ("receives around 300,000 visitors a year" / "holds around 240,000 books"): a near
    paraphrase in wording, not in what it says."""
    from ..alignment.values import _kindred_counts
    from ..text.quantities import comparable, quantity

    mine = [s for s in extract_slots(alignment.claim_doc[:]) if s.kind == SlotKind.NUMBER and s.unit]
    theirs = [s for s in extract_slots(alignment.evidence_doc[:]) if s.kind == SlotKind.NUMBER and s.unit]
    if not mine or not theirs or not any(e.kind == SlotKind.NUMBER for e in alignment.unconfirmed):
        return False
    return all(a.unit != b.unit and not comparable(quantity(a.value, a.unit), quantity(b.value, b.unit))
               and not _kindred_counts(a.unit, b.unit) for a in mine for b in theirs)


def overrules_support(alignment) -> bool:
    """Whether an alignment outweighs the judge's support: a name, number, ordinal, date or code
    substituted, the claim's subject found only in a clause about another subject, an adjective replaced by
    its antonym, another point of the compass ("north-east" / "north-west"), a value the evidence denies ("not
    in the mitochondria"), or the opposite polarity."""
    from ..alignment.align import DENIED, OPPOSITE, OTHER_SUBJECT, ordinal_value
    from ..alignment.sisters import SISTER

    def another_ordinal(edge) -> bool:
        # An ordinal is a number too: "the second person to walk on the Moon" / "the first".
        mine, theirs = ordinal_value(edge.claim_text.lower()), ordinal_value(edge.evidence_text.lower())
        return mine is not None and theirs is not None and mine != theirs

    def another_point(edge) -> bool:
        mine, theirs = compass_point(edge.claim_text), compass_point(edge.evidence_text)
        return mine is not None and theirs is not None and mine != theirs

    return alignment.polarity_mismatch or any(
        e.kind in MISPLACEABLE or e.label in (OTHER_SUBJECT, OPPOSITE, DENIED, SISTER) or another_ordinal(e)
        or another_point(e) for e in substitutions(alignment))


def substitutions(alignment) -> list:
    """The alignment's substituted slots, less the names the evidence states as the claim does (the same
    word before them): the alignment paired the claim's name with another of the evidence's names ("Hiwot
    Alemu of Ethiopia won in 2:23:10" / "The women's race was won by Hiwot Alemu of Ethiopia in 2:23:10;
    Clara Dunmore of Great Britain was runner-up"). A name the evidence states in another place is still
    substituted ("located in Kenya" / "in northeastern Tanzania, close to the border with Kenya"), and so is
    one the evidence names to deny it, or says of another subject ("signed in Paris, not in London")."""
    from ..alignment.align import DENIED, OPPOSITE, OTHER_SUBJECT

    return [e for e in alignment.substituted
            if not (e.kind == SlotKind.ENTITY and e.label not in (DENIED, OPPOSITE, OTHER_SUBJECT)
                    and stated_alike(e.claim_text, alignment.claim, alignment.evidence))]


def places_a_conflict(alignment) -> bool:
    """Whether the alignment places a contradiction in the claim: a slot the evidence fills otherwise
    (``substitutions``), or the opposite polarity."""
    return alignment.polarity_mismatch or bool(substitutions(alignment))


_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_WORD_BEFORE = re.compile(r"(\w+)\W*$")


def stated_alike(name: str, claim: str, evidence: str) -> bool:
    """Whether ``evidence`` states ``name`` (whole words, any case, with or without its article) after the
    same word as ``claim`` does: "Alemu of Ethiopia" in both; not "in Kenya" and "with Kenya"."""
    name = _ARTICLE.sub("", name.strip())
    if not name:
        return False
    said = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
    mine = [_word_before(claim[:m.start()]) for m in said.finditer(claim or "")]
    return any(_word_before(evidence[:m.start()]) in mine for m in said.finditer(evidence or ""))


def _word_before(text: str) -> str:
    text = re.sub(r"\b(?:a|an|the)\W*$", "", text.rstrip(), flags=re.IGNORECASE)
    found = _WORD_BEFORE.search(text)
    return found.group(1).lower() if found else ""


def _near_paraphrase(evidence: list[Evidence], config: Config) -> bool:
    top = evidence[0] if evidence else None
    # Only where the judge found nothing either way: a support it found is the better reason.
    return (top is not None and top.relation == Relation.RELATED and top.score >= config.paraphrase_threshold
            and not any(e.relation in (Relation.CONTRADICTION, Relation.SUPPORT) for e in evidence))


def support_near_paraphrase(evidence: list[Evidence], config: Config) -> bool:
    """The cascade after the judge: where it is unsure (the most similar evidence only related, none
    contradicting), a near-paraphrase still counts as support (DelucionQA's sim-cosine, at
    ``paraphrase_threshold``). The judge's probability was for another label: it is dropped. Returns
    whether it promoted one."""
    if not _near_paraphrase(evidence, config):
        return False
    evidence[0].relation, evidence[0].probability = Relation.SUPPORT, None
    return True


def near_paraphrase_support(result: SentenceResult, config: Config) -> list[Relabel]:
    """``support_near_paraphrase`` of the sentence's evidence as a change (flagged ``NEAR_PARAPHRASE``),
    not applied; none where it promotes nothing."""
    if not _near_paraphrase(result.evidence, config):
        return []
    return [Relabel(result, result.evidence[0], Relation.SUPPORT, True, Flag.NEAR_PARAPHRASE)]


def outweigh_unlocated_contradictions(result: SentenceResult) -> None:
    """``outweighed_contradictions``, applied."""
    apply_relabels(outweighed_contradictions(result))


def outweighed_contradictions(result: SentenceResult) -> list[Relabel]:
    """A contradiction only the judge sees (the rule tier found no slot filled differently) does not hold a
    surer support to a draw: "The Eiffel Tower is located in Paris" against "The Eiffel Tower was completed
    in 1889" (a contradiction, p=0.81, to the cross-encoder, which learnt from MultiNLI that another topic
    often contradicts) and "It is located in Paris" (a support, p=0.99) is supported."""
    support = max((e.probability or 0.0 for e in result.evidence if e.relation == Relation.SUPPORT), default=0.0)
    weaker = [e for e in result.evidence if e.relation == Relation.CONTRADICTION and (e.probability or 0.0) < support]
    changes = [Relabel(result, e, Relation.RELATED) for e in weaker]
    return changes + [Relabel(result, flag=Flag.OUTWEIGHED)] if weaker else []


_timers: list[dict] = []


@contextmanager
def timed_argumentation():
    """Collect, while the block runs, the seconds each argumentation took (``argue``: one per sentence whose
    evidence disagreed) and each batched judge call for relations between evidence (``relations``)."""
    record: dict[str, list[float]] = {"argue": [], "relations": []}
    _timers.append(record)
    try:
        yield record
    finally:
        _timers.remove(record)


def _timed(kind: str, seconds: float) -> None:
    for record in _timers:
        record[kind].append(seconds)


def conflicting(result: SentenceResult) -> bool:
    relations = {e.relation for e in result.evidence}
    return Relation.SUPPORT in relations and Relation.CONTRADICTION in relations


def relate_conflicting_evidence(results: list[SentenceResult], judge) -> dict[int, dict]:
    """For each sentence whose evidence disagrees, the relations between pairs of its evidence sentences
    (``argumentation.relations``: who contradicts whom, who supports whom), read by ``judge`` in one
    batched call for all of them; keyed by ``id(result)``."""
    from ..argumentation.relations import judge_relations

    todo = [r for r in results if conflicting(r)]
    if not todo:
        return {}
    start = time.perf_counter()
    found = judge_relations([r.evidence for r in todo], judge.predict)
    _timed("relations", time.perf_counter() - start)
    return {id(r): relations for r, relations in zip(todo, found) if relations}


def trusted_source_takes_part(result: SentenceResult, claim_span, parsed: dict,
                              rules_off=frozenset()) -> tuple[list[Mismatch], Evidence] | None:
    """``trusted_source_contradictions``, applied; returns the mismatches and the entry, or None."""
    found, changes = trusted_source_contradictions(result, claim_span, parsed, rules_off)
    apply_relabels(changes)
    return found


def trusted_source_contradictions(result: SentenceResult, claim_span, parsed: dict, rules_off=frozenset()
                                  ) -> tuple[tuple[list[Mismatch], Evidence] | None, list[Relabel]]:
    """The knowledge base's approved entries take part in the decision even where the judge read them as
    merely related and they rank below the alignment margin: an entry that fills a slot of the claim
    differently (the rule tier: another number, date, name, code) is contradicting evidence, and the
    argumentation weighs it against the rest ("The Eiffel Tower was completed in 1899": a reference saying
    so, and the approved entry "The Eiffel Tower in Paris was completed in 1889 for the Exposition
    Universelle", which the judge read as neutral). Returns the mismatches and the entry (or None), and the
    changes of relation, for the pipeline to apply.

    ``parsed`` maps texts to parsed spans; missing ones are parsed here. Only entries the knowledge base
    returned (within its refusal distance α of the claim) are looked at."""
    from .. import models
    from ..judging.rules import find_mismatches

    entries = [ev for ev in result.evidence if ev.source == "knowledge_base" and ev.relation == Relation.RELATED]
    if not entries or claim_span is None:
        return None, []
    missing = sorted({ev.text for ev in entries} - set(parsed))
    if missing:
        parsed.update((t, doc[:]) for t, doc in models.parse_many(missing).items())
    # The antecedent put in for a leading pronoun shifts the claim's offsets (as in the pipeline's rule tier).
    put_in = len(result.claim) - len(result.text) + len(result.text.split(maxsplit=1)[0]) if result.claim else 0
    found, changes = None, []
    for ev in sorted(entries, key=lambda e: (-float(e.confidence or 0.0), -e.score)):
        mismatches = [m for m in find_mismatches(claim_span, parsed[ev.text], context_chars=put_in)
                      if m.kind not in rules_off]
        if mismatches:
            changes.append(Relabel(result, ev, Relation.CONTRADICTION, True))
            found = found or (mismatches, ev)
    if found:
        changes.append(Relabel(result, flag=Flag.TRUSTED_SOURCE))
    return found, changes
