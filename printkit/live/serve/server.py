"""The HTTP side of `printkit serve`, on the standard library's threading server: the proofing page
(the preview's index.html with the live script added and each picture's URL carrying its version),
the files under the output folder and nothing else, and one stream of server-sent events that tells
every open page what the last build gave (its pictures' versions, its problems).

Confinement: a URL names a file by a relative path inside the output folder: no `..`, no hidden
file (printkit's own state files start with a dot), no link leading out, no absolute path however
it is encoded; anything else is 404 or 403. Requests must name the host the server was reached at
by an address or as localhost, so a web page elsewhere cannot read the kit by pointing a name of
its own at this machine (DNS rebinding).

Hostile pages and ordinary browsers (issue 40, items 6 and 9): every response carries a
Content-Security-Policy under which nothing runs but printkit's own page.js and live.js, from 'self' (and
nosniff, so nothing else served runs as a script); the page at "/" is the one this process's last
build wrote, checked against the digest it published (a kit's own `output/index.html` never is),
with the kit's scripts taken out (printkit/live/serve/clean.py). A client that goes mid-response is let
go in silence; a connection waits at most TIMEOUT for each read or write, and at most CAP are served
at once: one more takes the place of the one idle longest (then of the oldest event stream), or
is told 503 when every one is busy, so idle connections never hold the page up.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import mimetypes
import re
import socket
import sys
import threading
import time
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

from printkit.ground.bundled import PACKAGE
from printkit.live.own_page import as_written
from printkit.live.serve.clean import without_scripts
from printkit.live.serve.published import Live

LIVE = "/_printkit/"  # printkit's own URLs; no output file starts with an underscore folder of this name
PING = 15.0  # seconds between keep-alive comments on the event stream: a closed page is noticed
PICTURE = re.compile(r'(src="|href=")([^"?#]+\.png)"')  # a picture's URL in the index, as preview writes it
SERVED = {".pdf", ".png", ".svg", ".html", ".json", ".dxf", ".txt"}
INDEX = "index.html"
TIMEOUT = 10.0  # seconds a connection may wait for each read or write (an event stream only writes)
CAP = 32  # connections served at once: a browser opens six or so, and an event stream for each page
BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
# Pages run printkit's page.js and live.js only (served from 'self' as a script; nothing else served is one);
# a kit's page may keep its inline styles, and shows pictures of the output folder only
PAGE_POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; "
               "style-src 'self' 'unsafe-inline'; font-src 'self'; base-uri 'none'; form-action 'none'; "
               "frame-ancestors 'none'")
FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'"  # a picture, a PDF, a cut file: nothing in it runs


# The page before a first build has succeeded: the live script shows why, and the page once it builds
UNBUILT = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>printkit preview</title>
<style>body { font-family: sans-serif; margin: 1.5em auto; max-width: 80em; padding: 0 1em; }</style>
</head>
<body>
<h1>printkit preview</h1>
<p>Nothing is built yet: the page follows as soon as a build succeeds.</p>
</body>
</html>
"""


class Connections:
    """The connections being served, at most `cap`, each idle (waiting for a request), busy or an
    event stream, since when. One more at the cap takes the place of the one idle longest, else of
    the oldest stream (its page reconnects); one is let go by shutting its socket, which ends the
    read it waits in, and `wake`, which ends a stream's wait."""

    def __init__(self, cap: int, wake) -> None:
        self.cap, self.wake = cap, wake
        self.lock = threading.Lock()
        self.open: dict[socket.socket, tuple[str, float]] = {}

    def admit(self, connection: socket.socket) -> bool:
        with self.lock:
            if len(self.open) >= self.cap:
                going = self._longest("idle") or self._longest("stream")
                if going is None:
                    return False
                del self.open[going]
                try:
                    going.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                self.wake()
            self.open[connection] = ("idle", time.monotonic())
            return True

    def mark(self, connection: socket.socket, state: str) -> None:
        with self.lock:
            if connection in self.open:
                self.open[connection] = (state, time.monotonic())

    def ended(self, connection: socket.socket) -> bool:
        return connection not in self.open

    def leave(self, connection: socket.socket) -> None:
        with self.lock:
            self.open.pop(connection, None)

    def _longest(self, state: str) -> socket.socket | None:
        found = [(since, id(c), c) for c, (now, since) in self.open.items() if now == state]
        return min(found)[2] if found else None


