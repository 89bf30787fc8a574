"""The corrections stage: a minimal rewrite drafted for each sentence the verdict stage found contradicted,
proposed only when the evidence entails it. It never changes a verdict.

The alignment drafts a minimal rewrite of a contradicted sentence from its evidence; on sentences unlike the
ones its rules were written from, a draft can be ungrammatical or say something the evidence does not
("directed by the British engineer the Suez Canal Company"). The judge reads each draft against the
evidence its words came from (the corrected sentence as hypothesis, the Truth-O-Meter paper's check of a
correction against its source), and a draft it does not read as entailed is withheld: the sentence keeps
its flag and the reviewer sees the evidence, not a broken rewrite.

On Breaking NLI's one-word swaps (``bench swap-correct``, a set no rule was written from), 2026-11-27: of
the drafts, 0.92 of the development part are proposed and 0.992 of those are right (0.91 and 0.996 on the
validation part); the gate withholds no right draft there. Both gates' figures are in-sample for the judge:
its cross-encoder was trained on every Breaking NLI row (a wrong draft can be a trained hypothesis), and
on FEVER-Symmetric its head on the very pairs a right draft makes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..check_context import CheckContext, or_fresh
from ..report import Evidence, EvidenceSentence, SentenceResult, Substitution, Suggestion
from ..verdicts.decision import SOURCE_RANK
from ..verdicts.flags import WITHHELD_NOTE, Flag, add_flag  # noqa: F401 - WITHHELD_NOTE re-exported
from ..judging.nli import ENTAILMENT
from ..judging.rules import Mismatch
from ..vocabulary import Relation, Status


def premise_of(suggestion: Suggestion, fallback: str) -> str:
    """The evidence a draft's words came from: every distinct sentence its substitutions cite, then its
    ``context`` (the sentence's other evidence that states what the draft kept and the cited sentence does
    not)."""
    cited = list(dict.fromkeys(s.evidence for s in suggestion.substitutions if s.evidence)) or [fallback]
    return " ".join(dict.fromkeys([*cited, *suggestion.context]))


def entailed(judge, premises: list[str], corrected: list[str], overruled: Callable | None = None,
             relevance_floor: float | None = None, context: CheckContext | None = None,
             embed: Callable | None = None) -> list[bool]:
    """For each draft, whether the judge reads it as entailed by the evidence (``judge_reads_entailment``)
    and the alignment of draft and evidence neither substitutes a name, number or date nor flips the
    polarity (``overruled``, the pipeline's ``overrules_support``); or, where the judge does not, the
    alignment finds every slot of the draft stated the same way in the evidence and none filled otherwise
    (the judge misreads a pronoun's sentence: "It was completed in 1889 ..." / "The tower was completed in
    1889" reads as a contradiction).

    The Truth-O-Meter paper's check of a correction against its source. (Until 2026-11-27 a near paraphrase
    (cosine 0.65), or a draft the judge read as nearer entailment than the sentence as written, passed too;
    on Breaking NLI's one-word swaps, a set no rule was written from, without them and with the head's
    reading the gate keeps every right draft it kept and fewer wrong ones: right among proposed 0.989 ->
    0.992 (development), 0.993 -> 0.996 (validation).)

    Evidence less similar to the draft than ``relevance_floor`` (the pipeline's floor for evidence about a
    sentence at all) is not about it and entails nothing: it is neither judged nor aligned; the similarity
    is ``embed``'s (texts -> unit vectors; the check passes its own, so that no second encoder is loaded
    for it; ``models.embed`` by default). Drafts and evidence are aligned through the check's ``context``
    (a fresh one outside a check)."""
    if not premises:
        return []
    from ..segmentation.markup import plain_text

    # Read as the check reads claims and evidence: without markup ("**bold**", "[a link](...)").
    keys = [(plain_text(p), plain_text(c)) for p, c in zip(premises, corrected)]
    distinct = list(dict.fromkeys(keys))  # the same draft from the same evidence is judged once
    verdicts = dict(zip(distinct, _entailed(judge, distinct, overruled, relevance_floor, context, embed)))
    return [verdicts[k] for k in keys]


def judge_reads_entailment(judge, premises: list[str], hypotheses: list[str]) -> list[bool]:
    """Whether the judge's most probable relation is entailment, by its cascade or by its head alone (the
    bundled judge's two readings, ``BundledJudge.readings``; another judge's one). The cascade defers to
    the cross-encoder wherever the head is unsure, and the cross-encoder, trained on long passages, misses
    entailments of one short sentence by another that the head, trained on such pairs, reads ("no more than
    1,200 mg should be taken in 24 hours" / "you should not go above 1,200 mg in a single day"); the head
    is the better judge of those on SICK, which neither was trained on (model card)."""
    return entailment_readings(judge, premises, hypotheses)[1]


def entailment_readings(judge, premises: list[str], hypotheses: list[str]) -> tuple[list[bool], list[bool]]:
    """From one reading of the pairs: whether the judge's probabilities put entailment first, and whether
    they or its head's alone do (``judge_reads_entailment``)."""
    readings = getattr(judge, "readings", None)
    probs, head = readings(premises, hypotheses) if readings is not None else (judge.predict(premises, hypotheses), None)
    by_judge = [int(row.argmax()) == ENTAILMENT for row in np.asarray(probs)]
    if head is None:
        return by_judge, by_judge
    return by_judge, [r or int(row.argmax()) == ENTAILMENT for r, row in zip(by_judge, np.asarray(head))]


def _entailed(judge, drafts: list[tuple[str, str]], overruled: Callable | None,
              relevance_floor: float | None, context: CheckContext | None, embed: Callable | None) -> list[bool]:
    from .. import models
    from ..alignment import align_many

    premises, corrected = (list(column) for column in zip(*drafts))
    out = [False] * len(drafts)
    if relevance_floor is None:
        about = list(range(len(drafts)))
    else:
        embed = embed or models.embed
        cosine = np.sum(np.asarray(embed(corrected)) * np.asarray(embed(premises)), axis=1)
        about = [k for k, similarity in enumerate(cosine) if similarity >= relevance_floor]
    if not about:
        return out
    read = judge_reads_entailment(judge, [premises[k] for k in about], [corrected[k] for k in about])
    aligned = or_fresh(context, align_many).align([(corrected[k], premises[k]) for k in about])
    for k, ok, alignment in zip(about, read, aligned):
        if overruled is not None and overruled(alignment) or alignment.contradicts and not ok:
            continue
        out[k] = ok or alignment.confirms
    return out


def withhold_unentailed(results: list[tuple[SentenceResult, str]], judge, overruled: Callable | None = None,
                        alternatives: dict | None = None, context: CheckContext | None = None) -> int:
    """Drop each result's suggestion that its evidence (``premise_of``, or the given fallback text) does not
    entail (``entailed``); note why on the sentence. ``alternatives``: id of a result -> (another draft, its
    fallback text), proposed where the first is not entailed and it is. Returns how many were withheld."""
    drafted = [(r, premise_of(r.suggestion, fallback)) for r, fallback in results if r.suggestion is not None]
    verdicts = entailed(judge, [p for _, p in drafted], [r.suggestion.corrected for r, _ in drafted], overruled,
                        context=context)
    second = [(r, *alternatives[id(r)]) for (r, _), ok in zip(drafted, verdicts)
              if not ok and id(r) in (alternatives or {})]
    rescued = set()
    if second:
        passed = entailed(judge, [premise_of(alt, fallback) for _, alt, fallback in second],
                          [alt.corrected for _, alt, _ in second], overruled, context=context)
        for (result, alt, _), ok in zip(second, passed):
            if ok:
                result.suggestion = alt
                rescued.add(id(result))
    withheld = 0
    for (result, _), ok in zip(drafted, verdicts):
        if not ok and id(result) not in rescued:
            result.suggestion = None
            add_flag(result, Flag.CORRECTION_WITHHELD)
            withheld += 1
    return withheld


@dataclass
class ToCorrect:
    """A sentence decided contradicted, with what the rule tier found."""

    result: SentenceResult
    claim: str  # the sentence as checked (pronoun resolved)
    mismatches: list[Mismatch] = field(default_factory=list)
    rule_evidence: EvidenceSentence | Evidence | None = None  # where the rule tier found them


def correction_candidates(result: SentenceResult) -> list[Evidence]:
    """The argumentation's winner when DeLP decided, else the contradicting evidence, most authoritative
    first."""
    if result.argumentation and result.argumentation.get("winner") is not None:
        winner = result.argumentation["winner"]
        if 0 <= winner < len(result.evidence):
            return [result.evidence[winner]]
    contradicting = [e for e in result.evidence if e.relation == Relation.CONTRADICTION]
    return sorted(contradicting, key=lambda e: (SOURCE_RANK.get(e.source, 9), -(e.probability or 0), -e.score))


def about_another_subject(alignment) -> bool:
    """The evidence is about another subject than the claim's: it substitutes the subject ("Liothyronine is
    a synthetic form of T3" for a claim about levothyroxine) or names another in its place ("Bill Gates
    co-founded Microsoft" for "Steve Jobs founded Microsoft")."""
    return alignment.subject_substituted or alignment.names_another_subject


def choose_alignment(candidates: list[tuple[Evidence, object]]) -> tuple[Evidence, object] | None:
    """The first candidate in order of authority, unless it is about another subject and a later one is not."""
    kept = None
    for evidence, alignment in candidates:
        if kept is None or about_another_subject(kept[1]) and not about_another_subject(alignment):
            kept = (evidence, alignment)
    return kept


#: Related evidence sentences (the most similar) a correction may come from when every contradicting one is
#: about another subject.
SAME_SUBJECT_CANDIDATES = 3


def same_subject_evidence(result: SentenceResult, chosen: tuple[Evidence, object] | None) -> list[Evidence]:
    """Where the contradicting evidence is about another subject ("Bill Gates co-founded Microsoft in 1975"
    for "Steve Jobs founded Microsoft in 1976"), the most similar related evidence, which may say what the
    claim's own subject did ("Steve Jobs co-founded Apple in 1976"): what the correction should come from."""
    if chosen is None or not chosen[1].names_another_subject:
        return []  # (a subject substituted, "King Richard I" / "King John", is what the correction changes)
    related = [e for e in result.evidence if e.relation == Relation.RELATED]
    return sorted(related, key=lambda e: -e.score)[:SAME_SUBJECT_CANDIDATES]


def draft_corrections(flagged: list[ToCorrect], judge, overruled: Callable | None = None,
                      context: CheckContext | None = None) -> None:
    """Minimal corrections from the most authoritative contradicting evidence, aligned in one batch through
    the check's ``context`` (a pair an earlier stage aligned is not aligned again); a draft the evidence does
    not entail is withheld (``withhold_unentailed``). Sets each sentence's suggestion and its alignment for
    the reviewer."""
    from ..alignment import align_many
    from .draft import stating_kept_values, suggest_correction

    context = or_fresh(context, align_many)
    known = context.alignments

    def align_new(evidence_of: dict) -> None:
        # One batch of the (sentence, evidence) pairs not aligned yet.
        context.align([(item.result.text, e.text) for item in flagged for e in evidence_of[id(item.result)]])

    candidates = {id(item.result): correction_candidates(item.result) for item in flagged}
    align_new(candidates)
    chosen = {id(item.result): choose_alignment([(e, known[(item.result.text, e.text)])
                                                 for e in candidates[id(item.result)]]) for item in flagged}
    others = {id(item.result): same_subject_evidence(item.result, chosen[id(item.result)]) for item in flagged}
    align_new(others)
    for item in flagged:
        # The claim's own subject, stated the same way, with a slot filled otherwise: a correction from it.
        own = [(e, a) for e in others[id(item.result)] if (a := known[(item.result.text, e.text)]).substituted
               and not about_another_subject(a) and not a.polarity_mismatch]
        if own:
            chosen[id(item.result)] = own[0]
    drafted: list[tuple[SentenceResult, str]] = []
    alternatives: dict[int, tuple[Suggestion, str]] = {}
    for item in flagged:
        result, suggestion, evidence, elsewhere = item.result, None, None, ()
        from_rules = suggestion_from_mismatches(result, item.claim, item.mismatches, item.rule_evidence) \
            if item.mismatches and item.rule_evidence is not None else None
        if chosen[id(result)] is not None:
            evidence, alignment = chosen[id(result)]
            # A slot another evidence sentence of this claim names is covered, if not by this one.
            elsewhere = tuple(e.text for e in result.evidence if e is not evidence)
            suggestion = suggest_correction(result.text, evidence, alignment, elsewhere=elsewhere)
            if suggestion is not None and from_rules is not None and from_rules.corrected != suggestion.corrected:
                # The rule tier's slots, where the gate does not pass the alignment's draft ("plays Humphrey
                # Bogart" from a sentence about the film, "a British expatriate" -> "an American expatriate"
                # from the one the rule tier read).
                alternatives[id(result)] = (from_rules, item.rule_evidence.text)
        if suggestion is None and from_rules is not None:
            suggestion = from_rules
        if suggestion is None and evidence is not None and evidence.relation == Relation.CONTRADICTION:
            # No slot differs, yet this evidence contradicts the sentence: what it says is the negation.
            suggestion = suggest_correction(result.text, evidence, alignment, contradicted=True, elsewhere=elsewhere)
        if suggestion is not None and evidence is not None:
            suggestion.context = stating_kept_values(alignment, elsewhere)
        result.suggestion = suggestion
        if suggestion is not None:
            drafted.append((result, evidence.text if evidence is not None else item.rule_evidence.text))
    _drop_contradicting_context([r for r, _ in drafted], overruled, context)
    # Only a draft the evidence entails is proposed.
    withhold_unentailed(drafted, judge, overruled, alternatives, context)
    for item in flagged:
        result = item.result
        if chosen[id(result)] is not None:
            evidence, alignment = chosen[id(result)]
            # The diff draws the correction proposed from this alignment, as the reviewer will accept it.
            made = result.suggestion.substitutions if result.suggestion else ()
            result.alignment = {**alignment.to_dict(), "evidence": evidence.text,
                                "evidence_locator": f"{evidence.source}: {evidence.locator}",
                                "html": alignment.to_html([s for s in made if s.evidence == evidence.text])}


def _drop_contradicting_context(results: list[SentenceResult], overruled: Callable | None,
                                context: CheckContext | None = None) -> None:
    """A draft whose substituted words a sentence of its context fills otherwise ("washes at 70 °C" beside "The
    Eco programme runs at 45 °C") is withheld: the judge reads a joined premise loosely, so each sentence is
    aligned alone."""
    from ..alignment import SUBSTITUTED, align_many

    pairs = [(r, c) for r in results if r.suggestion is not None for c in r.suggestion.context]
    if not pairs or overruled is None:
        return
    for (result, _), alignment in zip(pairs, or_fresh(context, align_many).align([(r.suggestion.corrected, c) for r, c in pairs])):
        if result.suggestion is None:
            continue
        corrected = result.suggestion.corrected
        # Where the substitutions' words stand in the corrected sentence.
        spans = [(k, k + len(sub.to)) for sub in result.suggestion.substitutions
                 if sub.to and (k := corrected.find(sub.to)) >= 0]
        if any(e.op == SUBSTITUTED and overruled(alignment) and any(e.claim_start < j and i < e.claim_end
                                                                   for i, j in spans) for e in alignment.edges):
            result.suggestion = None
            add_flag(result, Flag.CORRECTION_WITHHELD)


def propagate_corrections(results: list[SentenceResult], judge=None, overruled: Callable | None = None,
                          relevance_floor: float | None = None, context: CheckContext | None = None,
                          embed: Callable | None = None) -> int:
    """A substituted entity carries over to later sentences that name it (Truth-O-Meter §correction).

    Not to a sentence its own evidence supports as written. With ``judge``, a carried-over correction passes
    the same gate as a drafted one (``entailed``, against the evidence its substitutions came from): a name
    that was wrong in one sentence is not thereby wrong in a sentence saying something else of it. Evidence
    less similar to the rewritten sentence than ``relevance_floor`` (by ``embed``, as in ``entailed``) is not
    about it, and lets nothing through. Returns how many the gate did not let through."""
    from ..alignment import apply_substitutions, propagate

    texts = [r.text for r in results]
    carried: dict[int, Suggestion] = {}
    for position, r in enumerate(results):
        if not r.suggestion:
            continue
        for later, subs in propagate(texts, position, r.suggestion.substitutions).items():
            if results[later].suggestion or results[later].status == Status.SUPPORTED or later in carried or not subs:
                continue
            carried[later] = Suggestion(apply_substitutions(results[later].text, subs), list(subs),
                                        note=f"carried over from the correction of sentence {r.index + 1}")
    items = sorted(carried.items())
    keep = [True] * len(items)
    if judge is not None and items:
        fallback = [next((e.text for e in results[i].evidence), "") for i, _ in items]
        keep = entailed(judge, [premise_of(s, f) for (_, s), f in zip(items, fallback)],
                        [s.corrected for _, s in items], overruled, relevance_floor, context, embed)
    for (later, suggestion), ok in zip(items, keep):
        if ok:
            results[later].suggestion = suggestion
    return keep.count(False)


def suggestion_from_mismatches(result: SentenceResult, claim: str, mismatches: list[Mismatch],
                               evidence: EvidenceSentence | Evidence) -> Suggestion | None:
    """First-version correction: each mismatched slot replaced by its counterpart from the evidence, the
    indefinite article agreeing with it (``corrections.articles.article_agreement``).

    Offsets are in the claim; when the claim's opening pronoun was resolved, they shift back onto the
    sentence as written (a slot inside the resolved antecedent is left alone).
    """
    from .articles import article_agreement

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
        widened, new = article_agreement(result.text, start, new)  # "a British" -> "an American"
        subs.append(Substitution(result.text[widened:end], new, widened, end, kind=m.kind,
                                 evidence=evidence.text, evidence_locator=evidence.locator))
    if not subs:
        return None
    corrected = result.text
    for s in sorted(subs, key=lambda s: s.start, reverse=True):
        corrected = corrected[: s.start] + s.to + corrected[s.end:]
    return Suggestion(corrected, subs)
