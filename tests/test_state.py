"""The game as data: history, undo/redo, listeners, new games, state(), load, save and text."""

import copy
import json
import re

import pytest

from positions import DECK, all_cards, applegate, applegate_state, klondike, klondike_state
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game, replay

KEYS = {
    "format", "game", "options", "seed", "tableau", "foundations",
    "stock", "waste", "reserve", "score", "recycles", "history",
}  # fmt: skip
CARD = re.compile(r"^[A2-9TJQK][CDHS]$")


def play(game, count):
    """Make ``count`` legal moves, preferring tableau, waste and reserve moves to drawing, so the
    game gets somewhere; the choice depends only on the position and the move number."""
    for _ in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        preferred = [
            m for m in moves if str(m) not in {"draw", "recycle"} and not m.src.startswith("f")
        ]
        choices = preferred or moves
        game.move(choices[game.moves % len(choices)])
    return game


def games():
    return [
        KlondikeGame(seed=42, draw=1, scoring="standard"),
        KlondikeGame(seed=1, draw=3, scoring="vegas"),
        KlondikeGame(seed=0, draw=1, scoring=None),
        ApplegateGame(seed=7),
        ApplegateGame(seed=0),
    ]


GAME_IDS = [
    "klondike-1-standard",
    "klondike-3-vegas",
    "klondike-1-none",
    "applegate-7",
    "applegate-0",
]


# ----------------------------------------------------------------- history, undo, redo


@pytest.mark.parametrize("game", games(), ids=GAME_IDS)
def test_a_position_is_the_state_without_its_history(game):
    """What a search or a review starts from, at every point of a game and after undo."""
    play(game, 12)
    game.undo()
    position = game.position()
    assert position["history"] == [] and "start" not in position
    whole = game.state()
    assert position == {**{k: v for k, v in whole.items() if k != "start"}, "history": []}
    assert load_game(position).state() == position


@pytest.mark.parametrize("game", games(), ids=GAME_IDS)
def test_history_lists_every_move_from_the_deal(game):
    play(game, 12)
    assert len(game.history) == game.moves > 0
    assert all(isinstance(m, Move) for m in game.history)
    assert game.state()["history"] == [str(m) for m in game.history]


def test_a_move_returns_nothing_so_a_notebook_cell_prints_nothing():
    game = klondike(["9H", "8S"], stock="2C")
    assert game.move("t2-t1") is None
    assert game.draw() is None


def test_draws_and_recycles_count_as_moves():
    game = klondike(["KS"], stock="2C", waste="3C")
    game.draw()
    game.draw()
    assert game.history == [Move("stock", "waste"), Move("waste", "stock")]
    assert game.moves == 2


@pytest.mark.parametrize("game", games(), ids=GAME_IDS)
def test_undo_goes_back_to_the_deal_and_redo_forward_to_the_end_exactly(game):
    snapshots = [game.state()]
    for _ in range(15):
        play(game, 1)
        snapshots.append(game.state())
    count = game.moves
    for expected in reversed(snapshots[:count]):
        game.undo()
        assert game.state() == expected
    assert not game.can_undo and game.can_redo
    for expected in snapshots[1 : count + 1]:
        game.redo()
        assert game.state() == expected
    assert game.can_undo and not game.can_redo


def test_undo_with_nothing_to_undo_raises_and_changes_nothing():
    game = KlondikeGame(seed=3)
    before, version = game.state(), game.version
    with pytest.raises(IllegalMove, match="There is no move to undo."):
        game.undo()
    assert game.state() == before and game.version == version


def test_redo_with_nothing_to_redo_raises_and_changes_nothing():
    game = play(KlondikeGame(seed=3), 2)
    before, version = game.state(), game.version
    with pytest.raises(IllegalMove, match="redo"):
        game.redo()
    assert game.state() == before and game.version == version


def test_a_new_move_after_undo_drops_the_redo_line():
    game = klondike(["9H", "8S", "8C"])
    game.move("t2-t1")
    game.undo()
    game.move("t3-t1")
    assert not game.can_redo
    with pytest.raises(IllegalMove):
        game.redo()
    assert game.history == [Move("t3", "t1")]


def test_an_illegal_move_after_undo_keeps_the_redo_line():
    game = klondike(["9H", "8S", "8C"])
    game.move("t2-t1")
    game.undo()
    with pytest.raises(IllegalMove):
        game.move("t1-t2")
    assert game.can_redo


