"""What the desk learned: how often reviewers accepted, edited and rejected each kind of proposal."""
from __future__ import annotations

from typing import Iterable

from .model import ACTIONS, Decision

#: The ways a proposal is classified; each decision counts once under each of its values.
DIMENSIONS = (("kind", "substitution kind"), ("flag", "flag"), ("source", "source kind"))


def decision_stats(decisions: Iterable[Decision]) -> dict[str, dict[str, dict[str, int]]]:
    """{dimension: {value: {"accept", "edit", "reject", "total"}}} over each sentence's latest decision.
    A proposal without flags counts under flag "(none)", one without known kinds or sources likewise."""
    out: dict[str, dict[str, dict[str, int]]] = {name: {} for name, _ in DIMENSIONS}
    for d in decisions:
        for name, values in (("kind", d.kinds), ("flag", d.flags), ("source", d.sources)):
            for value in values or ["(none)"]:
                row = out[name].setdefault(value, {**{a: 0 for a in ACTIONS}, "total": 0})
                row[d.action] += 1
                row["total"] += 1
    return out


def format_stats(stats: dict[str, dict[str, dict[str, int]]], checks: int) -> str:
    """The stats as a plain-text table, one block per dimension; overruled = edited + rejected."""
    lines = [f"{checks} saved checks; {sum(r['total'] for r in stats['kind'].values())} decisions"]
    for name, label in DIMENSIONS:
        lines.append("")
        lines.append(f"by {label}:")
        lines.append(f"  {'':24} {'accepted':>9} {'edited':>7} {'rejected':>9} {'overruled':>10}")
        for value, row in sorted(stats[name].items(), key=lambda kv: (-kv[1]["total"], kv[0])):
            overruled = (row["edit"] + row["reject"]) / row["total"] if row["total"] else 0.0
            lines.append(f"  {value[:24]:24} {row['accept']:>9} {row['edit']:>7} {row['reject']:>9} {overruled:>10.0%}")
        if not stats[name]:
            lines.append("  (no decisions yet)")
    return "\n".join(lines)
