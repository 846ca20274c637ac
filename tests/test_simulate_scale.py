"""`cardtable simulate` on every core and on a Dask cluster gives the one-process report byte for
byte; its log is written hand by hand in game order; Ctrl+C keeps every finished hand and prints
the report of the finished games (commands/simulation.py, commands/runners.py)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.commands.runners import LogWriter

# A child that turns SIGINT into KeyboardInterrupt even when started with SIGINT ignored (as a
# shell's background job is): the test sends it what a Ctrl+C sends.
CHILD = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"
)
LONG_MATCH = ["variants/examples/deuce_to_seven.yaml", "--option", "chips=1000000", "--option", "blind=2"]
ROOT = Path(__file__).resolve().parent.parent


def wait_for_hand(child: subprocess.Popen[str], log: Path, n: int) -> None:
    """Until the run's log shows hand `n` begun (the child still running): the match is under way."""
    while f"--- Hand {n} ---" not in (log.read_text(encoding="utf-8") if log.exists() else ""):
        assert child.poll() is None, child.communicate()
        time.sleep(0.05)  # another process writes it: look again shortly


EVERY_CORE = [
    ["texas_holdem", "--games", "5", "--hands", "3", "--players", "3", "--seed", "11"],
    ["variants/examples/deuce_to_seven.yaml", "--games", "3", "--hands", "2", "--level", "hard"],
    ["poker_grid", "--games", "3", "--players", "2", "--random"],
]
# A program of its own runs each of them on every core (each run's pool of processes ends with
# its command), each command's standard output kept in a file of its own: one start of Python,
# the program and its pool's server for all three.
EACH_ON_EVERY_CORE = (
    "import contextlib, json, sys; from cardtable.cli import main\n"
    "for i, args in enumerate(json.loads(sys.argv[1])):\n"
    "    with open(f'{sys.argv[2]}/out{i}', 'w', encoding='utf-8') as out, contextlib.redirect_stdout(out):\n"
    "        code = main(['simulate', *args, '--json', '--jobs', '2', '--log', f'{sys.argv[2]}/log{i}'])\n"
    "    if code:\n"
    "        sys.exit(code)\n"
)


