"""``gamekit classroom --plan``: a plan file checked before anything starts (CL-31), then run in
order on loopback with simulated students; the teacher advances with Enter or the page's Next."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

from gamekit.classroom import Limits  # noqa: E402
from gamekit.classroom.plan import PlanError, PlanRunner, load_plan, parse_plan  # noqa: E402
from gamekit.classroom.session import Classroom  # noqa: E402
from gamekit.classroom.simclass import SimulatedClass, SimulationError  # noqa: E402
from gamekit.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WEEK3 = ROOT / "data" / "classroom" / "plans" / "week3.toml"
FAST = Limits(rate=10_000, burst=10_000)


def test_the_example_plan_is_valid():
    plan = load_plan(WEEK3)
    assert [a.kind for a in plan.activities] == ["auction", "auction", "clock", "tables"]
    assert plan.timer == 60 and plan.start == "enter"
    assert plan.activities[3].options["players"] == 4  # `size` is `players`
    assert all(a.timer == 60 for a in plan.activities)


BAD = """
title = "Week 3"
timer = 3
colour = "blue"
[[activity]]
kind = "auction"
format = "losers_pay_half"
rounds = 0
[[activity]]
kind = "tables"
game = "for_sale"
size = 8
[[activity]]
kind = "clock"
rounding = "sideways"
timer = 30
[[activity]]
kind = "dance"
"""


def test_cl_31_every_problem_is_named_by_its_activity_and_key_before_anything_starts():
    with pytest.raises(PlanError, match="CL-31") as refused:
        parse_plan(BAD, "bad.toml")
    problems = refused.value.problems
    assert any("'colour'" in p and "top" in p for p in problems)
    assert any("'timer'" in p and "5 to 3600" in p for p in problems)
    assert any(p.startswith("activity 1 (auction): 'format'") and "kind = 'clock'" in p for p in problems)
    assert any(p.startswith("activity 1 (auction): 'rounds'") for p in problems)
    assert any(p.startswith("activity 2 (tables): 'players' (or 'size')") for p in problems)
    assert any(p.startswith("activity 3 (clock): 'rounding'") for p in problems)
    assert any(p.startswith("activity 4: 'kind'") for p in problems)
    assert len(problems) == 7
    with pytest.raises(PlanError, match="not TOML"):
        parse_plan("title = ", "broken.toml")
    with pytest.raises(PlanError, match=r"activity 1 \(tables\): 'bots'"):
        parse_plan('[[activity]]\nkind = "tables"\ngame = "for_sale"\nbots = "nobody"\n')
    with pytest.raises(PlanError, match=r"activity 1 \(auction\): unknown key 'players'"):
        parse_plan('[[activity]]\nkind = "auction"\nplayers = 4\n')


def test_cl_31_the_command_refuses_a_bad_plan_and_starts_no_server(tmp_path, capsys):
    plan = tmp_path / "bad.toml"
    plan.write_text(BAD, encoding="utf-8")
    db = tmp_path / "never.sqlite"
    assert main(["classroom", "--plan", str(plan), "--db", str(db), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "CL-31" in err and "activity 2 (tables)" in err and not db.exists()


def _quick(text: str) -> str:
    """The example plan with a class's pauses cut to test speed (the same activities)."""
    text = re.sub(r"(?m)^pause = \d+", "pause = 0.3", text)
    return re.sub(r"(?m)^tick_seconds = \d+", "tick_seconds = 0.2", text)


def _play(sim: SimulatedClass) -> None:
    """Each simulated student does what their screen asks once (a round that closed meanwhile refuses)."""
    for step in (sim.bid_round, sim.clock_step, *[lambda s=s: sim.table_step(s) for s in sim.students]):
        with contextlib.suppress(SimulationError, httpx.TransportError):  # closed, or the plan is done
            step()


