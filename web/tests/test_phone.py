"""On a phone (390x844): the home page and the rules pages never scroll sideways, and a rule
example's pictures, before and after, come one above the other, each large enough to read (its
12-unit labels at 9 px and more, scrolling sideways in its own box), as its live pictures do.
On a desktop (1280x800) the pictures are shown at their own size or larger: no label of the
card game's or Sumeria's pictures is under 12 px. Screenshots go to target/web-screenshots/."""

import pytest

from conftest import DESKTOP, PHONE, SCREENSHOTS

PAGES = ["index.html", "rules.html", "tigris-euphrates.html", "cards.html", "sumeria.html"]
# One example of each game, with two scenarios where the game has one.
EXAMPLES = {"tigris-euphrates": "TE-2009-WAR", "cards": "CARDS-LINK-TREASURE", "sumeria": "SUMERIA-MOVE"}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def load(page, base_url, name):
    page.goto(f"{base_url}/{name}")
    if name != "index.html":
        page.wait_for_selector("body[data-ready='1']")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("name", PAGES)
def test_no_sideways_scroll_on_a_phone(phone, base_url, name):
    load(phone, base_url, name)
    assert page_width(phone) <= PHONE["width"], f"{name} is {page_width(phone)} px wide"


def pictures(page, example):
    """Each picture of the example's figure: its box on the screen and its natural size."""
    return page.eval_on_selector_all(
        f"section[data-example='{example}'] figure.before-after img",
        """els => els.map(e => { const r = e.getBoundingClientRect();
            return { alt: e.alt, top: r.top, bottom: r.bottom, left: r.left, width: r.width,
                     natural: e.naturalWidth }; })""")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_an_example_s_pictures_stack_and_stay_readable_on_a_phone(phone, base_url, name):
    load(phone, base_url, f"{name}.html")
    example = EXAMPLES[name]
    figure = phone.locator(f"section[data-example='{example}'] figure.before-after")
    figure.scroll_into_view_if_needed()
    phone.wait_for_function(
        f"[...document.querySelectorAll(\"section[data-example='{example}'] figure.before-after img\")]"
        ".every(i => i.complete && i.naturalWidth > 0)")
    shown = pictures(phone, example)
    assert len(shown) >= 2 and len(shown) % 2 == 0, shown
    for before, after in zip(shown[::2], shown[1::2]):
        assert "before" in before["alt"] and "after" in after["alt"], (before, after)
        # One above the other, not side by side.
        assert after["top"] >= before["bottom"], (before, after)
        for picture in (before, after):
            # 12-unit labels at 9 px or more.
            assert picture["width"] / picture["natural"] * 12 >= 9, picture
    # Each picture scrolls in its own box: the page does not.
    assert page_width(phone) <= PHONE["width"]
    figure.screenshot(path=SCREENSHOTS / f"example-pictures-{name}-phone.png")
    # The live pictures too, stepped to the middle of the example.
    section = phone.locator(f"section[data-example='{example}']")
    section.locator("button[data-step='start']").click()
    phone.wait_for_selector(f"section[data-example='{example}'][data-live='ready']")
    for _ in range(int(section.get_attribute("data-stages")) // 2):
        section.locator("button[data-step='forward']").click()
    svg = section.locator(".live .picture svg")
    scale = svg.evaluate("s => s.getBoundingClientRect().width / s.viewBox.baseVal.width")
    assert scale * 12 >= 9, scale
    assert page_width(phone) <= PHONE["width"]
    section.locator(".live").screenshot(path=SCREENSHOTS / f"example-live-{name}-phone.png")


@pytest.mark.parametrize("name", ["cards", "sumeria"])
def test_no_label_under_12_px_on_a_desktop(desktop, base_url, name):
    """Every text of the card game's and Sumeria's example pictures, as the page shows them at
    1280 px wide (font size in the picture's units times its scale), in the figures and live."""
    load(desktop, base_url, f"{name}.html")
    desktop.evaluate("document.querySelectorAll('figure.before-after img').forEach(i => i.loading = 'eager')")
    desktop.wait_for_function(
        "[...document.querySelectorAll('figure.before-after img')].every(i => i.complete && i.naturalWidth > 0)")
    scales = desktop.eval_on_selector_all(
        "figure.before-after img", "els => els.map(e => e.getBoundingClientRect().width / e.naturalWidth)")
    assert scales and min(scales) >= 1, min(scales)
    # The pictures' own smallest text (the site shows them at the scales above).
    sizes = []
    for src in desktop.eval_on_selector_all("figure.before-after img", "els => els.map(e => e.src)"):
        svg = desktop.evaluate("async src => (await fetch(src)).text()", src)
        sizes += [float(s.split('"')[0]) for s in svg.split('font-size="')[1:]]
    assert sizes and min(sizes) * min(scales) >= 12, (min(sizes), min(scales))
    # And a live picture, stepped once.
    example = EXAMPLES[name]
    section = desktop.locator(f"section[data-example='{example}']")
    section.locator("button[data-step='start']").click()
    desktop.wait_for_selector(f"section[data-example='{example}'][data-live='ready']")
    section.locator("button[data-step='forward']").click()
    smallest = section.locator(".live .picture svg").evaluate(
        """s => { const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
                  return Math.min(...[...s.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')))) * scale; }""")
    assert smallest >= 12, smallest
    section.locator(".live").screenshot(path=SCREENSHOTS / f"example-live-{name}-desktop.png")