@pytest.fixture(scope="module")
def every_core(tmp_path_factory):
    """Each case's report and log from the program of its own."""
    folder = tmp_path_factory.mktemp("every-core")
    done = subprocess.run(
        [sys.executable, "-c", EACH_ON_EVERY_CORE, json.dumps(EVERY_CORE), str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    return [
        ((folder / f"out{i}").read_text(encoding="utf-8"), (folder / f"log{i}").read_text(encoding="utf-8"))
        for i in range(len(EVERY_CORE))
    ]


@pytest.mark.parametrize("case", range(len(EVERY_CORE)), ids=lambda i: f"args{i}")
def test_every_core_gives_the_one_process_report_and_log(tmp_path, capsys, every_core, case):
    # one process: this one (the command as `main` runs it); every core: a program of its own
    args = EVERY_CORE[case]
    assert main(["simulate", *args, "--json", "--jobs", "1", "--log", str(tmp_path / "one.log")]) == 0
    outs = [(capsys.readouterr().out, (tmp_path / "one.log").read_text(encoding="utf-8")), every_core[case]]
    assert outs[0] == outs[1]
    report = json.loads(outs[0][0])
    assert report["completed"] == report["games"] and report["conserved"]
    assert outs[0][1].count("=== Game ") == report["games"]


def test_a_local_dask_cluster_gives_the_one_process_report(tmp_path, capsys):
    from distributed import LocalCluster

    args = ["simulate", "texas_holdem", "--games", "4", "--hands", "2", "--seed", "7", "--json"]
    assert main([*args, "--jobs", "1", "--log", str(tmp_path / "one.log")]) == 0
    alone = capsys.readouterr().out
    # a real scheduler and two workers, reached over TCP as a cluster elsewhere is (every game,
    # variant and result travels serialized), with the workers in this process: starting two
    # worker processes took 2-4 s of the suite's time
    with LocalCluster(
        n_workers=2,
        processes=False,
        protocol="tcp://",
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=":0",
    ) as cluster:
        code = main([*args, "--cluster", cluster.scheduler_address, "--log", str(tmp_path / "c.log")])
    assert code == 0
    assert capsys.readouterr().out == alone
    assert (tmp_path / "c.log").read_bytes() == (tmp_path / "one.log").read_bytes()


def test_cluster_without_dask_says_how_to_add_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # what an install without the extra finds
    assert main(["simulate", "texas_holdem", "--games", "1", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and 'pip install "cardtable[cluster]"' in err


@pytest.mark.parametrize(
    "extra, says",
    [
        (["--jobs", "2", "--cluster", "tcp://127.0.0.1:8786"], "choose one"),
        (["--cluster", "tcp://a b"], "not a scheduler's address"),
        (["--jobs", "0"], "out of range"),
    ],
)
def test_bad_jobs_or_cluster_get_one_line(capsys, extra, says):
    try:
        code = main(["simulate", "texas_holdem", "--games", "1", *extra])
    except SystemExit as exc:  # argparse's own refusal
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and says in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_every_finished_hand_and_prints_the_report_so_far(tmp_path, jobs):
    log = tmp_path / "cut.log"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, "simulate", *LONG_MATCH, "--games", "3", "--json", "--jobs", jobs]
        + ["--log", str(log)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # the log grows while the match is played: wait for a few finished hands, then Ctrl+C
        wait_for_hand(child, log, 4)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130, err
    report = json.loads(out)
    assert report["stopped"] is True and report["games_finished"] == 0 and report["completed"] == 0
    assert "0 of 3 games finished" in err
    text = log.read_text(encoding="utf-8")
    game1 = text.split("=== Game 2 ")[0]
    heads = [line for line in game1.splitlines() if line.startswith("--- Hand ")]
    assert heads == [f"--- Hand {k} ---" for k in range(1, len(heads) + 1)] and len(heads) >= 4
    for hand in game1.split("--- Hand ")[1:-1]:  # every finished hand, whole: someone won it
        assert " wins " in hand
    assert game1.rstrip().endswith("(stopped here: the game was not finished)")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=5), st.data())
def test_the_log_is_in_game_order_whatever_order_the_pieces_come_in(sizes, data):
    """Pieces of games finished in any interleaving (each game's own in order): the file holds the
    games in order; stopped midway, it holds every piece that came, unfinished games marked."""
    import io

    pieces = [[(g, f"g{g}p{k}\n") for k in range(n)] + [(g, None)] for g, n in enumerate(sizes)]
    arrivals: list[tuple[int, str | None]] = []
    while any(pieces):
        g = data.draw(st.sampled_from([i for i, p in enumerate(pieces) if p]))
        arrivals.append(pieces[g].pop(0))
    stop = data.draw(st.integers(0, len(arrivals)))

    def play(upto: int) -> str:
        out = io.StringIO()
        writer = LogWriter(out)
        for g, text in arrivals[:upto]:
            writer.piece(g, text) if text is not None else writer.finish(g)
        if upto < len(arrivals):
            writer.cut_off()
        return out.getvalue()

    whole = "".join(f"g{g}p{k}\n" for g, n in enumerate(sizes) for k in range(n))
    assert play(len(arrivals)) == whole
    cut = play(stop)
    came = [(g, t) for g, t in arrivals[:stop] if t is not None]
    assert [line for line in cut.splitlines() if line.startswith("g")] == [
        t.strip() for _, t in sorted(came, key=lambda gt: gt[0])
    ]
    finished = {g for g, t in arrivals[:stop] if t is None}
    started = {g for g, _ in came}
    assert cut.count("stopped here") == len(started - finished)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(1, 9), st.booleans()), min_size=1, max_size=8),
    st.randoms(),
)
def test_the_report_is_the_same_whatever_order_the_games_finish_in(games, rng):
    from cardtable.commands.simulation import Tally

    results = [
        {
            "game": g,
            "error": None,
            "actions": a,
            "hands": a,
            "conserved": True,
            "winners": [w % 3, w] if split else [w],
            "categories": {"Pair": a, f"c{w}": 1},
        }
        if a != 9
        else {"game": g, "error": f"game {g}: boom"}
        for g, (w, a, split) in enumerate(games)
    ]

    def report(order):
        tally = Tally("v", len(results), 4)
        for r in order:
            tally.add(r)
        return json.dumps(tally.report())

    shuffled = results[:]
    rng.shuffle(shuffled)
    assert report(shuffled) == report(results)
