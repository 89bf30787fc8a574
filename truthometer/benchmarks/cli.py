"""The `bench` sub-command: dispatch to a benchmark module, print its figures as the last line."""
from __future__ import annotations

import argparse
import importlib
import json

from . import BENCHES


def register(subparsers) -> None:
    parser = subparsers.add_parser("bench", help="run a benchmark and print its figures")
    benches = parser.add_subparsers(dest="bench", metavar="NAME")
    benches.required = True
    for name, module_name in BENCHES.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if not exc.name or not exc.name.startswith("truthometer"):
                raise
            continue
        p = benches.add_parser(name, help=(module.__doc__ or "").strip().splitlines()[0] if module.__doc__ else None,
                               formatter_class=argparse.ArgumentDefaultsHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(func=lambda args, m=module: _run(m, args))


def _run(module, args) -> int:
    figures = module.run(args)
    print(json.dumps(figures, sort_keys=True, default=float))
    return 0
