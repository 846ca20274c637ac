"""Wild cards in an ordinary ranking: a wild card stands for whatever card helps its hand most.

Only pools holding a wild card come here (api.evaluate_pool sends them), so hands without one
keep the plain pattern search. Categories are tried best first, as in search.py; a part is filled
by natural cards and, where cards are missing, by wild cards standing for the missing ones:

- `same`: the best naturals of one bucket (a rank, a suit...) plus wilds of that bucket's value;
  with enough wilds, a part made of wild cards alone (standing for the top value);
- `run`: a span of the run with its gaps filled by wilds (the gap's values);
- `values`: the listed values, the missing ones taken by wilds.

Parts with other conditions (`distinct`, `none`, `cover`, `declared`, two runs) take naturals
only. A wild card left over is a kicker of the top value. With `natural_beats_wild`, of two hands
equal in every other way the one with fewer wild cards wins (a last tie layer).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .conditions import part_handles
from .pool import Pool, card_keys
from .rules import Category, Part, Rules
from .search import candidates, part_key
from .value import HandValue

# A part's candidate: its natural cards, how many wild cards it takes, its comparison key, and
# the values it shows of the category's `differ` attributes (wild cards' represented values too).
Cand = tuple[tuple[int, ...], int, tuple[int, ...], dict[str, frozenset[int]]]


def _top_values(rules: Rules) -> list[int]:
    """The order attribute's value indexes, highest order first."""
    vo = rules.value_order
    return sorted(range(len(vo)), key=lambda v: -vo[v])


def _fill(rules: Rules, shown: set[int], n: int) -> list[int]:
    """The order numbers n wild cards take beside cards showing `shown`: the highest not shown."""
    out = [rules.value_order[v] for v in _top_values(rules) if rules.value_order[v] not in shown][:n]
    top = max(rules.value_order) if rules.value_order else 0
    return out + [top] * (n - len(out))


def _plain(rules: Rules, part: Part) -> bool:
    """Whether wild cards may fill this part (see the module's docstring)."""
    known: dict[int, tuple[Part, bool]] = rules.memo.setdefault("wild_plain", {})
    got = known.get(id(part))
    if got is None or got[0] is not part:
        got = known[id(part)] = (part, _fillable(part))  # the part kept: its id stays its own
    return got[1]


def _fillable(part: Part) -> bool:
    return (
        part_handles(part, "wild")
        and len(part.runs) <= 1
        and len(part.values) <= 1
        and not (part.runs and part.values)
    )


def _dvals(
    rules: Rules, cat: Category, nat: Sequence[int], extra: dict[str, set[int]]
) -> dict[str, frozenset[int]]:
    out: dict[str, frozenset[int]] = {}
    for a in cat.differ:
        col = rules.columns[a]
        vals = set(extra.get(a, set()))
        for c in nat:
            x = col[c]
            if a in rules.multi:
                vals |= {i for i in range(x.bit_length()) if x >> i & 1}
            elif x >= 0:
                vals.add(x)
        out[a] = frozenset(vals)
    return out


def _cands(
    rules: Rules, cat: Category, part: Part, avail: tuple[int, ...], k: int, declared: frozenset[int]
) -> Iterator[Cand]:
    n = part.count
    if not _plain(rules, part) or n == 0:
        every = len(cat.parts) > 1  # as search.find: a later part may need other cards
        for cs in candidates(rules, part, Pool(rules, avail), avail, declared, every):
            yield cs, 0, part_key(rules, part, cs), _dvals(rules, cat, cs, {})
        return
    order = rules.order
    live = tuple(c for c in avail if not rules.dead[c])
    groups: list[tuple[dict[str, int], tuple[int, ...]]] = []
    if part.same:
        found: dict[tuple[int, ...], list[int]] = {}
        for c in live:
            for key in card_keys(rules, c, part.same):
                found.setdefault(key, []).append(c)
        groups = [(dict(zip(part.same, key)), tuple(g)) for key, g in found.items()]
        if k >= n:  # wild cards alone: standing for the top value of an order attribute
            top = _top_values(rules)[0] if rules.value_order else 0
            groups.append(({order: top} if order in part.same else {}, ()))
    else:
        groups = [({}, live)]
    out: list[Cand] = []
    for gvals, g in groups:
        extra = {a: {v} for a, v in gvals.items()}
        if part.runs:
            out.extend(_run_cands(rules, cat, part, g, k, extra))
        elif part.values:
            out.extend(_value_cands(rules, cat, part, g, k, extra))
        else:
            t = min(len(g), n)
            if n - t > k:
                continue
            nat = g[:t]
            if order in gvals:
                wild_orders = [rules.value_order[gvals[order]]] * (n - t)
            else:
                wild_orders = _fill(rules, {rules.card_order[c] for c in nat}, n - t)
            key = tuple(sorted([rules.card_order[c] for c in nat] + wild_orders, reverse=True))
            out.append((nat, n - t, key, _dvals(rules, cat, nat, extra)))
    out.sort(key=lambda cand: (cand[2], -cand[1]), reverse=True)
    yield from out


