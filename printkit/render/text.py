"""Set text drawn into a PDF's page: planned lines (plan.text) written as text operators, each run in
its font's subsets, and the glyph codes a document gives its characters (so that a page's or a
form's operators depend on its own marks alone, and can be used again). A part of `PdfFile`
(render/pdf.py).

A font's name in a document is its own (`subset_name`), not ReportLab's F1, F2, ... in the order the
document first sets the fonts: an edit that changes which font a deck sets first (its first
card's words no longer bold) leaves every later page's operators as they were, and kept."""

from __future__ import annotations

import hashlib

from reportlab.lib.units import mm
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics

from printkit.plan.text import Text
from printkit.render import inks
from printkit.render.ink_saver import OUTLINE_TEXT


class SetText:
    """PdfFile's text (it holds the canvas, the target's `colour`, `ink_saver`, the runs encoded
    so far `_runs`, `_emit`, `_use` and `_grey`)."""

    def assign_glyphs(self, characters: dict[str, str], named: bool = True) -> None:
        """Every character the document sets, given its codes now, font by font in a fixed order
        and each font's characters in code-point order: a page's operators then depend on that
        page alone (and on this set), so that a page drawn before can be used again as it is.
        `named`: each font named (and so embedded) now, whatever the document sets in it (forms
        drawn again from what was kept name none themselves); else where it is first set."""
        doc = self.canvas._doc
        for font in sorted(characters):
            face = pdfmetrics.getFont(font)
            if named:
                subset_name(face, 0, doc)
            for subset, _ in face.splitString("".join(sorted(characters[font])), doc):
                if named:
                    subset_name(face, subset, doc)

    def codes(self, wide: dict[str, str]) -> list:
        """What characters beyond ASCII were given (assign_glyphs), font by font: the font's name
        in this document and their codes (ReportLab gives ASCII its own codes, whatever is set)."""
        doc, found = self.canvas._doc, []
        for font in sorted(wide):
            face = pdfmetrics.getFont(font)
            found.append([font, subset_name(face, 0, doc),
                          [[subset, chars.decode("latin-1")] for subset, chars in face.splitString(wide[font], doc)]])
        return found

    def set_text(self, text: Text) -> None:
        """Set lines (plan.text) drawn as planned: each line's runs one after the other, in the
        line's own colour if it has one (a span's), then the text's again. Type the ink saver
        outlines is drawn in stroke mode, with a line as wide as a thirtieth of its size."""
        levels = [text.level] + [line.level for line in text.lines if line.level is not None]
        over = all(self.colour.overprints(level) for level in levels)  # black text alone: a span's colour knocks out
        code = [f"q {f'/{self._use(inks.OVERPRINT)} gs ' if over else ''}{self._grey(text.level, 'rg')} BT"]
        for line in text.lines:
            level = text.level if line.level is None else line.level
            if line.level is not None:
                code.append(self._grey(level, "rg"))
            outlined = self.ink_saver and line.size >= OUTLINE_TEXT
            if outlined:
                code.append(f"{self._grey(level, 'RG')} {fp_str(max(0.5, line.size * 0.03))} w 1 Tr")
            code.append(f"1 0 0 1 {fp_str((text.x + line.x) * mm, (text.top + line.baseline) * mm)} Tm")
            code += [self._run(font, line.size, run) for font, run in line.runs]
            if outlined:
                code.append("0 Tr")
            if line.level is not None:
                code.append(self._grey(text.level, "rg"))
        code.append("ET Q")
        self._emit(" ".join(code))

    def _run(self, font: str, size: float, run: str) -> str:
        """The operators that show `run` in `font` at `size`: the font's subsets chosen and the
        characters encoded once for each document (a subset's codes never change once given)."""
        key = (font, size, run)
        ops = self._runs.get(key)
        if ops is None:
            face, doc = pdfmetrics.getFont(font), self.canvas._doc
            ops = " ".join(f"{subset_name(face, subset, doc)} {fp_str(size)} Tf ({escapePDF(chars)}) Tj"
                           for subset, chars in face.splitString(run, doc))
            self._runs[key] = ops
        return ops


def subset_name(face, subset: int, doc) -> str:
    """The PDF name of `face`'s `subset` in `doc` (ReportLab's `getSubsetInternalName`), the font
    named `own_name` the first time the document sets it, whatever was set before it. Named so,
    the font is embedded when the document is written, as ReportLab's own naming does."""
    state = face._assignState(doc)
    if state.internalName is None:
        state.internalName = own_name(face.fontName)
        doc.fontMapping[face.fontName] = "/" + state.internalName
        doc.delayedFonts.append(face)
    return face.getSubsetInternalName(subset, doc)


def own_name(font: str) -> str:
    """A font's name in every document, made from its own: "PSans-Bold" for Sans-Bold (ReportLab
    names fonts F1, F2, ...: no clash). A name with other characters than letters, digits, "-",
    "_" and "." (or a long one) keeps those, and a digest of the whole name tells it apart."""
    if len(font) <= 40 and all(c.isascii() and (c.isalnum() or c in "-_.") for c in font):
        return "P" + font
    kept = "".join(c for c in font if c.isascii() and c.isalnum())[:24]
    return f"P{kept}-{hashlib.sha256(font.encode('utf-8')).hexdigest()[:10]}"
