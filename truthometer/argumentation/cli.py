"""`python -m truthometer delp PROGRAM_FILE --query LITERAL`: answer a query against a DeLP program.

Prints every dialectical tree for the literal and its complement (plain text, or JSON with
``--json``), then the answer - YES, NO, UNDECIDED or UNKNOWN - as the last line. Syntax errors print
``file:line:col: message`` and exit 2; so do budget overruns and unreadable files (no traceback).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .budget import Budget
from .errors import DelpError, DelpSyntaxError
from .render import render_text
from .syntax import parse_literal, parse_program
from .warrant import CRITERIA, query

MAX_BYTES = 50 * 1024 * 1024


def register(subparsers) -> None:
    parser = subparsers.add_parser("delp", help="answer a query against a DeLP program (García & Simari 2004)",
                                   description="Answer a query against a DeLP program: the dialectical trees, then YES / NO / UNDECIDED / UNKNOWN on the last line.")
    parser.add_argument("program", metavar="PROGRAM_FILE", help="DeLP program text (see SEMANTICS.md syntax)")
    parser.add_argument("--query", "-q", required=True, metavar="LITERAL", help="ground literal, e.g. 'flies(tina)' or '~b'")
    parser.add_argument("--criterion", default="specificity", metavar="NAME",
                        help="argument comparison: specificity (generalized specificity), priority (the program's "
                             "'a > b.' rule priorities), a named order the program declares ('recency: a > b.'), "
                             f"or several joined by '+', e.g. priority+recency; offered: {', '.join(CRITERIA)} "
                             "(default: specificity)")
    parser.add_argument("--json", action="store_true", help="print the trees as one JSON object before the answer")
    parser.add_argument("--budget-seconds", type=float, default=10.0, metavar="S",
                        help="give up with a clear error after S seconds (default: 10)")
    parser.set_defaults(func=run)


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def read_program(path: str) -> str:
    file = Path(path)
    if not file.is_file():
        raise DelpError(f"{path}: no such file")
    data = file.read_bytes()
    if len(data) > MAX_BYTES:
        raise DelpError(f"{path}: {len(data)} bytes is larger than the {MAX_BYTES} byte limit")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DelpError(f"{path}: not UTF-8 text (byte {exc.start})") from exc


def run(args) -> int:
    try:
        text = read_program(args.program)
    except DelpError as exc:
        return _fail(f"error: {exc}")
    try:
        program = parse_program(text)
    except DelpSyntaxError as exc:
        return _fail(exc.located(args.program))
    try:
        literal = parse_literal(args.query)
    except DelpSyntaxError as exc:
        return _fail(f"--query:{exc.column}: {exc.message}")
    if args.budget_seconds <= 0:
        return _fail("error: --budget-seconds must be positive")
    try:
        result = query(program, literal, criterion=args.criterion, budget=Budget(seconds=args.budget_seconds))
    except DelpError as exc:
        return _fail(f"error: {args.program}: {exc}")
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, sort_keys=True))
    else:
        if not result.trees:
            print(f"no argument for {result.query} or its complement")
        for tree in result.trees:
            print(render_text(tree))
    print(result.answer)
    return 0
