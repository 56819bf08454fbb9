"""The types of the command line's values: each reads the text given after an option (millimetres,
an X,Y offset, a scale correction, dpi, a port, an editor's URL, a shop to proof for) and says in
one line what it should have been (argparse's `type=`: its message follows `printkit: error:`)."""

from __future__ import annotations

import argparse
import re

from printkit.load import settings


def names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in millimetres, e.g. 0.5,-1: {text!r}") from None
    if not (abs(x) <= 10 and abs(y) <= 10):
        raise argparse.ArgumentTypeError(f"a back offset is at most 10 mm each way, not {text}")
    return x, y


def scale(text: str) -> tuple[float, float]:
    low, high = settings.SCALE_CORRECTION
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in percent, e.g. 99.2,99.5: {text!r}") from None
    if not (low <= x <= high and low <= y <= high):
        raise argparse.ArgumentTypeError(f"a scale correction is {low:g} to {high:g} percent each way, not {text}; "
                                         f"a printer further off is scaling the page: print at Actual size")
    return x, y


def bleed(text: str) -> float:
    return millimetres(text, "bleed")


def corners(text: str) -> float:
    return millimetres(text, "a corner radius")


def millimetres(text: str, what: str, most: float = 6.0) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 <= value <= most:
        raise argparse.ArgumentTypeError(f"{what} must be 0 to {most:g} mm, not {text}")
    return value


def dpi(text: str) -> int:
    if not text.isdigit() or not 10 <= int(text) <= 600:
        raise argparse.ArgumentTypeError(f"dpi must be a whole number from 10 to 600, not {text!r}")
    return int(text)


def port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port: a whole number from 1 to 65535")
    return int(text)


def editor(text: str) -> str:
    """A URL that opens a file in an editor; never one that runs a script in the page."""
    if "{file}" not in text or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*:\S*", text) or \
            text.split(":", 1)[0].lower() in ("javascript", "data", "vbscript"):
        raise argparse.ArgumentTypeError(f"'{text}' is not an editor's URL: a scheme such as vscode://file/, "
                                         "with {file} (and {line}) in it")
    return text


def proofing_shops() -> list[str]:
    """The shops whose files are CMYK, through a profile a proof can go through."""
    from printkit.targets.profiles import profiles
    return [slug for slug, profile in profiles().items() if profile.icc]


def proofed_shop(text: str):
    from printkit.targets.profiles import profiles
    if text not in proofing_shops():
        raise argparse.ArgumentTypeError(f"no soft proof for {text!r}: only a shop that prints CMYK has one "
                                         f"({', '.join(proofing_shops())})")
    return profiles()[text]