def test_version_grows_on_every_change_and_only_then():
    game = klondike(["9H", "8S"], stock="2C")
    seen = [game.version]

    def changed():
        assert game.version > seen[-1]
        seen.append(game.version)

    game.move("t2-t1")
    changed()
    game.draw()
    changed()
    game.undo()
    changed()
    game.redo()
    changed()
    game.new_game(5)
    changed()
    for look in (
        game.state,
        game.legal_moves,
        lambda: game.explain("t1-t2"),
        lambda: game.status,
        game.__str__,
    ):
        look()
    with pytest.raises(IllegalMove):
        game.move("t1-f2")
    assert game.version == seen[-1]


# ----------------------------------------------------------------- on_move


def test_on_move_hears_moves_draws_recycles_redos_but_not_undos():
    game = klondike(["9H", "8S"], waste="2C")
    heard, also = [], []
    game.on_move(heard.append)
    game.on_move(also.append)
    game.move("t2-t1")
    game.draw()
    game.undo()
    game.redo()
    assert heard == also == [Move("t2", "t1"), Move("waste", "stock"), Move("waste", "stock")]


def test_on_move_hears_nothing_from_an_illegal_move():
    game = klondike(["9H", "8D"])
    heard = []
    game.on_move(heard.append)
    with pytest.raises(IllegalMove):
        game.move("t2-t1")
    assert heard == []


def test_on_move_is_called_after_the_move_is_made():
    game = klondike(["9H", "8S"])
    seen = []
    game.on_move(lambda move: seen.append((move, game.moves, game.state()["tableau"][0]["up"])))
    game.move("t2-t1")
    assert seen == [(Move("t2", "t1"), 1, ["9H", "8S"])]


def test_on_move_hears_auto_finish_move_by_move():
    game = klondike(["KS", "KH"], foundations=["QS", "QH", "KC", "KD"])
    heard = []
    game.on_move(heard.append)
    assert game.auto_finish() == heard
    assert len(heard) == 2


# ----------------------------------------------------------------- new games and seeds


@pytest.mark.parametrize(
    ("make", "options"),
    [
        (lambda: KlondikeGame(seed=9, draw=3, scoring="vegas"), {"draw": 3, "scoring": "vegas"}),
        (lambda: KlondikeGame(seed=9, draw=1, scoring=None), {"draw": 1, "scoring": None}),
        (lambda: ApplegateGame(seed=9), {}),
    ],
)
def test_new_game_with_a_seed_deals_that_seed_keeping_the_options(make, options):
    game = play(make(), 5)
    game.new_game(123)
    assert game.seed == 123
    assert game.options == options
    assert game.history == [] and not game.can_undo and not game.can_redo
    assert game.state() == type(game)(seed=123, **options).state()


def test_new_game_without_a_seed_deals_a_random_seed_and_records_it():
    game = KlondikeGame(seed=1, draw=3)
    game.new_game()
    assert isinstance(game.seed, int)
    assert game.state() == KlondikeGame(seed=game.seed, draw=3).state()


def test_a_game_made_without_a_seed_records_the_one_it_drew():
    game = ApplegateGame()
    assert isinstance(game.seed, int) and 0 <= game.seed < 2**64
    assert game.state() == ApplegateGame(seed=game.seed).state()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_a_seed_outside_the_range_is_refused(seed):
    with pytest.raises(ValueError):
        KlondikeGame(seed=seed)


@pytest.mark.parametrize(
    "options", [{"draw": 2}, {"draw": 0}, {"draw": "1"}, {"scoring": "points"}]
)
def test_unknown_options_are_refused(options):
    with pytest.raises(ValueError):
        KlondikeGame(seed=1, **options)


def test_kind_tells_the_games_apart():
    assert KlondikeGame(seed=1).kind == "klondike"
    assert ApplegateGame(seed=1).kind == "applegate"
    assert ApplegateGame(seed=1).options == {}


# ----------------------------------------------------------------- state()


@pytest.mark.parametrize("game", games(), ids=GAME_IDS)
def test_state_has_exactly_the_specs_keys_and_formats(game):
    play(game, 6)
    state = game.state()
    assert set(state) == KEYS
    assert state["format"] == "solitaire-widget/1"
    assert state["game"] == game.kind
    assert state["options"] == game.options
    assert state["seed"] == game.seed
    assert len(state["tableau"]) == 7
    assert all(set(pile) == {"down", "up"} for pile in state["tableau"])
    assert len(state["foundations"]) == 4
    assert all(CARD.match(card) for card in all_cards(state))
    assert sorted(all_cards(state)) == sorted(DECK)
    assert state["score"] == game.score
    assert isinstance(state["recycles"], int)
    assert state["history"] == [str(m) for m in game.history]
    assert json.loads(json.dumps(state)) == state


