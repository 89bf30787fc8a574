"""Articles with expected verdicts (shared/examples/, tests/data/everyday_claims.json): statuses right.

Both files share one format, shared/examples/articles.json's.

Each article has ``text``, ``references`` and ``expect``: items with ``contains`` (a phrase locating the
sentence), ``status``, and optionally ``corrected_has`` / ``corrected_lacks`` (words the suggested
correction must / must not contain).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..config import METHODS, RULE_FAMILIES, Config
from ..errors import InputError
from .common import print_table
from .splits import judge_learns_article
from ..vocabulary import Relation


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="articles.json")
    parser.add_argument("--methods", default="nli,hybrid,cosine,overlap,keyword",
                        help=f"comma-separated methods, ours first ({', '.join(METHODS)})")
    parser.add_argument("--verbose", "-v", action="store_true", help="print every miss")
    parser.add_argument("--part", choices=("all", "trained", "held"), default="all",
                        help="of a blind set's development half: the articles the judge was trained on, or the "
                             "others, held out for tuning (benchmarks.splits.judge_learns_article)")
    parser.add_argument("--ablate-rules", action="store_true",
                        help="also run nli with each rule family of the rule tier switched off, one at a time")


def load_articles(path: str) -> list[dict]:
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path}: no such file")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text; expected an articles JSON file") from exc
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a list of articles")
    return data


@dataclass(frozen=True)
class Outcome:
    """One expected sentence as the check read it."""

    expected: str
    got: str                    # "" where no sentence contains the expected phrase
    proposed: bool              # a correction was proposed for it
    correction_ok: bool | None  # None where no correction is asked for


def sentence_outcomes(article: dict, report) -> list[Outcome]:
    """Per expected item, what the check said of its sentence."""
    out = []
    for item in article["expect"]:
        asked = "corrected_has" in item or "corrected_lacks" in item
        s = next((s for s in report.sentences if item["contains"] in s.text), None)
        if s is None:
            out.append(Outcome(item["status"], "", False, False if asked else None))
            continue
        correction_ok = None
        if asked:
            fixed = s.suggestion.corrected if s.suggestion else ""
            correction_ok = bool(fixed) and all(w in fixed for w in item.get("corrected_has", [])) and \
                not any(w in fixed for w in item.get("corrected_lacks", []))
        out.append(Outcome(item["status"], s.status, s.suggestion is not None, correction_ok))
    return out


def editor_figures(outcomes: list[Outcome]) -> dict:
    """What an editor pays for: the precision and recall of *contradicted* and of *supported*, and the share
    of proposed corrections that are right (a correction proposed where none is wanted is a wrong one)."""
    figures = {}
    for status in ("contradicted", "supported"):
        said = [o for o in outcomes if o.got == status]
        wanted = [o for o in outcomes if o.expected == status]
        hits = sum(o.expected == status for o in said)
        figures[f"{status}_precision"] = round(hits / len(said), 4) if said else None
        figures[f"{status}_recall"] = round(hits / len(wanted), 4) if wanted else None
        figures[f"{status}_said"] = len(said)
    proposed = [o for o in outcomes if o.proposed]
    figures["corrections_proposed"] = len(proposed)
    figures["corrections_proposed_right"] = sum(o.correction_ok is True for o in proposed)
    figures["corrections_proposed_share_right"] = round(figures["corrections_proposed_right"] / len(proposed), 4) \
        if proposed else None
    return figures


def _share(value) -> str:
    return "-" if value is None else f"{value:.3f}"


def score_article(article: dict, report) -> tuple[list[tuple], list[str]]:
    """Per expected item: (status right, correction right or None when not asked), and the misses."""
    outcomes, misses = [], []
    for item in article["expect"]:
        found = [s for s in report.sentences if item["contains"] in s.text]
        if not found:
            outcomes.append((False, None))
            misses.append(f"{article['id']}: no sentence contains {item['contains']!r}")
            continue
        s = found[0]
        status_ok = s.status == item["status"]
        correction_ok = None
        if "corrected_has" in item or "corrected_lacks" in item:
            fixed = s.suggestion.corrected if s.suggestion else ""
            correction_ok = bool(fixed) and all(w in fixed for w in item.get("corrected_has", [])) and \
                not any(w in fixed for w in item.get("corrected_lacks", []))
        outcomes.append((status_ok, correction_ok))
        if not status_ok or correction_ok is False:
            misses.append(f"{article['id']}: {s.text[:70]!r} → {s.status} (want {item['status']}); "
                          f"fix: {s.suggestion.corrected if s.suggestion else None!r}")
    return outcomes, misses


def run(args) -> dict:
    from ..pipeline import Checker
    from ..verdicts import timed_argumentation

    articles = load_articles(args.data)
    part = getattr(args, "part", "all")
    if part != "all":
        articles = [a for a in articles if judge_learns_article(a["id"]) == (part == "trained")]
        print(f"{part}: {len(articles)} articles")
    methods = [(m.strip(), Config().with_(method=m.strip())) for m in args.methods.split(",") if m.strip()]
    if getattr(args, "ablate_rules", False):
        methods += [(f"nli, {family} rules off", Config().with_(method="nli", rules_off=frozenset({family})))
                    for family in RULE_FAMILIES]
    rows, editor_rows, figures = [], [], {}
    expected_counts = Counter(item["status"] for a in articles for item in a["expect"])
    for method, config in methods:
        try:
            checker = Checker(config)
        except Exception as exc:  # e.g. the nli judge not built in this checkout
            print(f"{method}: unavailable ({exc})")
            continue
        status_right, fixes_right, fixes_total = Counter(), 0, 0
        audit = Counter()
        all_misses, read = [], []
        timings: dict = {"argue": [], "relations": []}
        for article in articles:
            with timed_argumentation() as timed:
                report = checker.check(article["text"], [(f"{article['id']} reference", r) for r in article["references"]])
            for kind, seconds in timed.items():
                timings[kind] += seconds
            audit.update(entailment_audit(report, config))
            outcomes, misses = score_article(article, report)
            read += sentence_outcomes(article, report)
            all_misses += misses
            for item, (status_ok, correction_ok) in zip(article["expect"], outcomes):
                status_right[item["status"]] += status_ok
                if correction_ok is not None:
                    fixes_total += 1
                    fixes_right += correction_ok
        total = sum(expected_counts.values())
        right = sum(status_right.values())
        rows.append([method, f"{right}/{total}"] + [f"{status_right[s]}/{expected_counts[s]}" for s in
                     ("supported", "contradicted", "unverifiable", "skipped")] + [f"{fixes_right}/{fixes_total}"])
        editor = editor_figures(read)
        editor_rows.append([method] + [_share(editor[k]) for k in
                           ("contradicted_precision", "contradicted_recall", "supported_precision",
                            "supported_recall", "corrections_proposed_share_right")]
                           + [f"{editor['corrections_proposed_right']}/{editor['corrections_proposed']}"])
        figures[method] = {"statuses_right": right, "statuses_total": total, "corrections_right": fixes_right,
                           "corrections_total": fixes_total, **editor,
                           **{f"{s}_right": status_right[s] for s in expected_counts},
                           # The argumentation (DeLP, one per sentence whose evidence disagreed) and the judge's
                           # batched reading of pairs of evidence (one per article with such sentences).
                           "argumentations": len(timings["argue"]),
                           "argue_p95_s": _p95(timings["argue"]), "argue_max_s": _max(timings["argue"]),
                           "relations_p95_s": _p95(timings["relations"]),
                           "corrections_proposed": audit["proposed"],
                           "corrections_judge_entailed": audit["entailed"] if config.method == "nli" else None,
                           "corrections_judge_or_head_entailed": audit["either"] if config.method == "nli" else None}
        if args.verbose:
            print(f"--- {method} misses")
            for m in all_misses:
                print("  " + m)
    print_table(["method", "statuses", "supported", "contradicted", "unverifiable", "skipped", "corrections"], rows)
    # An editor pays more for a false alarm with a wrong correction than for a miss.
    print_table(["method", "contradicted P", "contradicted R", "supported P", "supported R", "proposed right",
                 "right/proposed"], editor_rows)
    for method, f in figures.items():
        if f["corrections_judge_entailed"] is None:
            continue
        print(f"{method}: {f['corrections_proposed']} corrections proposed, {f['corrections_judge_entailed']} of them "
              f"read by the judge as entailed (most probable label) by the evidence they cite, "
              f"{f['corrections_judge_or_head_entailed']} by the judge or its head alone (the correction gate's reading)")
    for method, f in figures.items():
        if not f["argumentations"]:
            print(f"{method}: no sentence's evidence disagreed after judging: no argumentation ran")
            continue
        print(f"{method}: {f['argumentations']} sentences argued; argumentation p95 {f['argue_p95_s']} s, "
              f"max {f['argue_max_s']} s per sentence; relations between evidence (batched per article) p95 "
              f"{f['relations_p95_s']} s")
    return figures


def entailment_audit(report, config: Config) -> Counter:
    """How many corrections the report proposes, and how many of them the judge reads as entailed (its most
    probable label) by the evidence they cite (``premise_of``: the evidence sentences of the substitutions, else
    the sentence's first contradicting evidence): by the judge's most probable label, and as the correction
    gate reads it (``judge_reads_entailment``: the judge or its head alone), both from one reading
    (``entailment_readings``), so a gap is shown, not hidden."""
    from ..corrections.proposals import entailment_readings, premise_of
    from ..judging.nli import load_judge

    drafted = []
    for s in report.sentences:
        if s.suggestion is None:
            continue
        fallback = next((e.text for e in s.evidence if e.relation == Relation.CONTRADICTION),
                        s.evidence[0].text if s.evidence else "")
        drafted.append((premise_of(s.suggestion, fallback), s.suggestion.corrected))
    if not drafted or config.method != "nli":
        return Counter(proposed=len(drafted))
    by_judge, either = entailment_readings(load_judge(config), [p for p, _ in drafted], [c for _, c in drafted])
    return Counter(proposed=len(drafted), entailed=sum(by_judge), either=sum(either))


def _p95(values: list[float]) -> float | None:
    import numpy as np

    return round(float(np.percentile(values, 95)), 4) if values else None


def _max(values: list[float]) -> float | None:
    return round(max(values), 4) if values else None
