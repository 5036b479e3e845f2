"""Browser tests of the site built by `cargo xtask web` (in target/web/).

Debian's Chromium (/usr/bin/chromium, or $CHROMIUM) driven by Playwright from PyPI: Playwright
never downloads a browser of its own here. The site is served from this process by Python's
static file server on a free port. The native results the pages are compared with come from the
`mesopotamia` command built from the same tree ($MESOPOTAMIA_CLI, or `cargo build`).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
if not TARGET.is_absolute():
    TARGET = ROOT / TARGET
SITE = TARGET / "web"
SCREENSHOTS = TARGET / "web-screenshots"

# The machine's network is closed: these switches keep Chromium from trying to reach out.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The static file server, without a log line per request."""

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a page mid-download is no error of the site's."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory: Path):
    """Starts a static file server of `directory`; returns (server, base URL)."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def launch(playwright):
    """Debian's Chromium, headless."""
    return playwright.chromium.launch(
        executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
        args=CHROMIUM_ARGS,
        headless=True,
    )


@pytest.fixture(scope="session")
def base_url():
    if not (SITE / "index.html").exists():
        pytest.fail(f"no site in {SITE}: run `cargo xtask web` first")
    server, url = serve(SITE)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


class Watched:
    """A page with its console errors, uncaught exceptions and failed requests collected."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed request: {r.url} {r.failure}"))
        page.on("response", self._response)

    def _console(self, message):
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def assert_clean(self):
        assert self.problems == [], "\n".join(self.problems)


@pytest.fixture
def watched(browser):
    """A desktop-sized page, watched; the test fails on any console error or failed request."""
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch = Watched(page)
    yield watch
    context.close()
    watch.assert_clean()


@pytest.fixture(scope="session")
def cli():
    """Runs the native `mesopotamia` command; returns its standard output."""
    exe = os.environ.get("MESOPOTAMIA_CLI")
    if not exe:
        subprocess.run(["cargo", "build", "-q", "-p", "mesopotamia-cli"], cwd=ROOT, check=True)
        exe = str(TARGET / "debug" / "mesopotamia")

    def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"mesopotamia {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done

    return run
