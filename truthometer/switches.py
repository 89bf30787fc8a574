"""Named switches: the alignment's passes and the correction rules are each switched off by name, in code for
one thread (``switched_off``) or for the whole process through an environment variable, and an unknown name
is refused with the list of known ones."""
from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from contextlib import contextmanager


class Switches:
    """The on/off state of the names in ``known`` (read when asked, so names registered later count)."""

    def __init__(self, known: Mapping, env: str, noun: str, plural: str, some: str):
        # noun: "alignment pass"; plural: "passes"; some: "pass(es)", for the messages.
        self.known, self.env, self.noun, self.plural, self.some = known, env, noun, plural, some
        self._local = threading.local()

    def _known(self) -> str:
        return f"the {self.plural} are {', '.join(self.known)}"

    def is_on(self, name: str) -> bool:
        if name not in self.known:
            raise KeyError(f"no {self.noun} {name!r}; {self._known()}")
        return name not in getattr(self._local, "off", frozenset()) and name not in self.env_off()

    def env_off(self) -> frozenset[str]:
        value = os.environ.get(self.env, "")
        names = frozenset(n.strip() for n in value.split(",") if n.strip())
        unknown = names - set(self.known)
        if unknown:
            raise ValueError(f"{self.env}: unknown {self.some} {', '.join(sorted(unknown))}; {self._known()}")
        return names

    @contextmanager
    def switched_off(self, *names: str):
        """Run in this thread with these names off."""
        unknown = set(names) - set(self.known)
        if unknown:
            raise KeyError(f"no {self.noun} {', '.join(sorted(unknown))}; {self._known()}")
        before = getattr(self._local, "off", frozenset())
        self._local.off = before | frozenset(names)
        try:
            yield
        finally:
            self._local.off = before
