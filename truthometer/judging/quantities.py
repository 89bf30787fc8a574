"""Quantities with units: the tables and the comparisons live in ``truthometer.text`` (units in
``text.quantities``, number words and bound words in ``text.numbers``, decade words in ``text.dates``);
this module keeps the names the judging code and its tests have always imported."""
from __future__ import annotations

from ..text.dates import DECADE_WORDS
from ..text.numbers import FRACTIONS, HEDGES, LOWER_BOUNDS, UPPER_BOUNDS, WORD_NUMBERS, number_value
from ..text.quantities import *  # noqa: F403
from ..text.quantities import __all__ as _quantities

__all__ = [*_quantities, "DECADE_WORDS", "FRACTIONS", "HEDGES", "LOWER_BOUNDS", "UPPER_BOUNDS", "WORD_NUMBERS",
           "number_value"]
