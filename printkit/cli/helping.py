"""The command line's help and its words for a mistyped name: printkit's parser made from its
commands (each one's docstring is its help), `printkit help [COMMAND]`, and an unknown command or
option said in one line, `printkit: error: ...`, naming the nearest one it may have meant (exit 2).
Other command-line mistakes keep argparse's usage line above theirs."""

from __future__ import annotations

import argparse
import difflib
import sys
import textwrap

from printkit.ground.errors import UsageError

OWN = ("-h", "--help", "--version")  # what printkit itself takes before a command


class Unknown(UsageError):
    """A name printkit does not know (a command, an option): the line says it all, no usage above it."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(2, f"printkit: error: {message}\n")

    def parse_args(self, args=None, namespace=None):
        found, extra = self.parse_known_args(args, namespace)
        if extra:
            unknown_option(extra, getattr(found, "parser", None), self)
        return found


def said(error: UsageError, usage) -> None:
    """A usage error on stderr: the usage of its parser (or `usage()`'s) above it, but for an Unknown."""
    if not isinstance(error, Unknown):
        (getattr(error, "parser", None) or usage()).print_usage(sys.stderr)
    print(f"printkit: error: {error}", file=sys.stderr)


class Paragraphs(argparse.HelpFormatter):
    """argparse's help, but a description's paragraphs (apart by a blank line) kept apart, each one
    filled to the terminal's width; and no line broken inside a name at its hyphen (`harbour-` /
    `masters`, `--scale-` / `correction`)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n\n".join(textwrap.fill(" ".join(paragraph.split()), width, initial_indent=indent,
                                           subsequent_indent=indent, break_on_hyphens=False)
                            for paragraph in text.split("\n\n"))

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def parser(commands: dict, ctx, chosen: str | None, **described) -> Parser:
    """printkit's parser: every command with its one-line help, and what the `chosen` command takes
    (only it: another's options may need the games, or printkit.targets, loaded; None: every command's)."""
    from printkit import __version__

    made = Parser(prog="printkit", formatter_class=Paragraphs, **described)
    made.add_argument("--version", action="version", version=f"printkit {__version__}")
    sub = made.add_subparsers(metavar="COMMAND", title="commands", required=True)
    for name, (command, takes) in commands.items():
        summary, _, description = (command.__doc__ or "").partition("\n")
        each = sub.add_parser(name, help=summary.strip(), description=described_by(summary, description),
                              formatter_class=Paragraphs)
        if chosen is None or name == chosen:
            takes(each, ctx)
        each.set_defaults(command=command, parser=each)
    return made


def described_by(summary: str, description: str) -> str:
    """A command's description from its docstring: the first line as a sentence, then the rest, each
    paragraph on one line (the docstring's line breaks are the source's, not the help's), paragraphs
    apart by a blank line."""
    first = f"{summary.strip()[0].upper()}{summary.strip()[1:]}."
    paragraphs = [" ".join(paragraph.split()) for paragraph in description.split("\n\n")]
    body = [paragraph for paragraph in paragraphs if paragraph]
    return "\n\n".join([f"{first} {body[0]}" if body else first, *body[1:]])


def commands_of(made: argparse.ArgumentParser) -> dict:
    """A parser's commands, by name: each one's own parser."""
    return next(action.choices for action in made._actions if isinstance(action, argparse._SubParsersAction))


def show(made: Parser, topic: str | None) -> int:
    """`printkit help [COMMAND]`: printkit's help, or the command's, as `--help` prints it."""
    known = commands_of(made)
    if topic is None:
        made.print_help()
    elif topic in known:
        known[topic].print_help()
    else:
        raise Unknown(_unknown_command(topic, known))
    return 0


def did_you_mean(argv: list[str], commands, every) -> None:
    """A first word that is no command, or an option printkit does not take before one: an Unknown
    naming the closest command, or the closest option of any command (`every()`: a parser with
    every command's options)."""
    if not argv or argv[0] in commands:
        return
    if not argv[0].startswith("-"):
        raise Unknown(_unknown_command(argv[0], commands))
    name = argv[0].split("=", 1)[0]
    if name in OWN:
        return
    known = commands_of(every())
    own = f"unknown option '{name}' (before a command printkit takes only --help and --version"
    after = next((word for word in argv[1:] if word in known), None)  # `printkit -q build`: build's -q
    if after and name in _options(known[after]):
        raise Unknown(f"{own}); did you mean 'printkit {after} {name}'?")
    options = {option: command for command, each in reversed(known.items()) for option in _options(each)}
    close = difflib.get_close_matches(name, list(options), n=1)
    if close:
        raise Unknown(f"{own}); did you mean 'printkit {options[close[0]]} {close[0]}'?")
    raise Unknown(f"{own}; `printkit COMMAND --help` lists a command's)")


def _unknown_command(name: str, commands) -> str:
    close = difflib.get_close_matches(name, list(commands), n=1)
    return f"unknown command '{name}'" + (f"; did you mean '{close[0]}'?" if close else
                                          f" (commands: {', '.join(commands)})")


def unknown_option(extra: list[str], command, made: Parser) -> None:
    """What a command's parser left: an option it does not take, named in one line with the
    nearest it does take; anything else, argparse's own "unrecognized arguments"."""
    name = next((arg.split("=", 1)[0] for arg in extra if arg.startswith("-") and arg != "-"), None)
    if name is None or command is None:
        made.error(f"unrecognized arguments: {' '.join(extra)}")
    close = difflib.get_close_matches(name, _options(command), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f" (`{command.prog} --help` lists what it takes)"
    raise Unknown(f"{command.prog.split()[-1]}: unknown option '{name}'{hint}")


def _options(command: argparse.ArgumentParser) -> list[str]:
    return [option for action in command._actions for option in action.option_strings if option not in OWN]
