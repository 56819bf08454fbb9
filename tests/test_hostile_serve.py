"""`printkit serve` under ordinary browser behaviour and a stranger's kit (issue 40, items 5, 6, 9):
clients that close mid-response are let go in silence (no traceback in the terminal); a connection
that says nothing is closed after a while; 300 idle connections (and more open event streams than
the cap) leave the page answering at once, on a bounded number of threads; every response carries a
Content-Security-Policy whose scripts are only printkit's own, from 'self'; a kit's own script (in
its preview template, or an `output/index.html` of its own) never reaches the served page; and a
`game.yaml` linked to a file of the user's reaches the event stream as one line, quoting nothing of
it. tests/test_serve.py is what serve does for a designer; this is what it refuses to do."""

from __future__ import annotations

import http.client
import json
import os
import re
import resource
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import lxml.html
import pytest

from conftest import CONTENT, ROOT
from test_serve import CARDS, GAME, Served, game_yaml

from printkit.live.serve import server

SECRET = "SECRET-TOKEN-abcdefghijklmnopqrstuvwxyz0123456789"
PLANTED = "alert('planted')"
STREAMS = 40  # event streams left open: more than the cap on connections
SCRIPT_SOURCES = re.compile(r"<script\b[^>]*>", re.IGNORECASE)


def _project(folder: Path) -> Path:
    shutil.copytree(CONTENT / GAME, folder / "content" / GAME)
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


@pytest.fixture
def kit(tmp_path) -> Path:
    """A project of the one game serve shows here (numbered-cards), with printkit's templates."""
    return _project(tmp_path / "kit")


class Process:
    """`printkit serve` as a designer runs it, in its own process: its terminal (stderr) is read."""

    def __init__(self, project: Path, memory: int | None = None):
        """`memory`: the process's address space, bytes (a thread's stack takes its share)."""
        limit = (lambda: resource.setrlimit(resource.RLIMIT_AS, (memory, memory))) if memory else None
        self.process = subprocess.Popen([sys.executable, "-m", "printkit", "serve", GAME, "--content", "content"],
                                        cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        preexec_fn=limit)
        for line in self.process.stdout:
            if line.startswith("serving "):
                self.port = int(line.split()[1].rsplit(":", 1)[1].strip("/"))
                break
        else:
            raise AssertionError(self.process.stderr.read())

    def threads(self) -> int:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"^Threads:\s+(\d+)", status, re.MULTILINE).group(1))

    def stop(self) -> str:
        """Ctrl-C: the terminal's stderr."""
        self.process.send_signal(signal.SIGINT)
        try:
            _, err = self.process.communicate(timeout=30)
        finally:
            self.process.kill()
        assert self.process.returncode == 0, err
        return err


def get(port: int, path: str, method: str = "GET", timeout: float = 5) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.request(method, path)
    response = connection.getresponse()
    response.body = b"" if path.endswith("/events") else response.read()
    connection.close()
    return response


