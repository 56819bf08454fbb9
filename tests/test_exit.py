"""How the `printkit` command ends (printkit/__main__.py, `_ended`): once its work is done, without
freeing its objects one by one (a tenth of a second after a build), but with everything that reaches
outside the process done as Python's own exit does it: the functions registered to run at exit run,
what was printed is all there however the streams are buffered, and the exit code is the command's.
Where another thread is still running, Python's own exit ends it, as ever."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from test_hostile_state_startup import by_entry_point

ROOT = Path(__file__).resolve().parent.parent

# printkit as its console script starts it, with `before` run first; stdout is a pipe (block-buffered)
DRIVER = """
import sys
sys.argv = {argv!r}
{before}
{start}
"""


def held(finalized: Path) -> str:
    """Code that holds an object in a cycle, freed only by the collector at Python's exit: its
    finalizer then writes `finalized`."""
    return (f"import pathlib\n"
            f"class Held:\n"
            f"    def __del__(self): pathlib.Path({str(finalized)!r}).write_text('freed')\n"
            f"held = [Held()]; held.append(held)\n")


def printkit(argv: list[str], before: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess:
    code = DRIVER.format(argv=["printkit", *argv], before=before, start=by_entry_point())
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_a_build_ends_with_its_code_its_whole_report_and_the_exit_functions_run(project, tmp_path):
    """The functions registered to run at exit run (multiprocessing's and logging's among them),
    and do so before the process ends: a file one of them writes is there. Objects are not freed
    one by one: an object's finalizer, which Python's own exit would run, does not."""
    marker, finalized = tmp_path / "at-exit", tmp_path / "finalized"
    before = held(finalized) + f"import atexit; atexit.register(pathlib.Path({str(marker)!r}).write_text, 'ran')"
    done = printkit(["build", "-v", "numbered-cards"], before, cwd=project)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) > 5 and lines[-1].startswith("built ") and "1 game" in lines[-1]
    assert marker.read_text() == "ran"
    assert not finalized.exists()


def test_a_failed_build_ends_with_code_1_and_every_line_of_its_problems(project):
    game = project / "content" / "numbered-cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "\nstray: [unclosed\n", encoding="utf-8")
    done = printkit(["build", "numbered-cards"], cwd=project)
    assert done.returncode == 1
    assert done.stderr.strip() and all(":" in line for line in done.stderr.splitlines()), done.stderr
    assert "game.yaml" in done.stderr


def test_a_usage_error_ends_with_code_2():
    done = printkit(["build", "--paper", "A5"])
    assert done.returncode == 2 and "printkit: error:" in done.stderr


def test_a_daemon_thread_does_not_hold_the_end_back(project, tmp_path):
    """Python's exit does not wait for a daemon thread: neither does printkit's, which still frees
    nothing one by one."""
    finalized = tmp_path / "finalized"
    before = held(finalized) + "import threading, time; threading.Thread(target=time.sleep, args=(60,), daemon=True).start()"
    done = printkit(["list"], before, cwd=project)
    assert done.returncode == 0, done.stderr
    assert not finalized.exists()


def test_a_thread_still_running_ends_as_python_ends_it(project, tmp_path):
    """A thread that outlives the command (not printkit's own: a plug-in's, say) finishes what it
    writes: the process then ends as Python ends it, its objects freed."""
    written, finalized = tmp_path / "thread", tmp_path / "finalized"
    # the thread outlives the command whatever its speed: it waits for the main thread to end
    before = held(finalized) + (f"import threading, time\n"
                                f"def late(): threading.main_thread().join(); time.sleep(0.2); pathlib.Path({str(written)!r}).write_text('done')\n"
                                f"threading.Thread(target=late).start()")
    done = printkit(["list"], before, cwd=project)
    assert done.returncode == 0, done.stderr
    assert written.read_text() == "done" and finalized.read_text() == "freed"


def test_printkit_run_under_a_profiler_ends_as_python_ends_it(project, tmp_path):
    """`python -m cProfile -o FILE -m printkit ...` writes its profile once printkit returns: a
    profiler (or a tracer, such as coverage or a debugger) watching printkit gets Python's own end."""
    profile = tmp_path / "printkit.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "printkit", "list"],
                          capture_output=True, text=True, cwd=project, timeout=120)
    assert done.returncode == 0, done.stderr
    assert profile.is_file() and profile.stat().st_size > 0
