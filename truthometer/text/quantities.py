"""Quantities with units, compared across units: "19,340 feet" is "5,895 metres", "3,034 °F" is "1,668 °C".

Evidence and claims often state the same measurement in different units, rounded. Comparing the raw
numbers calls that a contradiction; comparing only same-unit numbers misses "1,393 km" against "155 km"
written as "96 miles". Every unit word maps to (dimension, factor to the dimension's base unit[, offset]);
two quantities of one dimension agree when their base values are within the rounding a writer applies.
"""
from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from .negation import CLAUSE_NEGATORS
from .numbers import BOUND_SENSE, FRACTIONS, HEDGES, LIMIT_NOUNS, number_value

#: unit word -> (dimension, factor to the base unit, offset added after scaling). Base units: metre,
#: kilogram, litre, second, degree Celsius, kilopascal, watt, square metre, percent.
_UNITS: dict[str, tuple[str, float, float]] = {}
#: unit word -> the unit's shortest name ("kilometres" -> "km"): two words name one unit when these agree.
_CANONICAL: dict[str, str] = {}
for _dimension, _table in {
    "length": {("mm", "millimetre", "millimeter"): 1e-3, ("cm", "centimetre", "centimeter"): 1e-2,
               ("m", "metre", "meter"): 1.0, ("km", "kilometre", "kilometer"): 1e3,
               ("in", "inch", "inche", '"'): 0.0254, ("ft", "foot", "feet"): 0.3048, ("yd", "yard"): 0.9144,
               ("mi", "mile"): 1609.344},
    "mass": {("mcg", "µg", "microgram"): 1e-9, ("mg", "milligram"): 1e-6, ("g", "gram"): 1e-3,
             ("kg", "kilogram", "kilo"): 1.0, ("t", "tonne", "ton", "metric ton"): 1e3, ("lb", "lbs", "pound"): 0.45359237,
             ("oz", "ounce"): 0.028349523},
    "volume": {("ml", "millilitre", "milliliter"): 1e-3, ("l", "litre", "liter"): 1.0,
               ("gallon", "gal"): 3.785411784, ("pint",): 0.473176473, ("fl oz",): 0.0295735,
               ("cup",): 0.2365882365},
    "time": {("s", "sec", "second"): 1.0, ("min", "minute"): 60.0, ("h", "hr", "hour"): 3600.0,
             ("day",): 86400.0, ("week",): 604800.0, ("month",): 2629800.0, ("year",): 31557600.0,
             ("decade",): 315576000.0, ("century", "centurie"): 3155760000.0},
    "pressure": {("kpa",): 1.0, ("psi",): 6.894757, ("bar",): 100.0},
    "power": {("w", "watt"): 1.0, ("kw", "kilowatt"): 1e3},
    "area": {("m2", "m²", "square metre", "square meter"): 1.0,
             ("km2", "km²", "square kilometre", "square kilometer"): 1e6,
             ("mi2", "square mile"): 2589988.11, ("hectare", "ha"): 1e4, ("acre",): 4046.8564224},
    "percent": {("%", "percent", "per cent"): 1.0},
    # Food energy: a "calorie" on a label is a kilocalorie.
    "energy": {("kcal", "calorie", "kilocalorie"): 1.0, ("kj", "kilojoule"): 1 / 4.184},
    # An angle or a latitude ("60° South", "50 degrees"); "degrees Celsius" is a temperature (below).
    "angle": {("°", "degree", "deg"): 1.0},
}.items():
    for _names, _factor in _table.items():
        for _name in _names:
            _UNITS[_name] = (_dimension, _factor, 0.0)
            _CANONICAL[_name] = _names[0]
for _name in ("°c", "℃", "celsius", "degrees celsius", "degree celsius", "c"):
    _UNITS[_name], _CANONICAL[_name] = ("temperature", 1.0, 0.0), "°c"
for _name in ("°f", "℉", "fahrenheit", "degrees fahrenheit", "degree fahrenheit", "f"):
    _UNITS[_name], _CANONICAL[_name] = ("temperature", 5 / 9, -32 * 5 / 9), "°f"

#: Relative rounding a writer applies when converting ("47.5 pounds (21.5 kg)", "about 19,340 feet").
RELATIVE_TOLERANCE = 0.02
#: Temperatures are rounded to whole degrees in either scale ("37 °F" for "3 °C").
ABSOLUTE_TOLERANCE = {"temperature": 1.0}


