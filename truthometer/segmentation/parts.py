"""A sentence that packs several facts, split into parts that can be checked one by one.

"Born in 1909 in Los Angeles, she appeared in over fifty films and won two Oscars." states three facts;
evidence for two of them makes the sentence *partly* supported, which an editor must see. Claim
decomposition of this kind is how WiCE (Kamoi et al. 2023) and FActScore (Min et al. 2023) check long
claims; here it is read off the dependency parse rather than asked of an LLM, so it is deterministic and
needs no model beyond spaCy's:

- coordinated predicates ("appeared in ... and won ..."): each conjunct verb with the shared subject;
- coordinated clauses with their own subjects ("X did A, and Y did B"): each clause;
- appositions of the subject ("Arnold, the publisher of Media Play News, ..."): "Arnold is the publisher ...";
- a participle clause before the subject ("Born in 1909 in Los Angeles, she ..."): "she was born ...";
- a non-restrictive relative clause on the subject ("X, who founded Y, ..."): "X founded Y".

Each part is a sentence the judge can read alone, with the character span of the words it stands for in
the original sentence, so the report can mark the span that is not supported. A sentence with one fact
gives one part: itself.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: More parts than this are not split further: a list of ten awards is one claim about a list.
MAX_PARTS = 4
#: A part needs at least this many words of its own, or it is no fact to check ("and more").
MIN_WORDS = 2

_SUBJECTS = ("nsubj", "nsubjpass", "csubj")


@dataclass(frozen=True)
class ClaimPart:
    text: str    # a sentence the judge reads alone
    start: int   # the words it stands for: character offsets into the sentence
    end: int
    kind: str    # main | predicate | clause | apposition | participle | relative


def claim_parts(span) -> list[ClaimPart]:
    """The parts of a parsed sentence (a spaCy Span or Doc), main clause first; one part (the sentence
    itself) when nothing splits it."""
    text = span.text
    whole = [ClaimPart(text, 0, len(text), "main")]
    root = span.root
    if root.pos_ not in ("VERB", "AUX"):
        return whole
    subject = _subject(root)
    base = span[0].idx
    removed: set[int] = set()
    parts: list[ClaimPart] = []

    def add(tokens, words: str, kind: str) -> None:
        own = [t for t in tokens if not t.is_punct]
        if not own:
            return
        if len([t for t in own if t.is_alpha or t.like_num]) < MIN_WORDS:
            return
        start, end = min(t.idx for t in own) - base, max(t.idx + len(t) for t in own) - base
        parts.append(ClaimPart(_tidy(words), start, end, kind))
        removed.update(t.i for t in tokens)

    for conj in [c for c in root.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")]:
        tokens = list(conj.subtree)
        own_subject = _subject(conj)
        if own_subject is not None:
            add(tokens, _words(tokens), "clause")
        elif subject is not None:
            add(tokens, f"{_words(subject)} {_words(tokens)}", "predicate")
        else:
            continue
        for t in _link_before(conj):
            removed.add(t.i)
    be = "was" if root.tag_ == "VBD" or any(t.tag_ == "VBD" and t.dep_ in ("aux", "auxpass")
                                            for t in root.children) else "is"
    for noun in [t for t in root.subtree if t.i not in removed and t.dep_ != "appos"]:
        for child in [c for c in noun.children if c.dep_ == "appos"]:
            tokens = _with_commas(list(child.subtree))
            add(tokens, f"{_words(_without(_referent(noun, child), tokens))} {be} {_words(child.subtree)}",
                "apposition")
    if subject is not None:
        head = _subject_head(root)
        for child in head.children:
            if child.dep_ == "acl" and child.tag_ == "VBN" and span.doc[child.left_edge.i - 1].text == ",":
                # "Jane Doe, born in 1909, ..."
                tokens = _with_commas(list(child.subtree))
                add(tokens, f"{_words(_without(subject, tokens))} {be} {_words(child.subtree)}", "participle")
            if child.dep_ == "relcl" and span.doc[child.left_edge.i - 1].text == ",":
                tokens = _with_commas(list(child.subtree))
                body = [t for t in child.subtree if not (t.i == child.left_edge.i and t.tag_ in ("WP", "WDT"))]
                add(tokens, f"{_words(_without(subject, tokens))} {_words(body)}", "relative")
        for child in root.children:
            if child.dep_ == "advcl" and child.tag_ == "VBN" and child.i < head.i and _subject(child) is None:
                tokens = _with_commas(list(child.subtree))
                add(tokens, f"{_words(subject)} {be} {_words(child.subtree, lower_first=True)}", "participle")
    if not parts or len(parts) + 1 > MAX_PARTS:
        return whole
    main = [t for t in span if t.i not in removed]
    own = [t for t in main if not t.is_punct]
    if len([t for t in own if t.is_alpha or t.like_num]) < MIN_WORDS + 1:
        return whole
    start, end = min(t.idx for t in own) - base, max(t.idx + len(t) for t in own) - base
    return [ClaimPart(_tidy(_words(main)), start, end, "main")] + sorted(parts, key=lambda p: p.start)


def _subject(verb):
    """The subject tokens of a verb (its subtree), or None."""
    for child in verb.children:
        if child.dep_ in _SUBJECTS:
            return list(child.subtree)
    return None


def _subject_head(verb):
    return next(c for c in verb.children if c.dep_ in _SUBJECTS)


def _without(subject, tokens):
    """The subject less an apposition or relative clause inside it (and the commas around it)."""
    drop = {t.i for t in tokens}
    return [t for t in subject if t.i not in drop]


def _referent(noun, appos):
    """What an apposition renames: the name just before it ("director of Media Play News, one of five
    trades": the parser hangs it on "director", the reader on "Media Play News"), else its head's phrase."""
    doc = noun.doc
    k = appos.left_edge.i - 1
    while k > noun.i and doc[k].is_punct:
        k -= 1
    near = doc[k]
    if near.i != noun.i and near.pos_ == "PROPN" and near in set(noun.subtree):
        while near.dep_ in ("compound", "flat") and near.head.i > near.i:
            near = near.head
        return list(near.subtree)
    return list(noun.subtree)


def _with_commas(tokens):
    """A parenthetical's tokens with the commas (or dashes) that set it off."""
    doc = tokens[0].doc
    first, last = min(t.i for t in tokens), max(t.i for t in tokens)
    out = list(tokens)
    if first > 0 and doc[first - 1].text in (",", "-", "\u2013", "\u2014", "("):
        out.append(doc[first - 1])
    if last + 1 < len(doc) and doc[last + 1].text in (",", "-", "\u2013", "\u2014", ")"):
        out.append(doc[last + 1])
    return out


def _link_before(conj):
    """The comma and conjunction that join a conjunct to what precedes it."""
    doc = conj.doc
    out = []
    k = conj.left_edge.i - 1
    while k >= 0 and doc[k].dep_ in ("cc", "punct") and doc[k].text in (",", "and", "but", "or", ";", "while"):
        out.append(doc[k])
        k -= 1
    return out


def _words(tokens, lower_first: bool = False) -> str:
    tokens = sorted(tokens, key=lambda t: t.i)
    text = ""
    for t, after in zip(tokens, tokens[1:] + [None]):
        # Where words were cut out between two tokens, a space stands for them.
        gap = after is not None and after.i != t.i + 1 and not after.is_punct
        text += t.text + (" " if gap else t.whitespace_)
    text = text.strip()
    if lower_first and tokens and tokens[0].pos_ != "PROPN" and text[:1].isupper():
        text = text[0].lower() + text[1:]  # "Born in 1909, she ..." -> "she was born in 1909"
    return text


def _tidy(text: str) -> str:
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    text = re.sub(r",\s*,", ",", text)
    text = re.sub(r"^[,;\s]+|[,;\s]+$", "", text).strip()
    text = re.sub(r",\s*\.$", ".", text)
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
