"""fever-sym-correct: minimal corrections on FEVER-Symmetric (exact match, token F1, flag rate).

FEVER-Symmetric (Schuster et al. 2019) rows come in groups of four: ids N, N0000002, N0000003, N0000004
are two claims × two evidence sentences. For each REFUTES row (claim, evidence) the expected correction
is the claim of the SUPPORTS row with the same evidence. We align the claim with the evidence and
correct it (truthometer.alignment); "no correction" scores 0. Beside ours: the claim unchanged, and a
naive DelucionQA-style fix that replaces the claim with the most similar evidence sentence.

``--articles FILE`` also runs the corrections of the expected items of an articles.json file
(``corrected_has`` / ``corrected_lacks``) against the most similar reference sentence.
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from ..errors import InputError
from .common import print_table, read_jsonl
from .nli_common import fever_group
from .splits import PARTS, part_of

_PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"',
        "''": '"', "--": "–"}


def add_arguments(parser) -> None:
    parser.add_argument("--data", help="FEVER-Symmetric JSONL file (v0.1 or v0.2 format)")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N groups (0 = all)")
    parser.add_argument("--skip", type=int, default=0,
                        help="leave out the first N groups (a held-out check: --limit 120 to develop, "
                             "--skip 120 to test)")
    parser.add_argument("--part", default="all", choices=("all", *PARTS),
                        help="score only this frozen part of the claim groups (benchmarks.splits, the same groups as "
                             "bench fever-sym --part): rules are written on development, validation is never read")
    parser.add_argument("--ablate", action="store_true",
                        help="also run with each alignment pass (alignment.passes) and each correction rule "
                             "(corrections.RULES) switched off and print its contribution to exact match on the "
                             "development and the validation part")
    parser.add_argument("--articles", help="articles.json with corrected_has / corrected_lacks to check too")
    parser.add_argument("--threshold", type=float, default=None,
                        help="paraphrase threshold (embedding cosine) of the alignment")
    parser.add_argument("--no-nli", action="store_true", help="skip the NLI judge's flag even if available")
    parser.add_argument("--show", type=int, default=0, help="print N examples of wrong corrections")


def clean(text: str) -> str:
    """The dataset's PTB tokens as characters (-LRB- -> '('), spacing kept."""
    return " ".join(_PTB.get(w, w) for w in (text or "").split())


def norm_tokens(text: str) -> list[str]:
    """Tokens for comparison: case, whitespace and detached punctuation normalised away."""
    return re.findall(r"\w+|[^\w\s]", clean(text).lower())


def exact(pred: str | None, gold: str) -> float:
    return float(pred is not None and norm_tokens(pred) == norm_tokens(gold))


def token_f1(pred: str | None, gold: str) -> float:
    if pred is None:
        return 0.0
    p = Counter(t for t in norm_tokens(pred) if re.match(r"\w", t))
    g = Counter(t for t in norm_tokens(gold) if re.match(r"\w", t))
    common = sum((p & g).values())
    if not common:
        return 0.0
    precision, recall = common / sum(p.values()), common / sum(g.values())
    return 2 * precision * recall / (precision + recall)


def refutes_with_targets(rows: list[dict], limit: int = 0, skip: int = 0,
                         part: str = "all") -> tuple[list[dict], list[dict]]:
    """(REFUTES rows with their expected correction, SUPPORTS rows), groups in file order: the first
    ``limit`` groups (0 = all), then without the first ``skip`` of them, then only those of the frozen
    ``part`` (by a hash of the group id, as ``nli_common.fever_sym`` keys them)."""
    groups: dict[str, list[dict]] = defaultdict(list)
    order: list[str] = []
    for row in rows:
        if not isinstance(row, dict) or "claim" not in row:
            raise InputError("each row needs 'claim', an evidence sentence and 'label'")
        key = fever_group(row.get("id", ""))
        if key not in groups:
            order.append(key)
        groups[key].append(row)
    if limit:
        order = order[:limit]
    order = order[skip:]
    if part not in (None, "all"):
        order = [key for key in order if part_of(key) == part]
    cases, supports = [], []
    for key in order:
        group = groups[key]
        for row in group:
            label = (row.get("label") or row.get("gold_label") or "").upper()
            evidence = row.get("evidence_sentence") or row.get("evidence") or ""
            if label == "SUPPORTS":
                supports.append({"claim": row["claim"], "evidence": evidence})
                continue
            if label != "REFUTES":
                continue
            target = [r["claim"] for r in group
                      if (r.get("label") or r.get("gold_label") or "").upper() == "SUPPORTS"
                      and (r.get("evidence_sentence") or r.get("evidence") or "") == evidence]
            if target:
                cases.append({"id": str(row.get("id")), "claim": row["claim"], "evidence": evidence,
                              "target": target[0]})
    return cases, supports


def _nli_flags(premises: list[str], hypotheses: list[str], disabled: bool) -> tuple[list[bool] | None, str]:
    if disabled:
        return None, "skipped (--no-nli)"
    try:
        from ..config import Config
        from ..judging.nli import LABELS, load_judge

        judge = load_judge(Config())
        probs = judge.predict(premises, hypotheses)
        contradiction = list(LABELS).index("contradiction")
        return [max(range(len(p)), key=lambda i: p[i]) == contradiction for p in probs], "ok"
    except Exception as exc:  # the judge is optional here: report its absence, keep the benchmark
        return None, f"unavailable ({type(exc).__name__}: {exc})"[:200]


def run(args) -> dict:
    from ..alignment.align import PARAPHRASE_THRESHOLD

    if not args.data and not args.articles:
        raise InputError("pass --data FILE.jsonl (and/or --articles FILE)")
    threshold = args.threshold if args.threshold is not None else PARAPHRASE_THRESHOLD
    figures: dict = {"threshold": threshold}
    if args.data:
        rows = read_jsonl(args.data)
        part = getattr(args, "part", "all")
        cases, supports = refutes_with_targets(rows, args.limit, getattr(args, "skip", 0), part)
        figures["part"] = part
        if not cases:
            raise InputError(f"{args.data}: no REFUTES row with a SUPPORTS counterpart (groups of four ids)")
        figures.update(_fever(cases, supports, threshold, args))
        figures["data"] = Path(args.data).name
        if getattr(args, "ablate", False):
            figures["ablation"] = ablate(rows, threshold, args.limit, getattr(args, "skip", 0))
    if args.articles:
        figures["articles"] = run_articles(args.articles, threshold)
    return figures


def _fever(cases, supports, threshold, args) -> dict:
    from ..alignment import align_many
    from ..corrections import suggest_correction

    from tqdm import tqdm

    pairs = [(clean(c["claim"]), clean(c["evidence"])) for c in cases]
    alignments = align_many(pairs, threshold=threshold)
    support_alignments = align_many([(clean(s["claim"]), clean(s["evidence"])) for s in supports],
                                    threshold=threshold)
    ours_exact = ours_f1 = naive_exact = naive_f1 = raw_f1 = slots_exact = 0.0
    flagged = contradicts = corrected_n = 0
    wrong, drafts = [], []
    for case, (claim, evidence), a in tqdm(zip(cases, pairs, alignments), total=len(cases), desc="correcting",
                                           file=sys.stderr):
        # As the pipeline calls it: on a sentence already judged contradicted by this evidence.
        suggestion = suggest_correction(claim, evidence, a, contradicted=True)
        pred = suggestion.corrected if suggestion else None
        drafts.append(pred)
        slots_only = suggest_correction(claim, evidence, a)
        slots_exact += exact(slots_only.corrected if slots_only else None, case["target"])
        corrected_n += pred is not None
        flagged += a.flagged
        contradicts += a.contradicts
        e, f = exact(pred, case["target"]), token_f1(pred, case["target"])
        ours_exact += e
        ours_f1 += f
        naive_exact += exact(evidence, case["target"])
        naive_f1 += token_f1(evidence, case["target"])
        raw_f1 += token_f1(claim, case["target"])
        if not e and len(wrong) < args.show:
            wrong.append((claim, pred, case["target"], evidence[:150]))
    n = len(cases)
    gated = _gated(cases, pairs, drafts, args.no_nli)
    nli, nli_status = _nli_flags([clean(c["evidence"]) for c in cases], [clean(c["claim"]) for c in cases],
                                 args.no_nli)
    support_flagged = sum(a.flagged for a in support_alignments)
    support_contradicts = sum(a.contradicts for a in support_alignments)
    out = {
        "refutes_rows": n,
        "flagged_alignment": flagged / n,
        "flagged_alignment_contradicts": contradicts / n,
        "supports_rows": len(supports),
        "supports_flagged_alignment": support_flagged / max(1, len(supports)),
        "supports_flagged_alignment_contradicts": support_contradicts / max(1, len(supports)),
        "flagged_nli": (sum(nli) / n) if nli is not None else None,
        "nli": nli_status,
        "corrected_share": corrected_n / n,
        "exact_match": ours_exact / n,
        "precision": ours_exact / max(1, corrected_n),
        **gated,
        "exact_match_slots_only": slots_exact / n,
        "token_f1": ours_f1 / n,
        "baseline_no_correction": {"exact_match": 0.0, "token_f1": 0.0, "token_f1_if_scored": raw_f1 / n},
        "baseline_evidence_sentence": {"exact_match": naive_exact / n, "token_f1": naive_f1 / n},
    }
    print_table(["method", "exact match", "token F1", "corrections made", "right among made"], [
        ["ours, as the pipeline proposes: drafts the evidence entails (corrections.proposals)",
         out.get("gated_exact_match", "-"), out.get("gated_token_f1", "-"), out.get("gated_corrected_share", "-"),
         out.get("gated_precision", "-")],
        ["  every draft of the alignment + minimal substitution", out["exact_match"], out["token_f1"],
         out["corrected_share"], out["precision"]],
        ["  ours without the negation fallback (slots and polarity only)", out["exact_match_slots_only"], "-", "-", "-"],
        ["baseline: no correction (claim unchanged, scores 0)", 0.0, 0.0, 0.0, "-"],
        ["  (token F1 of the unchanged claim, for reference)", "-", out["baseline_no_correction"]["token_f1_if_scored"],
         "-", "-"],
        ["baseline DelucionQA-style: most similar evidence sentence", out["baseline_evidence_sentence"]["exact_match"],
         out["baseline_evidence_sentence"]["token_f1"], 1.0, out["baseline_evidence_sentence"]["exact_match"]],
    ])
    print()
    print_table(["flag (REFUTES rows flagged as contradicted)", "share"], [
        ["alignment: any slot substituted/unconfirmed or polarity mismatch", out["flagged_alignment"]],
        ["alignment: substituted slot or polarity mismatch only", out["flagged_alignment_contradicts"]],
        ["  same flag on SUPPORTS rows (false alarms)", out["supports_flagged_alignment"]],
        ["NLI judge (contradiction argmax): " + nli_status, out["flagged_nli"] if nli is not None else "-"],
    ])
    for claim, pred, target, evidence in wrong:
        print(f"\n  claim:    {claim}\n  ours:     {pred}\n  expected: {target}\n  evidence: {evidence}")
    return out


def _drafts_exact(cases, threshold, alignments=None) -> float:
    """Exact match of every draft (as ``_fever`` makes them, without the gate) on ``cases``; ``alignments``
    of their pairs when already made."""
    from ..alignment import align_many
    from ..corrections import suggest_correction

    pairs = [(clean(c["claim"]), clean(c["evidence"])) for c in cases]
    if alignments is None:
        alignments = align_many(pairs, threshold=threshold)
    right = 0.0
    for case, (claim, evidence), a in zip(cases, pairs, alignments):
        suggestion = suggest_correction(claim, evidence, a, contradicted=True)
        right += exact(suggestion.corrected if suggestion else None, case["target"])
    return right / max(1, len(cases))


def ablate(rows, threshold, limit: int = 0, skip: int = 0) -> dict:
    """Exact match with each alignment pass, then each correction rule, switched off, on the development and
    the validation part: a pass or rule whose removal costs nothing on the validation part is not earning its
    place."""
    return ablate_parts({part: refutes_with_targets(rows, limit, skip, part)[0] for part in ("development", "validation")},
                        threshold)


def ablate_parts(parts: dict, threshold=None) -> dict:
    """Every draft's exact match on each part (name -> cases with claim, evidence and target) with each
    alignment pass, then each correction rule, switched off; printed as two tables."""
    if threshold is None:
        from ..alignment.similarity import PARAPHRASE_THRESHOLD as threshold
    return {"passes": _ablate_passes(parts, threshold), "rules": _ablate_rules(parts, threshold)}


def _ablate_passes(parts, threshold) -> dict:
    from ..alignment.passes import PASSES, switched_off

    everything = {part: _drafts_exact(cases, threshold) for part, cases in parts.items()}
    out, table = {"all passes on": everything}, []
    table.append(["all passes on", "", f"{everything['development']:.4f}", f"{everything['validation']:.4f}"])
    for name, phenomenon in PASSES.items():
        with switched_off(name):
            em = {part: _drafts_exact(cases, threshold) for part, cases in parts.items()}
        out[name] = em
        table.append([f"without {name}", phenomenon[:70],
                      f"{em['development']:.4f} ({em['development'] - everything['development']:+.4f})",
                      f"{em['validation']:.4f} ({em['validation'] - everything['validation']:+.4f})"])
    print()
    print_table(["alignment passes (every draft, no gate)", "phenomenon", "development EM", "validation EM"], table)
    return out


def _ablate_rules(parts, threshold) -> dict:
    """The correction rules read the alignment and do not change it: each part is aligned once."""
    from ..alignment import align_many
    from ..corrections import RULES, switched_off

    alignments = {part: align_many([(clean(c["claim"]), clean(c["evidence"])) for c in cases], threshold=threshold)
                  for part, cases in parts.items()}

    def em() -> dict:
        return {part: _drafts_exact(cases, threshold, alignments[part]) for part, cases in parts.items()}

    everything = em()
    out, table = {"all rules on": everything}, []
    table.append(["all rules on", "", f"{everything['development']:.4f}", f"{everything['validation']:.4f}"])
    for name, found in RULES.items():
        with switched_off(name):
            figures = em()
        out[name] = figures
        table.append([f"without {name}", found.phenomenon[:70],
                      f"{figures['development']:.4f} ({figures['development'] - everything['development']:+.4f})",
                      f"{figures['validation']:.4f} ({figures['validation'] - everything['validation']:+.4f})"])
    print()
    print_table(["correction rules (every draft, no gate)", "phenomenon", "development EM", "validation EM"], table)
    return out


def _gated(cases, pairs, drafts, disabled: bool) -> dict:
    """The drafts the pipeline would propose: those the judge and the alignment find entailed by the
    evidence (``corrections.proposals.entailed``); {} with --no-nli."""
    if disabled:
        return {}
    proposed = gate([e for _, e in pairs], drafts)
    kept = [i for i, ok in enumerate(proposed) if ok]
    right = sum(exact(drafts[i], cases[i]["target"]) for i in kept)
    n = len(cases)
    return {"gated_exact_match": right / n, "gated_token_f1": sum(token_f1(drafts[i], cases[i]["target"]) for i in kept) / n,
            "gated_corrected_share": len(kept) / n, "gated_precision": right / max(1, len(kept))}


def gate(evidence: list[str], drafts: list[str | None]) -> list[bool]:
    """For each draft (None: none made), whether the pipeline would propose it: the evidence entails it as
    ``corrections.proposals.entailed`` reads it."""
    from ..config import Config
    from ..corrections.proposals import entailed
    from ..judging.nli import load_judge
    from ..verdicts import overrules_support

    config = Config()
    made = [i for i, d in enumerate(drafts) if d is not None]
    verdicts = entailed(load_judge(config), [evidence[i] for i in made], [drafts[i] for i in made], overrules_support)
    proposed = [False] * len(drafts)
    for i, ok in zip(made, verdicts):
        proposed[i] = ok
    return proposed


def run_articles(path: str, threshold: float) -> dict:
    from .. import models
    from ..corrections import suggest_correction
    from ..alignment.align import align

    try:
        articles = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: not a JSON file ({exc})") from exc
    if not isinstance(articles, list):
        raise InputError(f"{path}: expected a list of articles")
    nlp = models.nlp()
    items, satisfied, rows = 0, 0, []
    for article in articles:
        expects = [e for e in article.get("expect", []) if e.get("corrected_has") or e.get("corrected_lacks")]
        if not expects:
            continue
        sentences = [s.text.strip() for s in nlp(article.get("text", "")).sents]
        references = [s.text.strip() for ref in article.get("references", [])
                      for s in nlp(ref if isinstance(ref, str) else str(ref.get("text", ""))).sents]
        if not references:
            continue
        ref_vectors = models.embed(references)
        for expect in expects:
            sentence = next((s for s in sentences if expect.get("contains", "") in s), None)
            if sentence is None:
                continue
            items += 1
            best = int((models.embed([sentence]) @ ref_vectors.T)[0].argmax())
            a = align(sentence, references[best], threshold=threshold)
            suggestion = suggest_correction(sentence, references[best], a)
            fixed = suggestion.corrected if suggestion else sentence
            ok = (all(w in fixed for w in expect.get("corrected_has", []))
                  and not any(w in fixed for w in expect.get("corrected_lacks", [])))
            satisfied += ok
            rows.append([article.get("id", "?"), "yes" if ok else "no", fixed[:90]])
    print()
    print_table(["article", "has/lacks satisfied", "correction"], rows)
    return {"items": items, "satisfied": satisfied, "share": satisfied / items if items else 0.0}
