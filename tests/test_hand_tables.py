"""Lookup tables (hands/table.py, hands/tables.py): they value every hand exactly as the general
matcher does, they are filed per variant content in the cache folder, and a damaged file is rebuilt,
never trusted."""

import dataclasses
import random

import pytest

from cardtable.hands import table as table_mod
from cardtable.hands import tables
from cardtable.hands.api import evaluate_pool, ranker, strength
from cardtable.hands.rules import Rules
from cardtable.variant import load_variant
from tests.conftest import VARIANTS

SMALL = ["texas_holdem", "sevendeck_poker", "poker_clash"]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A cache folder of the module's own for the tests that file, read and damage tables: each
    table is built once (none shipped: tests/test_shipped_tables.py reads those), and no test
    elsewhere (another worker) meets a damaged file."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(folder))
        mp.setattr(tables, "shipped_folder", lambda: folder / "none shipped")
        yield folder


def fresh(vid: str) -> Rules:
    """The variant's rules, loaded anew (so nothing is remembered from another test)."""
    return load_variant(VARIANTS / f"{vid}.yaml").sections["hands"]


@pytest.mark.parametrize("vid", SMALL)
def test_the_table_values_hands_as_the_matcher_does(cache, vid):
    rules = fresh(vid)
    rank = ranker(rules)
    assert tables._slot(rules).table is not None, "a small deck gets a table"
    rng = random.Random(vid)
    n = len(rules.card_order)
    hands = [rng.sample(range(n), size) for size, many in ((5, 150), (6, 30), (7, 60)) for _ in range(many)]
    mine = [rank(h) for h in hands]
    values = [evaluate_pool(rules, h) for h in hands]  # the matcher's, once per hand
    theirs = [v.key for v in values]
    assert mine == theirs  # the very same keys, so the very same orderings
    assert [strength(rules, h) for h in hands[:40]] == theirs[:40]
    # the orderings cover many categories, not one
    assert len({v.category for v in values}) >= 5


@pytest.mark.parametrize("vid", ["infinite_poker", "sigilian_poker", "limbo_holdem", "poker_grid"])
def test_no_table_where_one_cannot_serve(vid):
    # a 12,000-card deck, combined sets, declared cards, points tables: the matcher does it all
    assert table_mod.plan(fresh(vid)) is None


def test_a_filed_table_is_read_back_and_an_edited_variant_gets_another(cache):
    rules = fresh("texas_holdem")
    ranker(rules)
    slot = tables._slot(rules)
    path = tables.folder() / f"{slot.name}.table"
    assert path.is_file()
    again = fresh("texas_holdem")
    read = tables.read(path, slot.name, again, slot.plan, lambda h: evaluate_pool(again, h).key)
    assert read is not None and read.keys == slot.table.keys and read.index == slot.table.index
    clash = fresh("poker_clash")
    assert tables.digest(clash, table_mod.plan(clash)) != slot.name  # same deck, other hands


def _damaged(data: bytes) -> list[bytes]:
    body_at = data.index(b"\n", len(tables.MAGIC) + 1)
    body_at = data.index(b"\n", body_at + 1) + 1
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x20
    return [b"", b"garbage", data[: len(data) // 2], bytes(flipped), data + b"x", data[:body_at] + b"{}"]


def test_a_damaged_file_is_rebuilt_never_trusted(cache):
    rules = fresh("sevendeck_poker")
    ranker(rules)
    slot = tables._slot(rules)
    path = tables.folder() / f"{slot.name}.table"
    good = path.read_bytes()

    def read(again: Rules):
        return tables.read(path, slot.name, again, slot.plan, lambda h: evaluate_pool(again, h).key)

    for bad in _damaged(good):
        path.write_bytes(bad)
        assert read(fresh("sevendeck_poker")) is None
    # A file whose checksum is right but whose entries are wrong is caught by re-valuing a sample.
    t = slot.table
    wrong = [t.witnesses[(w + 1) % len(t.witnesses)] for w in range(len(t.witnesses))]
    lie = dataclasses.replace(t, witnesses=wrong)
    path.write_bytes(tables.encode(lie, slot.name))
    again = fresh("sevendeck_poker")
    assert read(again) is None
    # ...and the next use rebuilds a good one in its place.
    rank = ranker(again)
    assert tables._slot(again).table is not None
    assert path.read_bytes() == good
    rng = random.Random(5)
    for h in (rng.sample(range(len(again.card_order)), 7) for _ in range(20)):
        assert rank(h) == evaluate_pool(again, h).key


def test_rules_made_from_others_learn_afresh():
    """A ranking reordered from the published one is other rules: no table or memo is shared."""
    rules = fresh("texas_holdem")
    rules.memo["table"] = "learned"
    other = dataclasses.replace(rules, categories=tuple(reversed(rules.categories)))
    assert other.memo == {}
    p = table_mod.plan(rules)
    assert tables.digest(other, table_mod.plan(other)) != tables.digest(rules, p)