def _known(word: str) -> str | None:
    """The table's spelling of a unit word (singular, lower case), or None."""
    # "460 g." at a sentence's end: the tokenizer keeps the full stop on the abbreviation.
    w = " ".join(word.lower().split()).rstrip(".")
    for candidate in (w, w[:-2] if w.endswith("es") else None, w[:-1] if w.endswith("s") else None):
        if candidate and candidate in _UNITS:
            return candidate
    return None


def degrees_unit(word: str, following: str) -> str | None:
    """The temperature unit "degrees Fahrenheit" when ``word`` is "degree(s)" and ``following`` names a
    scale ("212 degrees Fahrenheit"), else None."""
    if word.lower() in ("degree", "degrees") and unit(f"degrees {following.lower()}"):
        return f"degrees {following.lower()}"
    return None


def canonical(word: str) -> str | None:
    """The unit's shortest name ("metres" -> "m", "Fahrenheit" -> "°f"); None if not a unit."""
    known = _known(word)
    return _CANONICAL[known] if known else None


def unit(word: str) -> tuple[str, float, float] | None:
    """(dimension, factor, offset) of a unit word or symbol, plural or singular; None if not a unit.

    Single letters ("c", "f", "m", "s", "t", "h", "l", "g") count only as symbols after a number, which
    is how ``quantity`` calls this."""
    known = _known(word)
    return _UNITS[known] if known else None


def quantity(value: float, unit_word: str) -> tuple[str, float] | None:
    """(dimension, value in the dimension's base unit) for ``value`` ``unit_word``; None without a unit."""
    found = unit(unit_word) if unit_word else None
    if found is None or value is None or not math.isfinite(value):
        return None
    dimension, factor, offset = found
    return dimension, value * factor + offset


def same_quantity(a: tuple[str, float] | None, b: tuple[str, float] | None) -> bool:
    """Whether two quantities state the same amount, up to a writer's rounding (False across dimensions)."""
    if a is None or b is None or a[0] != b[0]:
        return False
    x, y = a[1], b[1]
    if abs(x - y) <= ABSOLUTE_TOLERANCE.get(a[0], 0.0):
        return True
    return abs(x - y) <= RELATIVE_TOLERANCE * max(abs(x), abs(y))


def fraction_after(words: list[str], k: int) -> tuple[float, int]:
    """The fraction an "and a half" adds to the number at ``k`` of the lower-cased ``words``, and the words
    it takes: (0.5, 3) for "one and a half litres"; (0.0, 0) when none follows."""
    if k + 3 < len(words) and words[k + 1] == "and" and words[k + 2] in ("a", "an", "one") \
            and words[k + 3] in FRACTIONS:
        return FRACTIONS[words[k + 3]], 3
    return 0.0, 0


def fraction_of_unit(words: list[str], k: int) -> float | None:
    """The value of "half a" at ``k`` of the lower-cased ``words`` when a unit follows at ``k + 2`` ("half
    a millimetre" is 0.5 mm, "half an hour" 30 minutes); None otherwise."""
    if k + 2 < len(words) and words[k] in FRACTIONS and words[k + 1] in ("a", "an") and unit(words[k + 2]):
        return FRACTIONS[words[k]]
    return None


#: The most a hedged number may be off (a ``HEDGES`` word before it), as a share of it, however coarsely it
#: is written.
HEDGE_TOLERANCE = 0.10


#: Currency signs written between a bound and its number: "over $2.79 billion".
_CURRENCY_SIGNS = {"$", "€", "£", "¥", "us$"}
#: Currencies by sign and name: "€12" is "12 euros". Amounts of two currencies are not compared.
_CURRENCIES = {"$": "dollar", "us$": "dollar", "usd": "dollar", "dollar": "dollar", "dollars": "dollar",
               "€": "euro", "eur": "euro", "euro": "euro", "euros": "euro", "£": "pound sterling",
               "gbp": "pound sterling", "¥": "yen", "yen": "yen", "jpy": "yen"}


def currency(word: str) -> str | None:
    """The currency a sign or name stands for ("€", "euros" -> "euro"), or None."""
    return _CURRENCIES.get(word.lower())


def currency_before(doc, i: int) -> str | None:
    """The currency of the sign written right before the number at token ``i`` ("€12"), or None."""
    return currency(doc[i - 1].text) if i > 0 and doc[i - 1].lower_ in _CURRENCY_SIGNS else None


