"""`python -m truthometer kb ...`: the knowledge base from the command line (JSONL in and out)."""
from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import InputError
from ..textio import read_text
from .store import STATUSES


def _entry_options(p) -> None:
    """The options an added entry takes, fact or rule."""
    p.add_argument("--source", default="cli")
    p.add_argument("--locator", default="")
    p.add_argument("--confidence", type=float, default=1.0)
    p.add_argument("--status", choices=STATUSES, default="pending")
    p.add_argument("--by", default="", help="who adds it")


def register(subparsers) -> None:
    kb = subparsers.add_parser("kb", help="the verified knowledge base: add, search, curate, import, export")
    kb.add_argument("--kb", metavar="DIR", help="knowledge base directory (default: $TRUTHOMETER_KB or knowledge/)")
    sub = kb.add_subparsers(dest="kb_command", metavar="ACTION")
    sub.required = True

    def action(name, help_text):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--kb", metavar="DIR", default=argparse.SUPPRESS, help="knowledge base directory")
        return p

    p = action("add", "add one entry")
    p.add_argument("text")
    _entry_options(p)
    p.set_defaults(func=_add)

    p = action("add-rule", "add one commonsense rule in DeLP syntax, e.g. \"woman(X) <- lady(X).\" (checked first)")
    p.add_argument("text", help="one strict (h <- b.) or defeasible (h -< b.) rule")
    _entry_options(p)
    p.set_defaults(func=_add_rule)

    p = action("rules", "list the commonsense rule entries")
    p.add_argument("--status", choices=(*STATUSES, "any"), default="any")
    p.set_defaults(func=_rules)

    p = action("search", "nearest entries by meaning (L2 distance on normalised embeddings)")
    p.add_argument("query")
    p.add_argument("-k", type=int, default=4)
    p.add_argument("--status", choices=(*STATUSES, "any"), default="approved")
    p.add_argument("--alpha", type=float, default=None, help="mark hits beyond this distance as refused")
    p.set_defaults(func=_search)

    p = action("list", "list entries (filters combine)")
    p.add_argument("--status", choices=STATUSES)
    p.add_argument("--source", help="source contains this")
    p.add_argument("--min-confidence", type=float)
    p.add_argument("--reviewer", help="created or reviewed by (contains)")
    p.add_argument("--text", help="text contains this (plain substring)")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--offset", type=int, default=0)
    p.set_defaults(func=_list)

    p = action("import", "import JSONL (a line's status defaults to pending); all or nothing")
    p.add_argument("file", help="JSONL file, or - for standard input")
    p.add_argument("--by", default="", help="who imports (recorded in the audit trail)")
    p.set_defaults(func=_import)

    p = action("export", "export every entry as JSONL")
    p.add_argument("--status", choices=STATUSES)
    p.add_argument("--out", metavar="FILE")
    p.set_defaults(func=_export)

    for name, verb in (("approve", "approve"), ("reject", "reject")):
        p = action(name, f"{verb} entries")
        p.add_argument("ids", type=int, nargs="+")
        p.add_argument("--by", required=True, help="reviewer name")
        if name == "approve":
            p.add_argument("--allow-own", action="store_true", default=None,
                           help="approve entries this reviewer proposed (default: $TRUTHOMETER_SELF_APPROVAL)")
        p.set_defaults(func=_curate, verb=name)

    p = action("edit", "edit an entry's text or confidence")
    p.add_argument("id", type=int)
    p.add_argument("--text")
    p.add_argument("--confidence", type=float)
    p.add_argument("--by", required=True, help="reviewer name")
    p.set_defaults(func=_edit)

    p = action("history", "the history of an entry")
    p.add_argument("id", type=int)
    p.set_defaults(func=_history)

    p = action("audit", "the audit trail (every decision: who, when, before and after) as JSONL, oldest first")
    p.add_argument("--since", metavar="DATE", help="from this day (YYYY-MM-DD, UTC) or ISO timestamp")
    p.add_argument("--until", metavar="DATE", help="to this day, included (YYYY-MM-DD, UTC) or ISO timestamp, excluded")
    p.add_argument("--out", metavar="FILE")
    p.set_defaults(func=_audit)

    p = action("stats", "counts per status")
    p.set_defaults(func=_stats)


