"""The documents hold together: the README stays a user's guide short enough to read, every link
between the pages leads to a file (and to a heading there, when it names one), and every game the
README lists has its page of rules in docs/games/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md")), ROOT / "benchmarks" / "README.md"]
README_LINES = 400

_FENCE = re.compile(r"^```.*?^```[^\n]*$", re.M | re.S)
_CODE = re.compile(r"`[^`\n]*`")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _prose(page: Path) -> str:
    """The page without its code and comments, where a bracket is no link."""
    text = page.read_text(encoding="utf-8")
    for pattern in (_FENCE, _COMMENT, _CODE):
        text = pattern.sub("", text)
    return text


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.replace("`", "").lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    for heading in _HEADING.findall(_prose(page)):
        anchor = base = _anchor(heading)
        count = 0
        while anchor in found:  # a repeated heading gets -1, -2 ...
            count += 1
            anchor = f"{base}-{count}"
        found.add(anchor)
    return found


def links(page: Path) -> list[str]:
    """The page's relative links: web addresses are left to the web."""
    return [
        target
        for target in _LINK.findall(_prose(page))
        if not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I)
    ]


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_relative_link_leads_to_a_file_and_its_heading(page: Path) -> None:
    assert page.is_file(), f"{_name(page)} is missing"
    for target in links(page):
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.is_file(), f"{_name(page)}: {target} leads to no file"
        if anchor:
            assert anchor in anchors(linked), (
                f"{_name(page)}: {target} names no heading of {_name(linked)}"
            )


def test_the_pages_link_to_each_other() -> None:
    """The README reaches every page in docs/, so none is left where nobody finds it."""
    reached = {(README.parent / link.partition("#")[0]).resolve() for link in links(README)}
    for page in PAGES[1:]:
        assert page.resolve() in reached, f"the README does not link {_name(page)}"


def test_the_readme_is_a_guide_of_at_most_400_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines: move detail to docs/"


def games_table() -> list[tuple[str, str]]:
    """(game, its row) of the table under the README's "The games" heading."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## The games\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]  # past the header
    return [(row.split("|")[1].strip(), row) for row in rows]


def test_every_game_in_the_readme_has_its_page_of_rules() -> None:
    games = games_table()
    assert {"Klondike", "Applegate"} <= {game for game, _ in games}
    for game, row in games:
        page = f"docs/games/{game.lower()}.md"
        assert (ROOT / page).is_file(), f"{game} has no {page}"
        assert f"]({page})" in row, f"the README's row for {game} does not link {page}"


def test_every_page_of_rules_is_a_game_in_the_readme() -> None:
    listed = {game.lower() for game, _ in games_table()}
    pages = {page.stem for page in (ROOT / "docs" / "games").glob("*.md")}
    assert pages <= listed, f"pages of games the README does not list: {sorted(pages - listed)}"
