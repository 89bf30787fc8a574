"""Give spaCy's matrix library the kernels this CPU can run, where its detection falls back to generic C.

spaCy computes its layers through BLIS (the ``blis`` package, which bundles BLIS 0.7). BLIS picks a
kernel set (a "sub-configuration") from the CPU's family and model once per process, and it knows no
CPU newer than Zen 2 or Skylake-X: on a Zen 4 or Zen 5 it takes ``generic``, plain C at 39 GFLOP/s where
its AVX-512 ``skx`` kernels, compiled into the same library, reach 208 (AMD EPYC, family 0x1A). BLIS
0.7 reads no variable to override its choice, so :func:`use_fast_kernels` can set the choice it caches:
only when that choice is ``generic``, only to a kernel set whose instructions ``/proc/cpuinfo`` lists,
and only after checking that the cached value it found is the one BLIS reports. Anything unexpected
leaves BLIS as it was.

That writes into a library's private state, so it is opt-in: ``TRUTHOMETER_BLIS=fast``. By default
BLIS keeps its own choice (on a CPU it knows, the switch would change nothing anyway). A BLIS kernel
computes each row of a product alone, so a text's parse does not depend on the texts batched beside it
either way (``tests/test_blis_kernels.py``).
"""
from __future__ import annotations

import ctypes
import os
import threading
from functools import lru_cache
from pathlib import Path

#: Kernel sets BLIS 0.7 compiles for x86-64, fastest first, with the instructions each needs.
KERNEL_SETS = (
    ("skx", frozenset({"avx", "avx2", "fma", "avx512f", "avx512dq", "avx512bw", "avx512vl"})),
    ("haswell", frozenset({"avx", "avx2", "fma"})),
)

_lock = threading.Lock()


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> frozenset[str]:
    """The instruction-set flags of the first CPU listed (empty where there is no /proc/cpuinfo)."""
    try:
        for line in cpuinfo.read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "flags":
                return frozenset(value.split())
    except OSError:
        pass
    return frozenset()


def best_kernel_set(flags: frozenset[str]) -> str | None:
    """The fastest of :data:`KERNEL_SETS` whose instructions are all in ``flags``."""
    return next((name for name, needs in KERNEL_SETS if needs <= flags), None)


def _cached_choice_offset(library: str) -> tuple[int, int] | None:
    """(offset of BLIS's cached sub-configuration, offset of ``bli_arch_query_id``) in the library file's
    symbol table, or None when the table is stripped or holds no such 4-byte variable."""
    from elftools.elf.elffile import ELFFile

    with open(library, "rb") as f:
        symbols = ELFFile(f).get_section_by_name(".symtab")
        if symbols is None:
            return None
        # bli_arch.c caches the choice in a file-static ``arch_t id``.
        variable = [s for s in symbols.get_symbol_by_name("id") or ()
                    if s["st_info"]["type"] == "STT_OBJECT" and s["st_size"] == 4]
        function = symbols.get_symbol_by_name("bli_arch_query_id") or ()
        if len(variable) != 1 or len(function) != 1:
            return None
        return variable[0]["st_value"], function[0]["st_value"]


def blis_choice() -> str:
    """The kernel set BLIS runs in this process ("zen2", "haswell", "generic"...), or "unavailable"."""
    try:
        import blis.cy
    except ImportError:
        return "unavailable"
    library = ctypes.CDLL(blis.cy.__file__)
    library.bli_arch_string.restype = ctypes.c_char_p
    return library.bli_arch_string(library.bli_arch_query_id()).decode()


def switch_requested() -> bool:
    """Whether this process was asked to switch a ``generic`` BLIS to faster kernels (``TRUTHOMETER_BLIS=fast``)."""
    return os.environ.get("TRUTHOMETER_BLIS", "").strip().lower() == "fast"


@lru_cache(maxsize=1)
def use_fast_kernels() -> str:
    """Where asked to (:func:`switch_requested`), switch BLIS from ``generic`` to the fastest kernel set this
    CPU runs; return the set in use.

    Idempotent and safe to call from any thread; call it before spaCy's first parse, so that every parse
    in the process uses the same kernels."""
    with _lock:
        try:
            import blis.cy
        except ImportError:
            return "unavailable"
        library = ctypes.CDLL(blis.cy.__file__)
        library.bli_arch_string.restype = ctypes.c_char_p
        current = library.bli_arch_query_id()  # runs BLIS's own detection, once
        name = library.bli_arch_string(current).decode()
        if name != "generic" or not switch_requested():
            return name
        wanted = best_kernel_set(cpu_flags())
        # The enumeration ends with generic, so every kernel set has a smaller number.
        ids = {library.bli_arch_string(i).decode(): i for i in range(current)}
        offsets = _cached_choice_offset(blis.cy.__file__)
        if wanted not in ids or offsets is None:
            return name
        variable, function = offsets
        base = ctypes.cast(library.bli_arch_query_id, ctypes.c_void_p).value - function
        cached = ctypes.c_int.from_address(base + variable)
        if cached.value != current:  # not the variable we think it is: touch nothing
            return name
        cached.value = ids[wanted]
        return library.bli_arch_string(library.bli_arch_query_id()).decode()
