"""A workbook's zip, unpacked safely (workbooks.py reads what it holds): few parts, their declared
sizes bounded together, no part packed as tightly as a bomb's, and each part inflated never past
the size its headers declare. zipfile.read inflates a part whole before it compares it with its
headers, so headers claiming 4,000 bytes of a stream that inflates to a gigabyte cost a gigabyte:
here the stream is inflated with a bound, and refused at its declared size + 1."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

MAX_PARTS = 1000
MAX_UNPACKED = 200 * 2**20  # the parts' declared sizes, together
MAX_RATIO = 100  # a part's unpacked size to its packed size; XML packs some 5 to 20 to 1
RATIO_FROM = 2**20  # ... for a part larger than this (a tiny part may pack at any ratio)
UNPACK_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, RuntimeError,
                 NotImplementedError, zlib.error, struct.error)
LOCAL = struct.Struct("<4s22xHH")  # a part's local header: its signature, its name's and extra field's lengths
LOCAL_SIGNATURE = b"PK\x03\x04"


class Unpackable(ValueError):
    """Why the zip's parts cannot be unpacked (the words follow "is not a workbook printkit can read")."""


def unpacked(data: bytes, wanted) -> dict[str, bytes]:
    """The parts `wanted(name)` is true of, unpacked: only from a zip whose parts are few, whose
    declared sizes are bounded and whose packing is not a bomb's; each part exactly its declared size."""
    try:
        infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except UNPACK_ERRORS as error:
        raise Unpackable("not a zip file" if str(error) == "File is not a zip file" else said(error)) from None
    _check_packing(infos)
    try:
        return {info.filename: _inflated(data, info) for info in infos if wanted(info.filename)}
    except UNPACK_ERRORS as error:
        if isinstance(error, Unpackable):
            raise
        raise Unpackable(said(error)) from None


def _check_packing(infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_PARTS:
        raise Unpackable(f"{len(infos):,} parts; a workbook has at most {MAX_PARTS:,}")
    if len({info.filename.lower() for info in infos}) < len(infos):
        raise Unpackable("two parts of the same name")
    total = sum(info.file_size for info in infos)
    if total > MAX_UNPACKED:
        raise Unpackable(f"its parts would unpack to {total / 2**20:,.0f} MB, more than the "
                         f"{MAX_UNPACKED // 2**20} MB printkit unpacks")
    for info in infos:
        if info.flag_bits & 1:
            raise Unpackable("it is encrypted: save it without a password")
        if info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise Unpackable(f"part '{info.filename[:60]}' is packed "
                             f"{info.file_size // max(info.compress_size, 1):,} to 1: a zip bomb")


def _inflated(data: bytes, info: zipfile.ZipInfo) -> bytes:
    """A part's bytes, inflated at most to one byte past the size its headers declare (so a stream
    running on past them is refused however far it would run), CRC-checked."""
    name = f"part '{info.filename[:60]}'"
    signature, named, extra = LOCAL.unpack_from(data, info.header_offset)
    if signature != LOCAL_SIGNATURE:
        raise Unpackable(f"{name} is not where the zip's directory says")
    start = info.header_offset + LOCAL.size + named + extra
    packed = memoryview(data)[start:start + info.compress_size]
    if info.compress_type == zipfile.ZIP_STORED:
        part = bytes(packed)
        if len(part) < info.compress_size:
            raise Unpackable(f"{name} is cut short")
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        part = _deflated(packed, info.file_size, name, len(packed) < info.compress_size)
    else:  # bzip2, LZMA...: what no spreadsheet program writes, and what zipfile inflates unbounded
        raise Unpackable(f"{name} is packed by a method no workbook uses ({info.compress_type})")
    if len(part) != info.file_size:
        raise Unpackable(f"{name} unpacks to {len(part):,} bytes, not the {info.file_size:,} its headers declare")
    if zlib.crc32(part) != info.CRC:
        raise Unpackable(f"Bad CRC-32 for file {info.filename[:60]!r}")
    return part


def _deflated(packed: memoryview, declared: int, name: str, short: bool) -> bytes:
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)  # a zip's deflate streams are raw: no zlib header
    part = inflater.decompress(packed, declared + 1)  # (a max_length of 0 would be no bound at all)
    if len(part) > declared:
        raise Unpackable(f"{name} unpacks past the {declared:,} bytes its headers declare")
    if not inflater.eof or short:
        raise Unpackable(f"{name} is cut short")
    return part


def stored(parts: dict[str, bytes]) -> io.BytesIO:
    """The parts as a zip again (stored: nothing to unpack), for calamine. Each part is let go as
    it is copied, so that the workbook is in memory twice only a part at a time."""
    checked = io.BytesIO()
    with zipfile.ZipFile(checked, "w", zipfile.ZIP_STORED) as copy:
        for name in list(parts):
            copy.writestr(name, parts.pop(name))
    checked.seek(0)
    return checked


def said(error: BaseException) -> str:
    """An exception's words, short and on one line, for the message about an unreadable file."""
    words = " ".join(str(error).split()) or type(error).__name__
    return words if len(words) <= 120 else words[:117] + "..."
