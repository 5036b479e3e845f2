"""The games as their descriptions say: ``mesopotamia.games()``, ``Game``'s keywords made
from them, and the OpenSpiel and PettingZoo registrations made from them."""

import json
from pathlib import Path

import pytest

import mesopotamia

DESCRIPTIONS = mesopotamia.games()
BOARD = Path(__file__).resolve().parents[2] / "sumeria" / "boards" / "sumeria-reconstructed.txt"


def _keywords(description):
    """The keywords a game takes: its options, a text option also under its file's name."""
    out = []
    for option in description["options"]:
        out.append(option["name"])
        if option["kind"] == "text":
            out.append(option["file"])
    return out


def test_every_game_is_described():
    assert [d["name"] for d in DESCRIPTIONS] == list(mesopotamia.GAMES)
    assert len(DESCRIPTIONS) >= 3
    for d in DESCRIPTIONS:
        assert set(d) == {
            "name", "title", "about", "min_players", "max_players", "default_players", "score",
            "options",
        }
        assert d["min_players"] <= d["default_players"] <= d["max_players"]
        assert d["title"] and d["about"] and d["score"]
        for option in d["options"]:
            assert set(option) == {
                "name", "kind", "default", "min", "max", "values", "file", "help"
            }
            assert option["help"]
            kind = option["kind"]
            if kind == "flag":
                assert option["default"] is False
            elif kind == "number":
                assert option["min"] <= option["default"] <= option["max"]
            elif kind == "choice":
                assert option["default"] in option["values"]
                assert all(isinstance(h, str) and h for h in option["values"].values())
            else:
                assert kind == "text" and option["default"] is None and option["file"]


@pytest.mark.parametrize("d", DESCRIPTIONS, ids=lambda d: d["name"])
def test_the_defaults_are_the_games(d):
    game = mesopotamia.Game(d["name"])
    assert game.num_players() == d["default_players"]
    assert game.title == d["title"]
    given = {
        o["name"]: o["default"] for o in d["options"] if o["kind"] != "text"
    }
    assert mesopotamia.Game(d["name"], d["default_players"], **given) == game
    # `None` is "not given".
    nothing = {keyword: None for keyword in _keywords(d)}
    assert mesopotamia.Game(d["name"], None, **nothing) == game


@pytest.mark.parametrize("d", DESCRIPTIONS, ids=lambda d: d["name"])
def test_the_player_range_is_the_descriptions(d):
    for players in range(d["min_players"], d["max_players"] + 1):
        assert mesopotamia.Game(d["name"], players).num_players() == players
    for players in (d["min_players"] - 1, d["max_players"] + 1, -1, 300):
        with pytest.raises(mesopotamia.EngineError, match=str(d["max_players"])):
            mesopotamia.Game(d["name"], players)


@pytest.mark.parametrize("d", DESCRIPTIONS, ids=lambda d: d["name"])
def test_an_option_of_another_game_is_refused_naming_it(d):
    for other in DESCRIPTIONS:
        for keyword in _keywords(other):
            if keyword in _keywords(d):
                continue
            with pytest.raises(
                mesopotamia.EngineError,
                match=f"`{keyword}` is not an option of {d['name']} \\(an option of .*{other['name']}",
            ):
                mesopotamia.Game(d["name"], **{keyword: True})
    with pytest.raises(mesopotamia.EngineError, match=f"`colour` is not an option of {d['name']}"):
        mesopotamia.Game(d["name"], colour="red")


