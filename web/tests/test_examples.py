"""Every rule example of the three games, stepped through in its rule-book page, shows the same
positions as the native case runner (`mesopotamia examples ID`, run now)."""

import re

import pytest

GAME_PAGES = {"tigris": "tigris-euphrates", "cards": "cards", "sumeria": "sumeria"}


def native_positions(transcript: str) -> list[tuple[str, str]]:
    """Each scenario's position before and after, from the CLI's transcript of an example."""
    blocks = re.split(r"^(-- [a-z ]+ --|== scenario \d+ ==)$", transcript, flags=re.M)
    out = []
    for header, body in zip(blocks[1::2], blocks[2::2]):
        if header in ("-- before --", "-- after --"):
            out.append((header.strip("- "), body.strip("\n")))
    return out


@pytest.mark.parametrize("game", sorted(GAME_PAGES))
def test_every_example_matches_the_native_case_runner(watched, base_url, cli, game):
    page = watched.page
    page.goto(f"{base_url}/{GAME_PAGES[game]}.html")
    page.wait_for_selector("body[data-ready='1']")
    ids = page.eval_on_selector_all("section.rule-example", "els => els.map(e => e.dataset.example)")
    assert ids, f"no example on the {game} page"
    for example in ids:
        native = native_positions(cli("examples", example).stdout)
        assert native, example
        section = page.locator(f"section.rule-example[data-example='{example}']")
        section.locator("button[data-step='start']").click()
        page.wait_for_selector(f"section.rule-example[data-example='{example}'][data-live='ready']")
        seen = []
        # Step forward one step at a time, reading the position at each "before" and "after".
        while True:
            label = section.locator(".stage-label").inner_text()
            position = section.locator("pre.position").text_content().strip("\n")
            if label.endswith("before"):
                seen.append(("before", position))
            if label.endswith("after") or label.endswith("(after)"):
                seen.append(("after", position))
            forward = section.locator("button[data-step='forward']")
            if forward.is_disabled():
                break
            forward.click()
        assert seen == native, example
        # And back: the first stage is the position before.
        section.locator("button[data-step='first']").click()
        assert section.locator("pre.position").text_content().strip("\n") == native[0][1]


def test_try_it_plays_a_legal_action_from_an_example(watched, base_url):
    page = watched.page
    page.goto(f"{base_url}/tigris-euphrates.html")
    page.wait_for_selector("body[data-ready='1']")
    section = page.locator("section.rule-example[data-example='TE-2009-WAR']")
    section.locator("button[data-step='start']").click()
    section.locator("button[data-step='try']").click()
    panel = section.locator(".try-panel")
    first = panel.locator(".legal button[data-action]").first
    first.wait_for()
    action = first.get_attribute("data-action")
    first.click()
    # The step is told (its notation first, then the engine's events).
    assert panel.locator(".events li").first.inner_text() == action