def _kb(args):
    from . import open_kb

    return open_kb(getattr(args, "kb", None))


def _print(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False, sort_keys=True))


def _add(args) -> int:
    entry = _kb(args).add(args.text, args.source, args.locator, args.confidence, args.status, args.by)
    _print(entry.to_dict())
    return 0


def _add_rule(args) -> int:
    from ..argumentation.commonsense import add_rule

    if not 0 <= args.confidence <= 1:
        raise InputError("--confidence must be a number from 0 to 1")
    entry = add_rule(_kb(args), args.text, args.source, args.locator, args.confidence, args.status, args.by)
    _print(entry.to_dict())
    return 0


def _rules(args) -> int:
    from ..argumentation.commonsense import rule_entries

    for entry in rule_entries(_kb(args), None if args.status == "any" else args.status):
        _print(entry.to_dict())
    return 0


def _search(args) -> int:
    status = None if args.status == "any" else args.status
    for entry, distance in _kb(args).search([args.query], k=args.k, status=status)[0]:
        row = {"distance": round(distance, 4), **entry.to_dict()}
        if args.alpha is not None:
            row["refused"] = distance > args.alpha
        _print(row)
    return 0


def _list(args) -> int:
    if args.limit < 0 or args.offset < 0:
        raise InputError("--limit and --offset must not be negative")
    kb = _kb(args)
    for entry in kb.store.list(args.status, args.source, args.min_confidence, args.reviewer, args.text,
                               args.limit, args.offset):
        _print(entry.to_dict())
    return 0


def _import(args) -> int:
    text = read_text(args.file, "import file", limit=500_000_000)
    kb = _kb(args)
    entries = kb.parse_jsonl(text.splitlines())  # every line checked before anything slow happens
    from tqdm import tqdm

    with tqdm(total=len(entries), desc="embedding", unit="entry", file=sys.stderr, disable=len(entries) < 500) as bar:
        def progress(fraction, _message):
            bar.update(round(fraction * len(entries)) - bar.n)

        added = kb.import_entries(entries, args.by or "import", progress=progress)
    there = len(entries) - len(added)
    print(f"imported {len(added)} entries" + (f"; {there} already in the knowledge base (same text and source) "
                                             f"were left out" if there else ""), file=sys.stderr)
    return 0


def _export(args) -> int:
    lines = _kb(args).export_jsonl(args.status)
    if args.out:
        # Written beside the target and renamed: an interrupted export never leaves half a file.
        tmp = f"{args.out}.{os.getpid()}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as handle:
                for line in lines:
                    handle.write(line + "\n")
            os.replace(tmp, args.out)
        except OSError as exc:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise InputError(f"cannot write {args.out}: {exc.strerror or exc}") from exc
    else:
        for line in lines:
            sys.stdout.write(line + "\n")
    return 0


def _curate(args) -> int:
    kb = _kb(args)
    count = kb.approve(args.ids, args.by, args.allow_own) if args.verb == "approve" else kb.reject(args.ids, args.by)
    print(f"{args.verb}d {count} entries" if args.verb == "approve" else f"rejected {count} entries", file=sys.stderr)
    return 0


def _edit(args) -> int:
    if args.text is None and args.confidence is None:
        raise InputError("nothing to edit: give --text and/or --confidence")
    kb = _kb(args)
    text = args.text
    if text is not None:
        from ..argumentation.commonsense import check_rule, is_rule_entry

        if is_rule_entry(kb.get(args.id)):
            text = check_rule(text).text  # a rule stays a rule: checked like one on add
    _print(kb.edit(args.id, args.by, text=text, confidence=args.confidence).to_dict())
    return 0


def _history(args) -> int:
    kb = _kb(args)
    kb.get(args.id)
    for row in kb.history(args.id):
        _print(row)
    return 0


def _audit(args) -> int:
    rows = _kb(args).trail(args.since, args.until)
    lines = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(lines)
        print(f"wrote {len(rows)} decisions to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(lines)
    return 0


def _stats(args) -> int:
    _print(_kb(args).stats())
    return 0
