"""Synthetic training pairs from real sentences, seeded and deterministic.

From an evidence sentence s (the premise) and its first clause h (a subset of s):
- (s, h) -> entailment (subset: a clause dropped);
- h with an entity, number or date swapped for another of the same type -> contradiction;
- h negated ("was" -> "was not", "directed" -> "did not direct") -> contradiction;
- h with a word replaced by its antonym (began -> ended) -> contradiction;
- h with a year or place added that s does not mention -> neutral (a slot the evidence does not cover);
- the first clause of an unrelated sentence -> neutral.
"""
from __future__ import annotations

import random
import re

from .alignment import ANTONYMS, ENTITY_FAMILIES

_CUT = re.compile(r"(,| which | who | where | and | but | while |;| -- | – | \()")
_AUX = {"is", "was", "are", "were", "has", "have", "had", "can", "will", "could", "would", "should"}
SWAP_LABELS = ("PERSON", "ORG", "GPE", "NORP", "DATE", "CARDINAL", "LOC", "WORK_OF_ART", "LANGUAGE", "EVENT",
               "QUANTITY", "PERCENT", "MONEY", "ORDINAL")


def first_clause(text: str, min_words: int = 4) -> str:
    """The sentence up to its first clause break after ``min_words`` words (the sentence if none)."""
    for m in _CUT.finditer(text):
        head = text[:m.start()].strip()
        if len(head.split()) >= min_words:
            return head.rstrip(" ,;") + "."
    return text


def negate(doc) -> str | None:
    for t in doc:
        if t.text.lower() in _AUX and t.pos_ == "AUX":
            return doc[:t.i + 1].text + " not " + doc[t.i + 1:].text if t.i + 1 < len(doc) else None
    for t in doc:
        if t.tag_ in ("VBD", "VBZ", "VBP") and t.pos_ == "VERB":
            aux = {"VBD": "did", "VBZ": "does", "VBP": "do"}[t.tag_]
            return (doc[:t.i].text + f" {aux} not {t.lemma_} " + doc[t.i + 1:].text).strip()
    return None


def _replace(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def swap_entity(doc, pool: dict, rng: random.Random) -> str | None:
    ents = [e for e in doc.ents if e.label_ in SWAP_LABELS]
    if not ents:
        return None
    ent = ents[rng.randrange(len(ents))]
    if ent.label_ in ("DATE", "CARDINAL") and re.fullmatch(r"\d{4}", ent.text):
        new = str(int(ent.text) + rng.choice([-11, -3, -2, -1, 1, 2, 5, 10]))
    elif ent.label_ in ("CARDINAL", "QUANTITY", "PERCENT", "MONEY") and re.search(r"\d", ent.text):
        new = re.sub(r"\d+", lambda m: str(int(m.group(0)) * rng.choice([2, 3]) + rng.choice([1, 7])), ent.text, count=1)
    else:
        options = [o for o in pool.get(ent.label_, ()) if o.lower() != ent.text.lower() and o.lower() not in doc.text.lower()]
        if not options:
            return None
        new = options[rng.randrange(len(options))]
    return _replace(doc.text, ent.start_char, ent.end_char, new)


def antonym_swap(doc, rng: random.Random) -> str | None:
    candidates = [t for t in doc if t.lemma_.lower() in ANTONYMS and not t.is_stop or t.text.lower() in ("began", "ended", "first", "last")]
    candidates = [t for t in candidates if t.lemma_.lower() in ANTONYMS]
    if not candidates:
        return None
    t = candidates[rng.randrange(len(candidates))]
    new = sorted(ANTONYMS[t.lemma_.lower()])[0]
    if t.tag_ == "VBD":
        new = {"end": "ended", "begin": "began", "start": "started", "finish": "finished", "die": "died",
               "lose": "lost", "win": "won", "rise": "rose", "fall": "fell", "decrease": "decreased",
               "increase": "increased"}.get(new, new + "ed")
    return _replace(doc.text, t.idx, t.idx + len(t.text), new)


def add_unmentioned(doc, pool: dict, rng: random.Random) -> str | None:
    text = doc.text.rstrip(". ")
    if not any(e.label_ in ("DATE",) for e in doc.ents):
        return f"{text} in {rng.randrange(1850, 2020)}."
    places = [p for p in pool.get("GPE", ()) if p.lower() not in doc.text.lower()]
    if places and not any(e.label_ == "GPE" for e in doc.ents):
        return f"{text} in {places[rng.randrange(len(places))]}."
    return None


def generate(sentences: list[str], nlp, seed: int = 13, per_sentence: int = 3) -> list[tuple[str, str, str]]:
    """(premise, hypothesis, label) triples; same sentences and seed give the same list."""
    rng = random.Random(seed)
    sentences = sorted(set(s for s in sentences if 5 <= len(s.split()) <= 60))
    clauses = [first_clause(s) for s in sentences]
    clause_docs = list(nlp.pipe(clauses, batch_size=256))
    pool: dict[str, set] = {}
    for d in clause_docs:
        for e in d.ents:
            if e.label_ in ENTITY_FAMILIES and len(e.text) < 40:
                pool.setdefault(e.label_, set()).add(e.text)
    pool = {k: sorted(v) for k, v in pool.items()}
    out = []
    for i, (s, h, doc) in enumerate(zip(sentences, clauses, clause_docs)):
        made = [("entailment", h)]
        contradictions = [swap_entity(doc, pool, rng), negate(doc), antonym_swap(doc, rng)]
        made += [("contradiction", c) for c in contradictions if c]
        extra = add_unmentioned(doc, pool, rng)
        if extra:
            made.append(("neutral", extra))
        other = clauses[(i + 1 + rng.randrange(len(clauses) - 1)) % len(clauses)] if len(clauses) > 1 else None
        if other and other != h:
            made.append(("neutral", other))
        rng.shuffle(made)
        # Keep the entailment, then the rest up to per_sentence (labels stay roughly balanced).
        made.sort(key=lambda m: m[0] != "entailment")
        for label, hyp in made[:per_sentence + 1]:
            out.append((s, hyp, label))
    return out
