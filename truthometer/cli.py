"""`python -m truthometer`: one sub-command per capability.

Each sub-command lives beside the code it drives and exposes ``register(subparsers)``, which adds its
parser and sets ``func(args) -> int``. Errors the user can fix print one line on stderr and exit 2;
nothing prints a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from .errors import TruthometerError

# name -> module with register(); imported lazily so `--help` stays fast and a broken optional part
# does not take the others down.
COMMANDS = {
    "check": "truthometer.commands",
    "batch": "truthometer.batch.cli",
    "delp": "truthometer.argumentation.cli",
    "kb": "truthometer.knowledge.cli",
    "checks": "truthometer.checks.cli",
    "bench": "truthometer.benchmarks.cli",
    "revise": "truthometer.llm.cli",
    "enrich": "truthometer.llm.enrich_cli",
    "users": "truthometer.auth.cli",
    "app": "truthometer.serve",
    "api": "truthometer.api.cli",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``only``, one command's (importing every command took 1.2 s of a cold check:
    the API's FastAPI, the LLM client)."""
    # Named as it was started: the console script, or the module.
    prog = "truthometer" if Path(sys.argv[0]).name == "truthometer" else "python -m truthometer"
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Check LLM-written text against evidence, argue over conflicts, propose corrections.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module in COMMANDS.items():
        if only is not None and name != only:
            continue
        try:
            importlib.import_module(module).register(sub)
        except ModuleNotFoundError as exc:
            if not exc.name or not exc.name.startswith("truthometer"):
                raise
            # A capability not built yet: listed, and says so when called.
            p = sub.add_parser(name, help="(not available in this build)")
            p.set_defaults(func=lambda args, n=name: _unavailable(n))
    return parser


def _unavailable(name: str) -> int:
    print(f"error: the '{name}' command is not available in this build", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except TruthometerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # last resort: one line, never a traceback
        print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
