"""Synthetic training pairs from real sentences, seeded and deterministic.

From an evidence sentence s (the premise) and its first clause h (a subset of s):
- (s, h) -> entailment (subset: a clause dropped);
- h with an entity, number or date swapped for another of the same type -> contradiction;
- h negated ("was" -> "was not", "directed" -> "did not direct") -> contradiction;
- h with a word replaced by its antonym (began -> ended) -> contradiction;
- h with a measured amount restated in another unit -> entailment; restated wrongly -> contradiction;
- h with a person's full name cut to the surname -> entailment;
- h negated with a filler after the verb swapped ("was not directed by B") -> entailment;
- h with a year or place added that s does not mention -> neutral (a slot the evidence does not cover);
- the first clause of an unrelated sentence -> neutral.
"""
from __future__ import annotations

import math
import random
import re

from ..quantities import quantity, unit
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


def _swap_choice(doc, pool: dict, rng: random.Random, ents=None):
    """An entity of ``doc`` and another filler of the same type for it, or None."""
    ents = [e for e in (doc.ents if ents is None else ents) if e.label_ in SWAP_LABELS]
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
    return ent, new


def swap_entity(doc, pool: dict, rng: random.Random) -> str | None:
    choice = _swap_choice(doc, pool, rng)
    if choice is None:
        return None
    ent, new = choice
    return _replace(doc.text, ent.start_char, ent.end_char, new)


def negated_swap(doc, pool: dict, rng: random.Random) -> str | None:
    """h negated with a filler after the verb swapped ("was directed by A" -> "was not directed by B"):
    entailment, as FEVER reads it - the evidence names another filler, so the claim's is not it. The
    subject is left alone: "B was not directed by A" says nothing about A's film."""
    negated = negate(doc)
    choice = _swap_choice(doc, pool, rng, [e for e in doc.ents if e.start > 1])
    if negated is None or choice is None or negated.count(choice[0].text) != 1:
        return None
    return negated.replace(choice[0].text, choice[1])


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


#: Units a quantity may be restated in, per dimension (plural spelling, as a writer would use it).
RESTATE_UNITS = {"length": ("metres", "feet", "kilometres", "miles"), "mass": ("kilograms", "pounds", "grams"),
                 "temperature": ("°C", "°F"), "time": ("seconds", "minutes", "hours"),
                 "volume": ("litres", "millilitres", "gallons"), "area": ("square kilometres", "square miles")}


def _format_amount(value: float) -> str:
    """Three significant figures with thousands separators, as converted figures are usually written."""
    if value == 0:
        return "0"
    digits = 2 - int(math.floor(math.log10(abs(value))))
    rounded = round(value, digits)
    if digits > 0 and rounded != int(rounded):
        return f"{rounded:,.{digits}f}".rstrip("0")
    return f"{int(round(rounded)):,}"


def restate_quantity(doc, rng: random.Random, wrong: bool = False) -> str | None:
    """h with a measured amount written in another unit of its dimension ("5,895 metres" -> "19,300 feet"):
    the same amount (entailment) or, with ``wrong``, an amount off by a third or more (contradiction)."""
    for t in doc:
        if not t.like_num or t.i + 1 >= len(doc):
            continue
        try:
            value = float(t.text.replace(",", ""))
        except ValueError:
            continue
        unit_end = t.i + 3 if doc[t.i + 1].text == "°" and t.i + 2 < len(doc) else t.i + 2
        written = doc[t.i + 1:unit_end].text.replace(" ", "")
        amount = quantity(value, written)
        if amount is None or amount[0] not in RESTATE_UNITS:
            continue
        target = [u for u in RESTATE_UNITS[amount[0]] if unit(u) != unit(written)]
        if not target:
            return None
        new_unit = target[rng.randrange(len(target))]
        _, factor, offset = unit(new_unit)
        new_value = (amount[1] - offset) / factor
        if wrong:
            new_value *= rng.choice([0.5, 0.6, 1.5, 2.0, 3.0])
        return _replace(doc.text, t.idx, doc[unit_end - 1].idx + len(doc[unit_end - 1].text),
                        f"{_format_amount(new_value)} {new_unit}")
    return None


def shorten_name(doc) -> str | None:
    """h with a person's full name cut to the surname ("Linus Torvalds" -> "Torvalds"): entailment."""
    for ent in doc.ents:
        if ent.label_ == "PERSON" and len(ent) >= 2 and ent[-1].is_alpha and ent[-1].is_title:
            return _replace(doc.text, ent.start_char, ent.end_char, ent[-1].text)
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
        made = []
        contradictions = [swap_entity(doc, pool, rng), negate(doc), antonym_swap(doc, rng),
                          restate_quantity(doc, rng, wrong=True)]
        made += [("contradiction", c) for c in contradictions if c]
        made += [("entailment", e) for e in (restate_quantity(doc, rng), shorten_name(doc),
                                             negated_swap(doc, pool, rng)) if e]
        extra = add_unmentioned(doc, pool, rng)
        if extra:
            made.append(("neutral", extra))
        other = clauses[(i + 1 + rng.randrange(len(clauses) - 1)) % len(clauses)] if len(clauses) > 1 else None
        if other and other != h:
            made.append(("neutral", other))
        rng.shuffle(made)
        # Keep the subset entailment, then the rest up to per_sentence (labels stay roughly balanced).
        for label, hyp in [("entailment", h)] + made[:per_sentence]:
            out.append((s, hyp, label))
    return out
