"""A value bet calls the showdown where the game lets a bet do so (Poker Clash's clash): settled at
once, at the odds it was bet on, rather than left to grow over draws that change the hands."""

from cardtable.catalog import resolve
from cardtable.commands.duplicate import one_hand_options
from cardtable.engine import Rules
from cardtable.engine.bots import decide

RULES = Rules(resolve("poker_clash"))
DECK = RULES.variant.deck
CARD = {DECK.short(i): i for i in range(DECK.size)}


def _showdown_decision():
    """A state (played by easy players) where the seat to bet may call the showdown with its bet."""
    for seed in range(40):
        state = RULES.new_game(
            [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], seed, one_hand_options(RULES, {})
        )
        for k in range(40):
            seat = RULES.to_move(state)
            if seat is None:
                break
            view = RULES.view(state, seat)
            if any(t.get("showdown_allowed") and t["type"] in ("bet", "raise") for t in view["legal"]):
                return state, seat
            state = RULES.apply(state, decide(RULES, view, k, "easy"))
    raise AssertionError("no decision with a showdown call in 40 deals")


def _give(state, seat: int, wanted: list[int]) -> None:
    """Swap cards between zones so that `seat`'s hand is `wanted` (every card stays in play once)."""
    hand = state["zones"]["hand"][seat]["cards"]
    spare = [c for c in hand if c not in wanted]
    for card in (c for c in wanted if c not in hand):
        out = spare.pop()
        for z in state["zones"].values():
            for cards in [x["cards"] for x in z] if isinstance(z, list) else [z.get("cards", [])]:
                if card in cards:
                    cards[cards.index(card)] = out
        hand[hand.index(out)] = card


def test_hard_calls_the_showdown_with_every_value_bet():
    state, seat = _showdown_decision()
    _give(state, seat, [CARD[s] for s in ("A♠", "A♥", "A♦", "A♣", "K♠")])
    view = RULES.view(state, seat)
    for seed in range(8):
        action = decide(RULES, view, seed, "hard")
        assert action["type"] in ("bet", "raise") and action.get("showdown") is True, action
