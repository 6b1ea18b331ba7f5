"""Which controls a board shows: every one for play, a few for a lesson, none for a demo."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

# In the order the bar shows them.
CONTROLS = (
    "new_game", "restart", "undo", "redo", "hint", "finish", "review", "stats", "options",
)  # fmt: skip
# A lesson board keeps the learner on its position: no new deal, no hint, no review of the game,
# no statistics, no options.
PRESETS = {
    "all": CONTROLS,
    "lesson": ("restart", "undo", "redo", "finish"),
    "none": (),
}


def controls_tuple(value: str | Iterable[str]) -> tuple[str, ...]:
    """The controls ``value`` names, in the bar's order: a preset ("all", "lesson", "none") or
    an iterable of control names. Raises ``ValueError`` naming what it cannot read."""
    choices = ", ".join(CONTROLS)
    if isinstance(value, str):
        if value in PRESETS:
            return PRESETS[value]
        hint = f" (for one control write [{value!r}])" if value in CONTROLS else ""
        raise ValueError(
            f"controls is 'all', 'lesson', 'none' or a list of controls, not {value!r}{hint}"
        )
    try:
        names = list(value)
    except TypeError:
        raise ValueError(
            f"controls is 'all', 'lesson', 'none' or a list of controls, not {value!r}"
        ) from None
    for name in names:
        if not isinstance(name, str) or name not in CONTROLS:
            raise ValueError(f"unknown control {name!r}: the controls are {choices}")
    return tuple(control for control in CONTROLS if control in names)


class Controls(traitlets.TraitType):
    """A trait holding the shown controls; takes a preset or names, keeps them in bar order."""

    default_value = CONTROLS
    info_text = "'all', 'lesson', 'none' or a list of control names"

    def validate(self, obj: Any, value: Any) -> tuple[str, ...]:
        return controls_tuple(value)
