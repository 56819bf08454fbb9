"""A stranger's game names hostile files (issue 25, item 3): images that unpack to gigabytes or are
cut short, SVGs that are huge, refer out of the game's folder or hold numbers no PDF can, fonts
whose tables never end, tables of 200,000 columns. Each is refused in one line at the line of
game.yaml that names it, exit 1, by `validate` as by `build`, within a memory limit
(RLIMIT_AS, set in the printkit process this runs) and in bounded time. Every hostile file is
made here, at test time."""

from __future__ import annotations

import functools
import io
import os
import resource
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

from PIL import Image

from declared import FIXTURES, SLUG, deck_yaml, game_project, line_of

MEMORY = 600  # MiB of address space: printkit validates a small game in under 300
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" '
       'height="{h}">{body}</svg>')


def printkit(project: Path, *argv: str, memory: int = MEMORY, timeout: float = 60) -> tuple[int, str, str, float]:
    """printkit run in a process of its own with at most `memory` MiB of address space: its exit
    code, output, errors and seconds."""
    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (memory << 20, memory << 20))

    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "import sys; from printkit.cli.main import main; sys.exit(main())", *argv],
                          cwd=project, capture_output=True, text=True, timeout=timeout, preexec_fn=limited,
                          env={**os.environ, "PRINTKIT_CACHE": "off"})
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - started


def refused(project: Path, memory: int = MEMORY, timeout: float = 60) -> list[str]:
    """The lines `validate` and then `build` print, the same for both, each exit 1, nothing written."""
    said = []
    for command in ("validate", "build"):
        out = ("--out", "out") if command == "build" else ()
        code, out, err, _ = printkit(project, command, SLUG, "--content", "content", *out, memory=memory,
                                     timeout=timeout)
        assert code == 1 and "Traceback" not in err and "Error" not in err, (command, code, err[-2000:])
        said.append(err.splitlines())
    assert said[0] == said[1]
    assert not (project / "out").exists()
    return said[0]


def images_game(tmp_path: Path, files: dict[str, bytes | str], extra: dict | None = None) -> Path:
    """A deck whose face shows each of `files` as an image layer of its own (named after the
    file), one below the other: the problems come in the order of `files`."""
    face = "\n".join(f"        {layer(name)}: {{kind: image, file: {name}, x: 10, y: {2 + 7 * index}, width: 40, "
                     f"height: 6}}" for index, name in enumerate(files))
    return game_project(tmp_path, deck_yaml(face=face), {**files, **(extra or {})})


def layer(name: str) -> str:
    return Path(name).name.replace(".", "_")


def at(project: Path, name: str) -> str:
    """FILE:LINE of the line of game.yaml that names `name`, as printkit's messages start."""
    return f"{SLUG}/game.yaml:{line_of(project / 'content' / SLUG / 'game.yaml', name)}"


# --- images ---------------------------------------------------------------------------------------

