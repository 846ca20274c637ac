"""The hand lookup tables shipped with the program (variants/hand-tables/, made by
scripts/ship_hand_tables.py): every table a shipped game uses under every ranking it offers is
there, nothing else is, each reads back, a damaged one is ignored and the table built; and a
table's name is the meaning of its rules (#29), not how they are written."""

from __future__ import annotations

import dataclasses
import gzip
import random
import shutil
from functools import cache

import pytest
from conftest import VARIANTS

from cardtable.catalog import resolve
from cardtable.engine import scoring
from cardtable.hands import ranking, ranking_exact, tables
from cardtable.hands import table as table_mod
from cardtable.hands.api import _matcher, evaluate_pool
from cardtable.hands.rules import Rules
from cardtable.variant import load_variant

SHIPPED = VARIANTS / "hand-tables"
SMALL = VARIANTS / "examples" / "short_deck_holdem.yaml"  # 36 cards: its table builds in 0.2 s


@pytest.fixture
def nothing_measured_here(tmp_path, monkeypatch):
    """An empty cache folder, and no measurement or count made now: the rankings come from the
    shipped files (test_ranking_frequency.py checks they are all there)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def refused(*args, **kwargs):
        raise AssertionError("a ranking was measured or counted: ship it (scripts/ship_hand_tables.py)")

    monkeypatch.setattr(ranking_exact, "count", refused)
    monkeypatch.setattr(ranking, "measure", refused)


@cache
def games():
    paths = sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "examples").glob("*.yaml"))
    return [resolve(str(p)) for p in paths]


def used(games) -> dict[str, tuple[str, Rules]]:
    """Table name -> (a game using it, its rules), over every ranking every game offers."""
    out: dict[str, tuple[str, Rules]] = {}
    for variant in games:
        for rules in ranking.every_rules(variant):
            p = table_mod.plan(rules)
            if p is not None:
                out.setdefault(tables.digest(rules, p), (variant.id, rules))
    return out


def test_every_table_a_shipped_game_uses_is_shipped(nothing_measured_here):
    found = used(games())
    missing = sorted(
        f"{game}: {name}" for name, (game, _) in found.items() if not tables.shipped_file(name).is_file()
    )
    assert missing == [], f"make them with scripts/ship_hand_tables.py: {missing}"
    assert len(found) >= 8  # Texas, Poker Clash, both halves of Omaha hi-lo...
    # every_rules covers what a game prepares (engine/scoring.py) under each ranking it offers
    for variant in games():
        for offered in ranking.offered(variant):
            for rules in scoring._ranked(variant, offered):
                assert any(rules is r for r in ranking.every_rules(variant)), (variant.id, offered)


def test_every_shipped_file_belongs_to_a_shipped_game_and_reads_back(nothing_measured_here):
    found = used(games())
    files = sorted(SHIPPED.iterdir())
    orphans = [f.name for f in files if f.name.removesuffix(".table.gz") not in found]
    assert orphans == [], f"no shipped game uses these (scripts/ship_hand_tables.py removes them): {orphans}"
    for f in files:
        name = f.name.removesuffix(".table.gz")
        game, rules = found[name]
        p = table_mod.plan(rules)
        assert p is not None
        got = tables.read(f, name, rules, p, _matcher(rules))
        assert got is not None, f"{f.name} ({game}) does not read back: make it again"
        assert len(gzip.decompress(f.read_bytes())) > 3 * f.stat().st_size  # packed, not stored
    # and a shipped table values hands as the matcher does (beyond the sample decoding checks)
    name, (_, rules) = next((n, g) for n, g in found.items() if g[0] == "texas_holdem")
    rank = table_mod.fast(
        tables.read(tables.shipped_file(name), name, rules, table_mod.plan(rules), _matcher(rules)),
        _matcher(rules),
    )
    rng = random.Random(3)
    hands = [rng.sample(range(52), k) for k in (5, 7) for _ in range(60)]
    assert [rank(h) for h in hands] == [evaluate_pool(rules, h).key for h in hands]


def fresh(path=SMALL) -> Rules:
    return load_variant(path).sections["hands"]


@pytest.fixture
def shipped_copy(tmp_path, monkeypatch):
    """The short deck's shipped table alone in a folder of the test's own, and an empty cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(tables, "shipped_folder", lambda: tmp_path / "shipped")
    rules = fresh()
    name = tables.digest(rules, table_mod.plan(rules))
    (tmp_path / "shipped").mkdir()
    shutil.copy(SHIPPED / f"{name}.table.gz", tables.shipped_file(name))
    return tables.shipped_file(name)


def builds(monkeypatch) -> list[int]:
    """Counts the builds begun from now on."""
    begun: list[int] = []
    real = tables.build_steps

    def counted(*args):
        begun.append(1)
        return real(*args)

    monkeypatch.setattr(tables, "build_steps", counted)
    return begun


def test_a_shipped_table_is_read_not_built_and_counts_as_there_ahead(shipped_copy, monkeypatch):
    begun = builds(monkeypatch)
    rules = fresh()
    assert tables.build_ahead(rules, _matcher(rules), 0.0)  # nothing to build ahead
    assert tables._slot(rules).building is None
    got = tables.ensure(rules, _matcher(rules))
    assert got is not None and begun == []
    assert not tables.cache_file(tables._slot(rules).name).exists()  # read where it is, not copied
    again = fresh()  # the slow path's first look finds it too
    assert tables.current(again, _matcher(again)) is not None and begun == []


