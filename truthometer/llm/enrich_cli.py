"""`python -m truthometer enrich`: ask an LLM for facts about a topic, add them to the knowledge base as
pending entries for curators (never approved automatically)."""
from __future__ import annotations

import argparse
import json
import sys

from ..errors import InputError
from .cli import add_endpoint_arguments, client_from_args


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "enrich", help="LLM-proposed facts into the knowledge base as pending entries (Learn-to-Refuse)",
        description="Ask the LLM for question-answer pairs about a topic (or answers to the questions given), "
                    "turn each into one declarative statement and add it to the knowledge base as a PENDING "
                    "entry (source llm) for curators to approve or reject. Prints the proposals as JSON.")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--topic", metavar="T", help="topic to propose facts about")
    what.add_argument("--question", "-Q", action="append", metavar="Q", help="a question to answer; repeatable")
    add_endpoint_arguments(p)
    p.add_argument("--max-items", type=int, default=10, help="most pairs asked for (default 10)")
    p.add_argument("--min-confidence", type=float, default=0.0, help="propose only pairs at least this confident")
    p.add_argument("--kb", metavar="DIR", help="knowledge base directory (default: $TRUTHOMETER_KB or knowledge/)")
    p.add_argument("--dry-run", action="store_true", help="print the proposals, add nothing")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.max_items < 1:
        raise InputError("--max-items must be 1 or more")
    from .enrich import enrich

    client = client_from_args(args)
    kb = None
    if not args.dry_run:
        from ..config import Config
        from ..knowledge import open_kb

        kb = open_kb(args.kb, Config())
    try:
        proposals = enrich(args.topic if args.topic else args.question, client, kb=kb, max_items=args.max_items,
                           min_confidence=args.min_confidence)
    finally:
        if kb is not None:
            kb.close()
    added = sum(1 for p in proposals if p["entry_id"] is not None)
    sys.stdout.write(json.dumps({"proposals": proposals, "added_pending": added, "llm": client.stats.to_dict()},
                                indent=2, ensure_ascii=False) + "\n")
    return 0
