"""ReportLab's writers of arrays of numbers, of values and of dictionaries replaced once a process by
ones that write the same bytes faster (render/pdf.py sets them up: `_set_up_once`)."""

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


def values_once() -> None:
    """ReportLab's writer of any value (`pdfdoc.format`) and of a dictionary made faster once a
    process, writing the same bytes: a text (a name, an operator) or bytes written at once, not
    after asking whether it is one of ReportLab's objects, and each short text's bytes kept (the
    same few hundred names in every dictionary of a file); a number and a reference to another
    object written straight away; a dictionary's keys written once a process. A page of a deck is
    some 40 values: a 224-page deck's file wrote 9,000 of them."""
    plain, dictionary = pdfdoc.format, pdfdoc.PDFDictionary.format
    texts: dict[str, bytes] = {}  # a short text -> its bytes, as pdfdocEnc encodes it
    keys: dict[str, bytes] = {}  # a dictionary's key -> its name's bytes
    reference = pdfdoc.PDFObjectReference

    def format(element, document, toplevel=0):
        kind = type(element)
        if kind is str:  # ReportLab's own: not one of its objects, not a number, not bytes: encoded
            found = texts.get(element)
            if found is None:
                found = pdfdoc.pdfdocEnc(element)
                if len(element) <= 64:
                    if len(texts) > 8192:  # a long `printkit watch`: never more than a few thousand
                        texts.clear()
                    texts[element] = found
            return found
        if kind is bytes:
            return element
        if kind is int or kind is float:
            return pdfdoc.pdfdocEnc(pdfdoc.fp_str(element))
        if kind is reference and not hasattr(element, "__Comment__"):  # another object, by its number
            try:
                return ("%s %s R" % document.idToObjectNumberAndVersion[element.name]).encode("ascii")
            except KeyError:
                return plain(element, document, toplevel)  # ReportLab's own error
        return plain(element, document, toplevel)

    def name(key: str, document) -> bytes:
        found = keys.get(key)
        if found is None:
            found = format(pdfdoc.PDFName(key), document)
            if len(keys) > 4096:
                keys.clear()
            keys[key] = found
        return found

    def formatted(self, document, IND=b"\n "):
        values = self.dict
        if type(values) is not dict:  # (an OrderedDict, or another mapping: ReportLab's own writer)
            return dictionary(self, document, IND)
        lines = [name(key, document) + b" " + format(values[key], document) for key in sorted(values)]
        if (self.multiline and pdfdoc.rl_config.pdfMultiLine) or self.multiline == "forced":
            return b"<<\n" + IND.join(lines) + b"\n>>"
        for i in reversed(range(6, len(lines), 6)):  # ReportLab's: a line break every 6 entries
            lines.insert(i, b"\n ")
        return b"<<\n" + b" ".join(lines) + b"\n>>"

    format.plain, formatted.plain = plain, dictionary  # ReportLab's own, for tests/test_render.py
    pdfdoc.format = format
    pdfdoc.PDFDictionary.format = formatted
