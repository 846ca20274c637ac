"""`cardtable bench` without --json: the figures as a short report, each beside its target."""

from __future__ import annotations

import json
from typing import Any


def _mark(ok: bool) -> str:
    return "ok " if ok else "OVER"


def print_report(r: dict[str, Any]) -> None:
    print(f"{r['variant']} at {r['size'][0]}x{r['size'][1]}{' (quick)' if r.get('quick') else ''}")
    if r.get("bytecode_cache") is False:
        print(
            "  note: Python keeps no bytecode here (PYTHONDONTWRITEBYTECODE): start-up and first "
            "openings include compiling every module"
        )
    print("steady pan (" + "x".join(str(p) for p in r["pan_px_per_frame"]) + " px a frame):")
    print(f"{'card px':>8} {'visible':>8} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'blank':>7} {'run':>4}")
    for v in r["deck_view"]:
        print(
            f"{v['card_width']:>8} {v['visible_cards']:>8} {v['frame_ms_median']:>7.2f} "
            f"{v['frame_ms_p95']:>7.2f} {v['frame_ms_max']:>7.2f} {v['blank_frame_share']:>7.1%} "
            f"{v['longest_blank_run']:>4}"
        )
    print(
        f"  {_mark(r['deck_view_max_p95_ms'] < 8.3)} p95 at every zoom < 8.3 ms: {r['deck_view_max_p95_ms']}"
    )
    print(
        f"  {_mark(r['blank_frame_share_max'] <= 0.05)} blank frames <= 5%: {r['blank_frame_share_max']:.1%}"
    )
    print(
        f"  {_mark(r['longest_blank_run_max'] <= 3)} no slot blank > 3 frames: {r['longest_blank_run_max']}"
    )
    print("tour of the deck, a screenful at a time (time for a cold jump to fill):")
    for t in r["tour"]:
        print(
            f"{t['card_width']:>8} px: {t['stops']} stops{'' if t['complete'] else ' (part)'}, fill "
            f"median {t['fill_ms_median']:.0f} ms, max {t['fill_ms_max']:.0f} ms, worst frame "
            f"{t['frame_ms_max']:.1f} ms"
        )
    print(
        f"  {_mark(r['zoom_sweep_max_ms'] < 33)} zoom sweep worst frame < 33 ms: {r['zoom_sweep_max_ms']} "
        f"(CPU {r['zoom_sweep_max_cpu_ms']}); frames with a blank slot "
        f"{r['zoom_sweep_blank_frame_share']:.1%}, a slot blank at most {r['zoom_sweep_longest_blank_run']} frames"
        f", with faces scaled from another size {r['zoom_sweep_stand_in_frame_share']:.1%}"
    )
    print(
        f"  {_mark(r['rss_peak_mb'] < 300)} peak resident < 300 MB: {r['rss_peak_mb']} MB (sampled max "
        f"{r['rss_sampled_max_mb']}, at the end {r['rss_end_mb']}; budget {r['memory_budget_mb']} MB)"
    )
    search = r["search"]
    print(
        f"  {_mark(search['p95'] < 2)} search per keystroke < 2 ms: p95 {search['p95']} ms "
        f"(CPU p95 {search.get('cpu_p95')} ms)"
    )
    print(f"  {_mark(r['startup_s'] < 1)} start to menu < 1 s: {r['startup_s']} s (median)")
    print(f"  {_mark(r['first_deck_frame_s'] < 2)} first deck frame < 2 s: {r['first_deck_frame_s']} s")
    if r.get("decisions"):
        print("CPU per decision of the hard computer player (a match against call, heads-up):")
        for d in r["decisions"]:
            ok = d["bet_median_ms"] is not None and d["bet_median_ms"] <= d["goal_ms"]
            print(
                f"  {_mark(ok)} {d['variant']} ({d['ranking']}) bets <= {d['goal_ms']:.0f} ms: median "
                f"{d['bet_median_ms']} ms, p90 {d['bet_p90_ms']} ms over {d['bet_decisions']} bets; "
                f"every decision median {d['median_ms']} ms"
            )
    t = r["table"]
    print("table with computer players thinking (1280x720):")
    for g in t["games"]:
        print(
            f"  {g['variant']:<18} p50 {g['frame_ms_median']:.1f}  p95 {g['frame_ms_p95']:.1f}  max "
            f"{g['frame_ms_max']:.1f} ms; rules panel max {g['rules_panel']['frame_ms_max']:.1f} ms"
        )
    print(
        f"  {_mark(t['table_frame_ms_max'] <= 33)} no table frame > 33 ms: {t['table_frame_ms_max']} "
        f"(CPU {t['table_cpu_ms_max']})"
    )
    print(
        f"  {_mark(t['hurried_frame_ms_max'] <= 33)} none > 33 ms while hurried (Space): "
        f"{t['hurried_frame_ms_max']} (CPU {t['hurried_cpu_ms_max']})"
    )
    print(
        f"  {_mark(t['rules_panel_ms_max'] < 16)} rules panel < 16 ms: {t['rules_panel_ms_max']} "
        f"(CPU {t['rules_panel_cpu_ms_max']})"
    )
    if t["grid_zoom_ms_p95"] is not None:
        print(f"  {_mark(t['grid_zoom_ms_p95'] < 16)} grid wheel-zoom p95 < 16 ms: {t['grid_zoom_ms_p95']}")
    print(f"  {_mark(t['rules_screen_ms_max'] < 16)} rules screen < 16 ms: {t['rules_screen_ms_max']}")
    if "opening" in r:
        o = r["opening"]
        print("opening a screen from the menu (fresh program: first time, then again):")
        for row in o["screens"] + o["start"] + o["next_game"]:
            print(
                f"  {row['screen']:<13} {row['variant']:<18} first {row['first_ms']:.0f} ms, "
                f"again {row['again_ms']:.0f} ms (CPU {row['again_cpu_ms']:.0f})"
            )
        print(f"  {_mark(o['open_again_ms_max'] <= 33)} opened again <= 33 ms: {o['open_again_ms_max']}")
        print(
            f"  {_mark(o['start_again_ms_max'] <= 33)} a game started again from New game <= 33 ms: "
            f"{o['start_again_ms_max']} (the first: {o['start_first_ms_max']}, a fresh program; "
            "with an empty cache, a game shipping no hand tables builds them)"
        )
        print(
            f"  {_mark(o['next_game_ms_max'] <= 33)} the next game's first frame (Play again) <= 33 ms: "
            f"{o['next_game_ms_max']} (CPU {o['next_game_cpu_ms_max']})"
        )
    if "simulate" in r:
        sim = r["simulate"]
        print(f"self-play, {sim.get('matches', 1)} matches of {sim['hands_per_match']} hands (median, cold):")
        for vid, row in r["simulate"]["games"].items():
            print(
                f"  {vid:<18} {row['cpu_seconds']:>8.2f} s CPU ({row['seconds']:.2f} s wall)"
                f"  x{row['relative_to_standard']} of the standard deck per hand"
            )
    lm = r.get("long_match")
    if lm:
        early, late = lm["hands_1_100"], lm["hands_1000_1100"]
        print(
            f"a long match of {lm['variant']} ({lm['hands_played']:,} hands): hands 1-100 "
            f"{early['cpu_ms_per_hand'] if early else '-'} ms CPU a hand, 1,000-1,100 "
            f"{late['cpu_ms_per_hand'] if late else '-'} (x{lm['late_over_early_cpu']})"
        )
    if r.get("network"):
        from .network import print_rows

        print_rows(r["network"])
    for row in r.get("reopen", []):
        print(
            f"reopen {row['variant']} after {row['decisions']:,} decisions: {row['resume_s']} s "
            f"(check {row['check_s']} s); an action's autosave then {row['autosave_ms']} ms"
        )
    if r.get("evaluator_vs_treys"):
        print("evaluator beside treys: " + json.dumps(r["evaluator_vs_treys"]))
    if "hands" in r:
        print("hand evaluation:")
        print(json.dumps(r["hands"], indent=1))
