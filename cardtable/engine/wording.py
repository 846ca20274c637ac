"""How the table talk words things: counts, chips, cards and lists, for whole sentences.

One or two cards are named in full ("the Queen of Hearts and the Two of Clubs"); more are a short,
comma-separated list ("K♥, A♦, 5♠"), which a player scans faster than a string of full names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..deck import Deck

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
FULL_NAMES_UP_TO = 2


def number(n: int) -> str:
    """Small counts in words, larger ones in figures with thousands separators."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else f"{n:,}"


def count(n: int, noun: str, words: bool = True) -> str:
    """'one card', 'two cards', '100 cards'; with words=False always figures ('5 chips')."""
    return f"{number(n) if words else f'{n:,}'} {noun}{'' if n == 1 else 's'}"


def chips(n: int) -> str:
    return f"{n:,}"


def joined(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def card_name(deck: Deck, card: int) -> str:
    """The card's full name with its article: 'the Two of Clubs' ('The Lady of Pain' keeps its own)."""
    name = deck.name(card)
    return name if name.lower().startswith("the ") else f"the {name}"


def card_list(deck: Deck, cards: Sequence[int]) -> str:
    """Full names for one or two cards, a short list for more; 'nothing' for none."""
    if not cards:
        return "nothing"
    if len(cards) <= FULL_NAMES_UP_TO:
        return joined([card_name(deck, c) for c in cards])
    return ", ".join(deck.short(c) for c in cards)


def hand_begins(hand: int | None) -> str:
    """The line that opens a hand (None: a game without hands)."""
    return "The game begins." if hand is None else f"Hand {hand:,} begins."


def is_hand_start(line: str) -> bool:
    """Whether a line of the table talk opens a hand (the hand history sets it apart)."""
    return line == hand_begins(None) or (line.startswith("Hand ") and line.endswith(" begins."))


def capital(text: str) -> str:
    """The sentence with its first letter in capitals."""
    return text[:1].upper() + text[1:]
