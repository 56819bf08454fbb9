"""Ctrl-C, SIGTERM and SIGHUP while printkit is still importing (issue 25, item 6): one line and the
documented exit code (128 + the signal's number), never a traceback. The signal is sent by the
process to itself at the moment a module of printkit's is imported, so it lands during start-up
every time, through `python -m printkit` and through the console entry point pyproject.toml names."""

from __future__ import annotations

import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Sends SIGNAL to this process when MODULE is first imported, then starts printkit as asked.
DRIVER = """
import builtins, os, signal, sys
real = builtins.__import__
def importing(name, *args, **kwargs):
    if name == {module!r} and not getattr(builtins, "_sent", False):
        builtins._sent = True
        os.kill(os.getpid(), signal.{signal})
    return real(name, *args, **kwargs)
builtins.__import__ = importing
sys.argv = {argv!r}
{start}
"""
BY_MODULE = "import runpy; runpy.run_module('printkit', run_name='__main__', alter_sys=True)"


def by_entry_point() -> str:
    """What the console script pip writes does: import the entry point's module, call its function."""
    module, function = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["printkit"].split(":")
    return f"import sys, importlib; sys.exit(getattr(importlib.import_module({module!r}), {function!r})())"


SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"]


@pytest.mark.parametrize("signal_name", SIGNALS)
@pytest.mark.parametrize("start, module", [("module", "printkit.cli.main"), ("entry point", "printkit.cli.build_commands"),
                                           ("module", "yaml")])
def test_a_signal_while_printkit_imports_is_one_line_and_its_exit_code(signal_name, start, module):
    code = DRIVER.format(module=module, signal=signal_name, start=BY_MODULE if start == "module" else by_entry_point(),
                         argv=["printkit", "--help"])  # (--version alone loads no command line: see __main__.run)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    signum = getattr(signal, signal_name)
    assert (done.returncode, done.stderr, done.stdout) == (128 + signum, f"printkit: interrupted ({signal_name})\n", "")


def test_without_a_signal_the_entry_point_runs_printkit():
    done = subprocess.run([sys.executable, "-c", DRIVER.format(module="no such module", signal="SIGINT",
                                                                start=by_entry_point(), argv=["printkit", "--version"])],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "printkit 0.1.0\n", "")
