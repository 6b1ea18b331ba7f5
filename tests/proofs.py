"""Checking that a deal is won the way the catalogue and the daily deals promise."""

from solitaire_widget.games import GAMES
from solitaire_widget.solver import prove_deal
from solitaire_widget.variants import variants

# Each variant of the catalogue, as the engine takes it.
VARIANTS = {
    variant.name: (variant.game, dict(variant.options)) for variant in variants(catalogued=True)
}


def won_by_replay(kind, options, seed):
    """Whether the budgeted search wins the deal, and its line, replayed move by move through a
    fresh engine game, ends with the game won."""
    solution = prove_deal(kind, seed, options, seconds=600)
    game = GAMES[kind](seed=seed, **options)
    for move in solution.moves:
        game.move(move)
    return solution.status == "won" and game.status == "won"