def test_a_klondike_state_has_no_reserve_and_an_applegate_state_no_stock_or_waste():
    dealt_klondike = KlondikeGame(seed=2).state()
    dealt_applegate = ApplegateGame(seed=2).state()
    assert dealt_klondike["reserve"] == []
    assert dealt_applegate["stock"] == [] and dealt_applegate["waste"] == []
    assert dealt_applegate["options"] == {}
    assert dealt_applegate["score"] is None
    assert dealt_applegate["game"] == "applegate"
    assert len(dealt_applegate["reserve"]) == 3


def test_state_lists_run_bottom_to_top():
    game = KlondikeGame(seed=8)
    next_card = game.state()["stock"][-1]
    game.draw()
    assert game.state()["waste"] == [next_card]


def test_options_cannot_be_changed_through_the_returned_dict():
    game = KlondikeGame(seed=2, draw=3)
    game.options["draw"] = 1
    game.state()["options"]["draw"] = 1
    assert game.options == {"draw": 3, "scoring": "standard"}


def test_the_history_cannot_be_changed_through_the_returned_list():
    game = play(KlondikeGame(seed=2), 3)
    game.history.clear()
    assert game.moves == 3


def test_a_seeded_game_replays_from_its_seed_and_needs_no_start():
    game = play(KlondikeGame(seed=42), 5)
    assert "start" not in game.state()


def test_a_dealt_game_with_a_history_carries_its_start():
    cards = list(reversed(DECK))
    game = KlondikeGame.from_deal(cards, draw=3)
    assert "start" not in game.state()
    assert game.seed is None
    start = game.state()
    play(game, 4)
    state = game.state()
    assert set(state) == KEYS | {"start"}
    assert state["start"] == start


def test_a_loaded_position_with_a_history_carries_its_start():
    game = klondike(["9H", "8S"], stock="2C")
    start = game.state()
    game.move("t2-t1")
    assert game.state()["start"] == start


# ----------------------------------------------------------------- load


def made_games():
    """Games at every kind of start: seeded deals, a from_deal deal, and loaded positions."""
    return [
        *games(),
        KlondikeGame.from_deal(list(reversed(DECK)), draw=3, scoring="vegas"),
        ApplegateGame.from_deal(DECK),
        klondike(["9H", "8S", "4C | AH"], foundations=[], stock="2C 3C", waste="4D"),
        applegate(["6S", "5S", "4C | 8S"], reserve="9D"),
    ]


MADE_IDS = [
    *GAME_IDS,
    "klondike-from-deal",
    "applegate-from-deal",
    "klondike-position",
    "applegate-position",
]


@pytest.mark.parametrize("game", made_games(), ids=MADE_IDS)
def test_load_of_state_reproduces_the_game_exactly(game):
    play(game, 10)
    state = game.state()
    loaded = load_game(state)
    assert type(loaded) is type(game)
    assert loaded.state() == state
    assert loaded.history == game.history
    assert loaded.seed == game.seed and loaded.options == game.options
    assert loaded.score == game.score and loaded.status == game.status
    assert loaded.legal_moves() == game.legal_moves()
    assert str(loaded) == str(game)
    assert load_game(json.dumps(state)).state() == state


@pytest.mark.parametrize("game", made_games(), ids=MADE_IDS)
def test_undo_after_load_goes_back_exactly_as_in_the_original(game):
    play(game, 8)
    loaded = load_game(game.state())
    assert loaded.can_undo == game.can_undo
    while game.can_undo:
        game.undo()
        loaded.undo()
        assert loaded.state() == game.state()
    assert not loaded.can_undo


def test_load_does_not_keep_a_reference_to_the_given_dict():
    game = play(KlondikeGame(seed=4), 3)
    state = game.state()
    loaded = load_game(state)
    state["tableau"][0]["up"].append("XX")
    state["history"].clear()
    assert loaded.state() == game.state()


def test_save_writes_json_text_that_loads_back(tmp_path):
    game = play(KlondikeGame(seed=11, draw=3), 7)
    path = tmp_path / "game.json"
    game.save(path)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == game.state()
    assert load_game(text).state() == game.state()
    game.save(str(tmp_path / "again.json"))
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8")) == game.state()