def _run_cands(
    rules: Rules, cat: Category, part: Part, g: tuple[int, ...], k: int, extra: dict[str, set[int]]
) -> Iterator[Cand]:
    run = part.runs[0]
    col = rules.columns[run.attribute]
    n = part.count
    plain_key = run.attribute == rules.order and len(run.sequences) == 1 and not run.sequences[0].wrap
    for seq in run.sequences:
        at: dict[int, list[int]] = {}
        value_at: dict[int, int] = {}
        for v, ps in seq.positions.items():
            for p in ps:
                value_at.setdefault(p, v)
        for c in g:
            for p in seq.positions.get(col[c], ()):
                at.setdefault(p, []).append(c)
        if n > seq.length:
            continue
        tops = range(seq.length - 1, -1, -1) if seq.wrap else range(seq.length - 1, n - 2, -1)
        for top in tops:
            span = [(top - i) % seq.length for i in range(n)]
            missing = [p for p in span if p not in at]
            if len(missing) > k:
                continue
            nat = tuple(at[p][0] for p in span if p in at)
            if len(set(nat)) != len(nat):
                continue
            vals = {a: set(s) for a, s in extra.items()}
            vals.setdefault(run.attribute, set()).update(value_at[p] for p in span if p in value_at)
            if plain_key:
                key: tuple[int, ...] = (top,)
            else:
                orders = [rules.card_order[c] for c in nat]
                if run.attribute == rules.order:
                    orders += [rules.value_order[value_at[p]] for p in missing if p in value_at]
                else:
                    orders += _fill(rules, set(orders), len(missing))
                key = tuple(sorted(orders, reverse=True))
            yield nat, len(missing), key, _dvals(rules, cat, nat, vals)


def _value_cands(
    rules: Rules, cat: Category, part: Part, g: tuple[int, ...], k: int, extra: dict[str, set[int]]
) -> Iterator[Cand]:
    a, wanted = part.values[0]
    col = rules.columns[a]
    pick: dict[int, int] = {}
    for c in g:
        if col[c] in wanted and col[c] not in pick:
            pick[col[c]] = c
    missing = [v for v in wanted if v not in pick]
    if len(missing) > k:
        return
    nat = tuple(sorted(pick.values(), key=g.index))
    orders = [rules.card_order[c] for c in nat]
    if a == rules.order:
        orders += [rules.value_order[v] for v in missing]
    else:
        orders += _fill(rules, set(orders), len(missing))
    vals = {x: set(s) for x, s in extra.items()}
    vals.setdefault(a, set()).update(wanted)
    yield nat, len(missing), tuple(sorted(orders, reverse=True)), _dvals(rules, cat, nat, vals)


def _fit(
    rules: Rules, cat: Category, naturals: tuple[int, ...], wilds: int, declared: frozenset[int]
) -> list[Cand] | None:
    parts = cat.parts
    if sum(p.count for p in parts) > len(naturals) + wilds:
        return None
    chosen: list[Cand] = []
    used: set[int] = set()

    def differs(cand: Cand) -> bool:
        return all(not (cand[3][a] & other[3][a]) for a in cat.differ for other in chosen)

    def go(i: int, left: int, floor: tuple[int, ...] | None) -> bool:
        if i == len(parts):
            return True
        avail = tuple(c for c in naturals if c not in used)
        same_as_before = i > 0 and parts[i] == parts[i - 1]
        for cand in _cands(rules, cat, parts[i], avail, left, declared):
            if cand[1] > left or (same_as_before and floor is not None and cand[2] > floor):
                continue
            if not differs(cand):
                continue
            chosen.append(cand)
            used.update(cand[0])
            if go(i + 1, left - cand[1], cand[2]):
                return True
            chosen.pop()
            used.difference_update(cand[0])
        return False

    return list(chosen) if go(0, wilds, None) else None


def evaluate_wild(
    rules: Rules, cards: Sequence[int], size: int, declared: frozenset[int], floor: int | None
) -> HandValue:
    """The best hand of `size` cards from a pool holding wild cards."""
    wild = [c for c in cards if rules.wild[c]]
    order, trump = rules.card_order, rules.trump
    naturals = tuple(
        sorted((c for c in cards if not rules.wild[c]), key=lambda c: (-order[c], not trump[c], c))
    )
    top = max(rules.value_order) if rules.value_order else 0
    for rank, cat in enumerate(rules.categories):
        if floor is not None and rank > floor:
            break
        if cat.exact and cat.size != len(cards):
            continue
        fit = _fit(rules, cat, naturals, len(wild), declared)
        if fit is None:
            continue
        used_nat = [c for cand in fit for c in cand[0]]
        n_wild = sum(cand[1] for cand in fit)
        # each part's natural cards, then the wild cards it takes: a joker is listed where it plays
        made_list: list[int] = []
        taken = 0
        for cand in fit:
            made_list += [*cand[0], *wild[taken : taken + cand[1]]]
            taken += cand[1]
        made = tuple(made_list)
        rest_wild = wild[n_wild:]
        rest_nat = [c for c in naturals if c not in set(used_nat)]
        room = max(0, size - len(made))
        kick_orders = ([top] * len(rest_wild) + [order[c] for c in rest_nat])[:room]
        kickers = (tuple(rest_wild) + tuple(rest_nat))[:room]
        hand = made + kickers
        layers: list[tuple[int, ...]] = []
        for layer in cat.ties:
            if layer == "cards":
                layers.append(tuple(x for cand in fit for x in cand[2]))
            elif layer == "kickers":
                layers.append(tuple(sorted(kick_orders, reverse=True)))
            elif layer == "trumps":
                trumps = sorted((order[c] for c in hand if trump[c]), reverse=True)
                layers.append((1 if trumps else 0, len(trumps), *trumps))
        if rules.natural_beats_wild:
            layers.append((-sum(1 for c in hand if rules.wild[c]),))
        key = (len(rules.categories) - rank, *layers)
        return HandValue(key, cat.name, rank, hand, cat.points, made)
    return HandValue((0,), "No Hand", len(rules.categories), ())
