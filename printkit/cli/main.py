"""The command line: parse, call the pipeline, print. User errors are caught here and only here.

Exit codes: 0 success (a bare `printkit` prints the help: exit 0), 1 content, validation or output
error, 2 usage error. Every command is a row of COMMANDS: the function that runs it (its docstring
is its help, printkit/cli/*_commands.py) and the function that adds what it takes
(printkit/cli/arguments.py).
"""

from __future__ import annotations

import gc
import os
import signal
import sys

from printkit import COLLECT_EVERY, __version__
from printkit.cli import arguments
from printkit.cli import helping
from printkit.cli.build_commands import cmd_booklet, cmd_build, cmd_validate
from printkit.cli.live_commands import cmd_errata, cmd_preview, cmd_printed, cmd_serve, cmd_watch
from printkit.cli.project_commands import cmd_list, cmd_new, cmd_settings
from printkit.cli.target_commands import cmd_calibrate, cmd_export, cmd_preflight, takes
from printkit.ground import console
from printkit.ground import interrupt
from printkit.ground.errors import PrintkitError, UsageError

# A command imports what it runs when it runs: the pipeline (content, plans, ReportLab, Jinja) is
# not loaded for `--version`, `--help`, `list` or `settings` (issue 26: start-up proportional to
# the command).

DESCRIPTION = ("printkit turns a project's content (YAML) and words (Jinja templates) into print-ready PDFs at "
               "100% scale: card decks with duplex backs and crop marks, sheets, rules and booklets.")
EPILOG = ("A project is a folder with printkit.yaml, content/ and templates/: `printkit new DIR` makes one, and every "
          "command finds it from the folder it is run in or any folder below. `printkit help COMMAND` (or "
          "`printkit COMMAND --help`) tells more. Exit codes: 0 done, 1 a problem in the project (one line each, FILE:LINE: message), "
          "2 a command-line mistake.")


def main(argv: list[str] | None = None) -> int:
    gc.set_threshold(*COLLECT_EVERY)
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        with console.guarded(), interrupt.handled():  # SIGTERM too ends through the clean-up below
            code = _run(argv)
            sys.stdout.flush()  # inside: a closed pipe or a full disk is reported here, not at exit
        return code
    except UsageError as error:
        helping.said(error, lambda: parser_for(arguments.Context(), ""))
        return 2
    except PrintkitError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 1
    except KeyboardInterrupt as error:  # Ctrl-C, or Interrupted by another signal: the outputs are whole
        signum = getattr(error, "signum", signal.SIGINT)
        print(f"printkit: interrupted ({signal.Signals(signum).name})", file=sys.stderr)
        return 128 + signum
    except BrokenPipeError:  # `printkit build | head`: the reader has gone, which is not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush is quiet
        return 0
    except console.StdoutError as error:  # `>&-`, `> /dev/full`
        print(f"printkit: error: cannot write to standard output: {error}", file=sys.stderr)
        if sys.stdout is not None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left unwritten
        return 1


def _run(argv: list[str]) -> int:
    if argv == ["--version"]:  # before any project is looked for
        print(f"printkit {__version__}")
        return 0
    argv = arguments.command_first(argv)
    parser = parser_for(arguments.context(argv), argv[0] if argv else "")
    if not argv:
        parser.print_help()
        return 0
    helping.did_you_mean(argv, COMMANDS, lambda: parser_for(arguments.Context()))
    args = parser.parse_args(argv)
    try:
        return args.command(args)
    except UsageError as error:
        error.parser = args.parser
        raise


# --- the commands: each runs from its module, but help, which reads them all ----------------------

def cmd_help(args) -> int:
    """show printkit's help, or a command's: `printkit help build` is `printkit build --help`"""
    where = [f"--{key}={getattr(args, key)}" for key in ("project", "content") if getattr(args, key, None)]
    topic = args.topic or ""
    return helping.show(parser_for(arguments.context([topic, "--help", *where]), topic), args.topic)


COMMANDS = {  # name: (what runs it, its docstring the help; what it takes)
    "new": (cmd_new, arguments.new),
    "build": (cmd_build, arguments.build),
    "watch": (cmd_watch, arguments.watch),
    "preview": (cmd_preview, arguments.preview),
    "serve": (cmd_serve, arguments.serve),
    "validate": (cmd_validate, arguments.validate),
    "booklet": (cmd_booklet, arguments.booklet),
    "calibrate": (cmd_calibrate, arguments.calibrate),
    "settings": (cmd_settings, arguments.settings_),
    "list": (cmd_list, arguments.listing),
    "printed": (cmd_printed, arguments.printed),
    "errata": (cmd_errata, arguments.errata),
    "export": (cmd_export, takes("export")),
    "preflight": (cmd_preflight, takes("preflight")),
    "help": (cmd_help, arguments.help_),
}


def parser_for(ctx: arguments.Context, chosen: str | None = None) -> helping.Parser:
    """printkit's parser, what `chosen` takes in it (None: every command's): printkit/cli/helping.py.
    The generated reference of the commands reads it too (printkit/cli/reference.py)."""
    return helping.parser(COMMANDS, ctx, chosen, description=DESCRIPTION, epilog=EPILOG)
