"""`printkit serve` (issue 27, item 1) over plain HTTP, as a browser or anything else on the machine
would ask it: the page with its live script and each picture's URL carrying the digest of the file
it names; nothing outside the output folder, however the URL is written, and nothing asked for by a
name other than an address; the event stream telling of each build (the changed card's picture, and
only it, a new digest; a broken edit's FILE:LINE, the pictures kept and marked stale; the fix); the
cards changed since `printkit printed`; a port in use, a bad port; Ctrl-C. The page's own behaviour
in a real browser is tests/test_serve_browser.py."""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import CONTENT, ROOT
from printkit.games import project_games
from printkit.load.options import Options
from printkit.plan.geometry import PAPERS
from printkit.live.serve import serve
from printkit.live.serve.server import confined

GAME = "numbered-cards"
ABILITY = "Rearrange all cards in the row."  # card 1's text, once in game.yaml
CARDS = "preview/numbered-cards/ability-cards"


class Served:
    """`printkit serve numbered-cards` on a free port of 127.0.0.1, in a thread, in `project`."""

    def __init__(self, project: Path):
        self.project, self.out = project, project / "output"
        self.said, self.complaints, self.stop, self.ready = [], [], threading.Event(), threading.Event()
        self.url = ""
        games = [project_games(project / "content")[GAME]]

        def ready(url: str) -> None:
            self.url = url
            self.ready.set()

        self.thread = threading.Thread(target=serve, daemon=True, args=(
            games, project / "content", self.out, Options(PAPERS["a4"]), 100, "127.0.0.1", 0,
            self.said.append, self.complaints.append, self.stop), kwargs={"ready": ready})
        self.thread.start()
        assert self.ready.wait(60), (self.said, self.complaints)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def get(self, path: str, host: str | None = None) -> tuple[int, bytes, dict]:
        """A request with `path` sent exactly as written (no client tidies it)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host or f"127.0.0.1:{self.port}")
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body, dict(response.getheaders())

    def events(self) -> "Events":
        return Events(self.port)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(15)
        assert not self.thread.is_alive()


class Events:
    """The page's event stream, read one event at a time."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.connection.request("GET", "/_printkit/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type") == "text/event-stream"

    def next(self) -> dict:
        while True:
            line = self.response.readline()
            assert line, "the stream ended"
            if line.startswith(b"data: "):
                return json.loads(line[len(b"data: "):])

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def served(project):
    server = Served(project)
    yield server
    server.close()


