"""The wheel carries the repository's content/ and templates/, and the example games' (examples/
content/ and templates/, not their tools/), as printkit/_bundled/: the seed games of `printkit new`
and the templates every project falls back on (printkit/ground/bundled.py); and those templates compiled,
as printkit/_compiled/ (printkit/load/shipping.py). The rest of the build is declared in pyproject.toml."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("content", "templates", "examples/content", "examples/templates")


class BuildPyWithBundle(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the repository's own folders
        for name in BUNDLED:
            target = Path(self.build_lib, "printkit", "_bundled", name)
            shutil.rmtree(target, ignore_errors=True)  # nothing left from an earlier build of a deleted file
            shutil.copytree(name, target)
        ship_compiled_templates(Path(self.build_lib).resolve())


def ship_compiled_templates(build_lib: Path) -> None:
    """printkit's own templates compiled into printkit/_compiled/ (printkit/load/shipping.py), by the
    built printkit itself and this Python, so that a user's first build need not compile them.
    Where that fails (no Jinja to build with), the wheel is built without them: printkit then
    compiles its templates at first use, as it did before."""
    target = build_lib / "printkit" / "_compiled"
    shutil.rmtree(target, ignore_errors=True)
    with tempfile.TemporaryDirectory() as cache:  # printkit's key and records: not the builder's own cache folder
        env = {**os.environ, "PRINTKIT_CACHE": cache,
               "PYTHONPATH": os.pathsep.join(filter(None, [str(build_lib), os.environ.get("PYTHONPATH")]))}
        done = subprocess.run([sys.executable, "-m", "printkit.load.shipping", str(target)], cwd=build_lib, env=env,
                              capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(target, ignore_errors=True)
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"printkit: its templates are not shipped compiled ({last}); they are compiled at first use")


setup(cmdclass={"build_py": BuildPyWithBundle})