def test_the_example_plan_runs_end_to_end_from_the_command(tmp_path):
    plan = tmp_path / "week3.toml"
    plan.write_text(_quick(WEEK3.read_text(encoding="utf-8")), encoding="utf-8")
    db = tmp_path / "week3.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "gamekit", "classroom", "--plan", str(plan), "--db", str(db)]
    command += ["--port", "0", "--no-browser", "--show-token", "--stop-when-done", "--seconds", "55"]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    out: list[str] = []

    def read_until(word: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not any(word in line for line in out):
            with contextlib.suppress(queue.Empty):
                out.append(lines.get(timeout=0.1))

    started = time.monotonic()
    try:
        read_until("Press Enter", 30)
        text = "".join(out)
        join = re.search(r"students open (http://127\.0\.0\.1:\d+)/join/(\w{6})", text)
        assert join and "Auctions, week 3" not in join.group(0), text
        with SimulatedClass(join.group(1), join.group(2), students=3, table_bot="random", seed=5) as sim:
            process.stdin.write("\n")  # the teacher opens the first activity
            process.stdin.flush()
            deadline = time.monotonic() + 50
            while time.monotonic() < deadline and not any("The plan is done" in line for line in out):
                _play(sim)
                read_until("The plan is done", 0.05)
        read_until("Stopped.", 20)
        process.wait(20)
        err = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        for pipe in (process.stdin, process.stdout, process.stderr):
            pipe.close()
    seconds = time.monotonic() - started
    text = "".join(out)
    assert process.returncode == 0, (text, err)
    for number in range(1, 5):
        assert f"Activity {number} of 4" in text and f"Activity {number} is finished." in text, text
    assert "The plan is done" in text and "Traceback" not in err, err
    assert seconds < 55
    with Classroom(db=db, limits=FAST) as room:  # resumed: the data is all there
        data = room.data()
        assert set(data["format"].dropna()) >= {"second_price", "first_price", "losers_pay_half", "for_sale"}
        assert all(t["over"] for t in room.state()["tables"])


def test_the_teacher_page_advances_the_plan(tmp_path):
    text = '[[activity]]\nkind = "auction"\nrounds = 5\n[[activity]]\nkind = "auction"\nformat = "all_pay"\n'
    plan = parse_plan(text)
    said: list[str] = []
    room = Classroom(db=tmp_path / "advance.sqlite", limits=FAST)  # the runner polls faster than a page
    runner = PlanRunner(room, plan, say=said.append, poll=0.05)
    runner.attach()
    worker = threading.Thread(target=runner.run, daemon=True)
    worker.start()
    teacher = {"Authorization": f"Bearer {room.server.teacher_token}"}
    advance = f"{room.base_url}/api/teacher/{room.code}/advance"
    try:
        assert httpx.post(advance, timeout=10).status_code == 401  # the teacher's token only
        for expected in ("first_price", "all_pay"):
            answer = httpx.post(advance, headers=teacher, timeout=10)
            assert answer.status_code == 200 and answer.json()["ok"]
            for _ in range(100):
                activity = room.state()["activity"]
                if activity and activity["format"] == expected:
                    break
                time.sleep(0.05)
            assert room.state()["activity"]["format"] == expected
        assert room.state()["round"]["number"] == 1
        assert any("moved on by the teacher" in line for line in said)
        shown = httpx.get(f"{room.base_url}/api/teacher/{room.code}/plan", headers=teacher, timeout=10)
        assert shown.status_code == 200 and shown.json()["plan"] == {
            "title": "Class",
            "done": 1,
            "activities": 2,
            "running": 2,
        }
    finally:
        runner.stop()
        worker.join(10)
        room.stop()
    # a restart with the same plan goes on where it stood: activity 2 running, nothing opened again
    with Classroom(db=tmp_path / "advance.sqlite", limits=FAST) as again:
        resumed = PlanRunner(again, plan, say=said.append, poll=0.05)
        assert resumed.progress() == {"title": "Class", "done": 1, "activities": 2, "running": 2}
        assert said[-1] == "Resuming the plan: 1 of 2 activities done."
        assert again.state()["activity"]["format"] == "all_pay" and again.state()["round"]["number"] == 1


VALID = {
    "auction": st.fixed_dictionaries(
        {"kind": st.just("auction"), "format": st.sampled_from(["first_price", "second_price", "all_pay"])},
        optional={"rounds": st.integers(1, 100), "feedback": st.booleans(), "seed": st.integers(0, 2**62)},
    ),
    "clock": st.fixed_dictionaries(
        {"kind": st.just("clock")},
        optional={
            "rounds": st.integers(1, 100),
            "step": st.integers(1, 100),
            "tick_seconds": st.floats(0, 60),
        },
    ),
    "tables": st.fixed_dictionaries(
        {"kind": st.just("tables"), "game": st.sampled_from(["for_sale", "money_monsoon"])},
        optional={"size": st.integers(4, 5), "timer": st.integers(5, 3600)},  # both games seat 4 and 5
    ),
}


def _toml(activities: list[dict]) -> str:
    def value(v):
        return json.dumps(v) if not isinstance(v, bool) else str(v).lower()

    return "\n".join(
        "[[activity]]\n" + "\n".join(f"{k} = {value(v)}" for k, v in activity.items())
        for activity in activities
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(*VALID.values()), min_size=1, max_size=5), st.data())
def test_cl_31_a_valid_plan_runs_as_written_and_one_bad_key_is_named_by_its_activity(activities, data):
    plan = parse_plan(_toml(activities))
    assert [a.kind for a in plan.activities] == [a["kind"] for a in activities]
    assert all(a.number == n for n, a in enumerate(plan.activities, start=1))
    spoiled = data.draw(st.integers(0, len(activities) - 1))
    activities[spoiled] = {**activities[spoiled], "colour": "blue"}
    with pytest.raises(PlanError) as refused:
        parse_plan(_toml(activities))
    (problem,) = refused.value.problems
    assert problem.startswith(f"activity {spoiled + 1} ({activities[spoiled]['kind']}): unknown key 'colour'")
