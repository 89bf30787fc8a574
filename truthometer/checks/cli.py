"""The `checks` sub-command: saved checks from the command line (list, show, export, stats, recheck, decide)."""
from __future__ import annotations

import argparse
import json
import os
import sys

from .model import ACTIONS


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "checks", help="saved checks: list, show, export, stats, recheck",
        description="Checks saved by `check --save`, `batch --save` and the app, in the knowledge base's database.")
    p.add_argument("--kb", metavar="DIR", help="knowledge base directory or postgresql:// URL (default: $TRUTHOMETER_KB)")
    sub = p.add_subparsers(dest="checks_command", metavar="ACTION")
    sub.required = True
    ls = sub.add_parser("list", help="saved checks, newest first")
    ls.add_argument("--limit", type=int, default=50)
    ls.add_argument("--author", help="only checks run by this user")
    ls.add_argument("--json", action="store_true", help="JSON lines instead of a table")
    show = sub.add_parser("show", help="one saved check: its sentences, verdicts, decisions and marks")
    show.add_argument("id", metavar="ID")
    export = sub.add_parser("export", help="one saved check as JSON (text, references, configuration, report, "
                                           "evidence, decisions, re-checks)")
    export.add_argument("id", metavar="ID")
    export.add_argument("--out", metavar="FILE", help="write here instead of stdout")
    stats = sub.add_parser("stats", help="how often reviewers accepted, edited, rejected each kind of proposal")
    stats.add_argument("--json", action="store_true")
    decide = sub.add_parser("decide", help="record a reviewer's decision on one sentence's proposal")
    decide.add_argument("id", metavar="ID")
    decide.add_argument("sentence", type=int, metavar="SENTENCE")
    decide.add_argument("action", choices=ACTIONS)
    decide.add_argument("--text", default="", help="the sentence as edited (with edit)")
    decide.add_argument("--author", default=_default_author())
    again = sub.add_parser("recheck", help="check again, with the saved configuration, the sentences whose "
                                           "evidence changed; old and new verdicts are stored side by side")
    again.add_argument("id", metavar="ID")
    again.add_argument("--reference", "-r", action="append", default=[], metavar="FILE",
                       help="a reference the check used, given again (matched by its sha256); repeatable")
    again.add_argument("--author", default=_default_author())
    replaced = sub.add_parser("reference-changed", help="a reference was replaced: mark the saved sentences that read "
                                                         "an older version of it \"evidence changed\"")
    replaced.add_argument("file", metavar="FILE", help="the reference as it reads now")
    replaced.add_argument("--name", help="the name it was saved under (default: FILE as given)")
    replaced.add_argument("--author", default=_default_author())
    for action in (ls, show, export, stats, decide, again, replaced):  # --kb after the action too
        action.add_argument("--kb", dest="kb_here", metavar="DIR", default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def _default_author() -> str:
    return os.environ.get("TRUTHOMETER_USER") or os.environ.get("USER") or "cli"


def run(args: argparse.Namespace) -> int:
    from .store import open_checks

    args.kb = getattr(args, "kb_here", None) or args.kb
    checks = open_checks(args.kb)
    action = args.checks_command
    if action == "list":
        rows = checks.list(limit=args.limit, author=args.author)
        out = "\n".join(json.dumps(r, ensure_ascii=False) for r in rows) if args.json else format_list(rows)
    elif action == "show":
        out = format_show(checks.get(args.id))
    elif action == "export":
        out = json.dumps(checks.get(args.id).to_export(), indent=2, ensure_ascii=False)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as handle:
                handle.write(out + "\n")
            return 0
    elif action == "stats":
        from .stats import decision_stats, format_stats

        stats = decision_stats(checks.decisions())
        out = json.dumps(stats, indent=2) if args.json else format_stats(stats, checks.count())
    elif action == "decide":
        from .review import decide

        d = decide(checks, args.id, args.sentence, args.action, args.author, args.text)
        out = f"check #{args.id} sentence {d.sentence}: {d.action} by {d.author}"
    elif action == "reference-changed":
        from ..config import MAX_REFERENCE_CHARS
        from ..documents import read_document

        text = read_document(args.file, "reference", MAX_REFERENCE_CHARS).text
        marked = checks.reference_replaced(args.name or args.file, text, args.author)
        out = f"{sum(len(v) for v in marked.values())} sentence(s) of {len(marked)} saved check(s) marked" + (
            ": " + ", ".join(f"#{k}" for k in sorted(marked)) if marked else "")
    else:
        out = _recheck(checks, args)
    sys.stdout.write(out + "\n")
    return 0


def _recheck(checks, args) -> str:
    from ..config import MAX_REFERENCE_CHARS
    from ..documents import read_document
    from .recheck import recheck

    references = [(path, read_document(path, "reference", MAX_REFERENCE_CHARS).text) for path in args.reference]
    location = args.kb or None
    result = recheck(checks, args.id, args.author, references, kb_location=location)
    lines = [f"check #{args.id}: {len(result['sentences'])} sentence(s) re-checked"]
    for r in result["sentences"]:
        lines.append(f"  [{r['index']}] {r['old']['status']} -> {r['new']['status']}: {r['old']['text'][:70]}")
    if result["missing_references"]:
        lines.append("  (without the references not given again: " + ", ".join(result["missing_references"]) + ")")
    return "\n".join(lines)


def format_list(rows: list[dict]) -> str:
    if not rows:
        return "no saved checks"
    lines = [f"{'id':>5}  {'date':19}  {'author':12} {'sup':>4} {'con':>4} {'unv':>4} {'pend':>5} {'changed':>7}  title"]
    for r in rows:
        c = r["counts"]
        lines.append(f"{r['id']:>5}  {r['created_at'][:19]:19}  {r['created_by'][:12]:12} {c.get('supported', 0):>4} "
                     f"{c.get('contradicted', 0):>4} {c.get('unverifiable', 0):>4} {r['pending']:>5} "
                     f"{r['evidence_changed']:>7}  {r['title']}")
    return "\n".join(lines)


def format_show(check) -> str:
    report = check.report()
    changed = check.changed_sentences()
    decided = check.latest_decisions()
    lines = [f"check #{check.id}: {check.title}", f"run by {check.created_by or '?'} at {check.created_at} "
             f"({check.origin}, Truth-O-Meter {check.app_version}, format {check.format})",
             "references: " + (", ".join(f"{r['name']} (sha256 {r['sha256'][:12]})" for r in check.refs) or "none"),
             ""]
    for s in report.sentences:
        marks = []
        if s.index in changed:
            marks.append("EVIDENCE CHANGED (" + ", ".join(f"{r.locator} {r.change}" for r in changed[s.index]) + ")")
        if s.index in decided:
            d = decided[s.index]
            marks.append(f"{d.action}ed by {d.author}" if d.action != "edit" else f"edited by {d.author}")
        elif s.suggestion:
            marks.append("decision pending")
        lines.append(f"[{s.index}] {s.status:12} {s.text}" + (f"  -- {'; '.join(marks)}" if marks else ""))
        if s.suggestion:
            lines.append(f"      proposed: {s.suggestion.corrected}")
    for r in check.rechecks:
        lines.append(f"re-checked [{r['sentence']}] at {r['at']} by {r['author']}: {r['old'].get('status')} -> "
                     f"{r['new'].get('status')}")
    return "\n".join(lines)