@functools.cache
def png(width: int, height: int, rows: int | None = None) -> bytes:
    """An RGBA PNG of zeros, written a row at a time: 13,000 x 13,000 packs into some 650 KB and
    unpacks to 676 MB. `rows` fewer than its height: image data cut short, every chunk whole."""
    packer, row, packed = zlib.compressobj(9), b"\0" * (1 + width * 4), []
    for _ in range(height if rows is None else rows):
        packed.append(packer.compress(row))
    packed.append(packer.flush())

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", b"".join(packed)) + chunk(b"IEND", b""))


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small JPEG whose frame header claims `width` x `height` pixels."""
    data = bytearray(picture("JPEG"))
    frame = data.index(b"\xff\xc0")
    data[frame + 5:frame + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def picture(kind: str, size=(600, 400)) -> bytes:
    data = io.BytesIO()
    Image.effect_noise(size, 60).convert("RGB").save(data, kind)
    return data.getvalue()


def damaged(data: bytes) -> bytes:
    data = bytearray(data)
    data[len(data) // 2] ^= 0xFF
    return bytes(data)


TOO_MANY = "more than printkit reads in an image (25,000,000; a page at 300 dpi needs about 9 million)"
MORE_PIXELS = "has more pixels than printkit reads in an image (25,000,000; a page at 300 dpi needs about 9 million)"


def problem(project: Path, name: str, message: str) -> str:
    return f"{at(project, name)}: products.deck.face.layers.{layer(name)}.file: '{name}' {message}"


def test_two_pngs_that_unpack_to_gigabytes_are_refused_before_they_are_unpacked(tmp_path):
    bomb = png(13_000, 13_000)
    assert len(bomb) < 700_000
    project = images_game(tmp_path, {"a.png": bomb, "b.png": bomb + b"\0"})  # two files, one a byte longer
    assert refused(project) == [problem(project, "a.png", MORE_PIXELS), problem(project, "b.png", MORE_PIXELS)]


def test_two_images_at_the_limit_are_built_within_the_memory_limit(tmp_path):
    """25 million pixels, twice: ReportLab takes some 600 MB to draw them."""
    project = images_game(tmp_path, {"a.png": png(5000, 5000), "b.png": png(5000, 4999)})
    code, out, err, _ = printkit(project, "build", SLUG, "--content", "content", "--out", "out", memory=1200)
    assert (code, err) == (0, "")
    assert (project / "out" / SLUG / "deck.pdf").stat().st_size > 0


def test_images_too_large_truncated_or_damaged_are_each_one_line(tmp_path):
    png_, jpeg = picture("PNG"), picture("JPEG")
    files = {"wide.jpg": jpeg_claiming(5001, 5000), "half.png": png_[:len(png_) // 2], "most.png": png_[:-30],
             "half.jpg": jpeg[:len(jpeg) // 2], "most.jpg": jpeg[:-30], "rows.png": png(300, 200, rows=150),
             "chunk.png": damaged(png_), "jpeg.png": jpeg, "huge.png": b"", "good.png": png_}
    project = images_game(tmp_path, files)
    with open(project / "content" / SLUG / "huge.png", "wb") as huge:  # sparse: nothing is written
        huge.truncate(65 * 2**20)
    truncated = "is a damaged or truncated {} image ({})"
    assert refused(project) == [
        problem(project, "wide.jpg", f"is 5,001 x 5,000 pixels, {TOO_MANY}"),
        problem(project, "half.png", truncated.format("PNG", "the file is cut short")),
        problem(project, "most.png", truncated.format("PNG", "the file is cut short")),
        problem(project, "half.jpg", truncated.format("JPEG", "image file is truncated")),
        problem(project, "most.jpg", truncated.format("JPEG", "image file is truncated")),
        problem(project, "rows.png", truncated.format("PNG", "its image data is cut short")),
        problem(project, "chunk.png", truncated.format("PNG", "its IDAT chunk is damaged")),
        problem(project, "jpeg.png", "is not a PNG image"),
        problem(project, "huge.png", "is larger than 64 MB")]


# --- SVG ------------------------------------------------------------------------------------------

def svg(body: str, width="10", height="10") -> str:
    return SVG.format(w=width, h=height, body=body)


def test_an_svg_reference_out_of_the_games_folder_is_refused_at_its_line(tmp_path):
    import base64

    project = tmp_path / "project"
    outside = {"secret.png": picture("PNG"), "other.svg": svg('<g id="x"><rect width="10" height="10"/></g>')}
    for name, data in outside.items():
        (tmp_path / name).write_bytes(data) if isinstance(data, bytes) else (tmp_path / name).write_text(data)
    bomb = base64.b64encode(png(13_000, 13_000)).decode()
    files = {"up.svg": svg('<image xlink:href="../../../secret.png" width="10" height="10"/>'),
             "use.svg": svg('<use href="../../../other.svg#x"/>'),
             "whole.svg": svg('<use xlink:href="../../../other.svg"/>'),
             "url.svg": svg('<image href="file:///etc/hostname" width="10" height="10"/>'),
             "root.svg": svg('<image href="/etc/hostname" width="10" height="10"/>'),
             "link.svg": svg('<image href="inside.png" width="10" height="10"/>'),
             "bomb.svg": svg(f'<image href="data:image/png;base64,{bomb}" width="10" height="10"/>'),
             "gone.svg": svg('<image href="art/gone.png" width="10" height="10"/>')}
    images_game(project, files)
    (project / "content" / SLUG / "inside.png").symlink_to(tmp_path / "secret.png")
    out, only = "which is outside the game's folder", "only a file in the game's folder may be, named from the SVG's own"
    assert refused(project) == [
        problem(project, "up.svg", f"refers to '../../../secret.png', {out}"),
        problem(project, "use.svg", f"refers to '../../../other.svg', {out}"),
        problem(project, "whole.svg", f"refers to '../../../other.svg', {out}"),
        problem(project, "url.svg", f"refers to 'file:///etc/hostname': {only}"),
        problem(project, "root.svg", f"refers to '/etc/hostname': {only}"),
        problem(project, "link.svg", f"refers to 'inside.png', {out}"),
        problem(project, "bomb.svg", f"refers to an embedded PNG image, which {MORE_PIXELS}"),
        problem(project, "gone.svg", "refers to 'art/gone.png', which is missing")]


def test_an_svg_may_refer_to_files_in_the_games_folder_which_are_bounded_as_any_image(tmp_path):
    inside = {"art/x.png": picture("PNG"), "parts.svg": svg('<g id="x"><rect width="5" height="5"/></g>')}
    drawing = svg('<image href="../art/x.png" width="10" height="10"/><use href="../parts.svg#x"/>')
    project = images_game(tmp_path, {"art/a.svg": drawing}, inside)
    assert printkit(project, "validate", SLUG, "--content", "content")[:3:2] == (0, "")
    (project / "content" / SLUG / "art" / "x.png").write_bytes(png(13_000, 13_000))
    assert refused(project) == [problem(project, "art/a.svg", f"refers to '../art/x.png', which {MORE_PIXELS}")]


NUMBERS = {  # a file's name -> (its drawing, what printkit says of it)
    "wide.svg": (svg('<rect width="5" height="5"/>', width="1e308"),
                 "is 7.5e+307 x 7.5 points: a drawing is 0.001 to 1e+06 points wide and tall"),
    "small.svg": (svg('<rect width="5" height="5"/>', "1e-300", "1e-300"),
                  "is 7.5e-301 x 7.5e-301 points: a drawing is 0.001 to 1e+06 points wide and tall"),
    "rect.svg": (svg('<rect width="1e308" height="5"/>'),
                 "holds the number 1e+308: a drawing's numbers are at most 1e+06 points"),
    "stroke.svg": (svg('<rect width="5" height="5" stroke="red" stroke-width="1e300"/>'),
                   "holds the number 1e+300: a drawing's numbers are at most 1e+06 points"),
    "inf.svg": (svg('<path d="M 0 0 L 1e999 4"/>'), "holds the number inf: a drawing's numbers are at most 1e+06 points"),
    "scale.svg": (svg('<g transform="scale(1e200)"><rect width="5" height="5"/></g>'),
                  "holds the number 1e+200: a drawing's numbers are at most 1e+06 points"),
    "path.svg": (svg('<path d="M 1 1 L 2 q 3 e5e5 z"/>'),
                 "is not an SVG drawing svglib can read (could not convert string to float: 'e5')"),
    "cut.svg": ('<svg xmlns="http://www.w3.org/2000/svg"', "is not SVG (XML): unclosed token at line 1"),
    "dtd.svg": ('<!DOCTYPE svg [<!ENTITY a "aaaa">]>' + svg("&a;"),
                "has a DTD (<!DOCTYPE ... [...]>), which printkit does not read"),
    "many.svg": (svg("<g/>" * 100_000), "has more than 10,000 elements (with the files it refers to)"),
    "large.svg": (svg(f'<path d="M0 0 {"L1 1 " * 560_000}"/>'), "is larger than 2 MB"),
}


def test_an_svg_too_large_with_numbers_out_of_bounds_or_bad_data_is_one_line_at_once(tmp_path):
    """100,000 elements took 38 s to validate; refused, every file here takes a fraction of one."""
    project = images_game(tmp_path, {name: drawing for name, (drawing, _) in NUMBERS.items()})
    started = time.perf_counter()
    assert refused(project) == [problem(project, name, message) for name, (_, message) in NUMBERS.items()]
    assert time.perf_counter() - started < 10


# --- fonts ----------------------------------------------------------------------------------------

def with_cmap(font: bytes, cmap: bytes) -> bytes:
    """The font with its cmap table replaced by `cmap`, put at the file's end."""
    count = struct.unpack_from(">H", font, 4)[0]
    data = bytearray(font) + b"\0" * (-len(font) % 4)
    for index in range(count):
        record = 12 + 16 * index
        if font[record:record + 4] == b"cmap":
            struct.pack_into(">II", data, record + 8, len(data), len(cmap))
    return bytes(data + cmap)


