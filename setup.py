"""The wheel carries the Streamlit app (app.py, pages/, ui/ and .streamlit/config.toml) as truthometer/app/,
so `truthometer app` serves it from an installed package; a checkout runs them where they are. Everything
else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
APP_FILES = ("app.py", "pages", "ui", ".streamlit/config.toml")


class BuildWithApp(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs the checkout's app.py
        target = Path(self.build_lib) / "truthometer" / "app"
        for name in APP_FILES:
            source, dest = ROOT / name, target / name
            if source.is_dir():
                shutil.copytree(source, dest, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest)


setup(cmdclass={"build_py": BuildWithApp})
