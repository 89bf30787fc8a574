"""Deterministic synthetic articles and references for speed benchmarks (no data files needed)."""
from __future__ import annotations

import random

_SUBJECTS = ["The bridge", "The museum", "The observatory", "The cathedral", "The dam", "The library",
             "The stadium", "The lighthouse", "The canal", "The tower", "The railway", "The harbour"]
_PLACES = ["Lyon", "Porto", "Turin", "Ghent", "Kraków", "Bergen", "Seville", "Utrecht", "Graz", "Brno"]
_PEOPLE = ["Anna Keller", "Marco Rossi", "Ines Duarte", "Tomas Novak", "Lena Berg", "Jan de Vries",
           "Clara Moreau", "Pavel Horak"]
_TEMPLATES = [
    "{s} in {p} was completed in {y} after {n} years of work.",
    "{s} in {p} was designed by {person} and opened to the public in {y}.",
    "{s} in {p} is {n} metres long and carries about {m} visitors a day.",
    "{s} in {p} was renovated in {y} at a cost of {m} million euros.",
    "{s} in {p} holds a collection of {m} items donated by {person}.",
]


def reference_sentences(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        out.append(rng.choice(_TEMPLATES).format(
            s=rng.choice(_SUBJECTS), p=_PLACES[i % len(_PLACES)] + (f" district {i // len(_PLACES)}" if i >= 10 else ""),
            y=rng.randint(1800, 2020), n=rng.randint(2, 90), m=rng.randint(10, 5000), person=rng.choice(_PEOPLE)))
    return out


def article(references: list[str], n: int, seed: int = 11) -> str:
    """n sentences: copies, copies with a changed number, and unrelated sentences, mixed."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        base = rng.choice(references)
        kind = i % 4
        if kind == 0:
            out.append(base)
        elif kind == 1:
            words = base.split()
            nums = [j for j, w in enumerate(words) if w.strip(".").isdigit()]
            if nums:
                j = rng.choice(nums)
                words[j] = str(int(words[j].strip(".")) + rng.randint(1, 9)) + ("." if words[j].endswith(".") else "")
            out.append(" ".join(words))
        elif kind == 2:
            out.append(f"Visitors often describe the {rng.choice(_PLACES)} area as busy in summer number {i}.")
        else:
            out.append(base.replace(" was ", " was probably ", 1))
    return " ".join(out)
