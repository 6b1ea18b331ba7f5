"""A proof that an Applegate position is lost, found without walking its layouts.

Proving a game lost is the status search's dearest case: it must meet every layout reachable
without progress (``applegate_progress.py``), often hundreds. Most lost positions fall to a
cheaper argument about single cards, which never says "lost" of a game that can progress.

Without progress a card moves only as the lowest card of a group: onto the card it builds on
(``ONTO``) when that card is on top of another pile, or, a King, into an empty pile. A card X
not on top now can be on top later only once the card lying on it now has moved so (that card
stays on X until then: groups lifted from lower down carry both). A card Y lying above a card
C in C's pile can be on top of another pile only once some card from just above C up to Y has
moved (cards only ever leave that stretch, never come into it). A covered pile's lowest card
moves only as progress; a pile falls empty only when its lowest card moves. So each card that
ever moves does so after the cards these rules name for it have moved; the cards that *may*
move are found by applying the rules until nothing changes (starting from none, so no card
counts as movable because of itself).

Progress then needs: the reserve's card's ``ONTO`` on top sometime (or, a King, an empty pile);
the same for a covered pile's lowest card, its ``ONTO`` having left that pile first when it lies
in it; or a finished run on top, which needs the suit's 13 cards face-up and at least 12 of them
lying on the card they build on, by moving there (movable) or lying there now. When none of
that is possible, no sequence of moves makes progress: the game is lost. When some is, the
cards may still get in each other's way, and the search decides.
"""

from __future__ import annotations

from ..cards import KING, RANK, SUIT
from .applegate import ONTO, RUN_LENGTH

IS_KING = tuple(RANK[card] == KING for card in range(52))
SUITS = tuple(range(suit * 13, suit * 13 + 13) for suit in range(4))


def never_progresses(
    layout: tuple[tuple[int, ...], ...], covered: tuple[bool, ...], reserve: int | None
) -> bool:
    """True when no sequence of moves from this layout (the face-up piles; ``covered``: which
    piles have face-down cards; ``reserve``: the reserve's top card) can make progress. False
    proves nothing."""
    pile_of, height = [-1] * 52, [0] * 52
    for pile, run in enumerate(layout):
        for k, card in enumerate(run):
            pile_of[card], height[card] = pile, k
    movable = bytearray(52)
    lands = bytearray(52)  # may move onto the card it builds on

    def may_top(card: int) -> bool:
        """Whether ``card`` is on top now, or the card lying on it may move away."""
        pile = pile_of[card]
        if pile < 0:  # face-down, in the reserve or home: never on top without progress
            return False
        run = layout[pile]
        above = height[card] + 1
        return above == len(run) or movable[run[above]] == 1

    def may_leave(card: int, onto: int) -> bool:
        """Whether ``onto`` may lie in another pile than ``card`` when it is on top."""
        pile = pile_of[card]
        if pile_of[onto] != pile or height[onto] < height[card]:
            return True
        run = layout[pile]
        return any(movable[between] for between in run[height[card] + 1 : height[onto] + 1])

    # The cards that could ever move without progress: not a covered pile's lowest card, not a
    # card lying on the card it builds on (which then never comes to the top), Kings apart.
    waiting = [
        card
        for pile, run in enumerate(layout)
        for k, card in enumerate(run)
        if (k or not covered[pile]) and (not k or run[k - 1] != ONTO[card] or IS_KING[card])
    ]
    empty = not all(layout)
    changed = True
    while changed:
        changed = False
        still = []
        for card in waiting:
            onto = ONTO[card]
            if may_top(onto) and may_leave(card, onto):
                movable[card] = lands[card] = 1
                changed = True
            elif empty and IS_KING[card] and height[card]:
                movable[card] = 1
                changed = True
            else:
                still.append(card)
        waiting = still
        if not empty and any(
            run and not covered[pile] and movable[run[0]] for pile, run in enumerate(layout)
        ):
            empty = changed = True

    if reserve is not None and (may_top(ONTO[reserve]) or (empty and IS_KING[reserve])):
        return False
    for pile, run in enumerate(layout):
        if covered[pile] and run:
            lowest = run[0]
            onto = ONTO[lowest]
            if (may_top(onto) and may_leave(lowest, onto)) or (empty and IS_KING[lowest]):
                return False
    # A finished run on top: the suit's 13 cards face-up, each but its lowest lying (or able to
    # come to lie) on the card it builds on, and its top card, which the lowest builds on, on top.
    apart: list[list[int]] = [[] for _ in range(4)]
    face_up = [0] * 4
    for run in layout:
        for k, card in enumerate(run):
            face_up[SUIT[card]] += 1
            if not lands[card] and not (k and run[k - 1] == ONTO[card]):
                apart[SUIT[card]].append(card)
    return not any(
        face_up[suit] == RUN_LENGTH
        and len(apart[suit]) <= 1
        and any(may_top(ONTO[lowest]) for lowest in apart[suit] or SUITS[suit])
        for suit in range(4)
    )
