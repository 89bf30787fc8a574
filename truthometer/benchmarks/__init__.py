"""Benchmarks: `python -m truthometer bench NAME --data PATH ...`.

Each benchmark module defines ``add_arguments(parser)`` and ``run(args) -> dict``: it prints a table
(our method beside the DelucionQA baselines, same run) and returns the figures, which the CLI prints
as one JSON object on the last line.
"""

BENCHES = {
    "throughput": "truthometer.benchmarks.throughput",
    "articles": "truthometer.benchmarks.articles",
    "fever-sym": "truthometer.benchmarks.fever_sym",
    "sick": "truthometer.benchmarks.sick",
    "nli": "truthometer.benchmarks.nli",
    "wice": "truthometer.benchmarks.wice",
    "climate-fever": "truthometer.benchmarks.climate_fever",
    "climate-claims": "truthometer.benchmarks.climate_claims",
    "conflicts": "truthometer.benchmarks.conflicts",
    "batch": "truthometer.benchmarks.batch_bench",
    "delp-scale": "truthometer.benchmarks.delp_scale",
    "fever-sym-correct": "truthometer.benchmarks.fever_sym_correct",
    "swap-correct": "truthometer.benchmarks.swap_correct",
    "align-nli": "truthometer.benchmarks.align_nli",
    "kb-scale": "truthometer.benchmarks.kb_scale",
    "truthfulqa-refusal": "truthometer.benchmarks.truthfulqa_refusal",
    "api": "truthometer.benchmarks.api_bench",
    "saved-checks": "truthometer.benchmarks.saved_checks",
    "startup": "truthometer.benchmarks.startup",
}
