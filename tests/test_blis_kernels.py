"""BLIS's kernel set: chosen only from the CPU's own flags, and products stay exact row by row."""
import ctypes
import os
import subprocess
import sys

import numpy as np
import pytest

from truthometer import blis_kernels

blis_cy = pytest.importorskip("blis.cy")
from blis.py import gemm  # noqa: E402


def _blis_choice() -> str:
    library = ctypes.CDLL(blis_cy.__file__)
    library.bli_arch_string.restype = ctypes.c_char_p
    return library.bli_arch_string(library.bli_arch_query_id()).decode()


def test_kernel_set_needs_every_instruction_it_uses():
    skx = {"avx", "avx2", "fma", "avx512f", "avx512dq", "avx512bw", "avx512vl"}
    assert blis_kernels.best_kernel_set(frozenset(skx)) == "skx"
    assert blis_kernels.best_kernel_set(frozenset(skx - {"avx512bw"})) == "haswell"
    assert blis_kernels.best_kernel_set(frozenset({"avx", "avx2"})) is None  # no FMA: stay generic
    assert blis_kernels.best_kernel_set(frozenset()) is None


def test_cpu_flags_read_from_cpuinfo(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nmodel name\t: Some CPU\nflags\t\t: fpu sse2 avx2 fma\n\n"
                    "processor\t: 1\nflags\t\t: fpu\n")
    assert blis_kernels.cpu_flags(info) == {"fpu", "sse2", "avx2", "fma"}
    assert blis_kernels.cpu_flags(tmp_path / "missing") == frozenset()


def test_the_pinned_library_exposes_the_cached_choice():
    # If a blis upgrade moves or strips the variable, this fails rather than the speed quietly going.
    assert blis_kernels._cached_choice_offset(blis_cy.__file__) is not None


def test_kernels_in_use_are_the_ones_blis_reports_and_products_stay_exact_per_row():
    chosen = blis_kernels.use_fast_kernels()
    assert chosen == _blis_choice()
    rng = np.random.default_rng(0)
    a = rng.standard_normal((301, 96)).astype(np.float32)
    b = rng.standard_normal((96, 384)).astype(np.float32)
    whole = gemm(a, b)
    np.testing.assert_allclose(whole, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-4, atol=1e-4)
    # A row's product does not depend on the rows beside it: a text's parse, on the texts batched with it.
    for rows in (slice(0, 1), slice(7, 8), slice(5, 69), slice(290, 301)):
        assert np.array_equal(gemm(a[rows], b), whole[rows])


def _choice_in_a_fresh_process(**env) -> str:
    code = "from truthometer import blis_kernels; print(blis_kernels.use_fast_kernels())"
    environment = {k: v for k, v in os.environ.items() if k != "TRUTHOMETER_BLIS"}
    environment.update(env)
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def test_blis_keeps_its_own_choice_unless_asked():
    own = subprocess.run([sys.executable, "-c", "from truthometer import blis_kernels; "
                                                "print(blis_kernels.blis_choice())"],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert _choice_in_a_fresh_process() == own
    assert _choice_in_a_fresh_process(TRUTHOMETER_BLIS="keep") == own


def test_asked_to_switch_a_generic_blis_takes_the_fastest_set_the_cpu_lists():
    own = _choice_in_a_fresh_process()
    wanted = blis_kernels.best_kernel_set(blis_kernels.cpu_flags())
    if own != "generic" or wanted is None:
        # BLIS 0.7 reads no setting that would make it take generic here, so the write cannot be exercised.
        pytest.skip(f"BLIS already runs {own!r} kernels on this CPU: the switch applies only where it picks generic")
    assert _choice_in_a_fresh_process(TRUTHOMETER_BLIS="fast") == wanted


def test_asked_to_switch_a_blis_that_knows_the_cpu_changes_nothing():
    own = _choice_in_a_fresh_process()
    if own == "generic":
        pytest.skip("BLIS does not know this CPU: the test above covers it")
    assert _choice_in_a_fresh_process(TRUTHOMETER_BLIS="fast") == own