def cmap_of(subtable: bytes) -> bytes:
    return struct.pack(">HHHHI", 0, 1, 3, 10, 12) + subtable


EVERY_CODE = cmap_of(struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, 0xFFFF_FFFF, 0))
OVERLAPPING = 8000  # segments, each every 16-bit code: ReportLab steps through 500 million
SEGMENTS = cmap_of(struct.pack(">HHHHHHH", 4, 16 + 8 * OVERLAPPING, 0, 2 * OVERLAPPING, 0, 0, 0)
                   + struct.pack(f">{OVERLAPPING}H", *[0xFFFF] * OVERLAPPING) + b"\0\0"
                   + struct.pack(f">{OVERLAPPING}H", *[0] * OVERLAPPING) + b"\0\0" * OVERLAPPING * 2)
FONTS = {  # a file's name -> (what is wrong with it, what printkit says of it)
    "every.ttf": (EVERY_CODE, "its cmap table maps U+0000 to U+FFFFFFFF, beyond Unicode"),
    "overlapping.ttf": (SEGMENTS, "its cmap table maps more characters than there are (its segments overlap)"),
    "past.ttf": (cmap_of(struct.pack(">HHIII", 12, 0, 28, 0, 1_000_000)),
                 "its cmap table's format 12 map runs past the table's end"),
}


