"""A kit's page as `printkit serve` shows it: without a script of the kit's own (issue 40, item 9).

The preview's index.html is made from the kit's `templates/preview/index.html.j2`, which a stranger
may fill with scripts; served at 127.0.0.1 they would run beside the page's event stream and
printkit's own URLs. The server's Content-Security-Policy (`script-src 'self'`, nosniff) already
runs nothing but printkit's live.js; this takes the kit's scripts out of the page as well, so none
reaches it at all: `<script>` elements and their text, event handler attributes (`on...`),
`javascript:` and `vbscript:` URLs, `<meta http-equiv>` (a refresh leaving the page), `<base>` and
embedded documents (`iframe`, `object`, `embed`). The page is written again from the parser's tokens
(text and attribute values escaped again, comments dropped), so what a browser reads as markup is
only what was kept, however the kit's HTML was written.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

DROPPED = {"script", "base", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript"}
SILENCED = {"script"}  # elements whose text goes with them
NAME = re.compile(r"[a-z][a-z0-9-]*")
ATTRIBUTE = re.compile(r"[a-z_:][-a-z0-9_:.]*")
SCHEME = re.compile(r"(javascript|vbscript):")
INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")  # a browser skips these in a URL's scheme


def without_scripts(html: str) -> str:
    """`html` with nothing in it that runs, otherwise as it was written."""
    cleaner = _Cleaner()
    cleaner.feed(html)
    cleaner.close()
    return "".join(cleaner.kept)


def _kept_attributes(tag: str, attrs: list[tuple[str, str | None]]) -> str | None:
    """The attributes as written again; None: the whole element goes (a <meta http-equiv>)."""
    written = []
    for name, value in attrs:
        if tag == "meta" and name == "http-equiv":
            return None
        if not ATTRIBUTE.fullmatch(name) or name.startswith("on") or name == "srcdoc":
            continue
        if value is not None and SCHEME.match(INVISIBLE.sub("", value).lower()):
            continue
        written.append(f" {name}" if value is None else f' {name}="{escape(value, quote=True)}"')
    return "".join(written)


class _Cleaner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.kept: list[str] = []
        self.silent = 0  # inside a <script>: its text is dropped
        self.style = False

    def handle_starttag(self, tag: str, attrs) -> None:
        self._start(tag, attrs, "")

    def handle_startendtag(self, tag: str, attrs) -> None:
        self._start(tag, attrs, " /")

    def _start(self, tag: str, attrs, end: str) -> None:
        if tag in SILENCED and end == "":
            self.silent += 1
        if tag in DROPPED or not NAME.fullmatch(tag) or self.silent:
            return
        written = _kept_attributes(tag, attrs)
        if written is not None:
            self.style = tag == "style"
            self.kept.append(f"<{tag}{written}{end}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in SILENCED:
            self.silent = max(0, self.silent - 1)
            return
        if tag in DROPPED or not NAME.fullmatch(tag) or self.silent:
            return
        self.style = self.style and tag != "style"
        self.kept.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.silent:
            return
        # a <style>'s text is the parser's raw text: kept, but no "<" that could end it and start markup
        self.kept.append(data.replace("<", "\\3c ") if self.style else escape(data, quote=False))

    def handle_decl(self, decl: str) -> None:
        if decl.lower().startswith("doctype"):
            self.kept.append("<!DOCTYPE html>")
