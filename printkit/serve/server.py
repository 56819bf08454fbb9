"""The HTTP side of `printkit serve`, on the standard library's threading server: the proofing page
(the preview's index.html with the live script added and each picture's URL carrying its version),
the files under the output folder and nothing else, and one stream of server-sent events that tells
every open page what the last build gave (its pictures' versions, its problems).

Confinement: a URL names a file by a relative path inside the output folder: no `..`, no hidden
file (printkit's own state files start with a dot), no link leading out, no absolute path however
it is encoded; anything else is 404 or 403. Requests must name the host the server was reached at
by an address or as localhost, so a web page elsewhere cannot read the kit by pointing a name of
its own at this machine (DNS rebinding).
"""

from __future__ import annotations

import ipaddress
import json
import mimetypes
import re
import socket
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

from printkit.bundled import PACKAGE

LIVE = "/_printkit/"  # printkit's own URLs; no output file starts with an underscore folder of this name
PING = 15.0  # seconds between keep-alive comments on the event stream: a closed page is noticed
PICTURE = re.compile(r'(src="|href=")([^"?#]+\.png)"')  # a picture's URL in the index, as preview writes it
SERVED = {".pdf", ".png", ".svg", ".html", ".json", ".dxf", ".txt"}


# The page before a first build has succeeded: the live script shows why, and the page once it builds
UNBUILT = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>printkit preview</title>
<style>body { font-family: sans-serif; margin: 1.5em auto; max-width: 80em; padding: 0 1em; }</style>
</head>
<body>
<h1>printkit preview</h1>
<p>Nothing is built yet: the page follows as soon as a save builds.</p>
</body>
</html>
"""


class Live:
    """What the last build gave, for every open page: a version number, each picture's digest
    (path under the output folder: short digest), the index's digest, the problems of the last
    build (empty when it built) and whether the pictures are stale (from an earlier build)."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.version = 0
        self.state: dict = {"version": 0, "images": {}, "index": "", "errors": [], "stale": False}
        self.closing = False

    def publish(self, **state) -> None:
        with self.changed:
            self.version += 1
            self.state = {**self.state, **state, "version": self.version}
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closing = True
            self.changed.notify_all()

    def after(self, seen: int, timeout: float) -> dict | None:
        """The state once its version is past `seen` (None: nothing new within `timeout`, or closing)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > seen or self.closing, timeout)
            return None if self.closing or self.version <= seen else dict(self.state)


class Server(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream does not keep printkit from stopping
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], out: Path, live: Live, printed=None):
        self.out, self.live, self.printed = out.resolve(), live, printed
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)

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

    def log_message(self, format, *args) -> None:  # noqa: A002 - the terminal says what was built, not each request
        pass

    def do_HEAD(self) -> None:  # noqa: N802 - the standard library's name
        self.do_GET(body=False)

    def do_GET(self, body: bool = True) -> None:  # noqa: N802
        if not addressed(self.headers.get("Host", "")):
            return self._refuse(HTTPStatus.FORBIDDEN, "this server answers only at its own address")
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in ("/", "/index.html"):
            return self._index(body)
        if path == LIVE + "events":
            return self._events()
        if path == LIVE + "printed":
            return self._printed(body)
        if path.startswith(LIVE):
            return self._asset(path.removeprefix(LIVE), body)
        found = confined(self.server.out, path)
        if found is None:
            return self._refuse(HTTPStatus.NOT_FOUND, "no such file in the output folder")
        versioned = "?v=" in self.path
        self._send(found.read_bytes(), _type(found), body, cache="max-age=31536000, immutable" if versioned else None)

    # --- what is served -------------------------------------------------------------------------

    def _index(self, body: bool) -> None:
        index = confined(self.server.out, "/index.html")
        html = index.read_text(encoding="utf-8", errors="replace") if index else UNBUILT
        self._send(live_page(html, self.server.live.state["images"]).encode("utf-8"), "text/html; charset=utf-8", body)

    def _asset(self, name: str, body: bool) -> None:
        if name not in ("live.js", "live.css"):
            return self._refuse(HTTPStatus.NOT_FOUND, "no such file")
        data = (PACKAGE / "serve" / name).read_bytes()
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
        live, seen = self.server.live, -1
        try:
            while True:
                state = live.after(seen, PING)
                if state is None:
                    if live.closing:
                        return
                    self.wfile.write(b": still here\n\n")
                else:
                    seen = state["version"]
                    self.wfile.write(b"data: " + json.dumps(state).encode("utf-8") + b"\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            return  # the page was closed or reloaded

    def _send(self, data: bytes, kind: str, body: bool, cache: str | None = None) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", cache or "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if kind.startswith("image/svg"):  # a cut file is a picture: nothing in it runs
            self.send_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _refuse(self, status: HTTPStatus, why: str) -> None:
        data = f"{status.value} {status.phrase}: {why}\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
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


def live_page(html: str, images: dict[str, str]) -> str:
    """The index as served: each picture's URL with its version (so a browser may keep it for good,
    and a new one is a new URL), and the live script and style."""
    def versioned(match: re.Match) -> str:
        version = images.get(unquote(match.group(2)))
        return f'{match.group(1)}{match.group(2)}?v={version}"' if version else match.group(0)

    html = PICTURE.sub(versioned, html)
    tags = f'<link rel="stylesheet" href="{LIVE}live.css"><script src="{LIVE}live.js" defer></script>'
    at = html.find("</head>")
    return html[:at] + tags + html[at:] if at >= 0 else tags + html


def _type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"
