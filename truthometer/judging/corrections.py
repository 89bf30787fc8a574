"""A correction is proposed only when the evidence entails it.

The alignment drafts a minimal rewrite of a contradicted sentence from its evidence; on sentences unlike the
ones its rules were written from, a draft can be ungrammatical or say something the evidence does not
("directed by the British engineer the Suez Canal Company"). The judge reads each draft against the
evidence its words came from (the corrected sentence as hypothesis, the Truth-O-Meter paper's check of a
correction against its source), and a draft it does not read as entailed is withheld: the sentence keeps
its flag and the reviewer sees the evidence, not a broken rewrite.

On the development part of FEVER-Symmetric v0.2-dev (260 corrections): 38 wrong drafts and 11 right ones
withheld, exact match 0.58 -> 0.54, the share of proposed corrections that are right 0.58 -> 0.67.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..report import SentenceResult, Suggestion
from ..verdicts import add_note
from .nli import CONTRADICTION, ENTAILMENT

WITHHELD_NOTE = ("a correction was drafted from the evidence but the entailment judge does not read the "
                 "corrected sentence as entailed by it: none is proposed; see the evidence")


def premise_of(suggestion: Suggestion, fallback: str) -> str:
    """The evidence a draft's words came from: every distinct sentence its substitutions cite."""
    cited = list(dict.fromkeys(s.evidence for s in suggestion.substitutions if s.evidence))
    return " ".join(cited) if cited else fallback


def entailed(judge, premises: list[str], corrected: list[str], overruled: Callable | None = None,
             paraphrase_threshold: float = 0.9, originals: list[str] | None = None) -> list[bool]:
    """For each draft, whether the evidence entails it as a check would find: the judge's most probable
    relation is entailment and the alignment of draft and evidence substitutes no name, number or date
    and keeps the polarity (``overruled``, the pipeline's ``overrules_support``); or, where the judge reads
    a contradiction it cannot place, the alignment finds every slot of the draft stated the same way in
    the evidence, or the draft is a near paraphrase of it (cosine at least ``paraphrase_threshold``) with
    no slot filled differently. The small judge reads a reworded sentence as contradiction too often to
    decide alone ("lies along the Pacific coast" / "a strip of land along the Pacific coast")."""
    if not premises:
        return []
    relative = originals is not None
    keys = list(zip(premises, corrected, originals if relative else [""] * len(premises)))
    distinct = list(dict.fromkeys(keys))  # the same draft from the same evidence is judged once
    verdicts = dict(zip(distinct, _entailed(judge, distinct, overruled, paraphrase_threshold, relative)))
    return [verdicts[k] for k in keys]


def _entailed(judge, drafts: list[tuple[str, str, str]], overruled: Callable | None, paraphrase_threshold: float,
              relative: bool) -> list[bool]:
    from .. import models
    from ..alignment import align_many

    premises, corrected, originals = (list(column) for column in zip(*drafts))
    probs = np.asarray(judge.predict(premises, corrected))
    before = np.asarray(judge.predict(premises, originals)) if relative else None
    alignments = align_many(list(zip(corrected, premises)))
    cosine = np.sum(np.asarray(models.embed(corrected)) * np.asarray(models.embed(premises)), axis=1)
    out = []
    for k, (row, alignment, similarity) in enumerate(zip(probs, alignments, cosine)):
        judged_entailed = int(row.argmax()) == ENTAILMENT
        if overruled is not None and overruled(alignment) or alignment.contradicts and not judged_entailed:
            out.append(False)
        elif judged_entailed:
            out.append(True)
        else:
            out.append(alignment.confirms or (similarity >= paraphrase_threshold and not alignment.contradicts)
                       or (relative and not alignment.contradicts and _closer(row, before[k])))
    return out


def _closer(draft: np.ndarray, original: np.ndarray) -> bool:
    """The judge reads the draft as nearer entailment than the sentence it corrects: more entailment and
    less contradiction (a relative reading, which the judge's bias towards contradiction cancels out of)."""
    return draft[ENTAILMENT] > original[ENTAILMENT] and draft[CONTRADICTION] < original[CONTRADICTION]


def withhold_unentailed(results: list[tuple[SentenceResult, str]], judge, overruled: Callable | None = None,
                        paraphrase_threshold: float = 0.9) -> int:
    """Drop each result's suggestion that its evidence (``premise_of``, or the given fallback text) does not
    entail (``entailed``); note why on the sentence. Returns how many were withheld."""
    drafted = [(r, premise_of(r.suggestion, fallback)) for r, fallback in results if r.suggestion is not None]
    verdicts = entailed(judge, [p for _, p in drafted], [r.suggestion.corrected for r, _ in drafted], overruled,
                        paraphrase_threshold, [r.text for r, _ in drafted])
    withheld = 0
    for (result, _), ok in zip(drafted, verdicts):
        if not ok:
            result.suggestion = None
            add_note(result, WITHHELD_NOTE)
            withheld += 1
    return withheld
