"""The command-line door to an external judge (``external.py``): the options ``check``, ``batch`` and the
judge benches share, and the figures a bench reports of it."""
from __future__ import annotations

import argparse
import os
from contextlib import contextmanager

from ...config import Config

#: Option -> (Config field, environment variable).
OPTIONS = {"external_judge": "TRUTHOMETER_EXTERNAL_JUDGE", "external_model": "TRUTHOMETER_EXTERNAL_MODEL",
           "external_below": "TRUTHOMETER_EXTERNAL_BELOW", "external_budget": "TRUTHOMETER_EXTERNAL_BUDGET",
           "external_timeout": "TRUTHOMETER_EXTERNAL_TIMEOUT"}


def add_external_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("a stronger judge beside the bundled one (optional; docs/external-judges.md)")
    group.add_argument("--external-judge", metavar="KIND:WHERE", default=argparse.SUPPRESS,
                       help="hf-nli:DIR, hf-grounding:DIR (MiniCheck RoBERTa/DeBERTa), hf-seq2seq:DIR "
                            "(MiniCheck-Flan-T5) or openai:URL (Bespoke-MiniCheck-7B under Ollama/vLLM); it reads "
                            "the pairs the bundled judge is unsure of (also TRUTHOMETER_EXTERNAL_JUDGE)")
    group.add_argument("--external-model", metavar="NAME", default=argparse.SUPPRESS,
                       help="the model an openai: server is asked for, e.g. bespoke-minicheck")
    group.add_argument("--external-below", metavar="P", type=float, default=argparse.SUPPRESS,
                       help="escalate the pairs the bundled judge is less sure of than P; 1: every pair "
                            "(default 0.9, or TRUTHOMETER_EXTERNAL_BELOW)")
    group.add_argument("--external-budget", metavar="N", type=int, default=argparse.SUPPRESS,
                       help="most calls to an openai: server per check (cached pairs are free; default 200)")
    group.add_argument("--external-timeout", metavar="S", type=float, default=argparse.SUPPRESS,
                       help="seconds an openai: server may take over one call (default 30)")
    group.add_argument("--external-allow-host", metavar="HOST", action="append", default=argparse.SUPPRESS,
                       help="an openai: server on a private or loopback host, allowed by name; repeatable "
                            "(also TRUTHOMETER_EXTERNAL_ALLOW_HOSTS)")


def external_overrides(args: argparse.Namespace) -> dict:
    """The Config fields the options set (an option not given leaves the configured value)."""
    out = {name: getattr(args, name) for name in OPTIONS if getattr(args, name, None) is not None}
    hosts = tuple(getattr(args, "external_allow_host", None) or ())
    if hosts:
        out["external_allow_hosts"] = tuple(dict.fromkeys((*Config().external_allow_hosts, *hosts)))
    return out


@contextmanager
def external_environment(args: argparse.Namespace):
    """The options as the environment, for the length of a bench: a bench builds its Config in many places,
    and every one of them reads the environment."""
    wanted = {OPTIONS[name]: str(value) for name, value in external_overrides(args).items() if name in OPTIONS}
    hosts = external_overrides(args).get("external_allow_hosts")
    if hosts:
        wanted["TRUTHOMETER_EXTERNAL_ALLOW_HOSTS"] = ",".join(hosts)
    before = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def external_figures() -> dict | None:
    """What the configured external judge did in this process (None without one): printed, and returned
    for the bench's figures."""
    config = Config()
    if not config.external_judge or config.method != "nli":
        return None
    from . import load_judge
    from .external import external_stats

    stats = external_stats(load_judge(config))
    if stats is None:
        return None
    print(stats.line())
    return stats.to_dict()
