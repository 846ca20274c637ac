"""Betting decisions that settle a hand: a value bet calls the showdown where the game lets a bet do
so (Poker Clash's clash), settled at once at the odds it was bet on rather than left to grow over
draws that change the hands; and a call of an all-in bet costs only its price."""

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


def _facing(seed: int, all_in: bool):
    """Heads-up Texas Hold'em: the first to act puts in 30 big blinds, all it has (all in) or with
    70 more behind; the other seat's view."""
    rules = Rules(resolve("texas_holdem"))
    state = rules.new_game([{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], seed, {"hands": 1})
    seat = rules.to_move(state)
    blind = state["blind"]
    state["seats"][seat]["chips"] = (30 if all_in else 100) * blind - state["seats"][seat]["total"]
    bet = (
        {"seat": seat, "type": "all_in"} if all_in else {"seat": seat, "type": "raise", "amount": 30 * blind}
    )
    state = rules.apply(state, bet)
    return rules, rules.view(state, rules.to_move(state))


def test_a_call_of_an_all_in_bet_costs_only_its_price():
    """The same price, the same cards: against an all-in bettor no raise can follow, so hard calls
    every hand it calls with chips behind the bet, and some it folds then (seeds 13 and 17)."""
    differ = 0
    for seed in range(20):
        rules, shoved = _facing(seed, all_in=True)
        _, raised = _facing(seed, all_in=False)
        to_shove, to_raise = (
            decide(rules, shoved, 1, "hard")["type"],
            decide(rules, raised, 1, "hard")["type"],
        )
        assert to_shove == "call" or to_raise == "fold"
        differ += to_shove == "call" and to_raise == "fold"
    assert differ >= 1