def _before_sign(doc, i: int) -> int:
    """The index of the number at ``i`` or of the currency sign written before it."""
    return i - 1 if i > 0 and doc[i - 1].lower_ in _CURRENCY_SIGNS else i


def hedged(doc, i: int) -> bool:
    """Whether the number at token ``i`` of ``doc`` is hedged ("about 8,849", "roughly $10,000")."""
    i = _before_sign(doc, i)
    return i > 0 and doc[i - 1].lower_ in HEDGES


def bound_at(doc, i: int) -> str:
    """How the number at token ``i`` of ``doc`` is stated: ">" a lower bound ("more than 600", "no fewer
    than 20", "the minimum distance is 45 inches"), "<" an upper bound ("under 50", "no more than 1,200",
    "should not go above 4,000"), "~" rounded ("about 97"), "" as such."""
    return _bound(doc, i)[0]


def limit_at(doc, i: int) -> bool:
    """Whether the bound on the number at token ``i`` is a limit set, not a count estimated: "no more than
    1,200 mg", "should not go above 4,000 mg", "the minimum distance is 45 inches", "for up to 28 days" (a
    negated bound, a limit noun, or "up to"), against "more than 600 works"."""
    return _bound(doc, i)[1]


#: Verbs of capacity: "the arena could hold up to 200,000 spectators" states its capacity, an amount, not a
#: bound that any smaller crowd would meet.
_CAPACITY_VERBS = {"hold", "seat", "accommodate", "carry", "house", "fit"}


def _amount_word(t):
    """The word the number at ``t`` hangs its amount from: "mg" in "more than 1,200 mg"."""
    while t.dep_ in ("nummod", "compound", "quantmod", "amod") and t.head.i != t.i:
        t = t.head
    return t


def _governing_verb(t):
    t = _amount_word(t)
    return t.head if t.dep_ in ("dobj", "attr") else None


#: The bound phrases as words, lower bounds first (the order they are tried in).
_BOUND_WORDS = [(tuple(phrase.split()), sense) for phrase, sense in BOUND_SENSE.items()]
_LONGEST_BOUND = max(len(words) for words, _ in _BOUND_WORDS)
#: Bound phrases that set a limit rather than estimate an amount.
_LIMIT_WORDS = {("up", "to"), ("within",)}


def _verb_denied(number) -> bool:
    """The verb the amount is the object of, or the object of a preposition of, is denied: "should not take
    more than 1,200 mg" (the parser hangs "more" on the number, and "not" on the verb), "should not be used for
    more than 5 days", "do not use for more than 10 days or more than 3 days"."""
    amount = _amount_word(number)
    while amount.dep_ == "conj" and amount.head.i != amount.i:
        amount = amount.head
    verb = amount.head
    if amount.dep_ == "pobj" and verb.dep_ == "prep":
        verb = verb.head
    elif amount.dep_ != "dobj":
        return False
    return verb.pos_ in ("VERB", "AUX") and _denied(verb)


def _denied(verb) -> bool:
    return any(c.dep_ == "neg" or c.lower_ == "never" for c in verb.children)


def negation_sets_a_bound(verb) -> bool:
    """Whether the verb's own negation is spent on a bound of its amount: "should not take more than 1,200
    mg" and "do not exceed 6 tablets" set a maximum, as "no more than 1,200 mg" does; they deny nothing else."""
    if not _denied(verb):
        return False
    for t in verb.subtree:
        if not t.like_num:
            continue
        amount = _amount_word(t)
        while amount.dep_ == "conj" and amount.head.i != amount.i:
            amount = amount.head
        head = amount.head.head if amount.dep_ == "pobj" and amount.head.dep_ == "prep" else amount.head
        if amount.dep_ in ("dobj", "pobj") and head.i == verb.i and _bound(t.doc, t.i) in (("<", True), (">", True)):
            return True
    return False


#: Verbs whose object, denied, is a maximum: "do not exceed 6 tablets".
_EXCEEDING = frozenset({"exceed", "surpass"})


#: Words opening a condition: a bound in one is the threshold that sets it off.
_CONDITIONS = {"if", "once", "when", "whenever", "until", "unless"}


