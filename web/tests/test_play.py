"""Whole games played through the play page's board, a person against bots, to the end, by
clicking only (a piece of the hand, then a lit place; decisions as buttons); bot-only games end
by the rules as the command line plays them; the saved record replays natively and in the page.
Refusals show the engine's words."""

import json

import pytest

from conftest import PHONE, SCREENSHOTS

# The seats' menu of the page; any other spec goes in the seat's "other" field.
MENU = {"person", "level1", "level2", "level3", "level4", "level5", "random"}


def choose_seats(page, seats, prefix="seat"):
    for seat, spec in enumerate(seats):
        if spec in MENU:
            page.select_option(f"#{prefix}-{seat}", spec)
        else:
            page.select_option(f"#{prefix}-{seat}", "other")
            page.fill(f"#{prefix}-{seat}-other", spec)


def start(page, base_url, game, players, seats, button="#start", menus=(), **options):
    """Opens the play page and starts a game: `button` is `#start` (at this screen) or
    `#online` (on the server); `menus` are (selector, value) pairs of other menus to set,
    `options` the game's option fields by name."""
    page.goto(f"{base_url}/play.html")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    choose_seats(page, seats)
    for name, value in options.items():
        page.fill(f"[name='{name}']", str(value))
    for selector, value in menus:
        page.select_option(selector, value)
    page.click(button)


def person_turn_or_end(page):
    """Waits until the person may act (the action field is enabled) or the game is over."""
    page.wait_for_function(
        "document.body.dataset.over === '1' || !document.getElementById('action').disabled")
    return page.evaluate("document.body.dataset.over === '1'")


def logged(page):
    return page.locator("#log > li").count()


def click_one_decision(page):
    """One decision by clicking only: a piece of the hand and a lit place, a lit place, or a
    decision button (the first of each, in the page's order)."""
    before = page.evaluate("document.querySelectorAll('#log > li').length")
    piece = page.locator("#hand button.piece:not([disabled])").first
    if piece.count():
        piece.click()
        page.wait_for_selector("#hand button.piece[aria-pressed='true']")
    lit = page.locator("#board .legal-place").first
    if lit.count():
        lit.click()
        choice = page.locator("#choices button[data-action]").first
        if choice.count():
            choice.click()
    else:
        page.locator("#decisions button[data-action]").first.click()
    page.wait_for_function("n => document.querySelectorAll('#log > li').length > n", arg=before)


def play_to_the_end_by_clicking(page, max_decisions=3000):
    decisions = 0
    while not person_turn_or_end(page):
        click_one_decision(page)
        decisions += 1
        assert decisions < max_decisions
    return decisions


def save_record(page, tmp_path, name, button="#save"):
    with page.expect_download() as download:
        page.click(button)
    path = tmp_path / name
    download.value.save_as(path)
    return path


GAMES = [
    ("tigris", 3, ["person", "random", "greedy"]),
    ("cards", 3, ["person", "random", "greedy"]),
    ("sumeria", 3, ["person", "greedy", "random"]),
]


