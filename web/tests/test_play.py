"""Whole games played through the play page's own controls, a person against bots, to the end;
the saved record replays with the native `mesopotamia replay`. Refusals show the engine's words."""

import json

import pytest

from conftest import SCREENSHOTS


def start(page, base_url, game, players, seats, **options):
    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, spec in enumerate(seats):
        page.fill(f"#seat-{seat}", spec)
    for name, value in options.items():
        page.fill(f"[name='{name}']", str(value))
    page.click("#start")


def person_turn_or_end(page):
    """Waits until the person may act (the action field is enabled) or the game is over."""
    page.wait_for_function(
        "document.body.dataset.over === '1' || !document.getElementById('action').disabled")
    return page.evaluate("document.body.dataset.over === '1'")


def play_to_the_end(page, max_decisions=5000):
    decisions = 0
    while not person_turn_or_end(page):
        first = page.locator("#legal button[data-action]").first
        action = first.get_attribute("data-action")
        if decisions % 3 == 2:
            # Every third decision typed in notation, the others chosen from the list.
            page.fill("#action", action)
            page.press("#action", "Enter")
        else:
            first.click()
        decisions += 1
        assert decisions < max_decisions
        # The action has been taken when the log shows it.
        page.wait_for_function(
            "n => document.querySelectorAll('#log > li').length >= n", arg=decisions)
    return decisions


GAMES = [
    ("tigris", 4, ["person", "random", "random", "greedy"]),
    ("cards", 3, ["person", "random", "greedy"]),
    ("sumeria", 3, ["person", "greedy", "random"]),
]


@pytest.mark.parametrize("game,players,seats", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_against_bots_then_the_record_replays_natively(
        watched, base_url, cli, tmp_path, game, players, seats):
    page = watched.page
    start(page, base_url, game, players, seats, seed=11)
    decisions = play_to_the_end(page)
    assert decisions > 0
    standings = page.locator("#standings")
    standings.wait_for()
    rows = standings.locator("tbody tr")
    assert rows.count() == players
    assert "rank" in standings.inner_text()
    with page.expect_download() as download:
        page.click("#save")
    path = tmp_path / f"{game}.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["game"] == game
    assert record.get("end") == "rules"
    replayed = cli("replay", str(path))
    assert replayed.returncode == 0


# Bot-only games: each game, greedy against greedy and random against random, at its smallest
# and largest table; among them Tigris & Euphrates, 2 players, seed 7, greedy against greedy,
# which the page once played to the turn limit (its bots drew from a generator put back at its
# seed for every decision). Each must end by the rules, as the command line plays it.
BOT_GAMES = [
    (game, players, spec, seed)
    for game, smallest, largest in [("tigris", 2, 4), ("cards", 2, 4), ("sumeria", 3, 4)]
    for spec in ("greedy", "random")
    for players, seed in ((smallest, 7), (largest, 3))
]


@pytest.mark.parametrize("game,players,spec,seed", BOT_GAMES,
                         ids=[f"{g}-{p}-{s}-seed{n}" for g, p, s, n in BOT_GAMES])
def test_a_bot_only_game_ends_by_the_rules_as_the_command_line_plays_it(
        watched, base_url, cli, tmp_path, game, players, spec, seed):
    page = watched.page
    seats = [spec] * players
    start(page, base_url, game, players, seats, seed=seed)
    page.wait_for_selector("body[data-over='1']", timeout=240_000)
    assert page.locator("#status").inner_text() == "The game is over (rules)."
    assert page.locator("#standings tbody tr").count() == players
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"bots-{game}-{players}-{spec}-seed{seed}.png", full_page=True)
    with page.expect_download() as download:
        page.click("#save")
    path = tmp_path / f"{game}.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["end"] == "rules"
    # The command line's game with the same seed and seats is the same game, step for step.
    native = tmp_path / f"{game}-native.json"
    cli("play", game, "--players", str(players), "--seed", str(seed), "--bots", ",".join(seats),
        "--record", str(native))
    assert record == json.loads(native.read_text())
    # The log shows every seat's step.
    decisions = sum(1 for step in record["steps"] if "action" in step)
    assert page.locator("#log > li").count() == decisions