def _threshold(number) -> bool:
    """The bound is the threshold of a condition ("once nights stay above 10 °C", "if it rises above 38 °C")
    or of a group ("patients with an eGFR below 30"):
    a value set, which another threshold does not make true ("above 5 °C" is another rule, not a weaker
    one)."""
    # A group a threshold defines: "patients with an eGFR below 30", "children with a fever above 38 °C".
    if any(t.lower_ == "with" and t.dep_ == "prep" and t.head.pos_ in ("NOUN", "PROPN") for t in number.ancestors):
        return True
    clause = next((t for t in number.ancestors if t.dep_ == "advcl"), None)
    if clause is None:
        return False
    doc = number.doc
    opening = range(max(0, min(clause.left_edge.i, clause.i) - 2), clause.i)
    return any(doc[j].lower_ in _CONDITIONS for j in opening)


def _bound(doc, i: int) -> tuple[str, bool]:
    k = _before_sign(doc, i)
    # The words before the number, read once: every number of every sentence asks, and a spaCy token is
    # built anew on each access.
    before = tuple(doc[j].lower_ for j in range(max(0, k - _LONGEST_BOUND), k))
    for words, sense in _BOUND_WORDS:
        n = len(words)
        if k >= n and before[len(before) - n:] == words:
            verb = _governing_verb(doc[i]) if words == ("up", "to") else None
            if verb is not None and verb.lemma_.lower() in _CAPACITY_VERBS:
                return "", False
            first = doc[k - n]
            negated = k > n and doc[k - n - 1].lower_ in CLAUSE_NEGATORS or any(
                c.dep_ == "neg" for c in first.head.children) or _verb_denied(doc[i])
            # "Up to" states a maximum, as a limit does: "can be kept for up to 28 days" makes "for up to 56
            # days" false, where "more than 600 works" is made true by "over 800 works". So does a deadline
            # ("within two hours").
            if negated:
                return {">": "<", "<": ">"}[sense], True
            return sense, words in _LIMIT_WORDS or _threshold(doc[i])
    amount = _amount_word(doc[i])
    if amount.dep_ == "dobj" and amount.head.lemma_.lower() in _EXCEEDING and _denied(amount.head):
        return "<", True  # "Do not exceed 6 tablets in 24 hours": at most 6, a limit set
    # "The required minimum distance ... is 45 inches": the number is the value of a limit.
    t = doc[i]
    while t.dep_ in ("nummod", "compound", "quantmod") and t.head.i != t.i:
        t = t.head
    verb = t.head if t.dep_ in ("attr", "acomp", "dobj") else None
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None) if verb is not None else None
    for noun in ([subject] + list(subject.children) if subject is not None else []):
        if noun.lower_ in LIMIT_NOUNS:
            return LIMIT_NOUNS[noun.lower_], True
    return ("~" if hedged(doc, i) else ""), False


def bounds_apply(my_bound: str, their_bound: str, limits: bool) -> bool:
    """Whether two amounts compare as bounds: one of them is a bound, and they are not two bounds of one
    kind of which one is a limit (``limits``): "should not go above 4,000 mg" / "no more than 1,200 mg" are
    two limits set, which compare as amounts; "more than 600 works" / "over 800 works" compare as bounds
    (the second makes the first true; "over 600" would make "more than 800" false)."""
    return bool({my_bound, their_bound} & {"<", ">"}) and (my_bound != their_bound or not limits)


def bounded_agreement(mine: float, my_bound: str, theirs: float, their_bound: str,
                      limits: bool = False) -> bool | None:
    """Whether the evidence's amount makes a claim's amount true (True) or false (False) when one of them is
    a bound: "more than 600 works" is true of "812 works", false of "512 works" and of "fewer than 500
    works"; "700 works" is false of "over 800 works", "900 works" left open by it (None). None too when
    neither is a bound, or both are limits of one kind ("should not go above 4,000 mg" / "no more than 1,200
    mg"): the caller compares those amounts as such."""
    if not bounds_apply(my_bound, their_bound, limits):
        return None
    if my_bound == their_bound:
        # Two estimates of one kind: the evidence's makes the claim's true, or, being the writer's best
        # round figure, says the claim's is too much ("over 600" for "more than 800": had it been 800,
        # they would have said so).
        return theirs >= mine if my_bound == ">" else theirs <= mine
    if my_bound == ">":
        if their_bound != "<" and theirs >= mine:
            return True
        return False if their_bound != ">" and theirs < mine or their_bound == "<" and theirs <= mine else None
    if my_bound == "<":
        if their_bound != ">" and theirs <= mine:
            return True
        return False if their_bound != "<" and theirs > mine or their_bound == ">" and theirs >= mine else None
    # The claim states an amount, the evidence bounds it.
    if their_bound == ">":
        return False if mine < theirs else None
    return False if mine > theirs else None


