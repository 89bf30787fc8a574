#!/usr/bin/env bash
# Creates .venv and installs requirements.txt into it, only when requirements changed since the last
# successful install (idempotent: a second run costs a hash comparison).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.requirements.sha256
want=$(cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r requirements.txt
  # The project itself, editable, so `python -m truthometer` works from any directory.
  .venv/bin/python -m pip install --quiet --no-deps --no-build-isolation -e .
  # The entailment judge's word table (.cache/words/), built here so the first check does not wait ~30 s.
  HF_HUB_OFFLINE=1 .venv/bin/python -c "from truthometer.word_table import word_table; word_table()" \
    || echo "note: the word table was not built now; the first check with --method nli builds it"
  # The two int8 models compiled for this machine (.cache/models/, truthometer/compiled_models.py), so that
  # a check starts without importing transformers (a cold check: 9 s before, see docs/benchmarks.md).
  HF_HUB_OFFLINE=1 .venv/bin/python -m truthometer.judging.nli.finetuned \
    || echo "note: the compiled models were not built now; the first check builds them"
  echo "$want" > "$stamp"
fi
# WordNet as the project's own table (.cache/wordnet/, truthometer/text/wordnet.py), built once here so that
# no check waits ~20 s for it; rebuilt when its format changes.
HF_HUB_OFFLINE=1 .venv/bin/python -c "from truthometer.text.wordnet import TABLE_PATH, build_table
TABLE_PATH.is_file() or build_table()" \
  || echo "note: the WordNet table was not built now; the first check builds it"
