"""Errors the library raises on purpose; the CLI and the app turn them into one-line messages."""


class TruthometerError(Exception):
    """Base class: anything the user can fix from the message alone."""


class InputError(TruthometerError):
    """Bad user input: empty, binary, not UTF-8, too large, missing."""


class ModelNotAvailable(TruthometerError):
    """A model could not be loaded; the message names the package or path to fix it."""


class SourceUnavailable(TruthometerError):
    """An evidence source (web, knowledge base) could not answer; other sources still decide."""


class ConfigError(TruthometerError, ValueError):
    """A setting out of range or unknown (an option or an environment variable such as
    TRUTHOMETER_PRECISION); a ValueError too, for callers that catch that."""


class SavedCheckError(InputError):
    """A saved check that cannot be read: unknown id, a corrupt stored report, or one saved by a newer
    version of Truth-O-Meter than this one."""
