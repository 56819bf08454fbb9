"""The PNG icon of the Apothecary example (content/apothecary/icons/dew.png), drawn with Pillow:
a drop of water on a transparent ground, 320 pixels square: the large one on an ingredient card
prints 25.4 mm tall (72 pt), 320 dpi; the icons in the text, smaller, sharper still.

    python tools/make-icons.py        # from examples/
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 320
LARGE = 4  # drawn this many times larger, then shrunk: smooth edges
ICONS = Path(__file__).resolve().parent.parent / "content" / "apothecary" / "icons"


def drop() -> Image.Image:
    big = SIZE * LARGE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy, r = big / 2, big * 0.62, big * 0.3
    draw.polygon([(cx, big * 0.06), (cx + r * 0.92, cy - r * 0.4), (cx - r * 0.92, cy - r * 0.4)], fill="#1f6fb2")
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill="#1f6fb2")
    draw.ellipse((cx - r * 0.55, cy - r * 0.35, cx - r * 0.15, cy + r * 0.25), fill="#cfe6f7")
    return image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    path = ICONS / "dew.png"
    drop().save(path, optimize=True)
    print(f"{path.name}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
