"""The correction rules' registry: every rule has a name, the phenomenon it handles, its function, and a switch.

A rule is a function decorated with ``@rule(name, phenomenon, off=...)``: while the rule is switched off the
decorated function returns what ``off`` returns for the same arguments (what the correction is without the
rule: no substitution, the phrase unwidened). ``TRUTHOMETER_CORRECTIONS_OFF=bounds,concessive`` (or
``switched_off(...)`` in code) drafts corrections without them, and ``bench fever-sym-correct --ablate``
prints what each contributes on the frozen development and validation parts, as for the alignment's passes
(``alignment.passes``).
"""
from __future__ import annotations

import functools
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

ENV = "TRUTHOMETER_CORRECTIONS_OFF"


@dataclass(frozen=True)
class Rule:
    name: str
    phenomenon: str
    function: Callable
    module: str


#: name -> Rule, in the order the rules are defined (the package imports every rule module).
RULES: dict[str, Rule] = {}
_local = threading.local()


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


def is_on(name: str) -> bool:
    if name not in RULES:
        raise KeyError(f"no correction rule {name!r}; the rules are {', '.join(RULES)}")
    return name not in getattr(_local, "off", frozenset()) and name not in _env_off()


def _env_off() -> frozenset[str]:
    value = os.environ.get(ENV, "")
    names = frozenset(n.strip() for n in value.split(",") if n.strip())
    unknown = names - set(RULES)
    if unknown:
        raise ValueError(f"{ENV}: unknown rule(s) {', '.join(sorted(unknown))}; the rules are {', '.join(RULES)}")
    return names


@contextmanager
def switched_off(*names: str):
    """Draft corrections in this thread with these rules off."""
    unknown = set(names) - set(RULES)
    if unknown:
        raise KeyError(f"no correction rule {', '.join(sorted(unknown))}; the rules are {', '.join(RULES)}")
    before = getattr(_local, "off", frozenset())
    _local.off = before | frozenset(names)
    try:
        yield
    finally:
        _local.off = before
