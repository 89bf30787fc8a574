"""The correction rules' registry: every rule has a name, the phenomenon it handles, its function, and a switch.

A rule is a function decorated with ``@rule(name, phenomenon, off=...)``: while the rule is switched off the
decorated function returns what ``off`` returns for the same arguments (what the correction is without the
rule: no substitution, the phrase unwidened). ``TRUTHOMETER_CORRECTIONS_OFF=bounds,polarity-items`` (or
``switched_off(...)`` in code) drafts corrections without them, and ``bench fever-sym-correct --ablate``
prints what each contributes on the frozen development and validation parts, as for the alignment's passes
(``alignment.passes``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

from ..switches import Switches

ENV = "TRUTHOMETER_CORRECTIONS_OFF"


@dataclass(frozen=True)
class Rule:
    name: str
    phenomenon: str
    function: Callable
    module: str


#: name -> Rule, in the order the rules are defined (the package imports every rule module).
RULES: dict[str, Rule] = {}


def rule(name: str, phenomenon: str, off: Callable):
    """Register the decorated function as the rule ``name``; ``off`` gives its result while it is switched off."""
    def register(function: Callable) -> Callable:
        if name in RULES:
            raise ValueError(f"two correction rules are named {name!r}")

        @functools.wraps(function)
        def switched(*args, **kwargs):
            return function(*args, **kwargs) if is_on(name) else off(*args, **kwargs)

        RULES[name] = Rule(name, phenomenon, function, function.__module__)
        return switched
    return register


_switches = Switches(RULES, ENV, "correction rule", "rules", "rule(s)")
is_on = _switches.is_on
#: Draft corrections in this thread with these rules off.
switched_off = _switches.switched_off
