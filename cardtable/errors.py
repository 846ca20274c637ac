"""The errors a person is shown: every problem of a variant file, and an action the rules refuse."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One problem at a place in a file; line and col are 1-based (0 when unknown)."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"


class VariantError(Exception):
    """Every problem found in a variant, all at once."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (p.path, p.line, p.col))
        super().__init__("\n".join(str(p) for p in self.problems))


class BrokenRules(VariantError):
    """A variant's rules failing in play, which validation did not catch: a game that runs on
    without ever asking anyone, or a step that fails. It names the step of the file; the state
    the action was applied to is left as it was (the game is kept)."""


class IllegalAction(Exception):
    """An action the rules refuse; `reason` says why. The state is left unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
