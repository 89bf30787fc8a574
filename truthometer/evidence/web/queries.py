"""The query family of a sentence (Truth-O-Meter, Galitsky): its main entity plus the phrases under check.

For a claim the web is asked, in order: the sentence itself; the main entity with the predicate
(verb and its complement); the main entity with each other entity or noun chunk; the main entity
alone. At most ``max_queries`` (5, as in the paper), duplicates removed, the same for the same input.
"""
from __future__ import annotations

import re

from ... import models
from ...text.names import VALUE_LABELS
from .text import clean_text

MAX_QUERY_WORDS = 32
_SUBJECTS = {"nsubj", "nsubjpass", "csubj", "expl"}
_COMPLEMENTS = {"dobj", "attr", "acomp", "oprd", "dative", "pobj", "npadvmod", "xcomp", "ccomp"}


def _clean(text: str) -> str:
    text = " ".join(text.replace("\u201c", " ").replace("\u201d", " ").replace('"', " ").split())
    text = re.sub(r"^(?:the|a|an)\s+", "", text.strip(" .,;:!?'"), flags=re.IGNORECASE)
    return text.strip(" .,;:!?'")


def _strip_determiner(span) -> str:
    tokens = [t for t in span if not (t.i == span.start and t.pos_ in ("DET", "PRON"))]
    return _clean(" ".join(t.text for t in tokens)) if tokens else ""


def main_entity(doc) -> str:
    """The named entity in the subject, else the subject's noun chunk, else the first named entity,
    else the first noun chunk ("" when the sentence names nothing)."""
    subject_tokens = {t.i for s in doc if s.dep_ in _SUBJECTS for t in s.subtree}
    # Numbers, amounts and dates are what a claim says about its topic, never the topic itself.
    entities = [e for e in doc.ents if e.label_ not in VALUE_LABELS]
    for entity in entities:
        if any(t.i in subject_tokens for t in entity):
            return _clean(entity.text)
    chunks = [c for c in doc.noun_chunks if c.root.pos_ != "PRON"]
    for chunk in chunks:
        if chunk.root.i in subject_tokens:
            return _strip_determiner(chunk)
    if entities:
        return _clean(entities[0].text)
    return _strip_determiner(chunks[0]) if chunks else ""


def predicate_phrase(doc) -> str:
    """The main verb with its first complement ("completed in 1889"), subject and auxiliaries left out
    but a negation kept."""
    roots = [t for t in doc if t.dep_ == "ROOT"]
    if not roots:
        return ""
    root = roots[0]
    keep = {root.i}
    for child in root.children:
        if child.dep_ in ("neg", "prt"):
            keep.add(child.i)
    for child in root.children:
        if child.dep_ in _COMPLEMENTS or child.dep_ in ("prep", "agent"):
            keep.update(t.i for t in child.subtree)
            break
    tokens = [t for t in doc if t.i in keep and not t.is_punct]
    if root.lemma_ == "be" and len(tokens) > 1:  # "is Sydney": the copula only blurs the query
        tokens = [t for t in tokens if t.i != root.i]
    return _clean(" ".join(t.text for t in tokens))


def _phrases(doc, main: str) -> list[str]:
    """Entities, then noun chunks, that are not the main entity, in sentence order."""
    main_key = main.casefold()
    out: list[str] = []
    spans = sorted([*doc.ents, *doc.noun_chunks], key=lambda s: (s.start, -len(s)))
    covered: set[int] = set()
    for span in spans:
        if span.root.pos_ == "PRON" or all(t.is_stop or t.is_punct for t in span):
            continue
        text = _strip_determiner(span)
        if not text or text.casefold() in main_key or main_key in text.casefold():
            continue
        if any(t.i in covered for t in span):
            continue  # an entity already gave this chunk's words ("1889" inside "the year 1889")
        covered.update(t.i for t in span)
        out.append(text)
    return out


def query_family(sentence: str, max_queries: int = 5) -> list[str]:
    """Up to ``max_queries`` web queries for ``sentence``; the main entity is in every query but the
    sentence itself (and the sentence normally names it too). Deterministic."""
    sentence = clean_text(sentence or "")
    if not sentence or max_queries <= 0:
        return []
    doc = models.nlp()(sentence[:2000])
    whole = _clean(" ".join(sentence.split()[:MAX_QUERY_WORDS]))
    main = main_entity(doc)
    candidates = [whole]
    if main:
        predicate = predicate_phrase(doc)
        if predicate:
            candidates.append(f"{main} {predicate}")
        candidates.extend(f"{main} {phrase}" for phrase in _phrases(doc, main))
        candidates.append(main)
    queries, seen = [], set()
    for query in candidates:
        query = re.sub(r"\s+", " ", query).strip()
        key = query.casefold()
        if query and key not in seen:
            seen.add(key)
            queries.append(query)
    if len(queries) > max_queries:
        # The main entity alone is the broadest query: keep it, drop the narrowest phrases instead.
        queries = queries[: max_queries - 1] + [queries[-1]] if main else queries[:max_queries]
    return queries