def test_a_refused_action_shows_the_engines_reason_and_changes_nothing(watched, base_url):
    page = watched.page
    start(page, base_url, "tigris", 2, ["person", "random"], seed=3)
    person_turn_or_end(page)
    legal_before = page.eval_on_selector_all("#legal button[data-action]", "b => b.map(x => x.dataset.action)")
    position_before = page.locator("#view-text").inner_text()
    # A red tile on the river (E1 is river on the classic board): parsed, and refused by rule.
    for typed in ["tile red E1", "fly to the moon"]:
        page.fill("#action", typed)
        page.press("#action", "Enter")
        refused = page.locator("#refused .refused")
        refused.wait_for()
        # The engine's own message, asked of the package directly on the same position.
        expected = page.evaluate(
            """async ([typed]) => {
                const wasm = await import('./pkg/mesopotamia_wasm.js');
                await wasm.default();
                const g = wasm.Game.create('tigris', { players: 2, seed: 3 });
                g.advance();
                try { g.play(typed); return null; } catch (e) { return e.message; }
            }""",
            [typed],
        )
        assert expected, f"the engine took {typed}"
        assert refused.inner_text() == f"{typed}: {expected}"
    legal_after = page.eval_on_selector_all("#legal button[data-action]", "b => b.map(x => x.dataset.action)")
    assert legal_after == legal_before
    assert page.locator("#view-text").inner_text() == position_before


def test_a_corrupt_record_is_refused_and_the_page_keeps_working(watched, base_url):
    page = watched.page
    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    bad_step = json.dumps({"version": 2, "game": "sumeria", "config": {"players": 3},
                           "steps": [{"action": [0, "not an action"]}]})
    for name, content in [("corrupt.json", b"{ this is not json"), ("bad-step.json", bad_step.encode())]:
        page.set_input_files("#load", files=[{"name": name, "mimeType": "application/json", "buffer": content}])
        error = page.locator("#message .error")
        error.wait_for()
        assert f"The record {name} is refused: " in error.inner_text()
        assert len(error.inner_text()) > len(f"The record {name} is refused: ") + 5
    # Still working: a new game starts and a person can act.
    page.select_option("#game", "cards")
    page.fill("#seat-0", "person")
    page.click("#start")
    assert not person_turn_or_end(page)
    assert page.locator("#legal button[data-action]").count() > 0


def test_clicking_the_board_lists_the_actions_at_that_place(watched, base_url):
    page = watched.page
    start(page, base_url, "tigris", 2, ["person", "random"], seed=5)
    person_turn_or_end(page)
    # A land square free at the start of the classic board: the tiles and leaders it takes.
    square = page.locator("#board [data-at='G6']")
    square.click()
    listed = page.eval_on_selector_all("#at-place button[data-action]", "b => b.map(x => x.dataset.action)")
    assert listed, "no action listed for G6"
    assert all("G6" in action.split() for action in listed)
    page.locator("#at-place button[data-action]").first.click()
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")


def test_undo_goes_back_to_the_persons_previous_decision(watched, base_url):
    page = watched.page
    start(page, base_url, "cards", 2, ["person", "random"], seed=2)
    person_turn_or_end(page)
    before = page.locator("#view-text").inner_text()
    action = page.locator("#legal button[data-action]").first.get_attribute("data-action")
    page.locator("#legal button[data-action]").first.click()
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    person_turn_or_end(page)
    after = page.locator("#view-text").inner_text()
    page.click("#undo")
    person_turn_or_end(page)
    assert page.locator("#view-text").inner_text() == before
    # The same decision again: the same draws and the same bot's turn (undo put the game's
    # generator back, over the bot's turn played in the worker too).
    logged = page.locator("#log > li").count()
    page.locator(f"#legal button[data-action='{action}']").click()
    page.wait_for_function("n => document.querySelectorAll('#log > li').length > n", arg=logged)
    person_turn_or_end(page)
    assert page.locator("#view-text").inner_text() == after