def test_a_font_whose_character_map_never_ends_is_one_line_in_bounded_memory_and_time(tmp_path):
    mono = (FIXTURES / "mono.ttf").read_bytes()
    fonts = "".join(f"  {Path(name).stem}: {name}\n" for name in FONTS)
    game = game_project(tmp_path, deck_yaml(extra=f"fonts:\n{fonts}"),
                        {name: with_cmap(mono, cmap) for name, (cmap, _) in FONTS.items()})
    started = time.perf_counter()
    assert refused(game, timeout=30) == [f"{at(game, name)}: fonts.{Path(name).stem}: '{name}' is not a TrueType font "
                                         f"ReportLab can embed ({message})" for name, (_, message) in FONTS.items()]
    assert time.perf_counter() - started < 10
    the_font = game_project(tmp_path / "whole", deck_yaml(extra="fonts: {mono: mono.ttf}\n"), {"mono.ttf": mono})
    assert printkit(the_font, "validate", SLUG, "--content", "content")[:3:2] == (0, "")


# --- tables ---------------------------------------------------------------------------------------

def table_game(tmp_path: Path, table: str) -> Path:
    """The test deck with its cards from cards.csv."""
    game = deck_yaml().replace("    cards:\n", "    cards: cards.csv\n", 1)
    game = "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"
    return game_project(tmp_path, game, {"cards.csv": table})


TABLES = {  # what is wrong -> (the table, what printkit says, at its line)
    "200,000 columns": (",".join(f"f{n}" for n in range(200_000)) + "\n1\n",
                        "cards.csv:1: 200000 columns: a card has at most 40 fields"),
    "200,000 empty columns": ("number,name" + "," * 200_000 + "\n1,a\n",
                              "cards.csv:1: 200002 columns: a card has at most 40 fields"),
    "a million blank rows": ("number,name\n" + ",\n" * 1_000_000 + "1,a,b\n",
                             "cards.csv:1000002: row has 3 cells, but there are only 2 column headings"),
    "a million short rows": ("number,name\n" + "1\n" * 1_000_000,
                             "cards.csv:502: the table is read no further: 500 problems above (fix them, "
                             "then build again)"),
}


def test_a_table_of_200_000_columns_or_a_million_rows_is_one_line_in_bounded_time_and_memory(tmp_path):
    for case, (table, message) in TABLES.items():
        project = table_game(tmp_path / str(len(case)) / case.replace(" ", "-"), table)
        code, _, err, seconds = printkit(project, "validate", SLUG, "--content", "content")
        assert (code, err.splitlines()[-1]) == (1, f"{SLUG}/{message}"), case
        assert "Traceback" not in err and seconds < 10, case
    assert len(err.splitlines()) == 501  # each short row a line up to the 500th, then the stop: no more