class Server(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream does not keep printkit from stopping
    allow_reuse_address = True
    request_queue_size = CAP  # connections the system holds until they are accepted
    draw = None  # draw(path): a picture listed at start and not drawn yet, drawn now (printkit/live/serve/pictures.py)

    def __init__(self, address: tuple[str, int], out: Path, live: Live, printed=None):
        self.out, self.live, self.printed = out.resolve(), live, printed
        self.connections = Connections(CAP, live.wake)
        self.shown = ("", "", "")  # the last page served at "/": its file's sha256, its digest as published, as served
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)

    def process_request(self, request, client_address) -> None:
        if not self.connections.admit(request):
            try:  # every connection busy: told so at once, never waited on
                request.setblocking(False)
                request.send(BUSY)
            except OSError:
                pass
            return self.shutdown_request(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        self.connections.leave(request)
        super().shutdown_request(request)

    def handle_error(self, request, client_address) -> None:
        """A page closed or reloaded mid-response, or a client that waited too long, is no error of
        printkit's: nothing is said. Anything else is a bug, and its traceback is printed."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    def page(self) -> tuple[str, str]:
        """The page at "/" and its digest as published: the index this process's last build wrote
        (its digest the one the build published), without the kit's scripts; the page before a
        first build otherwise ("" its digest). An index changed since on disk is not served: the
        last one served is, until a build publishes another."""
        published = self.live.state["index"]
        index = confined(self.out, "/" + INDEX) if published else None
        data = index.read_bytes() if index else b""
        digest = hashlib.sha256(data).hexdigest()
        if data and digest.startswith(published) and self.shown[0] != digest:
            self.shown = (digest, published, cleaned(data, digest))
        return self.shown[1:] if self.shown[0] else ("", UNBUILT)

    @property
    def url(self) -> str:
        """The page's address as this machine reaches it (an address that means "every network"
        is reached at the loopback one)."""
        host, port = self.server_address[:2]
        host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
        return f"http://{'[' + host + ']' if ':' in host else host}:{port}/"

    @property
    def local(self) -> bool:
        """Whether only this machine can reach the server."""
        return ipaddress.ip_address(self.server_address[0]).is_loopback



def addressed(host: str) -> bool:
    """Whether a request's Host names this machine by address or as localhost: a name of its own
    is how a page elsewhere would reach it (DNS rebinding)."""
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 or host.startswith("[") else host
    name = name.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    timeout = TIMEOUT  # each read and write of the connection's socket
    policy = False  # whether this response's Content-Security-Policy was sent

    def handle_one_request(self) -> None:
        self.server.connections.mark(self.connection, "idle")  # until a request is read, it may be let go
        super().handle_one_request()

    def send_header(self, keyword: str, value: str) -> None:
        self.policy = self.policy or keyword.lower() == "content-security-policy"
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        """Every response, errors too (the standard library's own among them): a policy under which
        nothing of the kit's runs, and no guessing at a file's type."""
        if not self.policy:
            self.send_header("Content-Security-Policy", FILE_POLICY)
        self.policy = False
        super().send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format, *args) -> None:  # noqa: A002 - the terminal says what was built, not each request
        pass

    def do_HEAD(self) -> None:  # noqa: N802 - the standard library's name
        self.do_GET(body=False)

    def do_GET(self, body: bool = True) -> None:  # noqa: N802
        self.server.connections.mark(self.connection, "busy")
        if not addressed(self.headers.get("Host", "")):
            return self._refuse(HTTPStatus.FORBIDDEN, "this server answers only at its own address")
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in ("/", "/index.html"):
            return self._index(body)
        if path == LIVE + "events":  # (asked only for its headers, the stream is not begun)
            return self._events() if body else self._send(b"", "text/event-stream", body)
        if path == LIVE + "printed":
            return self._printed(body)
        if path.startswith(LIVE):
            return self._asset(path.removeprefix(LIVE), body)
        found = confined(self.server.out, path)
        if found is None and self.server.draw and self.server.draw(unquote(path).lstrip("/")):
            found = confined(self.server.out, path)
        if found is None:
            return self._refuse(HTTPStatus.NOT_FOUND, "no such file in the output folder")
        if found == self.server.out / INDEX:  # however the URL spells it
            return self._index(body)
        if found.suffix.lower() == ".html":  # a soft proof's page: the kit's scripts taken out as well
            data = cleaned(found.read_bytes()).encode("utf-8")
            return self._send(data, "text/html; charset=utf-8", body, policy=PAGE_POLICY)
        versioned = "?v=" in self.path
        self._send(found.read_bytes(), _type(found), body, cache="max-age=31536000, immutable" if versioned else None)
        if versioned and body:
            self.server.live.fetched(unquote(path).lstrip("/"), self.path.split("?v=", 1)[1].split("&", 1)[0])

    # --- what is served -------------------------------------------------------------------------

    def _index(self, body: bool) -> None:
        index, html = self.server.page()
        html = live_page(html, self.server.live.state["images"], index)
        self._send(html.encode("utf-8"), "text/html; charset=utf-8", body, policy=PAGE_POLICY)
        if index:
            self.server.live.shown.set()

    def _asset(self, name: str, body: bool) -> None:
        if name not in ("page.js", "live.js", "live.css"):
            return self._refuse(HTTPStatus.NOT_FOUND, "no such file")
        data = (PACKAGE / "live" / "serve" / name).read_bytes()
        self._send(data, "text/javascript; charset=utf-8" if name.endswith(".js") else "text/css; charset=utf-8", body)

    def _printed(self, body: bool) -> None:
        found = self.server.printed() if self.server.printed else {"recorded": False}
        self._send(json.dumps(found).encode("utf-8"), "application/json", body)

    def _events(self) -> None:
        """Server-sent events: the state now, then each new one, until the page goes or printkit stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        self.server.connections.mark(self.connection, "stream")
        live, seen = self.server.live, -1
        ended = lambda: self.server.connections.ended(self.connection)  # noqa: E731 - let go for a newer one
        live.watch(1)
        try:
            while True:
                state = live.after(seen, PING, ended)
                if state is None:
                    if live.closing or ended():
                        return
                    self.wfile.write(b": still here\n\n")
                else:
                    seen = state["version"]
                    self.wfile.write(b"data: " + json.dumps(state).encode("utf-8") + b"\n\n")
                self.wfile.flush()
        except (ConnectionError, TimeoutError):
            return  # the page was closed or reloaded
        finally:
            live.watch(-1)

    def _send(self, data: bytes, kind: str, body: bool, cache: str | None = None, policy: str | None = None) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", cache or "no-cache")
        if policy:  # else end_headers' FILE_POLICY: a cut file's SVG is a picture, nothing in it runs
            self.send_header("Content-Security-Policy", policy)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _refuse(self, status: HTTPStatus, why: str) -> None:
        data = f"{status.value} {status.phrase}: {why}\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":  # a body after a HEAD's answer would be read as the next response
            self.wfile.write(data)


def confined(out: Path, url_path: str) -> Path | None:
    """The regular file a URL's path names inside `out` (resolved), or None: a path with `..`, a
    hidden part, a backslash or NUL, or leading out of the folder through a link, names nothing."""
    try:
        text = unquote(url_path, errors="strict")
    except UnicodeDecodeError:
        return None
    if "\\" in text or "\0" in text:
        return None
    parts = PurePosixPath(text.lstrip("/")).parts
    if not parts or any(part in ("..", ".") or part.startswith(".") for part in parts) or text.startswith("//"):
        return None
    candidate = out.joinpath(*parts)
    try:
        found = candidate.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not found.is_relative_to(out) or not found.is_file() or found.suffix.lower() not in SERVED:
        return None
    return found


def cleaned(data: bytes, digest: str | None = None) -> str:
    """A page as served: as printkit's own template wrote it in this process, its script taken
    out (printkit/live/own_page.py); any other without anything that runs (clean.py)."""
    own = as_written(data, digest)
    return own if own is not None else without_scripts(data.decode("utf-8", errors="replace"))


def live_page(html: str, images: dict[str, str], index: str = "") -> str:
    """The index as served: each picture's URL with its version (so a browser may keep it for good,
    and a new one is a new URL), the live script and style, and the page's own digest (`index`, as
    the build published it; "" before one): the script fetches the page again when a build's differs."""
    def versioned(match: re.Match) -> str:
        version = images.get(unquote(match.group(2)))
        return f'{match.group(1)}{match.group(2)}?v={version}"' if version else match.group(0)

    html = PICTURE.sub(versioned, html)
    tags = (f'<meta name="printkit-index" content="{escape(index)}"><link rel="stylesheet" href="{LIVE}live.css">'
            f'<script src="{LIVE}page.js" defer></script><script src="{LIVE}live.js" defer></script>')
    at = html.find("</head>")
    return html[:at] + tags + html[at:] if at >= 0 else tags + html


def _type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"
