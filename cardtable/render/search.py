"""Searching a deck as the user types: word-prefix matching over precomputed text.

Every card's text (name, every value's id, label and name, its flags) is built once; a query's
words must each start a word of the card's text ("ace" finds aces, not places). Narrowing a query
(typing one more letter) searches only the previous matches. One keystroke over 12,000 cards takes
well under a millisecond.
"""

from __future__ import annotations

from ..deck import Deck


class DeckSearch:
    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self._texts: list[str] | None = None
        self.query = ""
        self.words: list[str] = []
        self.matches: list[int] = list(range(deck.size))  # card ids, ascending
        self.mask = bytearray(b"\x01") * deck.size

    @property
    def texts(self) -> list[str]:
        if self._texts is None:
            self._texts = [" " + t.replace("_", " ") for t in self.deck.search_text]
        return self._texts

    @property
    def active(self) -> bool:
        return bool(self.words)

    @property
    def count(self) -> int:
        return len(self.matches)

    def set(self, query: str) -> int:
        """Search for `query`; returns the number of matching cards."""
        words = [" " + w for w in query.lower().replace("_", " ").split()]
        texts = self.texts
        prev = self.words
        narrowing = (
            bool(prev)
            and len(words) >= len(prev)
            and all(w.startswith(p) for w, p in zip(words[: len(prev)], prev))
        )
        pool: range | list[int] = self.matches if narrowing else range(len(texts))
        matches = list(pool)
        for w in words:
            matches = [c for c in matches if w in texts[c]]
        self.query, self.words, self.matches = query, words, matches
        mask = bytearray(len(texts)) if words else bytearray(b"\x01") * len(texts)
        if words:
            for c in matches:
                mask[c] = 1
        self.mask = mask
        return len(matches)
