"""DeLP at scale: generated programs of 200, 2,000 and 20,000 defeasible rules, time per query.

The programs look like evidence programs: many independent blocks, each a claim with presumptions
from sources of three reliabilities (labelled, with priorities), support and contradiction rules, an
evidence-evidence conflict, a rule chain and a disagreement that exists only through strict rules;
plus a schematic part (rules with variables over many individuals, birds-style) that exercises
grounding. Each size is timed cold (parse + ground + first query) and warm (further queries), under
both comparison criteria. Target: 2,000 rules answered in < 2 s; 20,000 within the budget or a clear
budget error.
"""
from __future__ import annotations

import random
import sys
import time

from .common import print_table

SIZES = (200, 2000, 20000)
RULES_PER_BLOCK = 10


def block(b: int, rng: random.Random) -> list[str]:
    """Ten defeasible rules around claim ``c{b}``."""
    support_source = rng.choice(["k", "r", "w"])
    lines = [
        f"% block {b}",
        f"ctx{b}.",
        f"k: ev{b}_0 -< true.",
        f"r: ev{b}_1 -< true.",
        f"w: ev{b}_2 -< true.",
        f"w: ev{b}_3 -< true.",
        f"c{b} -< ev{b}_{ {'k': 0, 'r': 1, 'w': 2}[support_source]}.",
        f"~c{b} -< ev{b}_{ {'k': 1, 'r': 0, 'w': 1}[support_source]}.",
        f"c{b} -< ev{b}_2, ctx{b}.",
        f"~c{b} -< ev{b}_3.",
        f"~ev{b}_3 -< ev{b}_2.",
        f"topic{b} -< c{b}.",
        # disagreement only through strict rules: ~c{b} and topic{b} cannot both hold with ctx{b}
        f"alert{b} <- ~c{b}.",
        f"~alert{b} <- topic{b}, ctx{b}.",
    ]
    return lines


def schematic(individuals: int) -> list[str]:
    """Birds-style rules with variables: two ground defeasible rules per individual."""
    lines = ["% schematic part", "bird(X) <- penguin(X).", "~flies(X) <- penguin(X).",
             "flies(X) -< bird(X).", "~flies(X) -< bird(X), injured(X)."]
    for i in range(individuals):
        lines.append(f"bird(b{i}).")
        if i % 3 == 0:
            lines.append(f"injured(b{i}).")
        if i % 7 == 0:
            lines.append(f"penguin(p{i}).")
    return lines


def generate(rules: int, seed: int = 0) -> tuple[str, list[str]]:
    """A program with about ``rules`` ground defeasible rules, and the queries to time."""
    rng = random.Random(seed)
    schematic_rules = rules // 5
    individuals = max(1, schematic_rules // 2)
    blocks = max(1, (rules - individuals * 2) // RULES_PER_BLOCK)
    lines = ["k > r.", "r > w."]
    for b in range(blocks):
        lines += block(b, rng)
    lines += schematic(individuals)
    picks = sorted(rng.sample(range(blocks), min(blocks, 12)))
    queries = [f"c{b}" for b in picks[:6]] + [f"topic{b}" for b in picks[6:]]
    queries += [f"flies(b{i})" for i in sorted(rng.sample(range(individuals), min(individuals, 4)))]
    queries += ["flies(p0)"]
    return "\n".join(lines) + "\n", queries


def dense(rules: int, seed: int = 0) -> tuple[str, list[str]]:
    """The worst shape: one claim with ``rules`` conflicting presumption-based arguments of three
    reliabilities - its dialectical trees grow combinatorially, so this shows the budget at work."""
    rng = random.Random(seed)
    half = max(1, rules // 4)
    lines = ["k > r.", "r > w."]
    for i in range(half):
        lines.append(f"{rng.choice('krw')}: s{i} -< true.")
        lines.append(f"claim -< s{i}.")
        lines.append(f"{rng.choice('krw')}: t{i} -< true.")
        lines.append(f"~claim -< t{i}.")
    return "\n".join(lines) + "\n", ["claim"]


def add_arguments(parser) -> None:
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES),
                        help="comma-separated numbers of defeasible rules")
    parser.add_argument("--budget-seconds", type=float, default=30.0, help="budget per program (build and queries)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dense", type=int, default=2000,
                        help="also time one claim with this many conflicting rules (0: skip)")


def _time_size(size: int, criterion: str, budget_seconds: float, seed: int, shape: str = "blocks") -> dict:
    from ..argumentation import Budget, DelpBudgetExceeded, parse_program, query

    text, queries = (generate if shape == "blocks" else dense)(size, seed)
    budget = Budget(seconds=budget_seconds)
    start = time.perf_counter()
    try:
        program = parse_program(text)
        first = query(program, queries[0], criterion=criterion, budget=budget)
        cold = time.perf_counter() - start
        engine = program._cache["engine"]
        ground_rules = len(engine.ground.defeasible)
        times, answers = [], {first.answer: 1}
        for q in queries[1:]:
            t0 = time.perf_counter()
            result = query(program, q, criterion=criterion, budget=budget)
            times.append(time.perf_counter() - t0)
            answers[result.answer] = answers.get(result.answer, 0) + 1
    except DelpBudgetExceeded as exc:
        return {"size": size, "criterion": criterion, "error": str(exc),
                "seconds": round(time.perf_counter() - start, 3)}
    return {"size": size, "criterion": criterion, "ground_defeasible_rules": ground_rules,
            "cold_s": round(cold, 3), "warm_ms_mean": round(1000 * sum(times) / max(1, len(times)), 2),
            "warm_ms_max": round(1000 * max(times, default=0.0), 2), "queries": len(queries),
            "answers": answers}


def run(args) -> dict:
    sizes = [int(s) for s in str(args.sizes).split(",") if s.strip()]
    rows, figures = [], {}
    plan = [(size, "blocks") for size in sizes] + ([(args.dense, "dense")] if args.dense else [])
    for size, shape in plan:
        for criterion in ("specificity", "priority"):
            print(f"delp-scale: {size} rules ({shape}), {criterion} ...", file=sys.stderr, flush=True)
            r = _time_size(size, criterion, args.budget_seconds, args.seed, shape)
            prefix = f"rules_{size}_{criterion}" + ("_dense" if shape == "dense" else "")
            if "error" in r:
                rows.append([f"{size} {shape}", criterion, "-", r["seconds"], "-", "-", "budget exceeded"])
                figures[f"{prefix}_error"] = r["error"]
                continue
            answers = " ".join(f"{k}:{v}" for k, v in sorted(r["answers"].items()))
            rows.append([f"{size} {shape}", criterion, r["ground_defeasible_rules"], r["cold_s"], r["warm_ms_mean"],
                         r["warm_ms_max"], answers])
            figures[f"{prefix}_ground_rules"] = r["ground_defeasible_rules"]
            figures[f"{prefix}_cold_s"] = r["cold_s"]
            figures[f"{prefix}_warm_ms_mean"] = r["warm_ms_mean"]
            figures[f"{prefix}_warm_ms_max"] = r["warm_ms_max"]
    print_table(["rules", "criterion", "ground defeasible", "cold s (parse+ground+1st query)",
                 "warm ms/query mean", "warm ms/query max", "answers"], rows)
    for key, value in sorted(figures.items()):
        if key.endswith("_error"):
            print(f"{key}: {value}")
    print("target: 2,000 rules answered in < 2 s cold; 20,000 within the budget or a clear budget error")
    return figures