def reset(sock: socket.socket) -> None:
    """Closed as a browser tab is when it goes mid-load: at once, unread data discarded (RST)."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


# --- item 6: ordinary browser behaviour ---------------------------------------------------------

def test_clients_that_close_mid_response_leave_no_traceback_in_the_terminal(kit):
    served = Process(kit)
    try:
        (kit / "output" / "big.txt").write_bytes(b"x" * 8_000_000)  # more than a socket's buffers
        for n in range(12):
            sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
            sock.sendall(f"GET /big.txt HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode())
            sock.recv(1000)
            reset(sock) if n % 2 else sock.close()
        for n in range(4):  # gone before the request ended, and while the page itself was sent
            sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" if n % 2 else b"GET /big.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            reset(sock)
        time.sleep(1)
        assert get(served.port, "/").status == 200  # still serving
    finally:
        err = served.stop()
    assert "Traceback" not in err and "Error" not in err, err


def test_300_idle_connections_and_open_event_streams_leave_the_page_answering_on_few_threads(kit):
    """Under a 2 GB address space, where a thread for each (as before) could not be started past 150."""
    served = Process(kit, memory=2 * 2**30)
    idle = []
    try:
        before = served.threads()
        idle = [socket.create_connection(("127.0.0.1", served.port), timeout=5) for _ in range(300)]
        streams = [socket.create_connection(("127.0.0.1", served.port), timeout=5) for _ in range(STREAMS)]
        for sock in streams:  # event streams a page left open (each a connection held for good)
            sock.sendall(b"GET /_printkit/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        idle += streams
        started = time.monotonic()
        response = get(served.port, "/", timeout=5)
        assert response.status == 200 and b"/_printkit/live.js" in response.body
        assert time.monotonic() - started < 3
        time.sleep(0.5)
        assert served.threads() <= before + STREAMS, served.threads()  # the cap (test below) is less
    finally:
        for sock in idle:
            sock.close()
        err = served.stop()
    assert "Traceback" not in err, err


def test_a_connection_that_says_nothing_is_closed_after_the_timeout(kit):
    served = Served(kit)
    try:
        silent = socket.create_connection(("127.0.0.1", served.port), timeout=server.TIMEOUT + 5)
        partial = socket.create_connection(("127.0.0.1", served.port), timeout=server.TIMEOUT + 5)
        partial.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # one header, then nothing
        started = time.monotonic()
        assert silent.recv(100) == b"" and partial.recv(100) == b""  # closed by the server, not by our wait
        assert time.monotonic() - started < server.TIMEOUT + 2
        silent.close()
        partial.close()
    finally:
        served.close()


def test_the_timeout_and_the_cap_are_set():
    assert server.Handler.timeout == server.TIMEOUT and 5 <= server.TIMEOUT <= 60
    assert 8 <= server.CAP < STREAMS - 2


# --- item 9: the policy, and the kit's scripts -----------------------------------------------------

def _policy(headers) -> dict[str, list[str]]:
    policy = headers.get("Content-Security-Policy")
    assert policy, "no Content-Security-Policy"
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def _scripts_only_printkit_s(headers) -> None:
    policy = _policy(headers)
    scripts = policy.get("script-src", policy.get("default-src"))
    assert scripts in (["'self'"], ["'none'"]), policy
    assert policy["default-src"] == ["'none'"], policy
    assert headers.get("X-Content-Type-Options") == "nosniff"  # so 'self' runs only what is served as a script


def test_every_response_carries_a_policy_that_runs_no_script_but_printkit_s(kit):
    served = Served(kit)
    try:
        port = served.port
        card = f"/{CARDS}/card-01.png"
        for path, status in [("/", 200), ("/index.html", 200), ("/%69ndex.html", 200), (card, 200),
                             (card + "?v=0", 200), (f"/{GAME}/ability-cards.pdf", 200), ("/_printkit/live.js", 200),
                             ("/_printkit/live.css", 200), ("/_printkit/printed", 200), ("/_printkit/events", 200),
                             ("/no-such.pdf", 404), ("/../../etc/passwd", 404), ("/_printkit/nothing", 404)]:
            response = get(port, path)
            assert response.status == status, path
            _scripts_only_printkit_s(response.headers)
        assert _policy(get(port, "/").headers)["frame-ancestors"] == ["'none'"]
        for method, status in [("HEAD", 200), ("POST", 501), ("DELETE", 501)]:
            response = get(port, "/", method)
            assert response.status == status, method
            _scripts_only_printkit_s(response.headers)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)  # a name of its own: refused
        connection.request("GET", "/", headers={"Host": "attacker.example"})
        response = connection.getresponse()
        assert response.status == 403
        _scripts_only_printkit_s(response.headers)
        connection.close()
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:  # a header too long: 431
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"x" * 70000 + b"\r\n\r\n")
            head = sock.recv(4000).decode("latin-1").split("\r\n\r\n")[0].split("\r\n")
        assert re.fullmatch(r"HTTP/1\.[01] 431 .*", head[0]), head
        _scripts_only_printkit_s(dict(line.split(": ", 1) for line in head[1:]))
    finally:
        served.close()


def _planted_template(project: Path) -> None:
    """The kit's preview template with scripts of its own: an element, a handler, a link, a refresh."""
    path = project / "templates" / "preview" / "index.html.j2"
    text = path.read_text(encoding="utf-8")
    text = text.replace("</head>", f"<script>{PLANTED}</script><meta http-equiv=\"refresh\" content=\"0;url=https://x.example/\"></head>")
    text = text.replace("<body>", f"<body onload=\"{PLANTED}\"><img src=\"x.png\" onerror=\"{PLANTED}\">"
                                  f"<a href=\" javascript:{PLANTED}\">x</a><svg><script>{PLANTED}</script></svg>"
                                  f"<noscript><p title=\"</noscript><img src=x onerror={PLANTED}>\"></p></noscript>")
    path.write_text(text, encoding="utf-8")