def bounded_amounts(mine: float, my_unit: str, my_bound: str, theirs: float, their_unit: str,
                    their_bound: str, limits: bool = False) -> bool | None:
    """``bounded_agreement`` of two amounts, in the base unit of their dimension when both have units and
    they differ ("over 13 miles" / "21 km"); None when those units measure different things."""
    if my_unit and their_unit and my_unit != their_unit:
        a, b = quantity(mine, my_unit), quantity(theirs, their_unit)
        if a is None or b is None or a[0] != b[0]:
            return None
        mine, theirs = a[1], b[1]
    return bounded_agreement(mine, my_bound, theirs, their_bound, limits)


def _places(x: float) -> int:
    return 0 if x == int(x) else len(repr(float(x)).split(".")[1])


def _last_place(x: float) -> float:
    """The place of the last significant digit of ``x``: 10,000 for 10,000, 1 for 97, 0.1 for 1.5."""
    if x == int(x):
        n, place = abs(int(x)), 1.0
        while n and n % 10 == 0:
            n, place = n // 10, place * 10
        return place
    return 10.0 ** -_places(x)


#: Words between two numbers that share the unit after the second, the first number being in that unit too:
#: the ends of a range ("200 to 400 mg"), one amount, and the sides of a shape ("77 by 53 cm", "120 x 80 cm"),
#: two amounts.
RANGE_JOINERS = frozenset({"to", "-", "–", "and", "or"})
SHAPE_JOINERS = frozenset({"by", "x", "×"})

#: The unit of every frequency: "twice daily" and "14 times a week" are both 2 times per day. It is in the
#: table of units, so two frequencies compare as quantities do, up to a writer's rounding ("every 27 days" /
#: "every 27.3 days").
FREQUENCY_UNIT = "times per day"
_UNITS[FREQUENCY_UNIT], _CANONICAL[FREQUENCY_UNIT] = ("frequency", 1.0, 0.0), FREQUENCY_UNIT
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
#: Periods, and adverbs of one time per period, in days.
_PERIOD_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0, "fortnight": 14.0, "month": 365.25 / 12,
                "year": 365.25}
#: "every half hour": the part of one period between two times.
_PARTS_OF_A_PERIOD = {"half": 0.5, "quarter": 0.25}
#: Words between the part and its period: "every quarter-hour", "every half an hour", "every quarter of an hour".
_PART_JOINERS = (["-"], ["of", "an"], ["of", "a"], ["an"], ["a"])
_PER_PERIOD = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year",
               "annually": "year"}


def frequency(lows: list[str], k: int) -> tuple[float, int] | None:
    """How often the phrase at ``lows[k]`` (lower-cased words) says a thing happens, as (times per day,
    index after the phrase): "twice daily", "three times a day", "2 times per week", "once a month",
    "every 8 hours". None when no frequency starts there."""
    def count_at(i: int) -> float | None:
        return number_value(lows[i]) if i < len(lows) else None

    def period_at(i: int) -> float | None:
        return _PERIOD_DAYS.get(lows[i].rstrip("s")) if i < len(lows) else None

    if lows[k] == "every" and (n := count_at(k + 1)) and (days := period_at(k + 2)):
        if k and (unit(lows[k - 1]) or count_at(k - 1) is not None):
            return None  # "1 inch every ten years" is a rate of the amount, not how often
        return 1 / (n * days), k + 3  # "every 8 hours"
    if lows[k] in ("every", "each") and k + 1 < len(lows) and lows[k + 1] in _PARTS_OF_A_PERIOD:
        j = k + 2 + next((len(w) for w in _PART_JOINERS if lows[k + 2:k + 2 + len(w)] == w), 0)
        if (days := period_at(j)) and lows[j] == lows[j].rstrip("s"):
            return 1 / (_PARTS_OF_A_PERIOD[lows[k + 1]] * days), j + 1
    if lows[k] in ("every", "each") and (days := period_at(k + 1)) and lows[k + 1] == lows[k + 1].rstrip("s") \
            and not (k and (unit(lows[k - 1]) or count_at(k - 1) is not None)):
        return 1 / days, k + 2  # "every week"
    if k >= 3 and lows[k - 1] in ("or", "and") and "every" in lows[max(0, k - 4):k - 2] \
            and (n := count_at(k)) and (days := period_at(k + 1)):
        return 1 / (n * days), k + 2  # "every 15,000 km or 12 months": the period shares the "every"
    if lows[k] in _TIMES:
        count, j = float(_TIMES[lows[k]]), k + 1
    elif k + 1 < len(lows) and lows[k + 1] in ("times", "time") and (n := count_at(k)) is not None:
        count, j = n, k + 2
    else:
        return None
    if j < len(lows) and lows[j] in _PER_PERIOD:
        return count / _PERIOD_DAYS[_PER_PERIOD[lows[j]]], j + 1
    if j + 1 < len(lows) and lows[j] in ("a", "an", "per", "each", "every") and (days := period_at(j + 1)):
        return count / days, j + 2
    return None