@pytest.mark.parametrize("d", DESCRIPTIONS, ids=lambda d: d["name"])
def test_values_of_the_wrong_kind_or_range_are_refused(d):
    for option in d["options"]:
        name, kind = option["name"], option["kind"]
        wrong = {"flag": 1, "number": "ten", "choice": 3, "text": False}[kind]
        with pytest.raises(mesopotamia.EngineError, match=f"`{name}` takes"):
            mesopotamia.Game(d["name"], **{name: wrong})
        if kind == "number":
            with pytest.raises(mesopotamia.EngineError, match=f"`{name}` is {option['min']} to"):
                mesopotamia.Game(d["name"], **{name: option["max"] + 1})
            assert mesopotamia.Game(d["name"], **{name: option["max"]})
        if kind == "choice":
            with pytest.raises(mesopotamia.EngineError, match=f"unknown {name.replace('_', ' ')} `nowhere`"):
                mesopotamia.Game(d["name"], **{name: "nowhere"})
            for value in option["values"]:
                assert mesopotamia.Game(d["name"], **{name: value})


def test_every_option_reaches_the_configuration():
    for d in DESCRIPTIONS:
        for option in d["options"]:
            if option["kind"] == "flag":
                config = json.loads(mesopotamia.Game(d["name"], **{option["name"]: True}).config_json())
                assert config[option["name"]] is True, (d["name"], option["name"])
            elif option["kind"] == "number":
                value = option["min"] + 1
                config = json.loads(mesopotamia.Game(d["name"], **{option["name"]: value}).config_json())
                assert config[option["name"]] == value, (d["name"], option["name"])


def test_a_text_option_is_taken_as_text_or_as_a_files_path(tmp_path):
    (d,) = [d for d in DESCRIPTIONS if any(o["kind"] == "text" for o in d["options"])]
    (option,) = [o for o in d["options"] if o["kind"] == "text"]
    text = BOARD.read_text()
    by_text = mesopotamia.Game(d["name"], **{option["name"]: text})
    by_file = mesopotamia.Game(d["name"], **{option["file"]: str(BOARD)})
    assert by_text == by_file == mesopotamia.Game(d["name"])
    broken = tmp_path / "broken.txt"
    broken.write_text("not a board\n")
    with pytest.raises(mesopotamia.EngineError, match=f"`{option['file']}` .*broken.txt"):
        mesopotamia.Game(d["name"], **{option["file"]: str(broken)})
    with pytest.raises(mesopotamia.EngineError, match=f"`{option['name']}`"):
        mesopotamia.Game(d["name"], **{option["name"]: "not a board"})
    with pytest.raises(mesopotamia.EngineError, match="not both"):
        mesopotamia.Game(d["name"], **{option["name"]: text, option["file"]: str(BOARD)})
    with pytest.raises(mesopotamia.EngineError, match="cannot read"):
        mesopotamia.Game(d["name"], **{option["file"]: str(tmp_path / "missing.txt")})


def test_the_openspiel_registrations_are_the_descriptions():
    pytest.importorskip("pyspiel")
    import mesopotamia.openspiel as mo

    assert sorted(mo.GAMES) == sorted(f"mesopotamia_{d['name']}" for d in DESCRIPTIONS)
    for d in DESCRIPTIONS:
        name, parameters, fewest, most = mo.GAMES[f"mesopotamia_{d['name']}"]
        assert (name, fewest, most) == (d["name"], d["min_players"], d["max_players"])
        assert parameters["players"] == d["default_players"]
        for option in d["options"]:
            if option["kind"] == "text":
                assert parameters[option["file"]] == ""
            else:
                assert parameters[option["name"]] == option["default"]
                assert type(parameters[option["name"]]) is type(option["default"])
        assert mo._LONG_NAMES[name] == f"{d['title']} (mesopotamia)"


def test_the_pettingzoo_environments_are_the_descriptions():
    pz = pytest.importorskip("mesopotamia.pettingzoo")
    assert sorted(pz.ENVIRONMENTS.values()) == sorted(mesopotamia.GAMES)
    for d in DESCRIPTIONS:
        e = pz.raw_env(game=d["name"])
        assert e.metadata["name"] in pz.ENVIRONMENTS
        assert pz.ENVIRONMENTS[e.metadata["name"]] == d["name"]
        assert len(e.possible_agents) == d["default_players"]
