"""A game's PNG and JPEG images read with bounds, as a stranger's file may be hostile: the pixels
are counted from the header before anything is decoded (a small PNG can unpack to gigabytes),
then the whole file is read through once in bounded memory, so a truncated or damaged image is
found when the content is checked and never halfway through drawing it."""

from __future__ import annotations

import io
import math
import struct
import warnings
import zlib

MAX_PIXELS = 25_000_000  # an A4 page at 500 dpi (at 300 dpi it is about 9 million): some 600 MB to draw two
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # by colour type
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
CHUNK = 1 << 16  # bytes unpacked at a time while counting a PNG's rows

__all__ = ["MAX_PIXELS", "raster_size"]


def raster_size(data: bytes, kind: str) -> tuple[int, int]:
    """The (width, height) of a PNG or JPEG image (`kind` as Pillow names it); ValueError saying
    what is wrong with the file: another kind, too many pixels, truncated or damaged."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():  # Pillow's own bound (a warning first) is far above printkit's
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=[kind]) as image:
                size = image.size
                _bounded(size)
                _whole_png(data, size) if kind == "PNG" else _whole_jpeg(image)
    except UnidentifiedImageError:
        raise ValueError(f"is not a {kind} image") from None
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ValueError(f"has more pixels than printkit reads in an image ({MAX_PIXELS:,}; a page at 300 dpi "
                         f"needs about 9 million)") from None
    except (OSError, SyntaxError, struct.error, zlib.error, EOFError) as error:
        raise ValueError(f"is a damaged or truncated {kind} image ({_reason(error)})") from None
    return size


def _bounded(size: tuple[int, int]) -> None:
    width, height = size
    if width * height > MAX_PIXELS:
        raise ValueError(f"is {width:,} x {height:,} pixels, more than printkit reads in an image ({MAX_PIXELS:,}; "
                         f"a page at 300 dpi needs about 9 million)")


def _whole_jpeg(image) -> None:
    """Decoded at an eighth of its size (JPEG's own shortcut): every byte is still read, in an
    eighth of the memory and time."""
    image.draft(image.mode, (max(image.width // 8, 1), max(image.height // 8, 1)))
    image.load()


def _whole_png(data: bytes, size: tuple[int, int]) -> None:
    """Every chunk whole to its IEND, and its image data unpacking to exactly the rows its header
    promises, unpacked a piece at a time and counted (never held)."""
    header, packed = _png_chunks(data)
    depth, colour, interlaced = header[8], header[9], header[12]
    if colour not in PNG_CHANNELS:
        raise OSError(f"colour type {colour} is not a PNG's")
    expected = _png_bytes(size, depth * PNG_CHANNELS[colour], interlaced)
    unpacker, found = zlib.decompressobj(), 0
    for piece in packed:
        found += len(unpacker.decompress(piece, CHUNK))
        while unpacker.unconsumed_tail and found <= expected:
            found += len(unpacker.decompress(unpacker.unconsumed_tail, CHUNK))
        if found > expected:
            break
    if found != expected or not unpacker.eof:
        raise OSError("its image data is cut short" if found < expected else "its image data is longer than its rows")


def _png_chunks(data: bytes) -> tuple[bytes, list[bytes]]:
    """The IHDR chunk's data and the IDAT chunks' data, every chunk checked against its CRC."""
    position, header, packed = len(PNG_SIGNATURE), b"", []
    while True:
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        crc = data[position + 8 + length:position + 12 + length]
        if len(body) < length or len(crc) < 4:
            raise OSError("the file is cut short")
        if zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
            raise OSError(f"its {kind.decode('latin-1')} chunk is damaged")
        header = body if kind == b"IHDR" else header
        if kind == b"IDAT":
            packed.append(body)
        if kind == b"IEND":
            return header, packed
        position += 12 + length


def _png_bytes(size: tuple[int, int], bits: int, interlaced: int) -> int:
    """What a PNG's image data unpacks to: each row's filter byte and its pixels (Adam7's seven
    passes each its own rows)."""
    width, height = size
    if not interlaced:
        return height * (1 + math.ceil(width * bits / 8))
    total = 0
    for x0, y0, dx, dy in ADAM7:
        columns, rows = max(0, math.ceil((width - x0) / dx)), max(0, math.ceil((height - y0) / dy))
        if columns and rows:
            total += rows * (1 + math.ceil(columns * bits / 8))
    return total


def _reason(error: Exception) -> str:
    """Pillow's words, without its count of the bytes left over."""
    return str(error).split(" (")[0].strip() or "it cannot be read"
