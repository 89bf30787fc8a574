"""The `bench` sub-command: dispatch to a benchmark module, print its figures as the last line."""
from __future__ import annotations

import argparse
import importlib
import json

from ..judging.nli.external_options import add_external_arguments, external_environment, external_figures
from . import BENCHES

#: The benches that read pairs with the judge: each takes --external-judge and the options beside it.
JUDGE_BENCHES = ("wice", "nli", "fever-sym", "climate-fever", "articles", "sick", "climate-claims")


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
        if name in JUDGE_BENCHES:
            add_external_arguments(p)
        p.set_defaults(func=lambda args, m=module: _run(m, args))


def _run(module, args) -> int:
    with external_environment(args):
        figures = module.run(args)
        external = external_figures()  # how many pairs went to the external judge, printed before the JSON
    if external is not None:
        figures["external_judge"] = external
    print(json.dumps(figures, sort_keys=True, default=float))
    return 0
