"""ReportLab's writer of arrays of numbers replaced once a process by one that writes the same bytes
faster, each array once (moved from render/pdf.py, which calls it)."""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc


def arrays_once() -> None:
    """An array of numbers (a font subset's widths, a box) written once a process, not once a
    file: the bytes are those ReportLab's own PDFArray.format writes, kept by the numbers."""
    write = pdfdoc.PDFArray.format

    written: dict[str, bytes] = {}  # by the numbers' repr: 1 and 1.0, 0.0 and -0.0 kept apart

    def format(array, document, IND=b"\n "):
        values = array.sequence
        if IND != b"\n " or not all(type(v) is int or type(v) is float for v in values):
            return write(array, document, IND)
        key = repr(values)
        found = written.get(key)
        if found is None:
            if len(written) > 4096:  # a long `printkit watch`: never more than a few thousand
                written.clear()
            found = written[key] = write(array, document, IND)
        return found
    pdfdoc.PDFArray.format = format
