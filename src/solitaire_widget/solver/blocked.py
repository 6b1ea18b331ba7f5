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

from .klondike import _HEADER, KING, KINGS, PARENTS, RANK

# The events, numbered so that one array says which of them may happen: card ``c`` going up is
# ``c`` (also when it is up already), tableau card ``c`` leaving its place is ``LEAVES + c``,
# card ``c`` off the tableau coming to lie at a column's top is ``REACHES + c``. ``ALWAYS`` and
# ``NEVER`` stand for conditions that hold, or cannot, whatever happens.
LEAVES, REACHES, NEVER, ALWAYS = 52, 104, 156, 157
# The event each card's going up waits for: the card of its suit beneath it going up.
BENEATH = tuple(ALWAYS if RANK[card] == 0 else card - 1 for card in range(52))
RISING = sorted(range(52), key=lambda card: RANK[card])


def cannot_win(position: tuple) -> bool:
    """Whether the rules above prove ``position`` (``KlondikeRules``'s) lost: a King can never
    go up."""
    columns, foundations = position[0], position[1]
    happened = bytearray(ALWAYS + 1)
    happened[ALWAYS] = 1
    for suit, height in enumerate(foundations):
        happened[suit * 13 : suit * 13 + height] = b"\x01" * height
    # The event that frees each card: the card lying on it leaving (ALWAYS for a card at a
    # column's top or off the tableau); and the one that lays it open at a column's top for a
    # card from another column: the same for a tableau card.
    frees = [ALWAYS] * 52
    opens = list(range(REACHES, REACHES + 52))
    column_of = [-1] * 52
    for i, column in enumerate(columns):
        above = ALWAYS
        for card in reversed(column[1:]):
            frees[card] = opens[card] = above
            column_of[card] = i
            above = LEAVES + card
    # Each tableau card with whether it is face down, the event that frees it, the event of the
    # face-up card beneath it leaving (NEVER: none) and the events that lay a parent open for it
    # (a parent in its own column must leave it); top cards first, so that one pass frees whole
    # columns.
    tableau = []
    for i, column in enumerate(columns):
        down = column[0] - _HEADER
        for k in range(len(column) - 1, 0, -1):
            card = column[k]
            below = LEAVES + column[k - 1] if k > down + 1 else NEVER
            if RANK[card] == KING:
                first, second = ALWAYS, NEVER
            else:
                p, q = PARENTS[card]
                first = LEAVES + p if column_of[p] == i else opens[p]
                second = LEAVES + q if column_of[q] == i else opens[q]
            tableau.append((card, k <= down, frees[card], below, first, second))
    # Each card off the tableau, coming to lie at a column's top, with the events that lay a
    # parent open for it, highest ranks first, so that one pass lays out whole runs.
    coming = []
    for card in reversed(RISING):
        if column_of[card] < 0:
            if RANK[card] == KING:
                coming.append((REACHES + card, ALWAYS, NEVER))
            else:
                p, q = PARENTS[card]
                coming.append((REACHES + card, opens[p], opens[q]))
    # Each card not up yet, with the event that frees it, lowest ranks first, so that one pass
    # takes a whole suit up. (A card off the tableau going up marks it as leaving the tableau
    # too, an event nothing waits for.)
    rising = [(card, frees[card]) for card in RISING if not happened[card]]

    while True:
        changed = False
        for reaches, first, second in coming:
            if not happened[reaches] and (happened[first] or happened[second]):
                happened[reaches] = changed = 1
        for card, face_down, freed, below, first, second in tableau:
            leaves = LEAVES + card
            if (
                not happened[leaves]
                and (not face_down or happened[freed])
                and (happened[below] or happened[first] or happened[second])
            ):
                happened[leaves] = changed = 1
        for card, freed in rising:
            if not happened[card] and happened[BENEATH[card]] and happened[freed]:
                happened[card] = happened[LEAVES + card] = changed = 1
        if all(happened[king] for king in KINGS):
            return False
        if not changed:
            return True
