"""The verb registry: one module per verb, and its table controls always send legal actions."""

from __future__ import annotations

import random

import pytest
from conftest import VARIANT_IDS, VARIANTS, builtin
from engine_helpers import options_for
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Rules
from cardtable.engine.bots import decide, random_action
from cardtable.engine.phases import STEP
from cardtable.engine.types import Action
from cardtable.engine.verbs import REGISTRY
from cardtable.engine.verbs.base import Choice, Control


def test_every_verb_is_registered_once_under_its_own_name():
    assert all(name == verb.name for name, verb in REGISTRY.items())
    assert len({type(v) for v in REGISTRY.values()}) == len(REGISTRY)
    assert sorted(STEP.fields["do"].spec.choices) == sorted([*REGISTRY, "repeat"])  # what phases: accepts


def test_a_step_naming_an_unknown_verb_is_refused_with_a_suggestion():
    from cardtable.errors import VariantError
    from cardtable.variant import load_variant_text

    text = (VARIANTS / "texas_holdem.yaml").read_text().replace("do: showdown", "do: showdwn")
    with pytest.raises(VariantError) as err:
        load_variant_text(text, "bad.yaml")
    assert "did you mean 'showdown'" in str(err.value)


def _press(control: Control, rng: random.Random, deck_size: int) -> Action | None:
    """What pressing `control` sends, as the table completes it (None: it sends nothing)."""
    if control.send is None or not control.enabled:
        return None
    action: Action = dict(control.send)  # type: ignore[assignment]
    if control.picker:
        action["cards"] = rng.sample(range(deck_size), control.picker)
    if control.choose_key:
        action[control.choose_key] = rng.choice(control.choose_from)  # type: ignore[literal-required]
    return action


@pytest.mark.parametrize("vid", VARIANT_IDS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_controls_send_only_legal_actions_and_every_decision_has_a_prompt(vid, seed):
    """At every decision of random games, every enabled control of the verb being played sends
    an action the rules accept, and the verb says in words what to do."""
    variant = builtin(vid)
    rules = Rules(variant)
    rng = random.Random(seed)
    n = max(variant.min_players, min(3, variant.max_players))
    state = rules.new_game([{"name": f"P{i}"} for i in range(n)], seed, options_for(rules))
    for _ in range(60 if variant.deck.size > 1000 else 150):
        seat = rules.to_move(state)
        if seat is None:
            break
        view = rules.view(state, seat)
        verb = REGISTRY[view["phase"] or ""]
        assert verb.prompt(view["legal"]), f"{verb.name} gives no prompt"
        hand = [c for z in view["zones"].values() if z["owner"] == seat for c in z.get("cards", []) if c >= 0]
        for choice in [Choice(), *_sample_choices(rng, verb, view["legal"], hand)]:
            for control in verb.controls(view["legal"], choice):
                assert control.tip, f"{verb.name}: '{control.label}' has no tooltip"
                if control.for_me:  # the computer player's thinking decides for the person
                    action = decide(rules, view, rng.getrandbits(64), "easy")
                    assert rules.check(state, action) is None, (control.label, action)
                    continue
                action = _press(control, rng, variant.deck.size)
                if action is not None:
                    assert rules.check(state, action) is None, (
                        control.label,
                        action,
                        rules.check(state, action),
                    )
        action = random_action(rules, state, seat, rng)
        assert verb.describe(action, variant.deck.short)
        state = rules.apply(state, action)


def _sample_choices(rng: random.Random, verb, legal, hand: list[int]) -> list[Choice]:
    """Choices a person could have made: as many cards as the decision takes, an amount on the
    slider, the showdown called with cards shown (where the verb offers it)."""
    n = verb.selects(legal)
    bet = next((x for x in legal if x["type"] in ("bet", "raise")), None)
    calls = any(t.get("showdown_allowed") for t in legal)
    out = []
    for _ in range(3):
        picked = tuple(rng.sample(hand, min(n, len(hand)))) if n else ()
        amount = rng.randint(bet["min"], bet["max"]) if bet else 0
        out.append(Choice(picked, amount, call_showdown=calls, show_cards=calls and bool(n)))
    return out
