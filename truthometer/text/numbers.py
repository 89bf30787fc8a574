"""Numbers written in words, scales, ordinals, fractions, and the words that bound or hedge a number.

One table each; the judge's features, the rule tier and the alignment read these, so "fourteen" is a
number, and "more than" a lower bound, for all of them at once.
"""
from __future__ import annotations

import re

#: Counts below a hundred written as one word.
_COUNTS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
           "sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
#: Words that multiply the number before them: "1.5 million residents" is 1,500,000 residents.
SCALES = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "trillion": 1_000_000_000_000}
#: Words after a number that multiply it: the scales, and "hundred" ("nine hundred acres" is 900 acres).
MULTIPLIERS = {"hundred": 100, **SCALES}
#: Numbers written as words: counts, tens, "hundred" and the scales.
WORD_NUMBERS: dict[str, int] = {word: n for n, word in enumerate(_COUNTS)} | _TENS | {"hundred": 100} | SCALES
#: The numbers a word states when it stands alone: a scale word belongs to the number before it.
COUNT_WORDS = {word: n for word, n in WORD_NUMBERS.items() if word not in SCALES}
#: Nouns that name a count: "a dozen eggs" is twelve.
GROUP_NOUNS = {"dozen": 12}

#: Ordinals written as words, in order ("first" is 1).
ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                 "eleventh", "twelfth")
_ORDINAL_DIGITS = re.compile(r"(\d+)(st|nd|rd|th)")

#: Fractions written in words: "one and a half litres", "half a millimetre", "two and a quarter hours".
FRACTIONS = {"half": 0.5, "quarter": 0.25}
#: The parts a whole is divided into, named after a count written with a hyphen: "one-third", "two-fifths",
#: "three-quarters". (spaCy lists "third" as a stop word, which a unit word otherwise may not be.)
FRACTION_NOUNS = frozenset({"half", "third", "quarter", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                            "tenth"})

#: Words that say a number is rounded ("roughly 10,000 people"), where an unhedged number must be the
#: evidence's.
HEDGES = frozenset({"about", "around", "roughly", "approximately", "approx", "nearly", "almost", "some", "circa",
                    "ca.", "~"})
#: Words before a number that make it a bound: "more than 600 works" is met by 800. A comparative of size
#: says the same of a measure: "longer than 2 km" is met by 2,737 metres.
LOWER_BOUNDS = ("more than", "greater than", "over", "above", "at least", "exceeding", "upwards of",
                "longer than", "taller than", "higher than", "larger than", "bigger than", "wider than",
                "deeper than", "heavier than", "older than", "farther than", "further than")
UPPER_BOUNDS = ("less than", "fewer than", "under", "below", "at most", "up to", "shorter than", "lower than",
                "smaller than", "narrower than", "shallower than", "lighter than", "younger than", "within")
#: Bound phrase -> its sense: ">" a lower bound, "<" an upper bound.
BOUND_SENSE = {phrase: ">" for phrase in LOWER_BOUNDS} | {phrase: "<" for phrase in UPPER_BOUNDS}
#: Nouns whose value is a limit: "the minimum distance is 45 inches" says "at least 45 inches".
LIMIT_NOUNS = {"minimum": ">", "maximum": "<", "limit": "<", "cap": "<", "ceiling": "<", "floor": ">"}


def number_value(text: str, words: dict = WORD_NUMBERS) -> float | int | None:
    """The number a token writes, in digits ("19,340") or as one of ``words`` ("seven"), or None."""
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return words.get(text.lower())


def ordinal_value(word: str) -> int | None:
    """1 for "first" or "1st", 22 for "22nd"; None for any other word."""
    if word in ORDINAL_WORDS:
        return ORDINAL_WORDS.index(word) + 1
    found = _ORDINAL_DIGITS.fullmatch(word)
    return int(found.group(1)) if found else None
