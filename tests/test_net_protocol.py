"""The wire's edges: links parsed strictly, bad messages refused in one sentence, the variant sent
whole (a custom one loads without being installed; a changed text is refused), and the commands
without the `net` extra."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER

from cardtable import cli
from cardtable.catalog import resolve
from cardtable.net import protocol, wire
from cardtable.net.protocol import (
    FROM_HOST,
    FROM_PLAYER,
    MAX_FROM_PLAYER,
    ProtocolError,
    decode,
    encode,
    parse_link,
)

TOKEN = "A" * 22


def test_links_are_parsed_strictly():
    link = parse_link(f"  ws://192.168.1.5:8765/#{TOKEN} ")
    assert (link.host, link.port, link.token) == ("192.168.1.5", 8765, TOKEN)
    assert str(link) == f"ws://192.168.1.5:8765/#{TOKEN}" and link.uri == "ws://192.168.1.5:8765/"
    assert parse_link(f"ws://[::1]:80/#{TOKEN}").host == "[::1]"
    for bad in (
        "",
        f"http://h:1/#{TOKEN}",
        f"ws://h/#{TOKEN}",
        f"ws://h:0/#{TOKEN}",
        f"ws://h:70000/#{TOKEN}",
        "ws://h:1/#short",
        f"ws://h:1/path#{TOKEN}",
        f"ws://h:1/#{TOKEN}x",
        f"ws://user@h:1/#{TOKEN}",
        f"ws://h h:1/#{TOKEN}",
    ):
        with pytest.raises(ProtocolError):
            parse_link(bad)


def test_tokens_are_128_bits():
    tokens = {protocol.new_token() for _ in range(50)}
    assert len(tokens) == 50 and all(len(t) == 22 for t in tokens)
    for t in tokens:
        parse_link(f"ws://h:1/#{t}")


@pytest.mark.parametrize(
    "raw, words",
    [
        ("{", "not JSON"),
        ("[]", "JSON object"),
        ('{"v": 2, "type": "hello"}', "version 2"),
        ('{"v": 1, "type": "shout"}', "unknown kind"),
        ('{"v": 1, "type": "hello", "token": "x", "last_seq": 0, "run": ""}', "join code"),
        ('{"v": 1, "type": "act", "seq": 0, "action": {}}', "'seq'"),
        ('{"v": 1, "type": "act", "seq": true, "action": {}}', "'seq'"),
        ('{"v": 1, "type": "act", "seq": 1, "action": []}', "'action'"),
        ('{"v": 1, "type": "act", "seq": 1, "action": {"seat": NaN}}', "not JSON"),
        ('{"v": 1, "type": "undo", "seq": 1e400}', "'seq'"),
    ],
)
def test_bad_messages_are_one_sentence(raw, words):
    with pytest.raises(ProtocolError, match=words):
        decode(raw, FROM_PLAYER, MAX_FROM_PLAYER)


def test_messages_over_the_limit_are_refused_before_parsing():
    with pytest.raises(ProtocolError, match="over the limit"):
        decode(encode({"type": "undo", "seq": 1, "pad": "x" * MAX_FROM_PLAYER}), FROM_PLAYER, MAX_FROM_PLAYER)
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ProtocolError):
        decode(deep, FROM_PLAYER, 10**6)


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(
        st.text(ANY_CHARACTER, max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(ANY_CHARACTER, max_size=10),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(
                        [
                            "v",
                            "type",
                            "seq",
                            "token",
                            "action",
                            "view",
                            "public",
                            "talk",
                            "talk_at",
                            "presence",
                            "run",
                            "seat",
                        ]
                    ),
                    inner,
                    max_size=6,
                )
            ),
            max_leaves=20,
        ).map(json.dumps),
    )
)
def test_any_text_is_a_message_or_one_protocol_error(raw):
    for checks in (FROM_PLAYER, FROM_HOST):
        try:
            msg = decode(raw, checks, 10**6)
        except ProtocolError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert msg["type"] in checks


def test_a_custom_variant_travels_whole(tmp_path):
    """A variant file the joining program has never seen (and one extending another) loads from
    what the host sends; a text changed on the way is refused by the content hash."""
    from cardtable.variant import load_variant

    base = resolve("texas_holdem")
    custom = tmp_path / "friday_night.yaml"
    custom.write_text(
        f"extends: {base.path}\nname: Friday night\n".replace(
            f"extends: {base.path}", "extends: texas_holdem"
        )
    )
    variant = load_variant(custom)
    sent = json.loads(encode(wire.welcome_variant(variant, 0, "run")))["variant"]
    assert len(sent["files"]) == 2
    got = wire.load_sent(sent)
    assert got.name == "Friday night" and got.digest == variant.digest
    sent["files"][1][1] = sent["files"][1][1].replace("Texas", "Texan")
    with pytest.raises(ProtocolError, match="content hash"):
        wire.load_sent(sent)
    sent["files"][0][1] = "name: [unclosed\n"
    with pytest.raises(ProtocolError, match="cannot be loaded here"):
        wire.load_sent(sent)


@pytest.mark.parametrize("argv", [["host", "texas_holdem"], ["join", f"ws://127.0.0.1:9/#{TOKEN}"]])
def test_without_websockets_the_commands_say_how_to_add_it(argv, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "websockets", None)  # the import fails, as when not installed
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and 'pip install "cardtable[net]"' in err


def test_remote_seats_by_name_or_number():
    from cardtable.commands.arguments import CommandError
    from cardtable.commands.host import remote_seats

    seats = [{"name": "You", "kind": "human"}, {"name": "Bob", "kind": "human"}, {"name": "C", "kind": "bot"}]
    assert remote_seats(None, seats) == [1]
    assert remote_seats("Bob", seats) == [1] and remote_seats("2,1", seats) == [1, 0]
    with pytest.raises(CommandError, match="no seat"):
        remote_seats("Zed", seats)


def test_join_says_what_is_wrong_with_a_link(capsys):
    assert cli.main(["join", "ws://somewhere/#abc"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "ws://HOST:PORT/#CODE" in err
