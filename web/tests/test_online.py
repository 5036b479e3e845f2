"""Online play through the game server (crates/mesopotamia-server), all on 127.0.0.1: the play
page creates a game on the server ("Play with friends"), each person opens their seat's link in
a browser context of their own and plays by clicking, a spectator watches and never sees a hand.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time

import pytest

from conftest import DESKTOP, ROOT, SCREENSHOTS, SITE, TARGET
from test_play import click_one_decision, start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The server binary on a free port of 127.0.0.1, serving the built site, a fresh database."""
    exe = os.environ.get("MESOPOTAMIA_SERVER")
    if not exe:
        subprocess.run(["cargo", "build", "-q", "-p", "mesopotamia-server"], cwd=ROOT, check=True)
        exe = str(TARGET / "debug" / "mesopotamia-server")
    port = free_port()
    data = tmp_path_factory.mktemp("server-data")
    process = subprocess.Popen([exe, "--addr", f"127.0.0.1:{port}", "--data", str(data), "--site", str(SITE)],
                               env={**os.environ, "RUST_LOG": "warn"})
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the server did not start"
            assert process.poll() is None, "the server stopped"
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    process.kill()
    process.wait()


GAMES = [("tigris", ["person", "person"]), ("cards", ["person", "random", "person"]),
         ("sumeria", ["person", "person", "level1"])]


@pytest.mark.parametrize("game,seats", GAMES, ids=[g for g, _ in GAMES])
def test_friends_play_a_whole_game_online_by_clicking_and_a_spectator_sees_no_hand(browser, server, game, seats):
    contexts = []
    try:
        host = browser.new_context(viewport=DESKTOP)
        contexts.append(host)
        page = host.new_page()
        page.set_default_timeout(60_000)
        start(page, server, game, len(seats), seats, button="#online", seed=3)
        page.wait_for_selector("#online-links a[data-spectator]")
        links = {int(a.get_attribute("data-seat")): a.get_attribute("href")
                 for a in page.locator("#online-links a[data-seat]").all()}
        spectator_link = page.locator("#online-links a[data-spectator]").get_attribute("href")
        assert sorted(links) == [s for s, spec in enumerate(seats) if spec == "person"]
        people = {}
        for seat, link in links.items():
            context = browser.new_context(viewport=DESKTOP)
            contexts.append(context)
            person = context.new_page()
            person.set_default_timeout(60_000)
            person.goto(link)
            person.wait_for_selector("body[data-online='1']")
            people[seat] = person
        context = browser.new_context(viewport=DESKTOP)
        contexts.append(context)
        watcher = context.new_page()
        watcher.goto(spectator_link)
        watcher.wait_for_selector("body[data-online='1']")
        # Each person plays by clicking when their seat is to move, until the game is over.
        for _ in range(3000):
            if all(p.evaluate("document.body.dataset.over === '1'") for p in people.values()):
                break
            moved = False
            for person in people.values():
                if person.evaluate("!document.getElementById('action').disabled && document.body.dataset.over !== '1'"):
                    click_one_decision(person)  # waits until the log shows the step
                    moved = True
            if not moved:
                time.sleep(0.05)
        for person in people.values():
            person.wait_for_selector("body[data-over='1']")
            assert person.locator("#status").inner_text() == "The game is over (rules)."
        watcher.wait_for_selector("body[data-over='1']")
        # The spectator never had a hand or an action to take.
        assert watcher.locator("#hand button.piece").count() == 0
        assert watcher.locator("#hand-panel").is_hidden()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        first = next(iter(people.values()))
        first.screenshot(path=SCREENSHOTS / f"online-{game}-seat.png")
        watcher.screenshot(path=SCREENSHOTS / f"online-{game}-spectator.png")
        # The record, once over, from the server.
        with first.expect_download() as download:
            first.click("#save")
        assert download.value.suggested_filename == f"{game}-record.json"
    finally:
        for context in contexts:
            context.close()


def test_an_online_game_with_a_clock_shows_each_persons_time_running(browser, server):
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        start(page, server, "cards", 2, ["person", "person"], button="#online",
              menus=[("#time", "clock:300000:5000"), ("#at-zero", "lose")])
        page.wait_for_selector("#online-links a[data-seat]")
        link = page.locator("#online-links a[data-seat='0']").get_attribute("href")
        seat = context.new_page()
        seat.goto(link)
        seat.wait_for_selector("body[data-online='1']")
        seat.wait_for_selector("#clocks:not([hidden])")
        text = seat.locator("#clocks").inner_text()
        # Both people's clocks, the running one marked, five minutes at most.
        assert "Seat 0 (you): " in text and "Seat 1: " in text, text
        assert text.count("▶") == 1, text
        first = seat.locator("#clocks").inner_text()
        seat.wait_for_function(f"document.getElementById('clocks').textContent !== {first!r}")
        running = [part for part in seat.locator("#clocks").inner_text().split(" · ") if "▶" in part][0]
        assert running.split(": ")[-1] < "5:00", running
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        seat.screenshot(path=SCREENSHOTS / "online-clock.png")
    finally:
        context.close()
