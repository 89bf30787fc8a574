"""Errors of the DeLP engine: each one is something the user can fix from the message alone."""
from __future__ import annotations

from ..errors import InputError, TruthometerError


class DelpError(TruthometerError):
    """Base class of the engine's deliberate errors."""


class DelpSyntaxError(DelpError, InputError):
    """The program text is not DeLP; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, line: int, column: int, filename: str | None = None):
        self.message, self.line, self.column, self.filename = message, line, column, filename
        super().__init__(self.located())

    def located(self, filename: str | None = None) -> str:
        name = filename or self.filename
        prefix = f"{name}:" if name else ""
        return f"{prefix}{self.line}:{self.column}: {self.message}"


class DelpInconsistentProgram(DelpError, InputError):
    """Π (facts and strict rules) derives a literal and its complement (García & Simari 2004 assume Π
    consistent, so no argument would be well defined)."""


class DelpBudgetExceeded(DelpError):
    """The query needed more time or more arguments/tree nodes than the budget allows."""