@pytest.mark.parametrize("game,players,seats", GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_by_clicking_only_then_the_record_replays_natively(
        watched, base_url, cli, tmp_path, game, players, seats):
    page = watched.page
    start(page, base_url, game, players, seats, seed=11)
    person_turn_or_end(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # Mid-play, a piece taken and its places lit: what a person sees.
    for _ in range(6):
        if person_turn_or_end(page):
            break
        click_one_decision(page)
    if not person_turn_or_end(page):
        piece = page.locator("#hand button.piece:not([disabled])").first
        if piece.count():
            piece.click()
        page.screenshot(path=SCREENSHOTS / f"play-{game}-desktop.png")
        if piece.count():
            piece.click()  # put down again
    decisions = play_to_the_end_by_clicking(page)
    assert decisions > 0
    assert page.locator("#status").inner_text() == "The game is over (rules)."
    standings = page.locator("#standings")
    standings.wait_for()
    assert standings.locator("tbody tr").count() == players
    assert "Ranked by score: " in standings.inner_text()
    path = save_record(page, tmp_path, f"{game}.json")
    record = json.loads(path.read_text())
    assert record["game"] == game
    assert record.get("end") == "rules"
    assert record["bots"][0] == "person"
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



def board_in_view(page):
    """Whether the whole board is inside the viewport."""
    return page.evaluate("""() => {
        const r = document.getElementById('board').getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
            && r.width > 0 && r.height > 0;
    }""")


@pytest.mark.parametrize("game,players", [("tigris", 2), ("cards", 2), ("sumeria", 3)])
def test_on_a_phone_the_board_stays_whole_in_view_and_a_tap_then_a_tap_plays(
        browser, base_url, game, players):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        start(page, base_url, game, players, ["person"] + ["random"] * (players - 1), seed=5)
        person_turn_or_end(page)
        assert board_in_view(page)
        # The board is drawn whole: as wide as the screen at most, no sideways scrolling.
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        for _ in range(5):
            if person_turn_or_end(page):
                break
            before = logged(page)
            piece = page.locator("#hand button.piece:not([disabled])").first
            if piece.count():
                box = piece.bounding_box()
                assert box["width"] >= 28 and box["height"] >= 28
                piece.tap()
            lit = page.locator("#board .legal-place").first
            if lit.count():
                lit.tap()
                choice = page.locator("#choices button[data-action]").first
                if choice.count():
                    choice.tap()
            else:
                page.locator("#decisions button[data-action]").first.tap()
            page.wait_for_function("n => document.querySelectorAll('#log > li').length > n", arg=before)
            person_turn_or_end(page)
            # No jump: the page stays where it was, the whole board in view.
            assert page.evaluate("scrollY") == 0
            assert board_in_view(page)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"play-{game}-phone.png")
    finally:
        context.close()


def test_a_refused_action_shows_the_engines_reason_once_and_changes_nothing(watched, base_url):
    page = watched.page
    start(page, base_url, "tigris", 2, ["person", "random"], seed=3)
    person_turn_or_end(page)
    page.click("#notation summary")
    legal_before = page.eval_on_selector_all("#legal button[data-action]", "b => b.map(x => x.dataset.action)")
    position_before = page.locator("#view-text").text_content()
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
        assert refused.inner_text() == expected
        # The action is named once.
        assert refused.inner_text().count(typed) <= 1
    legal_after = page.eval_on_selector_all("#legal button[data-action]", "b => b.map(x => x.dataset.action)")
    assert legal_after == legal_before
    assert page.locator("#view-text").text_content() == position_before


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
    page.select_option("#seat-0", "person")
    page.click("#start")
    assert not person_turn_or_end(page)
    assert page.locator("#hand button.piece:not([disabled])").count() > 0


def test_a_piece_lights_its_places_and_a_place_it_cannot_go_is_said(watched, base_url):
    page = watched.page
    start(page, base_url, "tigris", 2, ["person", "random"], seed=5)
    person_turn_or_end(page)
    red = page.locator("#hand button.piece[data-piece='tile red']")
    red.click()
    assert red.get_attribute("aria-pressed") == "true"
    lit = page.eval_on_selector_all("#board .legal-place", "els => els.map(e => e.getAttribute('data-at'))")
    legal = page.evaluate("""async () => {
        const wasm = await import('./pkg/mesopotamia_wasm.js');
        await wasm.default();
        const g = wasm.Game.create('tigris', { players: 2, seed: 5 });
        g.advance();
        return g.legal().filter(a => a.startsWith('tile red ')).map(a => a.split(' ')[2]);
    }""")
    assert sorted(lit) == sorted(legal)
    # The river (E1) takes no red tile: said, nothing played.
    page.locator("#board [data-at='E1']").click()
    assert "cannot go to E1" in page.locator("#cursor-text").inner_text()
    assert logged(page) == 0
    page.locator(f"#board [data-at='{lit[0]}']").click()
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    assert page.locator("#log > li").first.inner_text().startswith(f"seat 0 (person): tile red {lit[0]}")
    # The last move is tagged on the board with its seat's number.
    person_turn_or_end(page)
    assert page.locator("#board .seat-tag.seat-0").count() == 1


def test_undo_goes_back_and_the_undone_steps_leave_the_log(watched, base_url):
    page = watched.page
    start(page, base_url, "cards", 2, ["person", "random"], seed=2)
    person_turn_or_end(page)
    before = page.locator("#view-text").text_content()
    click_one_decision(page)
    person_turn_or_end(page)
    click_one_decision(page)
    person_turn_or_end(page)
    steps_logged = logged(page)
    assert steps_logged >= 2
    page.click("#undo")
    person_turn_or_end(page)
    page.click("#undo")
    person_turn_or_end(page)
    assert page.locator("#view-text").text_content() == before
    assert logged(page) == 0, "undone steps are still in the log"


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
    shown = page.locator("#view-text").text_content()
    # The person plays on until the other person is to move: the table is hidden again first.
    for _ in range(50):
        before = logged(page)
        click_one_decision(page)
        page.wait_for_function(
            "!document.getElementById('handoff').hidden || !document.getElementById('action').disabled")
        if not handoff.is_hidden():
            break
        assert logged(page) > before
    assert not handoff.is_hidden(), "no hand-off to the other person"
    assert handoff.inner_text() != first
    page.click("#handoff-ok")
    assert page.locator("#view-text").text_content() != shown


def test_a_saved_game_replays_with_the_arrow_keys_and_plays_on_with_its_seats(watched, base_url, tmp_path):
    page = watched.page
    start(page, base_url, "sumeria", 3, ["person", "random", "greedy"], seed=9)
    for _ in range(4):
        person_turn_or_end(page)
        click_one_decision(page)
    person_turn_or_end(page)
    path = save_record(page, tmp_path, "sumeria.json")
    record = json.loads(path.read_text())
    steps = len(record["steps"])
    text_path = save_record(page, tmp_path, "sumeria.txt", button="#save-text")
    page.click("#new-game")
    page.set_input_files("#load", str(path))
    label = page.locator("#replay-label")
    page.wait_for_function("document.getElementById('replay-label').textContent.startsWith('step')")
    assert label.inner_text().startswith(f"step {steps} of {steps}")
    end_position = page.locator("#view-text").text_content()
    # The log follows the replay: every seat's step, the current one marked.
    assert page.locator("#log > li").count() == sum(1 for s in record["steps"] if "action" in s)
    page.locator("body").press("ArrowLeft")
    assert label.inner_text().startswith(f"step {steps - 1} of {steps}")
    assert page.locator("#view-text").text_content() != end_position
    page.locator("body").press("Home")
    assert label.inner_text().startswith("the start")
    page.locator("body").press("ArrowRight")
    assert label.inner_text().startswith(f"step 1 of {steps}")
    page.locator("body").press("End")
    assert page.locator("#view-text").text_content() == end_position
    assert page.locator("#log li[aria-current]").count() == 1
    # The record's seats are the menus' (a person at seat 0, changeable): play on from here.
    assert page.input_value("#replay-seat-0") == "person"
    assert page.input_value("#replay-seat-1") == "random"
    assert page.input_value("#replay-seat-2") == "other"
    assert page.input_value("#replay-seat-2-other") == "greedy"
    page.click("#replay-play")
    assert not person_turn_or_end(page)
    assert page.locator("#hand button.piece:not([disabled])").count() > 0
    # The game text loads as the JSON does: the same steps.
    page.click("#new-game")
    page.set_input_files("#load", str(text_path))
    page.wait_for_function("document.getElementById('replay-label').textContent.startsWith('step')")
    assert label.inner_text().startswith(f"step {steps} of {steps}")
    # Leaving the replay goes back to a new game's form.
    page.click("#replay-leave")
    assert page.locator("#setup").is_visible()


def test_a_hint_is_drawn_and_names_a_legal_action(watched, base_url):
    page = watched.page
    start(page, base_url, "cards", 2, ["person", "random"], seed=6)
    person_turn_or_end(page)
    page.click("#notation summary")
    legal = page.eval_on_selector_all("#legal button[data-action]", "b => b.map(x => x.dataset.action)")
    page.click("#hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Hint: ')")
    text = page.locator("#hint-text").inner_text()
    action = text.removeprefix("Hint: ").split(" (")[0]
    assert action in legal
    assert "% of the search's visits" in text
    # Drawn: its place tagged "?" on the board, or its button or piece marked.
    drawn = (page.locator("#board .hint-tag").count() + page.locator("#decisions button.match").count()
             + page.locator("#hand button.piece.hinted").count())
    assert drawn >= 1
    assert page.input_value("#action") == action
    page.press("#action", "Enter")
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    assert page.locator("#log > li").first.inner_text().startswith(f"seat 0 (person): {action}")


def test_the_page_works_from_the_keyboard_on_the_board_too(watched, base_url):
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
    # A piece of the hand from the keyboard, then the board: arrow keys to a lit place, Enter.
    piece = page.locator("#hand button.piece:not([disabled])").first
    piece.focus()
    page.keyboard.press("Enter")
    assert piece.get_attribute("aria-pressed") == "true"
    page.focus("#board")
    for _ in range(400):
        page.keyboard.press("ArrowRight" if _ % 17 else "ArrowDown")
        if "a legal place" in page.locator("#cursor-text").inner_text():
            break
    assert "a legal place" in page.locator("#cursor-text").inner_text()
    page.keyboard.press("Enter")
    choice = page.locator("#choices button[data-action]").first
    if choice.count():
        choice.focus()
        page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
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


def test_a_piece_dragged_onto_a_lit_place_is_played(watched, base_url):
    page = watched.page
    start(page, base_url, "sumeria", 3, ["person", "random", "random"], seed=2)
    person_turn_or_end(page)
    trader = page.locator("#hand button.piece[data-piece='trader']")
    trader.click()
    place = page.locator("#board .legal-place").first.get_attribute("data-at")
    trader.click()  # put down: the drag takes it up again
    trader.drag_to(page.locator(f"#board [data-at='{place}']"))
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1")
    assert page.locator("#log > li").first.inner_text().startswith(f"seat 0 (person): add {place}")
