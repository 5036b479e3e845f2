"""An automated accessibility check: axe-core (npm) over every page of the built site in
Chromium, failing on any violation of `serious` or `critical` impact (the report lists each:
rule, impact, help and the elements it found).

axe-core is found in `target/tools/axe-core-VERSION/node_modules/axe-core/axe.min.js`, where
`.ci/run` installs it (`npm install --prefix target/tools/axe-core-VERSION axe-core@VERSION`),
or at `$MESOPOTAMIA_AXE` (the path of `axe.min.js`). Without it the tests are skipped, saying
how to install it, except when `MESOPOTAMIA_REQUIRE_AXE=1` (set by `.ci/run`): then a missing
axe-core fails.
"""

from __future__ import annotations

import os

import pytest

from conftest import DESKTOP, PHONE, TARGET

# What the check fails on: axe's two highest impacts (the others are reported, not failed).
FAILING = ("serious", "critical")
RULES_PAGES = ["rules.html", "tigris-euphrates.html", "cards.html", "sumeria.html"]
GAMES = ["tigris", "cards", "sumeria"]


def axe_path() -> str | None:
    """The newest axe-core under target/tools/, or $MESOPOTAMIA_AXE."""
    given = os.environ.get("MESOPOTAMIA_AXE")
    if given:
        return given if os.path.isfile(given) else None
    tools = TARGET / "tools"
    found = sorted(
        tools.glob("axe-core-*/node_modules/axe-core/axe.min.js"),
        key=lambda p: [int(n) if n.isdigit() else 0 for n in p.parts[-4].split("-")[-1].split(".")],
    )
    return str(found[-1]) if found else None


@pytest.fixture(scope="session")
def axe_source():
    path = axe_path()
    if path is None:
        how = ("npm install --prefix target/tools/axe-core-4.14.1 axe-core@4.14.1 "
               "(as .ci/run does), or set MESOPOTAMIA_AXE to axe.min.js")
        if os.environ.get("MESOPOTAMIA_REQUIRE_AXE") == "1":
            pytest.fail(f"axe-core is required (MESOPOTAMIA_REQUIRE_AXE=1) and not found in {TARGET / 'tools'}: {how}")
        pytest.skip(f"axe-core not found in {TARGET / 'tools'}: the accessibility check is skipped; {how}")
    with open(path, encoding="utf-8") as f:
        return f.read()


def violations(page, axe_source: str) -> list[dict]:
    """axe's violations on the page as it stands now (every rule axe runs by default)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary, html: n.html.slice(0, 160) })),
        }));
    }""")
    return result


def report(where: str, found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{where}: [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:12]:
            lines.append(f"    {node['target']}: {node['html']}")
            summary = (node["summary"] or "").replace("\n", " / ")
            lines.append(f"      {summary[:300]}")
        if len(v["nodes"]) > 12:
            lines.append(f"    ... and {len(v['nodes']) - 12} more")
    return "\n".join(lines)


def check(page, axe_source: str, where: str) -> None:
    """Fails on serious or critical violations; prints every violation found."""
    found = violations(page, axe_source)
    if found:
        print(report(where, found))
    failing = [v for v in found if v["impact"] in FAILING]
    assert not failing, "axe-core found serious or critical violations:\n" + report(where, failing)


@pytest.fixture(params=[("desktop", DESKTOP), ("phone", PHONE)], ids=["desktop", "phone"])
def sized_watched(request, browser):
    """A page at each size, failing on console errors as `watched` does."""
    from conftest import Watched

    context = browser.new_context(viewport=request.param[1])
    page = context.new_page()
    page.set_default_timeout(60_000)
    watch = Watched(page)
    yield request.param[0], watch
    context.close()
    watch.assert_clean()


def test_home_page(sized_watched, base_url, axe_source):
    size, watched = sized_watched
    page = watched.page
    page.goto(f"{base_url}/index.html")
    page.wait_for_load_state("networkidle")
    check(page, axe_source, f"index.html ({size})")


@pytest.mark.parametrize("page_name", RULES_PAGES)
def test_rules_page(sized_watched, base_url, axe_source, page_name):
    """The page as it loads, then with its first example live (stepped once, its position
    text open) and, from that step, its "Try it" panel."""
    size, watched = sized_watched
    page = watched.page
    page.goto(f"{base_url}/{page_name}")
    page.wait_for_selector("body[data-ready='1']")
    check(page, axe_source, f"{page_name} ({size})")
    sections = page.locator("section.rule-example")
    if sections.count() == 0:
        return
    example = sections.first.get_attribute("data-example")
    section = page.locator(f"section.rule-example[data-example='{example}']")
    section.locator("button[data-step='start']").click()
    page.wait_for_selector(f"section.rule-example[data-example='{example}'][data-live='ready']")
    section.locator("button[data-step='forward']").click()
    section.locator("details summary").first.click()
    check(page, axe_source, f"{page_name} ({size}), an example stepped")
    section.locator("button[data-step='try']").click()
    section.locator(".try-panel").wait_for()
    check(page, axe_source, f"{page_name} ({size}), an example's try-it panel")


def start_against_bots(page, game: str) -> None:
    """A new game of `game` from the play page's setup: seat 0 a person, the others bots."""
    page.select_option("#game", game)
    for i in range(page.locator("[id^='seat-']").count()):
        field = page.locator(f"#seat-{i}")
        if field.count() == 0:
            continue
        spec = "person" if i == 0 else "random"
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(spec)
        else:
            field.fill(spec)
    page.click("#start")
    page.wait_for_function("() => { const t = document.getElementById('table'); return t && !t.hidden; }")
    page.wait_for_load_state("networkidle")
    # The bots (random) answer at once: wait for the person's turn, or the end.
    page.wait_for_timeout(1500)


def test_play_page_at_setup(sized_watched, base_url, axe_source):
    size, watched = sized_watched
    page = watched.page
    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    check(page, axe_source, f"play.html setup ({size})")


@pytest.mark.parametrize("game", GAMES)
def test_play_page_in_a_game_against_bots(sized_watched, base_url, axe_source, game):
    size, watched = sized_watched
    page = watched.page
    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    start_against_bots(page, game)
    check(page, axe_source, f"play.html, {game} against bots ({size})")
