"""`python -m truthometer revise`: Truth-O-Meter-i from the command line.

Prints every round (answer and verdicts) and, last, the final text; ``--format json`` prints the whole
record. An unreachable or broken endpoint is one line on stderr and exit 2.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from ..config import MAX_REFERENCE_CHARS, MAX_TEXT_CHARS, METHODS, Config
from ..errors import InputError
from .client import ENV_ALLOW_HOSTS, ENV_KEY, ENV_MODEL, ENV_URL, LLMClient, LLMError
from ..vocabulary import Status


def add_endpoint_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--llm-url", metavar="URL", default=None,
                   help=f"OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434 (Ollama) or http://127.0.0.1:8080 "
                        f"(llama.cpp); default ${ENV_URL}. A loopback or private address is refused unless its "
                        f"host is named in ${ENV_ALLOW_HOSTS} (comma-separated), e.g. {ENV_ALLOW_HOSTS}=127.0.0.1")
    p.add_argument("--model", "-m", metavar="M", default=None, help=f"model name; default ${ENV_MODEL}")
    p.add_argument("--api-key", metavar="K", default=None,
                   help=f"API key, only when the endpoint asks for one (prefer ${ENV_KEY}: arguments are visible "
                        "to other users of the machine)")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one LLM answer (default 60)")
    p.add_argument("--retries", type=int, default=2, help="retries on connection errors, 5xx and 429 (default 2)")
    p.add_argument("--call-budget", type=int, default=20, help="most LLM calls this run may make (default 20)")


def client_from_args(args: argparse.Namespace) -> LLMClient:
    return LLMClient(args.llm_url or os.environ.get(ENV_URL), args.model or os.environ.get(ENV_MODEL),
                     api_key=args.api_key, timeout=args.timeout, max_retries=args.retries,
                     call_budget=args.call_budget)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "revise", help="ask an LLM to revise an answer until it verifies (Truth-O-Meter-i)",
        description="Check INPUT (an LLM's answer) against the evidence; send the defeated claims with their "
                    "evidence back to the LLM and check its revision, until everything verifies, the answer "
                    "repeats unchanged twice, or --max-rounds revisions are made. Repeated hallucinations and "
                    "short phrases are corrected outside the LLM. Prints the rounds and, last, the final text. "
                    "Exit 0 when done (whatever the verdict), 2 on bad input or an LLM endpoint that fails.")
    p.add_argument("input", metavar="INPUT", help="the answer to revise (text file), or - for standard input")
    p.add_argument("--question", "-Q", metavar="Q", help="the question the answer replies to")
    p.add_argument("--reference", "-r", action="append", default=[], metavar="FILE",
                   help="reference document (plain text or Markdown); repeatable")
    add_endpoint_arguments(p)
    p.add_argument("--max-rounds", type=int, default=3, help="most revisions asked of the LLM (default 3)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--show-prompts", action="store_true", help="also print the prompt of each round (text format)")
    p.add_argument("--method", choices=METHODS, default=Config.method, help="how support is judged")
    p.add_argument("--kb", metavar="DIR", help="knowledge base directory (default: $TRUTHOMETER_KB or knowledge/)")
    p.add_argument("--no-kb", action="store_true", help="do not use the verified knowledge base")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.max_rounds < 0:
        raise InputError("--max-rounds must be 0 or more")
    if sum(1 for path in [args.input, *args.reference] if path == "-") > 1:
        raise InputError("only one of INPUT and the references can be read from standard input")
    from ..textio import read_text

    answer = read_text(args.input, "input", MAX_TEXT_CHARS)
    references = [(path, read_text(path, "reference", MAX_REFERENCE_CHARS)) for path in args.reference]
    client = client_from_args(args)
    client.ping()  # an endpoint that is not there fails now, before the models load

    overrides = {"method": args.method}
    if args.kb:
        overrides["kb_dir"] = args.kb
    config = Config().with_(**overrides)
    from ..pipeline import Checker
    from ..sources import build_sources
    from .iterate import revise

    checker = Checker(config, build_sources(config, use_kb=not args.no_kb))

    def verify(text: str):
        return checker.check(text, references)

    progress = None if args.quiet else _status_line()
    record = revise(answer, args.question, references, client, verify=verify, max_rounds=args.max_rounds,
                    config=config, progress=progress)
    if progress:
        sys.stderr.write("\r" + " " * 70 + "\r")
    if record.stop_reason == "llm_error" and record.revisions == 0:
        raise LLMError(record.error)
    if args.format == "json":
        sys.stdout.write(json.dumps(record.to_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(render_text(record, show_prompts=args.show_prompts))
    if record.stop_reason == "llm_error":
        print(f"error: {record.error}", file=sys.stderr)
        return 2
    return 0


STOP_WORDS = {
    "verified": "every claim verifies",
    "max_rounds": "the most revisions allowed were made",
    "unchanged_twice": "the LLM returned the same answer unchanged twice",
    "budget": "the LLM call budget is spent",
    "llm_error": "the LLM endpoint failed",
    "refused": "the LLM said it cannot answer from the evidence (soft refusal)",
    "external": "the remaining defeated claims were handed to the external correction",
}


def render_text(record, show_prompts: bool = False) -> str:
    lines: list[str] = []
    for r in record.rounds:
        title = "original answer" if r.prompt is None else f"revision {r.index}"
        flags = [f for f, on in (("unchanged", r.unchanged), (f"soft refusal: {r.refusal}", r.refusal != "none")) if on]
        lines.append(f"=== Round {r.index + 1}: {title}" + (f" ({', '.join(flags)})" if flags else ""))
        if show_prompts and r.prompt:
            lines.append("--- prompt")
            lines.append(r.prompt)
            lines.append("--- answer")
        lines.append(r.answer.strip())
        for v in r.verdicts:
            if v["status"] == Status.SKIPPED:
                continue
            route = f" -> {v['route']}" if v.get("route") == "external" else ""
            lines.append(f"  [{v['status']}{route}] {v['text']}")
            if v["status"] != Status.SUPPORTED:
                lines.append(f"      {v['reason']}")
        lines.append("")
    if record.external_corrections:
        lines.append("=== Corrected outside the LLM")
        for c in record.external_corrections:
            suggestion = (c["suggestion"]["corrected"] if c.get("suggestion")
                          else "(no correction found in the evidence)")
            lines.append(f"  {c['claim']}  =>  {suggestion}   [{c['why']}, round {c['round'] + 1}]")
        lines.append("")
    llm = record.llm
    tokens = f", {llm.get('total_tokens', 0)} tokens" if llm.get("usage_reported") else ""
    calls = llm.get("calls", 0)
    lines.append(f"Stopped: {STOP_WORDS.get(record.stop_reason, record.stop_reason)}; verdict: {record.verdict} "
                 f"({record.revisions} revision{'s' * (record.revisions != 1)}, "
                 f"{calls} LLM call{'s' * (calls != 1)}{tokens})")
    if record.error:
        lines.append(f"LLM error: {record.error}")
    lines.append("")
    lines.append("=== Final text")
    lines.append(record.final_text.strip())
    return "\n".join(lines) + "\n"


def _status_line():
    def progress(fraction: float, message: str) -> None:
        sys.stderr.write(f"\r[{fraction:4.0%}] {message[:60]:<60}")
        sys.stderr.flush()

    return progress