def test_hot_seat_hides_the_table_between_people(watched, base_url):
    page = watched.page
    start(page, base_url, "sumeria", 3, ["person", "person", "random"], seed=4)
    handoff = page.locator("#handoff")
    handoff.wait_for()
    first = handoff.inner_text()
    assert "Seat 0's turn" in first or "Seat 1's turn" in first
    assert page.locator("#table").evaluate("t => t.inert")
    page.keyboard.press("Enter")  # the confirm button has the focus
    person_turn_or_end(page)
    shown = page.locator("#view-text").inner_text()
    # The person plays on until the other person is to move: the table is hidden again first.
    for _ in range(50):
        page.locator("#legal button[data-action]").first.click()
        page.wait_for_function(
            "!document.getElementById('handoff').hidden || !document.getElementById('action').disabled")
        if not handoff.is_hidden():
            break
    assert not handoff.is_hidden(), "no hand-off to the other person"
    assert handoff.inner_text() != first
    page.click("#handoff-ok")
    assert page.locator("#view-text").inner_text() != shown


def test_a_saved_game_replays_in_the_page_step_by_step(watched, base_url, tmp_path):
    page = watched.page
    # Bots only: the page plays the game through, showing everything.
    start(page, base_url, "sumeria", 3, ["random", "random", "greedy"], seed=9)
    page.wait_for_selector("body[data-over='1']")
    with page.expect_download() as download:
        page.click("#save")
    path = tmp_path / "sumeria.json"
    download.value.save_as(path)
    steps = len(json.loads(path.read_text())["steps"])
    page.click("#new-game")
    for seat in range(3):
        page.fill(f"#seat-{seat}", "person")
    page.set_input_files("#load", str(path))
    label = page.locator("#replay-label")
    page.wait_for_function("document.getElementById('replay-label').textContent.startsWith('step')")
    assert label.inner_text().startswith(f"step {steps} of {steps}")
    end_position = page.locator("#view-text").inner_text()
    assert page.locator("#standings").is_visible()
    page.click("#replay-back")
    assert label.inner_text().startswith(f"step {steps - 1} of {steps}")
    assert page.locator("#view-text").inner_text() != end_position
    page.click("#replay-first")
    assert label.inner_text().startswith("the start")
    page.click("#replay-forward")
    assert label.inner_text().startswith(f"step 1 of {steps}")
    page.click("#replay-last")
    assert page.locator("#view-text").inner_text() == end_position
    # From a step half-way, the game goes on with the seats of the form (people here).
    page.click("#replay-first")
    for _ in range(steps // 2):
        page.click("#replay-forward")
    page.click("#replay-play")
    page.wait_for_function(
        "!document.getElementById('handoff').hidden || !document.getElementById('action').disabled")


def test_a_hint_names_a_legal_action_and_its_share(watched, base_url):
    page = watched.page
    start(page, base_url, "cards", 2, ["person", "random"], seed=6)
    person_turn_or_end(page)
    legal = page.eval_on_selector_all("#legal button[data-action]", "b => b.map(x => x.dataset.action)")
    page.click("#hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Hint: ')")
    text = page.locator("#hint-text").inner_text()
    action = text.removeprefix("Hint: ").split(" (")[0]
    assert action in legal
    assert "% of the search's visits" in text
    # The hint is put in the action field: Enter plays it.
    assert page.input_value("#action") == action
    page.press("#action", "Enter")
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    assert page.locator("#log > li").first.inner_text().startswith(f"seat 0: {action}")


def test_the_page_works_from_the_keyboard(watched, base_url):
    page = watched.page
    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    page.focus("#game")
    page.keyboard.press("Tab")  # the players
    page.keyboard.press("Tab")  # the seed
    page.keyboard.type("12")
    page.focus("#start")
    page.keyboard.press("Enter")
    person_turn_or_end(page)
    # A listed action: focus it and press Enter; then the action field has the focus again.
    button = page.locator("#legal button[data-action]").first
    action = button.get_attribute("data-action")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    assert page.locator("#log > li").first.inner_text().startswith(f"seat 0: {action}")
    person_turn_or_end(page)
    assert page.evaluate("document.activeElement.id") == "action"
    # The rule book's example controls are buttons too.
    page.goto(f"{base_url}/sumeria.html")
    page.wait_for_selector("body[data-ready='1']")
    section = page.locator("section.rule-example").first
    section.locator("button[data-step='start']").focus()
    page.keyboard.press("Enter")
    section.locator("button[data-step='forward']").wait_for()
    section.locator("button[data-step='forward']").focus()
    page.keyboard.press("Enter")
    assert section.get_attribute("data-stage") == "1"
