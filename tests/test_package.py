"""A package that installs anywhere: package data, where an installed package writes, its dependencies, the
app command's health check, and (marked ``package``) the wheel installed into a fresh environment."""
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from truthometer import config, serve
from truthometer.cli import main

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "truthometer"
#: requirements.txt pins only the tests need; everything else is a runtime dependency of the package.
TEST_ONLY = {"pytest", "playwright"}


def _name(requirement: str) -> str:
    return re.split(r"[\[=<>!~ ]", requirement, maxsplit=1)[0].strip().lower().replace("_", "-").replace(".", "-")


def test_the_runtime_pins_of_requirements_are_the_packages_dependencies():
    pinned = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            pinned[_name(line)] = line.replace(" ", "")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    declared = {_name(d): d.replace(" ", "") for d in declared}
    runtime = {name: pin for name, pin in pinned.items() if name not in TEST_ONLY}
    assert {n: _name(p) for n, p in declared.items()} == {n: _name(p) for n, p in runtime.items()}
    for name, pin in declared.items():
        assert "==" in pin and pin.split("==")[1] == runtime[name].split("==")[1], (pin, runtime[name])


def test_the_judge_and_the_seed_entries_are_package_data():
    from truthometer.judging.nli import BUNDLED_DIR
    from truthometer.knowledge.base import SEED

    assert BUNDLED_DIR.is_relative_to(PACKAGE) and SEED.is_relative_to(PACKAGE)
    assert (BUNDLED_DIR / "head.npz").is_file() and (BUNDLED_DIR / "judge" / "model.safetensors").is_file()
    assert SEED.read_text(encoding="utf-8").strip()
    assert not (ROOT / "models").exists() and not (ROOT / "knowledge" / "seed.jsonl").exists()  # moved, not copied
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["truthometer"]
    shipped = {p.relative_to(PACKAGE).as_posix() for pattern in patterns for p in PACKAGE.glob(pattern) if p.is_file()}
    on_disk = {p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / "data").rglob("*") if p.is_file()}
    assert on_disk and on_disk <= shipped  # a new file under data/ is not silently left out of the wheel


def test_a_checkout_keeps_its_knowledge_base_and_caches_in_the_repository(monkeypatch):
    monkeypatch.delenv("TRUTHOMETER_KB", raising=False)
    monkeypatch.delenv("TRUTHOMETER_CACHE", raising=False)
    assert config.FROM_CHECKOUT
    assert Path(config.Config().kb_dir) == ROOT / "knowledge"
    assert config.cache_dir() == ROOT / ".cache"


def test_an_installed_package_writes_in_the_users_directories_unless_configured(monkeypatch, tmp_path):
    monkeypatch.setattr(config, "FROM_CHECKOUT", False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TRUTHOMETER_KB", raising=False)
    monkeypatch.delenv("TRUTHOMETER_CACHE", raising=False)
    assert Path(config.Config().kb_dir) == tmp_path / "data" / "truthometer" / "knowledge"
    assert config.cache_dir() == tmp_path / "cache" / "truthometer"
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "team-kb"))
    monkeypatch.setenv("TRUTHOMETER_CACHE", str(tmp_path / "elsewhere"))
    assert config.Config().kb_dir == str(tmp_path / "team-kb")
    assert config.cache_dir() == tmp_path / "elsewhere"


def test_the_app_options_come_from_its_streamlit_config():
    options = serve.streamlit_options(ROOT)
    assert "--server.address=127.0.0.1" in options and "--client.toolbarMode=minimal" in options
    command = serve.command("0.0.0.0", 8600)
    assert command[-4:-2] == ["--server.address=0.0.0.0", "--server.port=8600"]  # the flags win over the file


def test_the_health_check_reports_a_broken_app_in_one_line(monkeypatch, tmp_path, capsys):
    broken = tmp_path / "app.py"
    broken.write_text("import streamlit as st\nst.title('Half an app')\nraise RuntimeError('the page fell over')\n")
    monkeypatch.setattr(serve, "app_script", lambda: broken)
    assert main(["app", "--health"]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["unhealthy: the page fell over"]


def test_the_health_check_passes_for_the_checkouts_app(capsys):
    assert main(["app", "--health"]) == 0
    assert capsys.readouterr().out.startswith("ok: the app in ")


def test_a_bad_port_is_a_message(capsys):
    assert main(["app", "--port", "70000"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --port") and "Traceback" not in err


@pytest.mark.package
@pytest.mark.skipif(shutil.which("tar") is None, reason="needs tar")
def test_the_wheel_installs_into_a_fresh_environment_and_runs_outside_the_checkout():
    """scripts/check_wheel.sh: build, the dependencies resolve from the index (OFFLINE=1 skips that), install
    outside the checkout, check a text, the app's health check, nothing written inside site-packages. Skip
    the whole test with ``-m 'not package'`` (.ci/run runs the script itself)."""
    done = subprocess.run(["bash", str(ROOT / "scripts" / "check_wheel.sh")], capture_output=True, text=True,
                          timeout=900, env={**os.environ, "PYTHON": sys.executable})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "check: 'The town library was founded in 1921.' contradicted" in done.stdout
    if not os.environ.get("OFFLINE"):
        assert re.search(r"^dependencies: \d+ packages resolve from the index", done.stdout, re.M), done.stdout
    assert done.stdout.strip().splitlines()[-1].startswith("check_wheel: ok")
