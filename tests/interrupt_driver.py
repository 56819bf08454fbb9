"""Run by test_interruptions.py in a process of its own: printkit builds with a signal sent to
this very process just before its K-th file operation (a write, sync, link, rename or unlink),
for each K asked for; or, with `pause`, a pause at the K-th operation counted, until the test has
signalled this process and created the file `work/<K>.sent`.

    python interrupt_driver.py SPEC_JSON

SPEC: {"signal": "SIGINT", "points": [1, 2, ...], "pristine": DIR, "work": DIR, "argv": [...],
       "counting": ["replace"] (the operations counted; default all), "pause": false}
For each point: `pristine` is copied to `work/<K>`, the build runs into it (`{out}` in argv),
and one JSON line is printed: {"point": K, "code": ..., "stderr": ..., "operation": ...}.
Points beyond the build's last operation print {"point": K, "beyond": true}.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import signal
import sys
import time

OPERATIONS = ("write", "fsync", "link", "replace", "unlink")


class Fault:
    def __init__(self, signum: int, pause: bool, counting):
        self.signum, self.pause, self.counting = signum, pause, counting
        self.pid = os.getpid()  # printkit's process: its workers (forked) draw, they write no output
        self.count, self.at, self.hit, self.sent = 0, 0, None, ""

    def wrap(self, name: str, real):
        def operation(*args, **kwargs):
            if name in self.counting and os.getpid() == self.pid:
                self.count += 1
                if self.count == self.at:
                    self.strike(name)
            return real(*args, **kwargs)
        return operation

    def strike(self, name: str) -> None:
        self.hit = name
        if self.pause:
            sys.__stdout__.write("paused\n")  # the test signals this process, then creates `sent`
            sys.__stdout__.flush()
            deadline = time.monotonic() + 30
            while not os.path.exists(self.sent) and time.monotonic() < deadline:
                time.sleep(0.01)
        else:
            os.kill(os.getpid(), self.signum)  # acted on at the next bytecode: before the operation


def main() -> None:
    spec = json.loads(sys.argv[1])
    from printkit.cli.main import main as printkit

    fault = Fault(getattr(signal, spec["signal"]), spec.get("pause", False), spec.get("counting", OPERATIONS))
    # The records printkit keeps in its cache for this process's import path (no plug-in found, the
    # code's digest) are written by a first command before anything is counted: else the first
    # point's count starts with them, and "the K-th rename" is not the K-th of the build's own.
    from printkit.games import all_games
    from printkit.pipeline.manifest import code_digest
    all_games(), code_digest()
    for name in OPERATIONS:
        setattr(os, name, fault.wrap(name, getattr(os, name)))
    for point in spec["points"]:
        out = os.path.join(spec["work"], str(point))
        shutil.copytree(spec["pristine"], out)
        fault.count, fault.at, fault.hit, fault.sent = 0, point, None, out + ".sent"
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = printkit([part.format(out=out) for part in spec["argv"]])
        if fault.hit is None:
            print(json.dumps({"point": point, "beyond": True, "operations": fault.count}), flush=True)
            break
        print(json.dumps({"point": point, "code": code, "stderr": err.getvalue(), "operation": fault.hit}),
              flush=True)


if __name__ == "__main__":
    main()