def frequency_adverb(token) -> float | None:
    """Times per day of an adverb of one time per period ("should be emptied daily": 1, "weekly": 1/7);
    None for any other token, and for the adjective ("the daily maximum" is an amount per day, not how
    often something happens)."""
    period = _PER_PERIOD.get(token.lower_)
    return 1 / _PERIOD_DAYS[period] if period and token.pos_ == "ADV" else None


def one_unit_of_time(token):
    """The noun of "a week", "an hour" that states one unit of time, an amount ("for up to a week", "within
    an hour", "takes a day"), for the article ``token``; None otherwise ("a day of mourning" names a day,
    "a year earlier" places a time, and "once a week" is a frequency, read as one before this is asked)."""
    noun = token.head
    if token.lower_ not in ("a", "an") or token.dep_ != "det" or noun.pos_ != "NOUN" \
            or (unit(noun.lower_) or ("",))[0] != "time" or noun.dep_ not in ("pobj", "dobj") \
            or any(c.dep_ in ("prep", "nummod") for c in noun.children) or noun.i != token.i + 1:
        return None
    return noun


def same_when_rounded(a: float, b: float) -> bool:
    """Two amounts written to different decimal places agree when the more precise, rounded (half up) to
    the other's places, is the other: "8,849 metres" / "8,848.86 m", "3.1%" / "3.14%". A whole number's
    last place is not read as a rounding here ("1,000" / "1,004": that takes a hedge, see ``near``)."""
    places = sorted((_places(a), _places(b)))
    if places[0] == places[1]:
        return a == b
    step = Decimal(1).scaleb(-places[0])
    rounded = [Decimal(repr(float(x))).quantize(step, ROUND_HALF_UP) for x in (a, b)]
    return rounded[0] == rounded[1]


def near(claimed: float, value: float) -> bool:
    """Whether ``value``, rounded as ``claimed`` is written, is ``claimed``: "roughly 10,000" allows 9,800,
    "about 97%" does not allow 93%. Never more than HEDGE_TOLERANCE off ("roughly 10,000" is not 14,000)."""
    tolerance = min(_last_place(claimed) / 2, HEDGE_TOLERANCE * abs(claimed))
    return abs(claimed - value) <= max(tolerance, RELATIVE_TOLERANCE * abs(claimed))


def within(a: tuple[str, float] | None, low: tuple[str, float] | None, high: tuple[str, float] | None) -> bool:
    """Whether quantity ``a`` lies in the range from ``low`` to ``high``, up to a writer's rounding: "3.3
    metres" is within "10 to 15 feet"."""
    if a is None or low is None or high is None or not a[0] == low[0] == high[0]:
        return False
    return low[1] <= a[1] <= high[1] or same_quantity(a, low) or same_quantity(a, high)


def comparable(a: tuple[str, float] | None, b: tuple[str, float] | None) -> bool:
    return a is not None and b is not None and a[0] == b[0]


__all__ = ["unit", "canonical", "quantity", "same_quantity", "within", "comparable", "RELATIVE_TOLERANCE",
           "FREQUENCY_UNIT", "frequency", "frequency_adverb", "one_unit_of_time", "HEDGE_TOLERANCE", "hedged", "near", "same_when_rounded", "bound_at",
           "limit_at", "negation_sets_a_bound", "bounds_apply", "bounded_agreement", "bounded_amounts", "fraction_after", "fraction_of_unit",
           "currency", "currency_before", "degrees_unit"]


def range_joined(doc, i: int, j: int) -> bool:
    """Whether tokens ``i`` < ``j`` are the two ends of one range: "10 to 15", "1887–1889", "between 1993
    and 2018" (a bare "and" joins two values, not a range: "42% and 21%")."""
    between = [t.lower_ for t in doc[i + 1:j]]
    if between in (["to"], ["-"], ["–"], ["—"], ["through"]):
        return True
    return between == ["and"] and i > 0 and doc[i - 1].lower_ == "between"