@pytest.fixture(scope="module")
def still(tmp_path_factory):
    """One server for the module's tests that only ask (none edits its project), with a link inside
    the output folder to a file outside it, one to the project's folder, and a file there."""
    project = tmp_path_factory.mktemp("still")
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(ROOT / "templates", project / "templates")
    server = Served(project)
    (server.out / "leak.pdf").symlink_to(game_yaml(server.project))
    (server.out / "printed-link").symlink_to(server.project, target_is_directory=True)
    (server.project / "printed.json").write_text("{}", encoding="utf-8")
    yield server
    server.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def game_yaml(project: Path) -> Path:
    return project / "content" / GAME / "game.yaml"


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_the_page_comes_with_its_live_script_and_every_picture_s_url_names_its_file_s_digest(still):
    status, body, headers = still.get("/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    page = body.decode()
    assert '<script src="/_printkit/live.js" defer></script>' in page
    pictures = re.findall(r'<img src="([^"?]+\.png)\?v=([0-9a-f]+)"', page)
    assert len(pictures) >= 18 + 4  # the 18 cards and the deck's 4 pages at least
    for path, version in pictures:
        assert version == digest(still.out / path), path
    assert not re.search(r'<img src="[^"?]+\.png"', page)  # none left without its version
    status, script, headers = still.get("/_printkit/live.js")
    assert status == 200 and b"EventSource" in script and headers["Content-Type"].startswith("text/javascript")


def test_a_file_of_the_output_folder_is_still_as_it_is(still):
    pdf = still.out / GAME / "ability-cards.pdf"
    status, body, headers = still.get(f"/{GAME}/ability-cards.pdf")
    assert (status, body, headers["Content-Type"]) == (200, pdf.read_bytes(), "application/pdf")
    status, body, _ = still.get(f"/{CARDS}/card-01.png?v=whatever")
    assert (status, body) == (200, (still.out / CARDS / "card-01.png").read_bytes())


OUTSIDE = ["/../content/numbered-cards/game.yaml", "/../../../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
           "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "//etc/passwd", "/%2Fetc%2Fpasswd", "/etc/passwd",
           f"/{GAME}/../../content/{GAME}/game.yaml", "/..%5c..%5cetc%5cpasswd", "/%00", "/index.html%00.png",
           "/.printkit-manifest.json", f"/{CARDS}/.stamp", "/%c0%ae%c0%ae/etc/passwd", "/preview/../../printkit.yaml",
           "/leak.pdf", "/printed-link/printed.json", f"/{GAME}", "/_printkit/../content/numbered-cards/game.yaml"]


@pytest.mark.parametrize("path", OUTSIDE)
def test_nothing_outside_the_output_folder_is_served_however_the_url_is_written(still, path):
    assert (still.out / "leak.pdf").resolve() == game_yaml(still.project).resolve()  # a link inside, to a file outside
    status, body, _ = still.get(path)
    assert status in (403, 404), (path, status)
    assert b"Rearrange" not in body and b"root:" not in body


@pytest.mark.parametrize("path", ["/etc/passwd", "../../etc/passwd", str(Path("/") / "etc" / "passwd")])
def test_confined_names_nothing_outside_the_folder(tmp_path, path):
    (tmp_path / "inside.pdf").write_bytes(b"%PDF")
    assert confined(tmp_path, path) is None
    assert confined(tmp_path, "/inside.pdf") == (tmp_path / "inside.pdf").resolve()


def test_a_request_that_names_this_machine_otherwise_is_refused(still):
    """A page elsewhere that points its own name at 127.0.0.1 (DNS rebinding) reads nothing."""
    assert still.get("/", host=f"printkit.attacker.example:{still.port}")[0] == 403
    assert still.get(f"/{GAME}/rules.pdf", host="attacker.example")[0] == 403
    assert still.get("/", host=f"localhost:{still.port}")[0] == 200
    assert still.get("/", host=f"[::1]:{still.port}")[0] == 200


def test_an_edit_gives_the_changed_card_and_only_it_a_new_digest(served):
    events = served.events()
    before = events.next()
    assert before["errors"] == [] and before["stale"] is False
    card = f"{CARDS}/card-01.png"
    assert before["images"][card] == digest(served.out / card)
    path = game_yaml(served.project)
    path.write_text(path.read_text(encoding="utf-8").replace(ABILITY, "Rearrange every card of the row."),
                    encoding="utf-8")
    states = [events.next()]  # the pictures first, a changed PDF's as soon as they are written
    while states[-1]["index"] == before["index"]:
        states.append(events.next())
    *pictures, indexed = states  # then the page, made again
    events.close()
    first, after = pictures[0], pictures[-1]
    assert first["images"][card] != before["images"][card]  # the card's PDF's pictures are told before the others'
    assert after["version"] > before["version"] and after["errors"] == []
    assert after["index"] == before["index"] != indexed["index"] and indexed["images"] == after["images"]
    assert after["images"][card] == digest(served.out / card) != before["images"][card]
    others = [f"{CARDS}/card-{n:02d}.png" for n in range(2, 19)]
    assert [after["images"][o] for o in others] == [before["images"][o] for o in others]  # not one other card
    assert any(re.fullmatch(r"changed: .*numbered-cards/game\.yaml", line) for line in served.said)


def test_a_broken_edit_is_told_with_its_file_and_line_the_pictures_kept_and_the_fix_clears_it(served):
    events = served.events()
    before = events.next()
    path = game_yaml(served.project)
    good = path.read_text(encoding="utf-8")
    line = line_of(path, ABILITY)
    path.write_text(good.replace(ABILITY, "{{ oops"), encoding="utf-8")
    broken = events.next()
    assert broken["stale"] is True and broken["images"] == before["images"]
    assert len(broken["errors"]) == 1 and re.match(rf"{GAME}/game.yaml:{line}(:\d+)?: ", broken["errors"][0])
    assert broken["errors"] == served.complaints[:1]  # as the terminal says it
    assert served.get(f"/{CARDS}/card-01.png")[1] == (served.out / CARDS / "card-01.png").read_bytes()
    path.write_text(good, encoding="utf-8")
    fixed = events.next()
    events.close()
    assert fixed["errors"] == [] and fixed["stale"] is False


def test_the_cards_changed_since_printed_with_their_words_then_and_now_and_their_picture(served, project):
    assert json.loads(served.get("/_printkit/printed")[1]) == {"recorded": False}
    from printkit.cli.main import main

    os.chdir(project)
    assert main(["printed", GAME]) == 0
    found = json.loads(served.get("/_printkit/printed")[1])
    assert found["recorded"] is True and [game["changes"] for game in found["games"]] == [[]]
    as_printed = (served.out / CARDS / "card-01.png").read_bytes()
    events = served.events()
    card = f"{CARDS}/card-01.png"
    first = events.next()["images"][card]
    path = game_yaml(project)
    path.write_text(path.read_text(encoding="utf-8").replace(ABILITY, "Rearrange every card of the row."),
                    encoding="utf-8")
    while events.next()["images"][card] == first:  # (an event of before the edit may come first)
        pass
    events.close()
    (game,) = json.loads(served.get("/_printkit/printed")[1])["games"]
    (change,) = game["changes"]
    assert (change["product"], change["name"], change["ordinal"], change["kind"]) == \
        ("ability-cards", "card 1", 1, "changed")
    assert ABILITY in change["before"] and "Rearrange every card of the row." in change["after"]
    assert ABILITY not in change["after"]
    assert change["image"] == f"{CARDS}/card-01.png"
    # the picture as it was when recorded, kept while it was so, and served
    status, kept, _ = served.get("/" + change["printed"])
    assert status == 200 and kept == as_printed != (served.out / change["image"]).read_bytes()
    assert change["printed"].startswith(f"preview/{GAME}/_printed/")
    assert game["date"] == time.strftime("%Y-%m-%d") or re.fullmatch(r"\d{4}-\d\d-\d\d", game["date"])


def test_a_port_in_use_is_one_line_and_a_bad_port_a_usage_error(project, cli):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        code, out, err = cli("serve", GAME, "--port", str(port))
    finally:
        taken.close()
    assert code == 1
    assert err.splitlines() == [f"--port: cannot serve at 127.0.0.1:{port}: Address already in use; "
                                "leave --port out for a free one"]
    code, out, err = cli("serve", GAME, "--port", "70000")
    assert code == 2 and err.splitlines()[-1] == ("printkit: error: argument --port: '70000' is not a port: "
                                                 "a whole number from 1 to 65535")


def test_ctrl_c_stops_serving_cleanly(project):
    """A real process: it prints its URL, serves, and on Ctrl-C closes the port and ends with 0."""
    process = subprocess.Popen([sys.executable, "-m", "printkit", "serve", GAME, "--content", "content"], cwd=project,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for line in process.stdout:
            if line.startswith("serving "):
                url = line.split()[1]
                break
        assert url and re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
        port = int(url.rsplit(":", 1)[1].strip("/"))
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 0 and "Traceback" not in err and err == ""
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_a_first_build_that_fails_serves_a_page_that_says_why_and_follows_the_fix(project):
    path = game_yaml(project)
    good = path.read_text(encoding="utf-8")
    line = line_of(path, ABILITY)
    path.write_text(good.replace(ABILITY, "{{ oops"), encoding="utf-8")
    served = Served(project)
    try:
        status, body, _ = served.get("/")
        assert status == 200 and b"Nothing is built yet" in body and b"/_printkit/live.js" in body
        events = served.events()
        first = events.next()
        assert first["index"] == "" and first["images"] == {}
        assert [re.sub(r"(:\d+):\d+$", r"\1", error.split(": ")[0]) for error in first["errors"]] == [f"{GAME}/game.yaml:{line}"]
        path.write_text(good, encoding="utf-8")
        state = events.next()
        while not state["index"]:
            state = events.next()
        events.close()
        assert state["errors"] == [] and f"{CARDS}/card-01.png" in state["images"]
        assert b"Nothing is built yet" not in served.get("/")[1]
    finally:
        served.close()


def test_another_address_is_served_when_asked_and_said(project):
    """`--host ::1`: IPv6 loopback; the URL printed is one to open."""
    games = [project_games(project / "content")[GAME]]
    said, ready, stop = [], threading.Event(), threading.Event()
    urls = []
    thread = threading.Thread(target=serve, daemon=True, args=(
        games, project / "content", project / "output", Options(PAPERS["a4"]), 10, "::1", 0, said.append,
        said.append, stop), kwargs={"ready": lambda url: (urls.append(url), ready.set())})
    thread.start()
    try:
        assert ready.wait(60)
        (url,) = urls
        assert re.fullmatch(r"http://\[::1\]:\d+/", url)
        assert any(line.startswith(f"serving {url} (the files of output/ only, from this machine only)") for line in said)
        port = int(url.rsplit(":", 1)[1].strip("/"))
        connection = http.client.HTTPConnection("::1", port, timeout=10)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200
        connection.close()
    finally:
        stop.set()
        thread.join(15)


@pytest.mark.parametrize("url", ["vscode://file/{line}", "javascript:alert(1)//{file}", "no scheme {file}", "{file}"])
def test_an_editor_url_that_cannot_open_a_file_is_a_usage_error(project, cli, url):
    code, _, err = cli("serve", GAME, "--editor", url)
    assert code == 2 and "is not an editor's URL" in err.splitlines()[-1]


def test_a_bug_behind_changed_since_printed_is_said_and_serving_goes_on(served, monkeypatch, project):
    from printkit.cli.main import main
    from printkit.live.errata import record

    os.chdir(project)
    assert main(["printed", GAME]) == 0
    monkeypatch.setattr(record, "cards_now", lambda kit: 1 / 0)
    status, body, _ = served.get("/_printkit/printed")
    assert status == 200 and json.loads(body)["errors"] == ["printkit: a bug, not in your files: "
                                                            "ZeroDivisionError: division by zero"]
    assert served.get("/")[0] == 200 and served.thread.is_alive()
