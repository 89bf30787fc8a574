"""Startup: seconds from process start to the first and the last verdict of `check` on a 10-sentence article.

Runs ``python -m truthometer check --format jsonl`` in a fresh process N times with TRUTHOMETER_TIMINGS=1
(the check marks each verdict on stderr, ``commands.timing``), then checks the same article once more in
this process, with the models loaded, for the warm figure. "models loaded" is the first verdict's moment
less the warm check's time: what the cold process spent before it could start checking.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..errors import InputError
from .common import machine, print_table

#: The default article: 10 sentences (one an opinion, skipped) and one reference page, written for this bench.
ARTICLE = Path(__file__).with_name("startup_article.json")


def add_arguments(parser) -> None:
    parser.add_argument("--data", metavar="JSON", default=str(ARTICLE),
                        help="articles file (list of {id, text, references}, as ../shared/examples/articles.json)")
    parser.add_argument("--article", metavar="ID", default=None, help="which article of --data (default: the first)")
    parser.add_argument("--runs", type=int, default=3, help="cold processes to time")
    parser.add_argument("--kb", action="store_true", help="use the knowledge base too (default: --no-kb)")


def _article(path: str, wanted: str | None) -> dict:
    try:
        rows = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a readable JSON articles file ({exc})") from exc
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) and "text" in r for r in rows):
        raise InputError(f"{path}: expected a JSON list of articles, each with text and references")
    found = [r for r in rows if wanted is None or r.get("id") == wanted]
    if not found:
        raise InputError(f"{path}: no article with id {wanted!r}")
    return found[0]


def _cold(article_path: Path, references: list[Path], use_kb: bool) -> dict:
    """One fresh `check`: the seconds from spawning it to each verdict and to its exit."""
    command = [sys.executable, "-m", "truthometer", "check", str(article_path), "--format", "jsonl", "-q"]
    for ref in references:
        command += ["-r", str(ref)]
    if not use_kb:
        command.append("--no-kb")
    env = {**os.environ, "TRUTHOMETER_TIMINGS": "1"}
    began = time.time()
    done = subprocess.run(command, capture_output=True, env=env, text=True)
    ended = time.time()
    if done.returncode != 0:
        raise InputError(f"check failed: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}")
    moments = [float(line.split()[2]) - began for line in done.stderr.splitlines() if line.startswith("timing verdict ")]
    if not moments:
        raise InputError("check printed no verdicts")
    return {"first": moments[0], "last": moments[-1], "exit": ended - began, "sentences": len(moments)}


def _warm(article: dict, use_kb: bool) -> float:
    """Seconds for one check of the article in this process, after a first one loaded the models."""
    from ..config import Config
    from ..pipeline import Checker
    from ..sources import build_sources

    config = Config()
    checker = Checker(config, build_sources(config, use_kb=use_kb, web=False))
    references = [(f"ref{i}", text) for i, text in enumerate(_texts(article))]
    checker.check(article["text"], references)
    began = time.perf_counter()
    checker.check(article["text"], references)
    return time.perf_counter() - began


def _texts(article: dict) -> list[str]:
    return [r if isinstance(r, str) else r.get("text", "") for r in article.get("references", [])]


def run(args) -> dict:
    if args.runs < 1:
        raise InputError("--runs must be at least 1")
    print(f"machine: {machine()}")
    article = _article(args.data, args.article)
    with tempfile.TemporaryDirectory() as tmp:
        text = Path(tmp, "article.txt")
        text.write_text(article["text"], encoding="utf-8")
        refs = []
        for i, ref in enumerate(_texts(article)):
            refs.append(Path(tmp, f"reference{i}.txt"))
            refs[-1].write_text(ref, encoding="utf-8")
        cold = [_cold(text, refs, args.kb) for _ in range(args.runs)]
    warm = _warm(article, args.kb)
    rows = [[i + 1, c["sentences"], max(0.0, c["first"] - warm), c["first"], c["last"], c["exit"]]
            for i, c in enumerate(cold)]
    print_table(["run", "sentences", "models loaded s", "first verdict s", "last verdict s", "exit s"], rows)
    print(f"warm check in this process: {warm:.2f} s")
    median = lambda key: round(statistics.median(c[key] for c in cold), 3)  # noqa: E731
    return {"bench": "startup", "article": article.get("id", ""), "runs": args.runs, "machine": machine(),
            "sentences": cold[0]["sentences"], "models_loaded_s": round(max(0.0, median("first") - warm), 3),
            "first_verdict_s": median("first"), "last_verdict_s": median("last"), "exit_s": median("exit"),
            "warm_check_s": round(warm, 3)}
