#!/usr/bin/env bash
# The package installs anywhere: builds the wheel from a copy of this checkout, installs it into a fresh
# virtual environment outside the checkout, and from an empty temporary directory, with an empty HOME and no
# TRUTHOMETER_* settings, runs `truthometer check` on a small text with a reference (the judge's weights
# and the seed entries read from the package) and `truthometer app --health`. Fails when the wheel lacks
# its data, when either command fails, when the checkout's code is what got imported, or when anything was
# written inside the environment's site-packages.
#
# The fresh environment reuses the dependencies already installed in .venv (a .pth file naming .venv's
# site-packages, whose own .pth files, the checkout's editable install among them, are not run), so the
# check costs no download; `pip check` then says whether the wheel's pinned [project] dependencies are
# met by those packages, and a dry run of `pip install` of the wheel says whether they all resolve from the
# configured index (OFFLINE=1 skips that, the one step that needs the index). FULL=1 instead installs the wheel with its dependencies from the configured index,
# as a user would (torch: the CPU build, found like scripts/bootstrap.sh finds it, through pip's
# configuration, e.g. PIP_FIND_LINKS or PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu).
#
#   scripts/check_wheel.sh            # prints one line per step; KEEP=1 keeps the temporary directory
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-$ROOT/.venv/bin/python}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/truthometer-wheel.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$WORK"' EXIT; else echo "keeping $WORK"; fi
fail() { echo "check_wheel: FAILED: $*" >&2; exit 1; }

# 1. Build from a copy, so the checkout gets no build/ or *.egg-info and its runtime data stays out.
mkdir -p "$WORK/src" "$WORK/dist" "$WORK/run" "$WORK/home"
tar -C "$ROOT" --exclude=./.venv --exclude=./.git --exclude=./.cache --exclude=./build --exclude='*.egg-info' \
    --exclude=__pycache__ --exclude='./knowledge/*' --exclude=./artifacts --exclude=./.streamlit/secrets.toml \
    -cf - . | tar -C "$WORK/src" -xf -
"$PY" -m pip wheel -q --no-deps --no-build-isolation -w "$WORK/dist" "$WORK/src" >/dev/null 2>&1 \
  || "$PY" -m pip wheel --no-deps --no-build-isolation -w "$WORK/dist" "$WORK/src" || fail "the wheel did not build"
WHEEL=$(ls "$WORK"/dist/truthometer-*.whl)
"$PY" - "$WHEEL" <<'EOF' || fail "the wheel lacks package data"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
need = ["truthometer/data/seed.jsonl", "truthometer/data/nli/head.json", "truthometer/data/nli/head.npz",
        "truthometer/data/nli/judge/model.safetensors", "truthometer/data/nli/judge/judge.json",
        "truthometer/data/checkworthiness/model.json",
        "truthometer/evidence/domains.json", "truthometer/app/app.py", "truthometer/app/ui/auth.py",
        "truthometer/app/pages/0_Check.py", "truthometer/app/.streamlit/config.toml"]
missing = [n for n in need if n not in names]
if missing:
    sys.exit("missing from the wheel: " + ", ".join(missing))
print(f"wheel: {sys.argv[1].rsplit('/', 1)[-1]}, {len(names)} files, package data present")
EOF

# 2. What `pip install truthometer-*.whl` would pull: every pinned dependency resolves from the configured
#    index (a dry run: metadata only). OFFLINE=1 skips it.
if [ -z "${OFFLINE:-}" ]; then
  "$PY" -m pip install --dry-run --ignore-installed -q --report "$WORK/resolve.json" "$WHEEL" >/dev/null 2>&1 \
    || { "$PY" -m pip install --dry-run --ignore-installed "$WHEEL" >&2; fail "the wheel's dependencies do not resolve"; }
  "$PY" - "$WORK/resolve.json" <<'EOF' || fail "the dependency report is unreadable"
import json, sys
chosen = {i["metadata"]["name"].lower(): i["metadata"]["version"] for i in json.load(open(sys.argv[1]))["install"]}
print(f"dependencies: {len(chosen) - 1} packages resolve from the index (torch {chosen.get('torch', '?')})")
EOF
fi

