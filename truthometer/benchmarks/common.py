"""Helpers shared by benchmarks: reading data files with clear errors, printing tables."""
from __future__ import annotations

import json
import os
import platform
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


def machine() -> str:
    """The CPU and the cores this process may use: a rate means little without them (the same code ran at
    270 and at 180 pairs/s on two 2-core machines)."""
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            model = next((line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")), "")
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{model or platform.processor() or platform.machine()}, {cores} cores, {_vector_units()}"


def _vector_units() -> str:
    """The widest vector instructions the CPU lists ("AMD EPYC" names both an AVX2-only Zen 2 and an
    AVX-512 Zen 5) and the BLIS kernels spaCy runs on."""
    from ..blis_kernels import blis_choice, cpu_flags

    flags = cpu_flags()
    units = [name for name, flag in (("AVX2", "avx2"), ("AVX-512", "avx512f"), ("VNNI", "avx512_vnni"),
                                     ("AVX512-BF16", "avx512_bf16"), ("AMX", "amx_bf16")) if flag in flags]
    return f"{'+'.join(units) or 'no AVX2'}, BLIS {blis_choice()}"
