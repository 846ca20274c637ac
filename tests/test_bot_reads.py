"""How the computer players read a table beyond one hand's strength: hard probes a betting round
nobody has bet after a bet earlier in the hand (a player who raised and now checks often holds
nothing it will put more chips on), small and at a measured share, where normal only bets what
its hand merits; and a weak hand opens with a raise, or limps for the price of a blind, only when
few players are in (at six seats somebody behind holds a hand to raise with)."""

from __future__ import annotations

from conftest import ROOT

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import decide
from cardtable.engine.bots.think import LEVELS
from cardtable.engine.types import State, View

SEEDS = range(20)


def _seats(n: int) -> list[dict[str, str]]:
    return [{"name": f"S{i}", "kind": "bot"} for i in range(n)]


def _flop_after_a_raise(rules: Rules, game_seed: int) -> View:
    """Heads-up: the first to act raises to twice the minimum, the other calls; the view of
    the first to act on the flop (nobody has bet this round)."""
    st: State = rules.new_game(_seats(2), game_seed, {})
    seat = rules.to_move(st)
    assert seat is not None
    legal = {t["type"]: t for t in rules.view(st, seat)["legal"]}
    st = rules.apply(st, {"seat": seat, "type": "raise", "amount": legal["raise"]["min"] * 2})
    other = rules.to_move(st)
    assert other is not None
    st = rules.apply(st, {"seat": other, "type": "call"})
    first = rules.to_move(st)
    assert first is not None
    return rules.view(st, first)


def test_hard_probes_a_round_nobody_has_bet_after_a_raise():
    rules = Rules(resolve("texas_holdem"))
    assert LEVELS["hard"].probe > 0 == LEVELS["normal"].probe
    probed = 0
    for game_seed in (1, 2, 3):  # hands normal checks on this flop (it merits no bet)
        view = _flop_after_a_raise(rules, game_seed)
        legal = {t["type"]: t for t in view["legal"]}
        assert "check" in legal and "bet" in legal
        normal = [decide(rules, view, s, "normal") for s in SEEDS]
        hard = [decide(rules, view, s, "hard") for s in SEEDS]
        assert all(a["type"] == "check" for a in normal), game_seed
        bets = [a for a in hard if a["type"] == "bet"]
        # a measured share, not every time, and small: about a third of the pot
        assert len(SEEDS) * 0.5 <= len(bets) < len(SEEDS), game_seed
        pot = sum(p["amount"] for p in view["pots"])
        assert all(a["amount"] <= max(legal["bet"]["min"], pot // 2) for a in bets)
        probed += len(bets)
    assert probed > 0


def test_a_weak_hand_plays_for_a_blind_only_against_few_players():
    """Heads-up the first to act plays every hand (the blinds are most of what is won from a
    player who folds to bets); at six seats it folds a share of its first decisions (before,
    any hand called or raised when the call cost no more than a blind)."""
    rules = Rules(resolve("texas_holdem"))

    def first_decisions(players: int) -> list[str]:
        out = []
        for game_seed in range(24):
            st = rules.new_game(_seats(players), game_seed, {})
            seat = rules.to_move(st)
            assert seat is not None
            out.append(decide(rules, rules.view(st, seat), 3, "hard")["type"])
        return out

    assert "fold" not in first_decisions(2)
    six = first_decisions(6)
    # (that it still opens its strong hands at six seats: test_bot_crowd.py)
    assert six.count("fold") >= len(six) // 5, six


def test_a_split_pot_is_played_for_both_halves(monkeypatch):
    """Omaha hi-lo on a low flop (3-5-8): a hand holding the best low and no high counts the half
    it wins (its chance is far above the same hand's chance of the high half alone) and calls a
    pot-sized bet that a hand of the same high and no low folds to."""
    import copy
    import random

    from cardtable.engine.bots import chance
    from cardtable.hands.steps import finish

    rules = Rules(resolve(str(ROOT / "variants" / "examples" / "omaha_hi_lo.yaml")))
    deck = rules.variant.deck
    named = {deck.name(c): c for c in range(deck.size)}
    st = rules.new_game(_seats(2), 1, {})
    while not rules.view(st, rules.to_move(st))["zones"]["board"]["cards"]:  # check or call to the flop
        seat = rules.to_move(st)
        legal = {t["type"] for t in rules.view(st, seat)["legal"]}
        st = rules.apply(st, {"seat": seat, "type": "check" if "check" in legal else "call"})
    seat = rules.to_move(st)
    st = rules.apply(st, {"seat": seat, "type": "check"})
    other = rules.to_move(st)
    bet = next(t for t in rules.view(st, other)["legal"] if t["type"] == "bet")
    st = rules.apply(st, {"seat": other, "type": "bet", "amount": bet["max"]})  # the pot
    facing = rules.view(st, seat)

    def holding(hand: list[str]) -> View:
        view = copy.deepcopy(facing)
        view["zones"][f"hand/{seat}"]["cards"] = [named[f"{n} of {s}"] for n, s in hand]
        board = [("Three", "Diamonds"), ("Five", "Clubs"), ("Eight", "Hearts")]
        view["zones"]["board"]["cards"] = [named[f"{n} of {s}"] for n, s in board]
        return view

    low = holding([("Ace", "Spades"), ("Two", "Hearts"), ("Nine", "Clubs"), ("Jack", "Diamonds")])
    high_only = holding([("King", "Spades"), ("Queen", "Hearts"), ("Nine", "Clubs"), ("Jack", "Diamonds")])
    both = finish(chance.win_chance(rules, low, random.Random(1), 60))
    with monkeypatch.context() as m:
        m.setattr(chance, "has_split", lambda rules: False)
        high_half = finish(chance.win_chance(rules, low, random.Random(1), 60))
    assert both > 0.45 and both > high_half + 0.25, (both, high_half)
    assert all(decide(rules, low, s, "hard")["type"] in ("call", "raise") for s in range(8))
    assert sum(decide(rules, high_only, s, "hard")["type"] == "fold" for s in range(8)) >= 6
