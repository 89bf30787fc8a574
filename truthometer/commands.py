"""The `check` sub-command: check a text file (or stdin) against reference documents and sources."""
from __future__ import annotations

import argparse
import sys

from .config import JUDGES, MAX_REFERENCE_CHARS, MAX_TEXT_CHARS, METHODS, Config
from .documents import read_document


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "check", help="check a text against evidence",
        description="Check every factual sentence of INPUT against reference documents (and, when asked, "
                    f"the knowledge base and the web). Texts up to {MAX_TEXT_CHARS:,} characters. "
                    "Exit 0 on success, 2 on bad input.")
    p.add_argument("input", metavar="INPUT",
                   help="file to check (plain text, Markdown, .docx, .odt, .pdf or .html), or - for standard input "
                        "(text)")
    p.add_argument("--reference", "-r", action="append", default=[], metavar="FILE",
                   help="reference document (plain text, Markdown, .docx, .odt, .pdf or .html; its evidence names the "
                        "page, paragraph or element); repeatable; - for stdin")
    p.add_argument("--format", choices=("json", "jsonl", "markdown", "html", "docx", "corrected"), default="json",
                   help="a report (json, markdown, html; jsonl: one JSON line a sentence as each is decided, then "
                        "one summary line), or the checked document written back: docx (a Word file "
                        "with every proposed correction as a tracked change and a comment on each flagged "
                        "sentence; from a .docx INPUT, that document) or corrected (INPUT's own format, Markdown, "
                        "HTML, plain text or .docx, with the corrections applied)")
    p.add_argument("--out", metavar="FILE", help="write the report here instead of stdout")
    p.add_argument("--reviewer", metavar="NAME", default="",
                   help="author of the tracked changes and comments of --format docx (default: Truth-O-Meter)")
    add_check_options(p)
    p.add_argument("--propose", action="store_true",
                   help="propose web sentences that support a claim (and, with --llm-rules, the LLM's rules) to the "
                        "knowledge base as pending entries")
    llm = p.add_argument_group("commonsense rules from an LLM (optional)")
    llm.add_argument("--llm-rules", action="store_true",
                     help="where evidence contradicts a claim, ask the LLM for commonsense rules linking the claim to "
                          "its evidence; checked rules take part in that sentence's argumentation")
    from .llm.cli import add_endpoint_arguments

    add_endpoint_arguments(llm)
    add_save_options(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def add_save_options(p: argparse.ArgumentParser) -> None:
    """--save and who ran the check: the options `check` and `batch` share (truthometer.checks)."""
    p.add_argument("--save", action="store_true",
                   help="keep the check in the knowledge base's database (`checks list|show|export`); its id on stderr")
    p.add_argument("--author", metavar="NAME", default=None,
                   help="who ran the check, saved with it (default: $TRUTHOMETER_USER, else $USER)")


def add_check_options(p: argparse.ArgumentParser) -> None:
    """How a text is checked and against which sources: the options `check` and `batch` share."""
    p.add_argument("--method", choices=METHODS, default=Config.method,
                   help="how support is judged: the entailment judge (nli, the default) or a DelucionQA detector "
                        "(hybrid, cosine, overlap, keyword)")
    p.add_argument("--judge", choices=JUDGES, default=None,
                   help="with --method nli: cascade (default: the fast head, the fine-tuned cross-encoder where it "
                        "is unsure), cross-encoder (every pair; slower) or head (fastest); also TRUTHOMETER_JUDGE")
    p.add_argument("--top-k", type=int, default=Config.top_k, help="evidence sentences kept per claim")
    p.add_argument("--kb", metavar="DIR", help="knowledge base directory (default: $TRUTHOMETER_KB, else knowledge/ in a checkout or the user data directory when installed; docs/reference.md, 'Where files go')")
    p.add_argument("--no-kb", action="store_true", help="do not use the verified knowledge base")
    p.add_argument("--kb-alpha", type=float, default=Config.kb_alpha,
                   help="hard refusal threshold on knowledge-base L2 distance (Learn-to-Refuse α)")
    p.add_argument("--web", action="store_true", help="also mine evidence from the web (slow: seconds a claim)")
    p.add_argument("--searxng", metavar="URL", help="search through this SearXNG instance instead of DuckDuckGo")
    p.add_argument("--allow-host", action="append", default=[], metavar="HOST",
                   help="permit fetching from this private/loopback host (tests, intranets); repeatable")
    from .judging.nli.external_options import add_external_arguments

    add_external_arguments(p)


def config_from(args: argparse.Namespace) -> Config:
    """The configuration the options of ``add_check_options`` ask for."""
    overrides = {"method": args.method, "top_k": args.top_k, "kb_alpha": args.kb_alpha}
    if args.kb:
        overrides["kb_dir"] = args.kb
    if args.judge:
        overrides["judge"] = args.judge
    from .judging.nli.external_options import external_overrides

    return Config().with_(**overrides, **external_overrides(args))


def run(args: argparse.Namespace) -> int:
    if sum(1 for path in [args.input, *args.reference] if path == "-") > 1:
        from .errors import InputError

        raise InputError("only one of INPUT and the references can be read from standard input")
    reading = None if args.quiet else _status_line()
    document = read_document(args.input, "input", MAX_TEXT_CHARS, progress=reading)
    text = document.text
    references = []
    for path in args.reference:
        reference = read_document(path, "reference", MAX_REFERENCE_CHARS, progress=reading)
        references.append((path, reference.text, reference))
    if args.format in ("docx", "corrected"):  # refused before the check, not after it
        from .documents.export import check_writable

        check_writable(args.format, document)
        if not args.out and sys.stdout.isatty():
            from .errors import InputError

            raise InputError(f"--format {args.format} writes a file: give --out FILE (or redirect stdout)")
    config = config_from(args)

    from .pipeline import Checker
    from .sources import build_sources

    sources = build_sources(config, use_kb=not args.no_kb, web=args.web, searxng=args.searxng,
                            allow_hosts=tuple(args.allow_host))
    progress = None if args.quiet else _status_line()
    kb = next((getattr(s, "kb", None) for s in sources if s.name == "knowledge_base"), None)
    if args.propose and kb is None:
        from .errors import InputError

        raise InputError("--propose needs the knowledge base (drop --no-kb)")
    llm = None
    if args.llm_rules:
        from .llm.cli import client_from_args

        llm = client_from_args(args)
    stream = _jsonl_stream(args) if args.format == "jsonl" else None
    try:
        report = Checker(config, sources, propose_to=kb if args.propose else None, llm=llm).check(
            text, references, progress=progress, on_sentence=stream.sentence if stream else None)
        if progress:
            print(file=sys.stderr)
        if stream:
            stream.summary(report)
    finally:
        if stream:
            stream.close()
    if args.save:
        save_check(args, report, references, config, kb, "cli")
    if args.format in ("docx", "corrected"):
        return _write_document(args, document, report)
    if stream:
        return 0
    if args.format == "json" and document.located:  # each sentence says where it is in the file
        import json

        from .documents.export import located_report

        out = json.dumps(located_report(report, document), indent=2, ensure_ascii=False)
    elif args.format == "json":
        out = report.to_json()
    elif args.format == "markdown":
        from .reports import report_markdown

        out = report_markdown(report)
    else:
        from .reports import report_html

        out = report_html(report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(out + "\n")
    else:
        sys.stdout.write(out + "\n")
    return 0


def save_check(args, report, references, config, kb, origin: str) -> int:
    """Store the check (truthometer.checks) in the knowledge base's database; its id, said on stderr."""
    from .checks import CheckStore, open_checks
    from .checks.cli import _default_author

    checks = CheckStore(kb.store) if kb is not None else open_checks(config.kb_dir)
    check_id = checks.save(report, references, config, args.author or _default_author(), origin=origin)
    if not getattr(args, "quiet", False):
        print(f"saved as check #{check_id}", file=sys.stderr)
    return check_id


def _write_document(args: argparse.Namespace, document, report) -> int:
    """The checked file written back (``truthometer.documents.export``): to --out, or to a non-terminal stdout."""
    from pathlib import Path

    from .documents.export import export

    data = Path(args.input).read_bytes() if document.format in ("docx", "html") else None
    out = export(args.format, document, report, data, reviewer=args.reviewer)
    if args.out:
        Path(args.out).write_bytes(out)
    else:
        sys.stdout.buffer.write(out)
    return 0


class _JsonLines:
    """``check --format jsonl``: each sentence's dict (as in the JSON report's "sentences") on its own line as
    soon as it is decided, flushed, then one line with the rest of the report (no "sentences" key)."""

    def __init__(self, handle, owned: bool):
        self.handle, self.owned = handle, owned

    def sentence(self, result) -> None:
        self._line(result.to_dict())
        timing("verdict")

    def summary(self, report) -> None:
        self._line({k: v for k, v in report.to_dict().items() if k != "sentences"})

    def _line(self, obj) -> None:
        import json

        self.handle.write(json.dumps(obj, ensure_ascii=False, sort_keys=True) + "\n")
        self.handle.flush()

    def close(self) -> None:
        if self.owned:
            self.handle.close()


def _jsonl_stream(args) -> _JsonLines:
    if args.out:
        return _JsonLines(open(args.out, "w", encoding="utf-8"), owned=True)
    return _JsonLines(sys.stdout, owned=False)


def timing(moment: str) -> None:
    """With TRUTHOMETER_TIMINGS=1, "timing MOMENT EPOCH-SECONDS" on stderr: ``bench startup`` subtracts the
    moment it started this process."""
    import os

    if os.environ.get("TRUTHOMETER_TIMINGS") == "1":
        import time

        sys.stderr.write(f"timing {moment} {time.time():.3f}\n")
        sys.stderr.flush()


def _status_line():
    def progress(fraction: float, message: str) -> None:
        sys.stderr.write(f"\r[{fraction:4.0%}] {message:<60}")
        sys.stderr.flush()

    return progress
