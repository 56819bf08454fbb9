"""printkit's own state files as hints, never orders: a per-user secret key that signs what printkit
writes for itself (the build manifest's entries, the write journal, the page and template caches),
so that an entry forged or edited by hand is found out and ignored; and a bounded reader for those
files, so that a damaged one is set aside with one warning line.

The key is 32 random bytes in `key` beside the caches (in `PRINTKIT_CACHE`, else
`$XDG_CACHE_HOME/printkit`, else `~/.cache/printkit`), made on first use, readable by its user
alone. Where no key can be kept (a folder that cannot be written, or that others may write), there
is none: every signed entry is untrusted, so a build draws everything again and caches keep nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import stat
import sys
from pathlib import Path

from printkit.ground.atomic import replace_whole
from printkit.ground.reading import read_bounded

KEY = "key"
KEY_BYTES = 32
MAX_STATE_BYTES = 16 * 1024 * 1024  # the manifest of a 500-scenario campaign is some 200 KB
MAX_DEPTH = 32  # printkit's own records nest 6 deep at the most

_KEYS: dict[tuple, bytes | None] = {}  # where the cache folder is (the variables naming it) -> its key, or None


def cache_root() -> Path:
    """Where printkit keeps what it keeps for the user: `PRINTKIT_CACHE`, else the user's cache
    folder. With `PRINTKIT_CACHE=off` the caches are off, but the key still lives in the user's
    cache folder: a build still trusts its own manifest."""
    chosen = os.environ.get("PRINTKIT_CACHE")
    if chosen and chosen.lower() != "off":
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "printkit"


def caches_on() -> bool:
    return (os.environ.get("PRINTKIT_CACHE") or "").lower() != "off"


def user_key() -> bytes | None:
    """This user's key, made if there is none yet; None where none can be kept."""
    where = (os.environ.get("PRINTKIT_CACHE"), os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))
    if where not in _KEYS:  # (asked for each value a build keeps: the folder is worked out once)
        try:
            _KEYS[where] = _key_in(cache_root())
        except RuntimeError:  # no home folder
            return None
    return _KEYS[where]


def sign(*parts) -> str | None:
    """The HMAC-SHA256 of `parts` (JSON data, or bytes) under the user's key; None without a key."""
    key = user_key()
    if key is None:
        return None
    mac = hmac.new(key, digestmod=hashlib.sha256)
    for part in parts:
        data = part if isinstance(part, bytes) else json.dumps(part, sort_keys=True).encode("utf-8")
        mac.update(len(data).to_bytes(8, "big") + data)  # lengths first: no two splits sign alike
    return mac.hexdigest()


def signed(signature, *parts) -> bool:
    """Whether `signature` is what `sign(*parts)` gives: never without a key."""
    if not isinstance(signature, str) or not signature.isascii():
        return False  # (compare_digest takes ASCII strings only)
    expected = sign(*parts)
    return expected is not None and hmac.compare_digest(signature, expected)


def _key_in(folder: Path) -> bytes | None:
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _private(os.stat(folder), 0o022):
            return None  # others may write there: they could put their own key in place
        return _read_key(folder / KEY) or _make_key(folder)
    except (OSError, ValueError):
        return None


def _private(status: os.stat_result, others: int) -> bool:
    mine = not hasattr(os, "getuid") or status.st_uid == os.getuid()
    return mine and not status.st_mode & others


def _read_key(path: Path) -> bytes | None:
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or not _private(status, 0o077) or status.st_size != KEY_BYTES:
            raise ValueError("not a key printkit made")  # no key: every entry is untrusted
        data = os.read(handle, KEY_BYTES + 1)
    finally:
        os.close(handle)
    if len(data) != KEY_BYTES:
        raise ValueError("not a key printkit made")
    return data


def _make_key(folder: Path) -> bytes | None:
    """A new key, written whole under a temporary name and linked into place: of two printkits
    making one at once, both use the one that was linked first."""
    temporary = folder / f".{KEY}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(handle, secrets.token_bytes(KEY_BYTES))
        os.fsync(handle)
    finally:
        os.close(handle)
    try:
        os.link(temporary, folder / KEY)
    except FileExistsError:
        pass
    finally:
        os.unlink(temporary)
    return _read_key(folder / KEY)


# --- reading state files --------------------------------------------------------------------------

class Unreadable(ValueError):
    """A state file that is not as printkit writes it: too large, not JSON, nested too deep."""


def recorded(name: str, state: str) -> str | None:
    """What the record `name` in the cache folder says of `state` (a digest of what it was worked
    out from), if it is signed with the user's key; else None (worked out again)."""
    if not caches_on():
        return None
    try:
        with open(cache_root() / name, "rb") as file:
            found = parse_json(file.read(4096))  # (more is not a record printkit wrote: not JSON)
    except (OSError, Unreadable):
        return None
    if isinstance(found, dict) and found.get("state") == state and isinstance(found.get("value"), str) and \
            signed(found.get("check"), name, state, found["value"]):
        return found["value"]
    return None


def record(name: str, state: str, value: str) -> None:
    """The record `name` (see `recorded`) written whole or not at all: a temporary file renamed over it."""
    check = sign(name, state, value) if caches_on() else None
    if check is None:
        return
    with contextlib.suppress(OSError):  # not kept: worked out again next time
        replace_whole(cache_root() / name, json.dumps({"state": state, "value": value, "check": check}).encode("utf-8"))


def read_json(path: Path, limit: int = MAX_STATE_BYTES):
    """The JSON of one of printkit's own files, read with bounds; None when there is none.
    Raises Unreadable when it is there but is not what printkit writes."""
    try:
        data = read_bounded(path, limit, follow=False)  # a link where printkit keeps its state: not opened
    except ValueError as error:
        if str(error) == "is missing":
            return None
        raise Unreadable(str(error).removeprefix("is ")) from None
    return parse_json(data)


def parse_json(data: bytes | str):
    """JSON as printkit writes its records: nested at most MAX_DEPTH deep."""
    try:
        value = json.loads(data)
    except RecursionError:
        raise Unreadable(f"nested more than {MAX_DEPTH} deep") from None
    except (ValueError, TypeError) as error:
        raise Unreadable(f"not JSON: {getattr(error, 'msg', error)}") from None
    if not _within_depth(value, MAX_DEPTH):
        raise Unreadable(f"nested more than {MAX_DEPTH} deep")
    return value


def _within_depth(value, limit: int) -> bool:
    """Without recursion: a stack of (container, depth)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return False
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return True


def set_aside(shown: str, reason: str, consequence: str) -> None:
    """One warning line for a state file printkit does not use: what it is, why, what follows."""
    from printkit.ground.errors import one_line

    print(one_line(f"{shown}: warning: ignored ({reason}); {consequence}"), file=sys.stderr)
