"""Screenshots (PNG) of the rule book, an example half-way and the play page, on a desktop
(1280x800) and a phone (390x844), into target/web-screenshots/ for a person to look at. Each
page is also checked for sideways overflow (nothing wider than the screen but the pictures,
which scroll in their own box)."""

import pytest

from conftest import DESKTOP, PHONE, SCREENSHOTS


@pytest.fixture(params=[("desktop", DESKTOP), ("phone", PHONE)], ids=["desktop", "phone"])
def sized(request, browser):
    name, viewport = request.param
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    page = context.new_page()
    yield name, page
    context.close()


def no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_screenshots(sized, base_url):
    name, page = sized
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    page.goto(f"{base_url}/tigris-euphrates.html")
    page.wait_for_selector("body[data-ready='1']")
    no_sideways_scroll(page)
    page.screenshot(path=SCREENSHOTS / f"rulebook-{name}.png")

    section = page.locator("section.rule-example[data-example='TE-2009-WAR']")
    section.locator("button[data-step='start']").click()
    page.wait_for_selector("section.rule-example[data-example='TE-2009-WAR'][data-live='ready']")
    stages = int(section.get_attribute("data-stages"))
    for _ in range(stages // 2):
        section.locator("button[data-step='forward']").click()
    section.locator(".stage-label").scroll_into_view_if_needed()
    page.evaluate("document.querySelector(\"section[data-example='TE-2009-WAR'] .controls\").scrollIntoView()")
    no_sideways_scroll(page)
    page.screenshot(path=SCREENSHOTS / f"example-half-way-{name}.png")

    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    page.screenshot(path=SCREENSHOTS / f"play-setup-{name}.png")
    page.select_option("#seat-0", "person")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "random")
    page.click("#start")
    page.wait_for_function("!document.getElementById('action').disabled")
    no_sideways_scroll(page)
    page.screenshot(path=SCREENSHOTS / f"play-{name}.png")
    page.screenshot(path=SCREENSHOTS / f"play-full-{name}.png", full_page=True)
