"""The abstract art of the Lantern Delve example (content/lantern-delve/art/*.png), drawn with Pillow.

Each picture is 900 x 667 pixels: 300 dpi over a card's art box (63.5 x 50 mm) grown by the widest
bleed printkit prints (6 mm a side, 75.5 x 56 mm), so it is sharp at any `--bleed`. Stepped
gradients and flat shapes in a few colours keep every PNG small (a palette image, no dithering).

    python tools/make-art.py        # from examples/, writes content/lantern-delve/art/
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = (900, 667)
TWICE = 2
STEPS = 12  # bands of a gradient: flat bands compress well and read as a deliberate style
ART = Path(__file__).resolve().parent.parent / "content" / "lantern-delve" / "art"


class Twice:
    """Pillow draws shapes without smoothing their edges: draw twice as large, then shrink."""

    def __init__(self, draw: ImageDraw.ImageDraw):
        self.draw = draw

    def _scaled(self, points):
        if isinstance(points[0], (tuple, list)):
            return [(x * TWICE, y * TWICE) for x, y in points]
        return [value * TWICE for value in points]

    def rectangle(self, box, fill):
        self.draw.rectangle(self._scaled(box), fill=fill)

    def ellipse(self, box, fill):
        self.draw.ellipse(self._scaled(box), fill=fill)

    def polygon(self, points, fill):
        self.draw.polygon(self._scaled(points), fill=fill)


def hex_rgb(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))


def bands(draw, top: str, bottom: str) -> None:
    """A top-to-bottom gradient in STEPS flat bands."""
    a, b = hex_rgb(top), hex_rgb(bottom)
    height = SIZE[1] / STEPS
    for step in range(STEPS):
        t = step / (STEPS - 1)
        colour = tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))
        draw.rectangle((0, round(step * height), SIZE[0], round((step + 1) * height)), fill=colour)


def disc(draw, x, y, r, colour):
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def star(draw, x, y, r, tips, colour, inner=0.45, turn=0.0):
    points = []
    for k in range(2 * tips):
        angle = turn - math.pi / 2 + k * math.pi / tips
        reach = r if k % 2 == 0 else r * inner
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=colour)


def ridge(draw, seed: int, base: int, height: int, colour: str, teeth: int = 9) -> None:
    """A jagged skyline across the picture, filled down to its foot."""
    rng = random.Random(seed)
    points = [(0, SIZE[1])]
    for k in range(teeth + 1):
        x = k * SIZE[0] / teeth
        points.append((x, base - rng.randint(0, height)))
    points.append((SIZE[0], SIZE[1]))
    draw.polygon(points, fill=colour)


def eyes(draw, x, y, gap, r, colour="#ffd34d"):
    disc(draw, x - gap / 2, y, r, colour)
    disc(draw, x + gap / 2, y, r, colour)
    disc(draw, x - gap / 2, y, r / 3, "#1a0f08")
    disc(draw, x + gap / 2, y, r / 3, "#1a0f08")


def knight(draw):
    bands(draw, "#9cc3e6", "#2f5d8a")
    disc(draw, 700, 170, 90, "#f4d27a")
    ridge(draw, 1, 560, 90, "#24466b")
    draw.polygon([(450, 150), (600, 210), (580, 420), (450, 540), (320, 420), (300, 210)], fill="#d9dde3")
    draw.polygon([(450, 190), (560, 235), (545, 405), (450, 495), (355, 405), (340, 235)], fill="#7a1f2b")
    draw.rectangle((438, 210, 462, 470), fill="#d9dde3")
    draw.rectangle((360, 300, 540, 324), fill="#d9dde3")


def ranger(draw):
    bands(draw, "#f2c879", "#6b8f4e")
    disc(draw, 230, 200, 110, "#fbe7b0")
    rng = random.Random(7)
    for k in range(11):
        x, foot = k * 90 + rng.randint(-20, 20), SIZE[1] - rng.randint(20, 90)
        tall = rng.randint(220, 360)
        draw.polygon([(x, foot - tall), (x + 70, foot), (x - 70, foot)], fill=rng.choice(("#2f5233", "#3c6b3f", "#23402a")))
    draw.rectangle((0, 600, SIZE[0], SIZE[1]), fill="#23402a")


def mage(draw):
    bands(draw, "#2a1b4d", "#7b4fb0")
    rng = random.Random(3)
    for _ in range(40):
        disc(draw, rng.randint(0, SIZE[0]), rng.randint(0, 420), rng.randint(2, 5), "#f1e9ff")
    disc(draw, 640, 200, 110, "#f5e6a8")
    disc(draw, 690, 170, 105, "#362365")
    star(draw, 300, 360, 170, 6, "#f5e6a8", 0.38, 0.2)
    star(draw, 300, 360, 80, 6, "#7b4fb0", 0.5, 0.2)


def rogue(draw):
    bands(draw, "#0f3b40", "#3f8c86")
    disc(draw, 680, 160, 80, "#e8f1ee")
    for k in range(5):
        x = 120 + k * 150
        draw.polygon([(x, 640), (x + 60, 640), (x + 260, 60), (x + 220, 60)], fill="#0b2a2e")
    draw.polygon([(200, 520), (700, 260), (720, 290), (230, 560)], fill="#cfd8d6")


def monster_low(draw):
    bands(draw, "#5b4633", "#1d1610")
    ridge(draw, 11, 200, 120, "#2b2119", 14)
    for x, y in ((220, 380), (520, 300), (720, 450)):
        eyes(draw, x, y, 70, 22)


def monster_mid(draw):
    bands(draw, "#7a3420", "#221009")
    ridge(draw, 5, 620, 260, "#3a1a0f", 7)
    eyes(draw, 450, 300, 150, 45, "#ffb347")
    draw.polygon([(330, 420), (570, 420), (540, 470), (360, 470)], fill="#1a0b05")
    for k in range(6):
        x = 360 + k * 36
        draw.polygon([(x, 420), (x + 30, 420), (x + 15, 450)], fill="#f3e6cf")


def monster_boss(draw):
    bands(draw, "#3a0410", "#c2361b")
    for k in range(9):
        x = k * 112
        draw.polygon([(x, SIZE[1]), (x + 56, 360 + (k % 3) * 60), (x + 112, SIZE[1])], fill="#f08a24")
    draw.polygon([(250, 120), (340, 300), (560, 300), (650, 120), (600, 380), (300, 380)], fill="#14060a")
    eyes(draw, 450, 330, 120, 30, "#ffdf3a")


def treasure(draw):
    bands(draw, "#3b2a10", "#b8862b")
    rng = random.Random(9)
    for _ in range(26):
        x, y = rng.randint(40, 860), rng.randint(380, 640)
        disc(draw, x, y, rng.randint(22, 40), rng.choice(("#f2cd5c", "#d9a933", "#fbe38e")))
    draw.polygon([(450, 110), (580, 220), (450, 400), (320, 220)], fill="#5fd0c6")
    draw.polygon([(450, 110), (520, 220), (450, 400), (380, 220)], fill="#a4ece4")
    draw.polygon([(320, 220), (580, 220), (450, 400)], fill="#2a9d93")


def potion(draw):
    bands(draw, "#1d3b2f", "#5e8f6a")
    disc(draw, 450, 400, 170, "#e6f2ea")
    disc(draw, 450, 400, 150, "#b3263f")
    draw.rectangle((300, 240, 600, 330), fill="#5e8f6a")
    draw.rectangle((405, 120, 495, 270), fill="#e6f2ea")
    draw.rectangle((385, 95, 515, 140), fill="#8a5a2b")
    for x, y, r in ((400, 420, 22), (490, 380, 16), (450, 470, 12)):
        disc(draw, x, y, r, "#f07a8c")


def sword(draw):
    bands(draw, "#4a4f57", "#16181c")
    draw.polygon([(450, 40), (490, 110), (490, 470), (410, 470), (410, 110)], fill="#dfe4ea")
    draw.polygon([(450, 40), (490, 110), (490, 470), (450, 470)], fill="#b6bfca")
    draw.rectangle((320, 470, 580, 510), fill="#c9962e")
    draw.rectangle((430, 510, 470, 620), fill="#6b3f1d")
    disc(draw, 450, 635, 28, "#c9962e")


PICTURES = {"knight": knight, "ranger": ranger, "mage": mage, "rogue": rogue, "monster-low": monster_low,
            "monster-mid": monster_mid, "monster-boss": monster_boss, "treasure": treasure, "potion": potion, "sword": sword}


def main() -> None:
    ART.mkdir(parents=True, exist_ok=True)
    for name, paint in PICTURES.items():
        image = Image.new("RGB", (SIZE[0] * TWICE, SIZE[1] * TWICE))
        paint(Twice(ImageDraw.Draw(image)))
        smooth = image.resize(SIZE, Image.Resampling.BOX)  # drawn twice as large: smooth edges
        small = smooth.quantize(colors=48, dither=Image.Dither.NONE)
        path = ART / f"{name}.png"
        small.save(path, optimize=True, dpi=(300, 300))
        print(f"{path.relative_to(ART.parent.parent.parent)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
