"""Every page loads with no console error and no failed request, and its links lead somewhere."""

from urllib.parse import urljoin, urlparse
from urllib.request import urlopen

import pytest

PAGES = ["index.html", "play.html", "rules.html", "tigris-euphrates.html", "cards.html", "sumeria.html"]


@pytest.mark.parametrize("page_name", PAGES)
def test_page_loads_clean(watched, base_url, page_name):
    page = watched.page
    page.goto(f"{base_url}/{page_name}")
    # Each page's script marks the body when it has done its work (the play page after the
    # engine has loaded).
    page.wait_for_selector("body[data-ready='1']" if page_name != "index.html" else "main")
    page.wait_for_load_state("networkidle")
    assert page.title().endswith("mesopotamia") or "mesopotamia" in page.title()
    # Every link inside the site answers, and its anchor, if any, is an id on the target page.
    links = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    own = urlparse(base_url).netloc
    pages = {}
    for link in links:
        parsed = urlparse(link)
        if parsed.netloc != own:
            continue
        if parsed.path not in pages:
            with urlopen(urljoin(base_url, parsed.path)) as response:
                assert response.status == 200, link
                pages[parsed.path] = response.read().decode()
        if parsed.fragment:
            assert f'id="{parsed.fragment}"' in pages[parsed.path], link


def test_rule_pages_have_every_example_and_anchor(watched, base_url, cli):
    """The rules pages come from docs/*.md: every rule example of the native engine has its
    live section on its game's page, and the rule anchors are there."""
    listed = [line.split()[0] for line in cli("examples").stdout.splitlines() if line.strip()]
    found = []
    for name, anchor in [("tigris-euphrates", "t7"), ("cards", "c9"), ("sumeria", "s5"), ("rules", "g1")]:
        watched.page.goto(f"{base_url}/{name}.html")
        watched.page.wait_for_selector("body[data-ready='1']")
        assert watched.page.locator(f"[id='{anchor}']").count() == 1, (name, anchor)
        found += watched.page.eval_on_selector_all(
            "section.rule-example", "els => els.map(e => e.dataset.example)")
    assert sorted(found) == sorted(listed)
