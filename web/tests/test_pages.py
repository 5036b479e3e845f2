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


@pytest.mark.parametrize("name", ["tigris-euphrates", "cards", "sumeria"])
def test_rule_books_read_for_players(watched, base_url, name):
    """A game's rule book: its examples in the order of the rules they illustrate (each names
    its rule first, and those rules come in the page's order), the examples' seats named as
    their pictures name them, and the notes for implementers folded away."""
    page = watched.page
    page.goto(f"{base_url}/{name}.html")
    page.wait_for_selector("body[data-ready='1']")
    rules = page.eval_on_selector_all(
        "section.rule-example", "els => els.map(e => { const a = e.querySelector('p strong a[href^=\"#\"]');"
        " return [e.dataset.example, a ? a.getAttribute('href').slice(1) : null]; })")
    assert rules and all(rule for _, rule in rules), rules
    # Each rule's place on the page: the examples never go back to an earlier rule.
    places = [page.evaluate("id => { const all = [...document.querySelectorAll('[id]')];"
                            " return all.indexOf(document.getElementById(id)); }", rule)
              for _, rule in rules]
    assert all(p >= 0 for p in places), rules
    assert places == sorted(places), list(zip(rules, places))
    # What a player reads without unfolding anything speaks of no crate, test or snapshot.
    shown = page.evaluate("""() => {
        const main = document.querySelector('main').cloneNode(true);
        main.querySelectorAll('details').forEach((d) => d.remove());
        return main.innerText;
    }""")
    for word in ["crates/", "snapshot", "cargo ", "Config::", "tests/cases", "fuzz"]:
        assert word not in shown, f"{word!r} is shown on {name}.html outside the notes for implementers"
    # The original rule books' player symbols are not seats' names here: pictures say 0, 1, 2.
    lowered = shown.lower()
    for symbol in ["lion", "buffalo", "archer", "pottery", "taureau", "vase"]:
        assert f" {symbol} " not in lowered and f" {symbol}'s" not in lowered, symbol
