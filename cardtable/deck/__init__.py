"""The deck model and its building from YAML, one concern per module.

- `model`: the built Deck (cards are small ints; attributes are lookup columns), Attribute, Value.
- `spec`: the YAML shape of a `deck:` section and its limits.
- `attributes`: building the attributes (values, grouping, exclusive sets, flags) from YAML.
- `cards`: the card groups: sized first (a deck over MAX_CARDS fails before a card is made),
  then filled into columns.
- `build`: `build_deck`, which runs those steps in order and stops at the first broken one.
"""

from .build import build_deck
from .model import Attribute, Deck, Value
from .spec import DECK, MAX_CARDS

__all__ = ["DECK", "MAX_CARDS", "Attribute", "Deck", "Value", "build_deck"]