# 3. A fresh virtual environment outside the checkout.
BASE=$("$PY" -c 'import sys; print(sys.base_prefix)')/bin/python3
[ -x "$BASE" ] || BASE=$PY
"$BASE" -m venv --without-pip "$WORK/venv"
VPY=$WORK/venv/bin/python
SITE=$("$VPY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
if [ -n "${FULL:-}" ]; then
  "$PY" -m pip --python "$VPY" install -q "$WHEEL" || fail "pip install of the wheel with its dependencies failed"
else
  "$PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' > "$SITE/truthometer-check-deps.pth"
  "$PY" -m pip --python "$VPY" install -q --no-deps "$WHEEL" || fail "pip install of the wheel failed"
fi
"$PY" -m pip --python "$VPY" check >/dev/null 2>&1 \
  || { "$PY" -m pip --python "$VPY" check | grep -i truthometer && fail "the wheel's dependencies are not met"; } || true
echo "installed into $WORK/venv"

# 4. Run it from elsewhere, as a user with nothing configured.
snapshot() { find "$SITE" -path "$SITE/truthometer-check-deps.pth" -prune -o -type f -printf '%P %s %T@\n' | sort; }
snapshot > "$WORK/before"
run() { (cd "$WORK/run" && env -i PATH="$WORK/venv/bin:/usr/bin:/bin" HOME="$WORK/home" LANG=C.UTF-8 \
          HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 "$@"); }
# The judge's word table is a cache the first check would build (~30 s); a checkout's copy saves that.
if ls "$ROOT"/.cache/words/*.npz >/dev/null 2>&1; then
  mkdir -p "$WORK/home/.cache/truthometer/words" && cp "$ROOT"/.cache/words/*.npz "$WORK/home/.cache/truthometer/words/"
fi
run python - "$SITE" <<'EOF' || fail "the installed package is not the one imported, or it writes beside itself"
import sys
from pathlib import Path
import truthometer
from truthometer import config
from truthometer.judging.nli import BUNDLED_DIR
site, home = Path(sys.argv[1]).resolve(), Path.home().resolve()
assert Path(truthometer.__file__).resolve().is_relative_to(site), f"imported {truthometer.__file__}"
assert not config.FROM_CHECKOUT
assert BUNDLED_DIR.resolve().is_relative_to(site) and (BUNDLED_DIR / "head.json").is_file(), BUNDLED_DIR
for where in (config.cache_dir(), Path(config.Config().kb_dir)):
    assert where.resolve().is_relative_to(home), f"{where} is not under {home}"
EOF
printf 'The town library was founded in 1921. It lends bicycles as well as books.\n' > "$WORK/run/text.txt"
printf 'The town library was founded in 1912 by the parish council.\n' > "$WORK/run/reference.md"
status=0
run truthometer check text.txt --reference reference.md -q > "$WORK/report.json" 2> "$WORK/check.err" || status=$?
[ "$status" = 0 ] || { cat "$WORK/check.err" >&2; fail "truthometer check exited $status"; }
"$PY" - "$WORK/report.json" <<'EOF' || fail "truthometer check gave an unexpected report"
import json, sys
report = json.load(open(sys.argv[1], encoding="utf-8"))
first = report["sentences"][0]
assert first["status"] == "contradicted", first["status"]
assert "1912" in report["corrected_text"], report["corrected_text"]
print(f"check: '{first['text']}' {first['status']}; corrected: {report['corrected_text'].splitlines()[0]}")
EOF
[ -f "$WORK/home/.local/share/truthometer/knowledge/kb.sqlite3" ] \
  || fail "the default knowledge base is not in the user's data directory"
run truthometer app --health || fail "the app's health check failed"
snapshot > "$WORK/after"
diff "$WORK/before" "$WORK/after" >&2 || fail "files were written inside $SITE"
echo "check_wheel: ok (nothing written inside site-packages; knowledge base and caches under HOME)"
