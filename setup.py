"""The wheel carries the repository's content/ and templates/, and the example games' (examples/
content/ and templates/, not their tools/), as printkit/_bundled/: the seed games of `printkit new`
and the templates every project falls back on (printkit/bundled.py). The rest of the build is
declared in pyproject.toml."""

import shutil
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


setup(cmdclass={"build_py": BuildPyWithBundle})