def _only_printkit_s_script(html: str) -> None:
    """Read as another parser reads it (lxml's, not the server's own): the one script is printkit's,
    no element has a handler, no URL is a script's, nothing leaves the page by itself."""
    page = lxml.html.document_fromstring(html)
    assert [(s.get("src"), (s.text or "").strip()) for s in page.iter("script")] == [("/_printkit/page.js", ""),
                                                                                      ("/_printkit/live.js", "")]
    for element in page.iter():
        if not isinstance(element.tag, str):
            continue
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), (element.tag, name, value)
            assert not re.sub(r"[\x00-\x20]", "", value).lower().startswith("javascript:"), (element.tag, name, value)
    assert not page.xpath("//meta[@http-equiv] | //base | //iframe | //object | //embed")
    assert f"<script>{PLANTED}" not in html


def test_a_kit_s_preview_template_s_scripts_never_reach_the_served_page(kit):
    _planted_template(kit)
    served = Served(kit)
    try:
        for path in ("/", "/index.html", "/%69ndex.html"):
            response = get(served.port, path)
            html = response.body.decode("utf-8")
            assert 'class="card' in html and f"{CARDS}/card-01.png?v=" in html  # the kit's page, shown
            _only_printkit_s_script(html)
        assert PLANTED in (served.out / "index.html").read_text(encoding="utf-8")  # preview wrote it as it is
    finally:
        served.close()


def test_a_kit_s_own_output_index_is_never_served(kit):
    """A kit that ships output/index.html with a script, and a first build that fails: the page is
    printkit's own (nothing built yet), not that file."""
    (kit / "output").mkdir()
    (kit / "output" / "index.html").write_text(f"<html><body><script>{PLANTED}</script>mine</body></html>")
    path = game_yaml(kit)
    path.write_text(path.read_text(encoding="utf-8").replace("Rearrange all cards", "{{ oops"), encoding="utf-8")
    served = Served(kit)
    try:
        for url in ("/", "/index.html", "/%69ndex.html", "/./index.html"):
            response = get(served.port, url)
            assert response.status in (200, 404), url
            html = response.body.decode("utf-8")
            assert "mine" not in html and PLANTED not in html, url
        assert b"Nothing is built yet" in get(served.port, "/").body
    finally:
        served.close()


def test_an_output_index_changed_behind_serve_s_back_is_not_served(kit):
    served = Served(kit)
    try:
        assert b'class="card' in get(served.port, "/").body
        (served.out / "index.html").write_text(f"<html><body>mine<script>{PLANTED}</script></body></html>")
        html = get(served.port, "/").body.decode("utf-8")
        assert "mine" not in html and PLANTED not in html
        assert 'class="card' in html  # the page printkit built, still
    finally:
        served.close()


# --- item 5 under serve: nothing of a file outside the project reaches the page --------------------

def test_a_game_yaml_linked_to_a_file_of_the_user_s_reaches_the_event_stream_quoting_nothing(kit, tmp_path):
    secret = tmp_path / "users-own" / "notes.yaml"
    secret.parent.mkdir()
    secret.write_text(f"{SECRET} and more\n", encoding="utf-8")  # not a mapping: once quoted in the error
    path = game_yaml(kit)
    path.unlink()
    path.symlink_to(secret)
    served = Served(kit)
    try:
        events = served.events()
        first = events.next()
        events.close()
        assert first["index"] == "" and len(first["errors"]) == 1, first
        assert first["errors"][0].startswith(f"{GAME}/game.yaml"), first
        assert "link" in first["errors"][0], first
        everything = json.dumps(first) + get(served.port, "/").body.decode("utf-8")
        assert SECRET[:8] not in everything and str(secret.parent) not in everything
        assert not any(SECRET[:8] in line for line in served.said + served.complaints)
    finally:
        served.close()


# --- the cleaning itself, on what a stranger's template might write -------------------------------

