"""The indefinite article agrees with the new word ("a German film" -> "an American film"; inflect reads the
word by sound, ``truthometer.inflection``), and goes before a plural ("a role" -> "roles")."""
from __future__ import annotations

import re

from ..inflection import article_for
from .registry import rule
from ..vocabulary import SlotKind


def _article_before_classifiers(alignment, edge, start: int) -> int | None:
    """Where the indefinite article of the substitution at ``start`` begins, when nothing but compounds of
    the edge's noun stand between them ("a voice role"); None when there is no such article."""
    words = [t for t in alignment.claim_doc if t.idx < start]
    k = len(words)
    while k and words[k - 1].dep_ == "compound" and words[k - 1].head.idx == edge.claim_start:
        k -= 1
    return words[k - 1].idx if k and words[k - 1].text in ("a", "an", "A", "An") else None


def _plural(alignment, edge) -> bool:
    """The evidence's noun is a plural where the claim's is not."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc or [] if t.idx <= edge.evidence_start < t.idx + len(t.text)), None)
    if c is None or e is None:
        return False
    e = alignment.evidence_doc[e.i:next((t.i for t in alignment.evidence_doc if t.idx >= edge.evidence_end),
                                        len(alignment.evidence_doc))].root
    return e.tag_ in ("NNS", "NNPS") and c.tag_ in ("NN", "NNP")


@rule("plural-without-article", "'a' goes when the new noun is a plural ('a role' -> 'roles', 'a voice role' -> "
      "'voice talents')", off=lambda claim, alignment, edge, start, end, new: None)
def plural_without_article(claim: str, alignment, edge, start: int, end: int, new: str) -> tuple[int, str] | None:
    """(start, new) of the substitution widened over the indefinite article a plural does not take, also
    when classifiers the correction keeps stand between; None when that is not the case."""
    article = _article_before_classifiers(alignment, edge, start) if new and edge.kind == SlotKind.NOUN \
        and _plural(alignment, edge) else None
    if article is None:
        return None
    new = re.sub(r"^\S+\s+", "", claim[article:start]) + new
    if article == 0:
        new = new[:1].upper() + new[1:]
    return article, new


@rule("article-agreement", "the indefinite article agrees with the new word ('a German' -> 'an American')",
      off=lambda claim, start, new: (start, new))
def article_agreement(claim: str, start: int, new: str) -> tuple[int, str]:
    """The substitution widened over the "a"/"an" before it when the new word takes the other one."""
    m = re.search(r"(?:^|(?<=\s))(a|an|A|An)(\s+)$", claim[:start])
    if m and new:
        wanted = article_for(new)
        if wanted != m.group(1).lower():
            article = wanted if m.group(1).islower() else wanted.capitalize()
            return m.start(1), article + m.group(2) + new
    return start, new