def broken(state, change):
    state = copy.deepcopy(state)
    change(state)
    return state


def swap_in(state, card):
    """Replace the waste's or reserve's top card by ``card``, which is elsewhere too."""
    pile = state["waste"] or state["reserve"]
    pile[-1] = card


KLONDIKE = klondike_state(
    ["9H", "8S", "4C | AH", "* | KD"], foundations=[], stock="2C 3C", waste="4D"
)
APPLEGATE = applegate_state(["6S", "5S", "4C | 8S", "* | KD"], reserve="9D 2H")


def column_not_a_run(state):
    state["tableau"][0]["up"] = ["9H", "8S", "4D"]
    state["tableau"][1]["up"] = []
    state["waste"] = []


def four_card_reserve(state):
    for pile in state["tableau"][:2]:
        state["reserve"].append(pile["up"].pop())


@pytest.mark.parametrize(
    ("base", "change", "words"),
    [
        (KLONDIKE, lambda s: swap_in(s, "9H"), ["9H"]),
        (APPLEGATE, lambda s: swap_in(s, "6S"), ["6S"]),
        (KLONDIKE, lambda s: s["waste"].pop(), ["missing", "4D"]),
        (APPLEGATE, lambda s: s["reserve"].pop(), ["missing", "2H"]),
        (KLONDIKE, lambda s: s["stock"].append("XY"), ["XY"]),
        (KLONDIKE, lambda s: s.update(game="chess"), ["chess"]),
        (KLONDIKE, lambda s: s.update(format="solitaire-widget/9"), ["format"]),
        (KLONDIKE, lambda s: s["options"].update(draw=2), ["draw"]),
        (KLONDIKE, lambda s: s["options"].update(scoring="points"), ["scoring"]),
        (KLONDIKE, lambda s: s["options"].pop("draw"), ["draw"]),
        (KLONDIKE, lambda s: s["options"].update(colour="red"), ["options"]),
        (APPLEGATE, lambda s: s["options"].update(draw=1), ["draw"]),
        (KLONDIKE, lambda s: s.pop("recycles"), ["recycles"]),
        (KLONDIKE, lambda s: s.update(extra=1), ["extra"]),
        (KLONDIKE, lambda s: s["tableau"].pop(), ["tableau"]),
        (KLONDIKE, lambda s: s["foundations"].pop(), ["foundations"]),
        (KLONDIKE, lambda s: s["tableau"].__setitem__(0, ["9H"]), ["t1"]),
        (KLONDIKE, lambda s: s["tableau"][2].update(down=["4C", "AH"], up=[]), ["face-down"]),
        (
            APPLEGATE,
            lambda s: s["tableau"][2].update(down=s["tableau"][2]["down"] + ["8S"], up=[]),
            ["face-down"],
        ),
        (KLONDIKE, column_not_a_run, ["t1"]),
        (KLONDIKE, lambda s: s.update(reserve=[s["stock"].pop()]), ["reserve"]),
        (APPLEGATE, lambda s: s.update(stock=[s["reserve"].pop()]), ["stock"]),
        (APPLEGATE, four_card_reserve, ["reserve"]),
        (KLONDIKE, lambda s: s.update(score="ten"), ["score"]),
        (APPLEGATE, lambda s: s.update(score=5), ["score"]),
        (KLONDIKE, lambda s: s.update(recycles=-1), ["recycles"]),
        (KLONDIKE, lambda s: s.update(seed="42"), ["seed"]),
        (KLONDIKE, lambda s: s.update(history=["t2-t1"]), ["history"]),
        (KLONDIKE, lambda s: s.update(history="draw"), ["history"]),
    ],
    ids=[
        "duplicate-card-klondike",
        "duplicate-card-applegate",
        "51-cards-klondike",
        "51-cards-applegate",
        "not-a-card",
        "unknown-game",
        "unknown-format",
        "draw-2",
        "unknown-scoring",
        "missing-draw",
        "unknown-option",
        "applegate-option",
        "missing-key",
        "unknown-key",
        "six-columns",
        "three-foundations",
        "pile-not-a-dict",
        "face-down-klondike",
        "face-down-applegate",
        "column-not-a-run",
        "klondike-reserve",
        "applegate-stock",
        "four-card-reserve",
        "score-text",
        "applegate-score",
        "negative-recycles",
        "seed-text",
        "history-without-start",
        "history-not-a-list",
    ],
)
def test_load_rejects_a_bad_state_saying_what_is_wrong(base, change, words):
    with pytest.raises(ValueError) as refusal:
        load_game(broken(base, change))
    for word in words:
        assert word.lower() in str(refusal.value).lower()