VECTORS = [
    "<script>alert(1)</script>", "<SCRIPT SRC=//x.example/a.js></SCRIPT>", "<scr<script>ipt>alert(1)</script>",
    "<script/x>alert(1)</script>", "<script>alert(1)", "<svg><script href='data:,alert(1)'/></svg>",
    "<img src=x onerror=alert(1)>", "<img/src=x/onerror=alert(1)>", "<img src=x ONERROR='alert(1)'>",
    "<svg onload=alert(1)>", "<x-card onclick=alert(1)>", "<body onpageshow=alert(1)>",
    "<a href='jav&#x09;ascript:alert(1)'>", "<a href='&#106;avascript:alert(1)'>", "<a href=' JaVaScRiPt:alert(1)'>",
    "<a href='javascript&colon;alert(1)'>", "<a href='java\nscript:alert(1)'>", "<a href='vbscript:msgbox(1)'>",
    "<form action='javascript:alert(1)'><button formaction='javascript:alert(1)'>go</button></form>",
    "<svg><a><animate attributeName=href to='javascript:alert(1)'/><text>x</text></a></svg>",
    "<iframe srcdoc='<script>alert(1)</script>'></iframe>", "<object data='javascript:alert(1)'></object>",
    "<embed src='javascript:alert(1)'>", "<meta http-equiv='refresh' content='0;url=javascript:alert(1)'>",
    "<base href='https://x.example/'>", "<!--<script>-->alert(1)<!--</script>-->",
    "<style>x</style ><script>alert(1)</script>", "<style></style x><script>alert(1)</script></style>",
    "<svg><style></p><img src=x onerror=alert(1)></style></svg>", "<textarea><script>alert(1)</script></textarea>",
    "<noscript><p title='</noscript><img src=x onerror=alert(1)>'></p></noscript>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    "<svg><style><img src=x onerror=alert(1)></style></svg>", "<title><img src=x onerror=alert(1)></title>",
    "<![CDATA[<script>alert(1)</script>]]>", "<?xml <script>alert(1)</script> ?>",
    "<img src=\"x\" title=\"a&quot; onerror=&quot;alert(1)\">",
]


@pytest.mark.parametrize("planted", VECTORS)
def test_nothing_a_template_writes_runs_once_cleaned(planted):
    from printkit.live.serve.clean import without_scripts

    html = without_scripts(f"<!DOCTYPE html><html><head><title>t</title></head><body><p>before</p>{planted}"
                           f"<p>after</p></body></html>")
    page = lxml.html.document_fromstring(html)
    assert not list(page.iter("script", "iframe", "object", "embed", "base")), html
    assert not page.xpath("//meta[@http-equiv]"), html
    for element in page.iter():
        for name, value in (element.attrib.items() if isinstance(element.tag, str) else ()):
            assert not name.lower().startswith("on"), html
            assert not re.sub(r"[\x00-\x20]", "", value).lower().startswith(("javascript:", "vbscript:")), html
    assert "<script" not in html.lower() and "before" in html


def test_a_page_cleaned_keeps_what_it_shows():
    """The kit's page otherwise as written: its text, styles, pictures, guides and data."""
    from printkit.live.serve.clean import without_scripts

    page = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><style>a > b { color: red }</style></head>'
            '<body><input type="checkbox" id="show-guides" checked><figure class="card" data-fields=\'{"a": "x &amp; y"}\'>'
            '<img src="preview/a%20b.png" alt="A &lt;b&gt;" width="10"><svg class="guides" viewBox="0 0 1 1">'
            '<rect class="trim" x="0" y="0" width="1" height="1"/></svg><figcaption>Fox &amp; Hound</figcaption>'
            '</figure></body></html>')
    cleaned = without_scripts(page)
    assert "a > b { color: red }" in cleaned and 'src="preview/a%20b.png"' in cleaned
    kept, original = lxml.html.document_fromstring(cleaned), lxml.html.document_fromstring(page)
    assert kept.xpath("string(//figcaption)") == "Fox & Hound" and kept.xpath("string(//img/@alt)") == "A <b>"
    assert json.loads(kept.xpath("string(//figure/@data-fields)")) == {"a": "x & y"}
    assert [(e.tag, dict(e.attrib)) for e in kept.iter()] == [(e.tag, dict(e.attrib)) for e in original.iter()]


def test_a_head_request_is_answered_with_headers_alone_and_the_connection_goes_on(kit):
    """HEAD of a missing file, of a refused host and of the event stream: no body (one would be read
    as the next response on the same connection), and the stream is not begun."""
    served = Served(kit)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=5)
        for path, host, status in [("/no-such.pdf", None, 404), ("/", "attacker.example", 403),
                                   ("/_printkit/events", None, 200), ("/", None, 200)]:
            connection.request("HEAD", path, headers={"Host": host} if host else {})
            response = connection.getresponse()
            assert (response.status, response.read()) == (status, b""), path
        connection.request("GET", f"/{CARDS}/card-01.png")
        response = connection.getresponse()
        assert response.status == 200 and response.read().startswith(b"\x89PNG")
        connection.close()
    finally:
        served.close()
