"""The `batch` sub-command: check a folder of texts or a JSONL file of documents, resumably."""
from __future__ import annotations

import argparse
import signal
import sys

from ..commands import add_check_options, add_save_options, config_from
from ..config import MAX_REFERENCE_CHARS


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "batch", help="check a corpus (a folder of texts or a JSONL file), resumably",
        description="Check every document of INPUT and append one JSON line per document to RESULTS.jsonl: "
                    "its id, the report (as `check --format json`), a summary (counts per status; flags = "
                    "contradicted + unverifiable) and the seconds it took, or an \"error\" for a bad document "
                    "(empty, binary, not UTF-8, too long, a malformed line, no id or text, a duplicate id), "
                    "which is skipped. Run the same command again after an interruption: the documents "
                    "already in RESULTS.jsonl are not checked again. Exit 0 when the run completes, 130 when "
                    "interrupted, 2 on a bad INPUT or --out.")
    p.add_argument("input", metavar="INPUT",
                   help="a folder (every .txt/.md/.docx/.pdf/.html file under it; its id is the path relative to the folder) or a "
                        "JSONL file, one {\"id\", \"text\", \"references\": [text or {\"name\", \"text\"}]} a line")
    p.add_argument("--out", "-o", required=True, metavar="RESULTS.jsonl",
                   help="results file: created, or continued when it exists")
    p.add_argument("--reference", "-r", action="append", default=[], metavar="FILE",
                   help="reference document for every text (plain text, Markdown, .docx, .pdf or .html); repeatable")
    p.add_argument("--workers", "-w", type=int, default=None, metavar="N",
                   help="worker processes, one model copy each (default 1: this process; 0: one per core); with "
                        "--ray, the number of actors (default: one per CPU of the cluster)")
    p.add_argument("--threads", type=int, default=None, metavar="N",
                   help="torch threads per worker (default: the cores shared among the workers; 1 per Ray actor, "
                        "which reserves that many CPUs)")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="check on a Ray cluster (actors holding the models): auto, ray://HOST:10001, or local to "
                        "start one on this machine; needs `pip install ray`")
    add_check_options(p)
    add_save_options(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no summary on stderr")
    p.set_defaults(func=run)


def settings_from(args: argparse.Namespace):
    from .worker import Settings

    return Settings(config_from(args), use_kb=not args.no_kb, web=args.web, searxng=args.searxng,
                    allow_hosts=tuple(args.allow_host))


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    from ..documents import read_document
    from .runner import format_summary, run_batch

    references = []
    for path in args.reference:
        reference = read_document(path, "reference", MAX_REFERENCE_CHARS)
        references.append((path, reference.text, reference))
    # A scheduler's SIGTERM stops the run as Ctrl-C does: workers ended, the summary printed, exit 130.
    settings = settings_from(args)
    saver = None
    if args.save:  # each checked document also kept as a saved check (truthometer.checks)
        from ..checks.batch_save import BatchSaver
        from ..checks.cli import _default_author

        saver = BatchSaver(args.input, references, settings.config, args.author or _default_author())
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        result = run_batch(args.input, args.out, settings, references=references, workers=args.workers,
                           ray=args.ray, progress=not args.quiet, threads=args.threads, after_document=saver)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if not args.quiet:
        print(format_summary(result), file=sys.stderr)
        if saver is not None:
            print(f"saved {len(saver.saved)} check(s)" + (f": #{saver.saved[0]} to #{saver.saved[-1]}"
                                                          if saver.saved else ""), file=sys.stderr)
    return 130 if result.interrupted else 0
