"""sRGB, the colours of home PDFs and the PNG shops: what was planned (a grey, 0 black to 1 white, or
(red, green, blue), each 0 to 1) written as it is, DeviceRGB, and images embedded as they are. No
colour is managed here, so a build for home loads none of littleCMS (PIL.ImageCms): a press's
CMYK is render/colour.py's."""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str


class SRGB:
    """Colours as planned: DeviceRGB (a grey as three equal parts), images as they are."""

    key = "sRGB"
    flattens = False  # transparency is drawn as such

    def operator(self, value, stroke: bool = False, solid: tuple[float, float] | None = None) -> str:
        """A grey or colour as a fill (`rg`) or stroke (`RG`) colour operator (`solid`: a fill's
        size, `Press.operator`)."""
        return f"{_rgb(value)} {'RG' if stroke else 'rg'}"

    def shading(self, colours) -> tuple[str, tuple]:
        """A gradient's colour space and its colours' components."""
        return "DeviceRGB", tuple(tuple(c) if isinstance(c, tuple) else (c, c, c) for c in colours)

    def image(self, path: str):
        """What ReportLab embeds for the image file at `path`, and its mask argument."""
        return path, "auto"

    enforced = None  # ReportLab's colours (an SVG image's) as they are

    def overprints(self, value, width: float | None = None) -> bool:
        """Nothing overprints on a screen or a home printer (`Press.overprints`)."""
        return False


def _rgb(value) -> str:
    return fp_str(*value) if isinstance(value, tuple) else fp_str(value, value, value)
