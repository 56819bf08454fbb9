"""What a press file's marks do to the plates beyond their colour: the die line's spot colour
(CutContour), and the graphics states that make black ink overprint. `PdfFile` (render/pdf.py)
names them in its pages' resources; the rules of which marks take them are the press's
(`Press.overprints`, render/colour.py)."""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc

# The die line's spot colour, by the name cutting RIPs and die-makers look for (Roland VersaWorks,
# Mimaki RasterLink, Summa, Caldera: "CutContour"); its alternate, what a proof or a viewer shows,
# is 100 % magenta, as the trade draws it. No plate prints it: the RIP takes it as the cut.
CUT_CONTOUR = "CutContour"
CUT_CONTOUR_CMYK = (0, 1, 0, 0)
DIE_LINE = 0.25 / 72 * 25.4  # mm: 0.25 pt, the hairline a die line is drawn at

# Overprint on, for strokes and fills alike (black text), or for strokes alone (a black outline
# round a coloured fill: the fill still knocks out under itself). OPM 1: a DeviceCMYK colour's 0 %
# components leave the plates under it as they are, so 100 % K prints over the colours beneath
# instead of clearing C, M and Y there (ISO 32000-1, 8.6.7, "nonzero overprint mode").
OVERPRINT = ("overprint", "both")
OVERPRINT_STROKE = ("overprint", "stroke")


def separation() -> pdfdoc.PDFArray:
    """The CutContour colour space: a Separation whose tint 1 is CUT_CONTOUR_CMYK, through a Type 2
    (exponential, N 1) function: PDF 1.3, as PDF/X-1a:2003 allows."""
    tint = pdfdoc.PDFDictionary({"FunctionType": 2, "Domain": pdfdoc.PDFArray([0, 1]),
                                 "C0": pdfdoc.PDFArray([0, 0, 0, 0]), "C1": pdfdoc.PDFArray(list(CUT_CONTOUR_CMYK)),
                                 "N": 1})
    return pdfdoc.PDFArray([pdfdoc.PDFName("Separation"), pdfdoc.PDFName(CUT_CONTOUR),
                            pdfdoc.PDFName("DeviceCMYK"), tint])


def die_line(path: str, state: str) -> str:
    """The operators that stroke `path` (a `…_path`) as a die line: in CutContour at full tint,
    DIE_LINE wide, overprinting (the graphics state named `state`), nothing filled."""
    return f"q /{state} gs /{CUT_CONTOUR} CS 1 SCN {fp_str(DIE_LINE * mm)} w {path} S Q"


def state(resource: tuple) -> tuple[str, pdfdoc.PDFDictionary]:
    """An ExtGState printkit names (`PdfFile._use`): an opacity (("opacity", alpha), for fills and
    outlines alike) or an overprint (OVERPRINT, OVERPRINT_STROKE), with the name it is given."""
    if resource[0] == "opacity":
        return "Opacity" + fp_str(resource[1]), pdfdoc.PDFDictionary({"ca": resource[1], "CA": resource[1]})
    fills = resource == OVERPRINT
    return ("Overprint" if fills else "OverprintStroke"), pdfdoc.PDFDictionary(
        {"OP": pdfdoc.PDFtrue, "op": pdfdoc.PDFtrue if fills else pdfdoc.PDFfalse, "OPM": 1})