def _damaged(good: bytes) -> dict[str, bytes]:
    raw = gzip.decompress(good)
    flipped = bytearray(good)
    flipped[len(good) // 2] ^= 0x20
    return {
        "empty": b"",
        "not gzip": raw,
        "cut short": good[: len(good) // 2],
        "a byte flipped": bytes(flipped),
        "two members": good + good,
        "garbage packed": gzip.compress(b"garbage"),
        "the file cut, packed": gzip.compress(raw[: len(raw) // 2]),
    }


def test_a_damaged_shipped_table_is_ignored_and_the_table_built(shipped_copy, monkeypatch):
    good = shipped_copy.read_bytes()
    for why, bad in _damaged(good).items():
        shipped_copy.write_bytes(bad)
        rules = fresh()
        slot = tables._slot(rules)
        assert tables.read(shipped_copy, slot.name, rules, slot.plan, _matcher(rules)) is None, why
    begun = builds(monkeypatch)
    rules = fresh()  # the last damage: the table is built, equal to the one shipped, and filed
    assert tables.build_ahead(rules, _matcher(rules), 0.0)  # a file is there: the start reads it
    made = tables.ensure(rules, _matcher(rules))
    assert len(begun) == 1 and made is not None
    shipped_copy.write_bytes(good)
    slot = tables._slot(rules)
    whole = tables.read(shipped_copy, slot.name, fresh(), slot.plan, _matcher(rules))
    assert whole is not None and made.keys == whole.keys and made.index == whole.index
    assert tables.cache_file(slot.name).is_file()


def test_a_shipped_table_whose_entries_lie_is_ignored(shipped_copy, monkeypatch):
    """A file whose checksum is right but whose entries are wrong: a sample re-valued catches it."""
    rules = fresh()
    slot = tables._slot(rules)
    t = tables.read(shipped_copy, slot.name, rules, slot.plan, _matcher(rules))
    assert t is not None
    lie = dataclasses.replace(
        t, witnesses=[t.witnesses[(w + 1) % len(t.witnesses)] for w in range(len(t.witnesses))]
    )
    shipped_copy.write_bytes(tables.pack(lie, slot.name))
    assert tables.read(shipped_copy, slot.name, rules, slot.plan, _matcher(rules)) is None


def test_a_shipped_file_unpacking_past_the_limit_is_refused(shipped_copy, monkeypatch):
    data = gzip.decompress(shipped_copy.read_bytes())
    monkeypatch.setattr(tables, "MAX_BYTES", len(data) - 1)
    rules = fresh()
    slot = tables._slot(rules)
    assert tables.read(shipped_copy, slot.name, rules, slot.plan, _matcher(rules)) is None
    with pytest.raises(ValueError):
        tables.unpack(gzip.compress(b"\0" * (len(data) + 10)))  # never unpacked whole


# ---------------------------------------------------------------- names: the rules' meaning


def texas() -> Rules:
    return load_variant(VARIANTS / "texas_holdem.yaml").sections["hands"]


def name(rules: Rules) -> str:
    return tables.digest(rules, table_mod.plan(rules))


def with_category(rules: Rules, at: int, **changes) -> Rules:
    cats = list(rules.categories)
    cats[at] = dataclasses.replace(cats[at], **changes)
    return dataclasses.replace(rules, categories=tuple(cats))


def test_a_table_s_name_keeps_with_the_words_and_changes_with_the_meaning(monkeypatch):
    rules = texas()
    base = name(rules)
    assert name(texas()) == base
    # words: a category renamed, a sentence reworded, the published odds, readings, warnings
    flush = [c.name for c in rules.categories].index("Flush")
    for words in (
        with_category(rules, flush, name="Suited"),
        with_category(rules, flush, describe="Five of one suit.", published="508 to 1", reading="as written"),
        dataclasses.replace(
            rules, reading="read loosely", value_names=("x",) * len(rules.value_names), warnings=()
        ),
    ):
        assert name(words) == base
    # meaning: a pattern, the order of the categories, points, tie layers, a column read, the form
    part = rules.categories[flush].parts[0]
    suit = rules.columns["suit"]
    swapped = tuple({0: 1, 1: 0}.get(v, v) for v in suit[:4]) + suit[4:]  # two cards' suits swapped
    for meaning in (
        with_category(rules, flush, parts=(dataclasses.replace(part, count=4, max_count=4),)),
        with_category(rules, flush, parts=(dataclasses.replace(part, same=(), distinct=("suit",)),)),
        dataclasses.replace(rules, categories=tuple(reversed(rules.categories))),
        with_category(rules, flush, points=5),
        with_category(rules, flush, ties=("cards",)),
        dataclasses.replace(rules, columns={**rules.columns, "suit": swapped}),
        dataclasses.replace(rules, form=dataclasses.replace(rules.form, adjacent=True)),
    ):
        assert name(meaning) != base
    # a column no pattern reads is not the table's business
    unread = {**rules.columns, "not read": tuple(range(len(suit)))}
    assert name(dataclasses.replace(rules, columns=unread)) == base
    monkeypatch.setattr(tables, "FORMAT", tables.FORMAT + 1)
    assert name(rules) != base
