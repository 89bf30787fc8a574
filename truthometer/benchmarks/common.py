"""Helpers shared by benchmarks: reading data files with clear errors, printing tables."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError


def read_jsonl(path: str | Path, option: str = "--data") -> list[dict]:
    """The rows of a JSONL file given by ``option``; InputError for a missing, non-UTF-8 or malformed one."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file (pass the data file with {option})")
    rows = []
    with path.open(encoding="utf-8") as handle:
        number = 0
        try:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{number}: not a JSON object ({exc.msg})") from exc
        except UnicodeDecodeError as exc:
            raise InputError(f"{path}: not UTF-8 text; expected a JSONL data file") from exc
    return rows


def print_table(headers: list[str], rows: list[list]) -> None:
    cells = [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    print("  ".join("-" * w for w in widths))
    for row in cells:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))


def _fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.4f}" if abs(value) < 10 else f"{value:.1f}"
    return str(value)
