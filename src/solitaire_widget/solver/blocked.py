"""A quick proof that a Klondike position is lost: some card can never reach its foundation.

Every card must go up for a win, and no card goes up before the card of its suit beneath it, nor
before the cards lying on it have left. A card leaves its place only by going up, by moving (alone
or with the cards on it) onto a parent card that lies at the top of another column (a King: into
an empty column), or by being carried on a card below it that moves. So some events must come
before others, and a card can be locked in for good: the 5 of hearts lying face down on the 4 of
hearts and on both black 6s can never leave, so the 4 of hearts never goes up.

``cannot_win`` works out, optimistically, which events could ever happen from the position, as
the least set closed under these rules (each one a condition that any such event in any line of
play meets, on events strictly before it):

- a card may go up when the card of its suit beneath it may (or is up already), and the card
  lying on it (if any) may leave;
- a tableau card may leave when a face-up card directly beneath it may leave (carrying it), or
  when the card lying on it may leave or it is face up, and also either it may go up, or it is a
  King, or one of its parents may come to lie at the top of another column;
- a parent lying in a column may lie at its top when it does now, or the card lying on it may
  leave (even a card that moves away first must shed that card before it can be built on); a
  parent in the same column as the card must leave it; a parent in the talon or on a foundation
  may lie at a column's top only by coming there onto one of its own parents (or, a King, into
  an empty column).

Were a win possible, take the first event of the winning line that the set leaves out: the
events it needed came before it, so they are in the set, and the rules put it in too. So when a
King cannot go up, no line of play wins. Empty columns, the talon's order and the moves being
made one at a time are ignored: they only make the set larger, never a winnable position lost.
"""

from __future__ import annotations

from .klondike import _HEADER, KING, PARENTS, RANK

_NOWHERE = 255


def cannot_win(position: tuple) -> bool:
    """Whether the rules above prove ``position`` (``KlondikeRules``'s) lost: a King can never
    go up."""
    columns, foundations = position[0], position[1]
    up = bytearray(52)  # may go up (or is up)
    leaves = bytearray(52)  # a tableau card that may leave its place
    reaches = bytearray(52)  # a card off the tableau that may come to lie at a column's top
    where = [_NOWHERE] * 52  # each tableau card's column
    cover = [-1] * 52  # the card lying on each tableau card (-1: none)
    for suit, height in enumerate(foundations):
        up[suit * 13 : suit * 13 + height] = b"\x01" * height
    # Each tableau card with the card lying on it, whether it is face down, and the face-up card
    # beneath it (-1: none), top cards first so that one pass frees whole columns.
    tableau = []
    for i, column in enumerate(columns):
        down = column[0] - _HEADER
        above = -1
        for k in range(len(column) - 1, 0, -1):
            card = column[k]
            where[card] = i
            cover[card] = above
            tableau.append((card, i, above, k <= down, column[k - 1] if k > down + 1 else -1))
            above = card
    off = [card for card in range(52) if where[card] == _NOWHERE]
    loose = [card for card in off if not up[card]]
    kings = [suit * 13 + KING for suit in range(4)]

    while True:
        changed = False
        for card in loose:
            if not up[card] and (RANK[card] == 0 or up[card - 1]):
                up[card] = 1
                changed = True
        for card in off:
            if reaches[card]:
                continue
            if RANK[card] == KING:
                reaches[card] = 1
                changed = True
                continue
            for parent in PARENTS[card]:
                j = where[parent]
                if reaches[parent] if j == _NOWHERE else cover[parent] < 0 or leaves[cover[parent]]:
                    reaches[card] = 1
                    changed = True
                    break
        for card, i, above, face_down, below in tableau:
            free = above < 0 or leaves[above]
            if not up[card] and free and (RANK[card] == 0 or up[card - 1]):
                up[card] = leaves[card] = 1
                changed = True
                continue
            if leaves[card] or (face_down and not free):
                continue
            if (below >= 0 and leaves[below]) or RANK[card] == KING:
                leaves[card] = 1
                changed = True
                continue
            for parent in PARENTS[card]:
                j = where[parent]
                if j == _NOWHERE:
                    reached = reaches[parent]
                elif j == i:
                    reached = leaves[parent]
                else:
                    reached = cover[parent] < 0 or leaves[cover[parent]]
                if reached:
                    leaves[card] = 1
                    changed = True
                    break
        if all(up[king] for king in kings):
            return False
        if not changed:
            return True
