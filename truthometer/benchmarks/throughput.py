"""End-to-end sentences/s: a generated article of 2,000 sentences against 500 reference sentences."""
from __future__ import annotations

import time

from ..config import METHODS, Config
from .common import machine, print_table
from .synthetic import article, reference_sentences


def add_arguments(parser) -> None:
    parser.add_argument("--sentences", type=int, default=2000, help="sentences in the generated article")
    parser.add_argument("--references", type=int, default=500, help="reference sentences")
    parser.add_argument("--methods", default="nli,hybrid,cosine,overlap,keyword",
                        help=f"comma-separated methods to time ({', '.join(METHODS)})")


def run(args) -> dict:
    from ..pipeline import Checker, warm_up

    refs = reference_sentences(args.references)
    text = article(refs, args.sentences)
    reference = " ".join(refs)
    rows, figures = [], {"sentences": args.sentences, "reference_sentences": args.references}
    for method in [m.strip() for m in args.methods.split(",") if m.strip()]:
        checker = Checker(Config().with_(method=method))
        warm_up(checker.config)  # the models are loaded before the clock starts: the target is for a warm process
        start = time.perf_counter()
        report = checker.check(text, [("generated reference", reference)])
        seconds = time.perf_counter() - start
        rate = len(report.sentences) / seconds
        rows.append([method, len(report.sentences), round(seconds, 2), round(rate, 1),
                     report.stats["supported"], report.stats["contradicted"], report.stats["unverifiable"]])
        figures[f"{method}_sentences_per_s"] = round(rate, 1)
    print_table(["method", "sentences", "seconds", "sentences/s", "supported", "contradicted", "unverifiable"], rows)
    figures["machine"] = machine()
    print(f"target: >= 100 sentences/s on 2 cores (measured on: {figures['machine']})")
    return figures