@pytest.mark.parametrize(
    ("foundation", "word"),
    [(["2S", "AS"], "f1"), (["AS", "3S"], "f1"), (["AS", "2H"], "f1"), (["AS", "AH"], "f1")],
)
def test_load_rejects_a_klondike_foundation_out_of_order(foundation, word):
    state = klondike_state(["KD"], foundations=[" ".join(foundation)])
    with pytest.raises(ValueError, match=word):
        load_game(state)


def test_load_rejects_an_applegate_foundation_that_is_not_a_complete_run():
    state = applegate_state(["KD"], foundations=["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"])
    with pytest.raises(ValueError, match="f1"):
        load_game(state)


def test_load_rejects_text_that_is_not_json():
    with pytest.raises(ValueError, match="JSON"):
        load_game("{'format': 'solitaire-widget/1'")
    with pytest.raises(ValueError):
        load_game("[1, 2, 3]")


def test_load_rejects_a_history_that_does_not_lead_to_the_position():
    game = play(KlondikeGame(seed=42), 4)
    state = game.state()
    state["history"] = state["history"][:-1]
    with pytest.raises(ValueError, match="history"):
        load_game(state)


def test_load_rejects_a_history_with_an_illegal_move_naming_it():
    state = KlondikeGame(seed=42).state()
    state["history"] = ["t1-t2:5"]
    with pytest.raises(ValueError, match="t1-t2:5"):
        load_game(state)


def test_load_rejects_a_history_with_unreadable_notation():
    state = KlondikeGame(seed=42).state()
    state["history"] = ["t1-t9"]
    with pytest.raises(ValueError, match="t1-t9"):
        load_game(state)


def test_load_rejects_a_start_that_does_not_match_the_game():
    game = klondike(["9H", "8S"], stock="2C")
    game.move("t2-t1")
    state = game.state()
    state["start"]["options"] = {"draw": 3, "scoring": "standard"}
    with pytest.raises(ValueError, match="start"):
        load_game(state)


def test_a_position_loaded_without_a_history_cannot_be_undone():
    game = load_game(KLONDIKE)
    assert not game.can_undo and game.history == []
    assert game.state() == KLONDIKE


def test_load_accepts_the_seeds_deal_and_reports_it_as_the_deal():
    state = KlondikeGame(seed=42).state()
    game = load_game(state)
    play(game, 3)
    assert "start" not in game.state()


# ----------------------------------------------------------------- text


def tokens(text):
    return set(re.findall(r"[A2-9TJQK][CDHS]", text))


@pytest.mark.parametrize("game", games(), ids=GAME_IDS)
def test_text_shows_face_up_cards_and_hides_every_hidden_one(game):
    play(game, 9)
    state = game.state()
    shown = tokens(str(game))
    face_up = {c for pile in state["tableau"] for c in pile["up"]} | set(state["waste"][-1:])
    face_up |= {f[-1] for f in state["foundations"] if f} | set(state["reserve"][-1:])
    hidden = {c for pile in state["tableau"] for c in pile["down"]} | set(state["stock"])
    hidden |= set(state["reserve"][:-1])
    assert face_up <= shown
    assert not hidden & shown


def test_text_counts_the_hidden_cards():
    text = str(KlondikeGame(seed=42))
    assert "24" in text
    assert text.count("##") == 21


def test_a_replay_names_the_first_move_the_rules_refuse():
    moves = [Move("draw"), Move("draw"), Move("f1-t1"), Move("draw")]
    with pytest.raises(IllegalMove) as refusal:
        replay("klondike", {"draw": 1, "scoring": "standard"}, 42, None, moves)
    assert refusal.value.args[1] == 3


def test_a_replay_as_far_as_legal_stops_before_the_refused_move_and_can_undo():
    moves = [Move("draw"), Move("draw"), Move("f1-t1"), Move("draw")]
    game = replay(
        "klondike", {"draw": 1, "scoring": "standard"}, 42, None, moves, as_far_as_legal=True
    )
    played = KlondikeGame(42)
    played.draw()
    played.draw()
    assert game.history == moves[:2]
    assert game.state() == played.state()
    game.undo()
    game.undo()
    assert game.state() == KlondikeGame(42).state()
