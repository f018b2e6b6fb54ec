"""The claims registry: every lesson sentence about a game has current stored evidence whose verdict
follows from its numbers, a sample of the runs replays exactly, and the statistics are right."""

from __future__ import annotations

import json
import math
import re
import statistics
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import claims
from gamekit.cli import main as cli_main
from gamekit.core.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
REPLAY_BUDGET = 20.0
MIN_OWN_WORK = 0.05  # seconds a replayed seed took when stored; the cheapest seed of each lesson is replayed


# ------------------------------------------------------------------ synthetic claims, in a temporary folder
def _normal(mean: float):
    def measure(seed: int, games: int) -> list[float]:
        import random

        rng = random.Random(seed)
        return [rng.gauss(mean, 1.0) for _ in range(games)]

    measure.__qualname__ = f"normal_{str(mean).replace('.', '_').replace('-', 'm')}"
    return measure


def _constant(value: float):
    def measure(seed: int, games: int) -> list[float]:
        return [value] * games

    measure.__qualname__ = f"constant_{str(value).replace('.', '_')}"
    return measure


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """A registry with a few synthetic claims of lesson 98, stored in a temporary folder."""
    monkeypatch.setattr(claims, "path", lambda lesson: tmp_path / f"{lesson}.json")
    before = dict(claims._REGISTRY)
    made = {
        "98-clearly-above": claims.Claim(
            "98-clearly-above", "98", "A is better.", "test", _normal(0.5), games=400, family="98-f"
        ),
        "98-barely-above": claims.Claim(
            "98-barely-above", "98", "B is a little better.", "test", _normal(0.11), games=400, family="98-f"
        ),
        "98-nothing": claims.Claim(
            "98-nothing",
            "98",
            "C is no different.",
            "test",
            _normal(0.0),
            games=200,
            direction="no_difference",
        ),
        "98-between": claims.Claim(
            "98-between",
            "98",
            "D lies near 0.",
            "test",
            _normal(0.0),
            games=400,
            direction="between",
            bounds=(-0.3, 0.3),
        ),
        "98-exact": claims.Claim(
            "98-exact",
            "98",
            "E is under 0.2.",
            "test",
            _constant(0.14),
            games=1,
            direction="below",
            threshold=0.2,
            family="98-f",
            unit="thousand",
        ),
        "98-never-wins": claims.Claim(
            "98-never-wins",
            "98",
            "F wins less than a third.",
            "test",
            _constant(0.0),
            games=20,
            direction="below",
            threshold=1 / 3,
            value_range=(0, 1),
            unit="win share",
        ),
    }
    for claim in made.values():
        claims.register(claim)
    yield made
    claims._REGISTRY.clear()
    claims._REGISTRY.update(before)


def test_a_clear_effect_holds_on_every_seed_and_no_difference_holds_where_the_interval_covers_it(sandbox):
    claims.regenerate(list(sandbox.values()), progress=lambda line: None)
    claims.check("98-clearly-above")
    assert claims.evidence("98-clearly-above").holding == 5
    nothing = claims.evidence("98-nothing")
    low, high = nothing.interval
    assert low < 0 < high and nothing.verdict in ("holds", f"holds on {nothing.holding} of 5 seeds")
    assert claims.evidence("98-between").verdict == "holds"
    for cid in sandbox:
        assert claims.problems(cid) == []


def test_a_small_effect_holds_on_some_seeds_only_and_the_lesson_must_say_so(sandbox):
    claims.regenerate([sandbox["98-barely-above"], sandbox["98-clearly-above"]], progress=lambda line: None)
    ev = claims.evidence("98-barely-above")
    assert 0 < ev.holding < 5
    assert ev.verdict == f"holds on {ev.holding} of 5 seeds"
    with pytest.raises(AssertionError, match="its evidence says"):
        claims.check("98-barely-above")
    claims.check("98-barely-above", ev.verdict)


def test_holm_within_a_family_uses_the_family_and_no_one_else(sandbox):
    claims.regenerate(list(sandbox.values()), progress=lambda line: None)
    above, barely = claims.evidence("98-clearly-above"), claims.evidence("98-barely-above")
    assert barely.p_holm == pytest.approx(min(1.0, 2 * barely.p)) or barely.p_holm == pytest.approx(
        max(barely.p, above.p_holm)
    )
    assert barely.p_holm >= barely.p and above.p_holm >= above.p
    assert claims.evidence("98-nothing").p_holm == claims.evidence("98-nothing").p  # no family


def test_a_tampered_stored_number_is_found(sandbox, tmp_path):
    claims.regenerate([sandbox["98-clearly-above"]], progress=lambda line: None)
    file = tmp_path / "98.json"
    data = json.loads(file.read_text())
    data["claims"]["98-clearly-above"]["runs"][2]["mean"] = -1.0  # a seed that now contradicts the sentence
    file.write_text(json.dumps(data))
    found = claims.problems("98-clearly-above")
    assert any("verdict" in line for line in found) and any("pooled" in line for line in found)
    with pytest.raises(AssertionError):
        claims.check("98-clearly-above")


def test_a_deterministic_claim_is_shown_as_its_exact_value_without_interval_or_p(sandbox):
    claims.regenerate([sandbox["98-exact"]], progress=lambda line: None)
    claims.check("98-exact")
    ev = claims.evidence("98-exact")
    assert ev.exact and ev.interval is None and ev.p is None and ev.p_holm is None
    shown = str(claims.show("98-exact"))
    assert "exact: 0.14 thousand, the same on every one of 5 seeds" in shown and "→ holds" in shown
    for text in (shown, claims.show("98-exact")._repr_markdown_(), "\n".join(ev.per_seed())):
        assert not re.search(r"CI|p [=<]|\d \[", text), text  # no interval, no p-value
    assert ev.per_seed()[0] == "seed 1: 0.14 exact"
    assert ev.stored["pooled"]["low"] is None and ev.stored["p"] is None


def test_an_exact_value_takes_no_part_in_holms_correction(sandbox):
    claims.regenerate([sandbox["98-exact"], sandbox["98-clearly-above"]], progress=lambda line: None)
    above = claims.evidence("98-clearly-above")
    assert above.p_holm == above.p  # the only test left in family 98-f


def test_a_share_at_the_end_of_its_range_is_shown_with_its_exact_interval(sandbox):
    claims.regenerate([sandbox["98-never-wins"]], progress=lambda line: None)
    claims.check("98-never-wins")
    ev = claims.evidence("98-never-wins")
    assert ev.interval == pytest.approx((0.0, 1 - 0.025 ** (1 / 100)))
    figures = ev.figures()
    assert "95 % CI 0.000 to 0.036, exact (Clopper–Pearson): all 100 games at 0" in figures
    assert "exact binomial p < 0.0001" in figures and figures.endswith("→ holds")
    assert (
        ev.per_seed()[0]
        == "seed 1: 0.000 [0.000, 0.168] exact binomial, all 20 games at 0, the lowest value possible"
    )
    # 0 of 20 on one seed: the share is below about 17 %, which already excludes a third
    assert ev.holding == 5


def test_a_tampered_number_of_a_run_that_does_not_vary_is_found(sandbox, tmp_path):
    claims.regenerate([sandbox["98-exact"], sandbox["98-never-wins"]], progress=lambda line: None)
    file = tmp_path / "98.json"
    data = json.loads(file.read_text())
    data["claims"]["98-exact"]["runs"][1]["mean"] = 0.25  # one seed above the threshold: no longer exact
    data["claims"]["98-never-wins"]["runs"][3]["sd"] = 0.2  # a seed that varied: Student's t, not exact
    file.write_text(json.dumps(data))
    exact = claims.problems("98-exact")
    assert any("pooled" in line for line in exact) and any(
        "'p'" in line or "stored p " in line for line in exact
    )
    assert any("pooled" in line for line in claims.problems("98-never-wins"))
    for cid in ("98-exact", "98-never-wins"):
        with pytest.raises(AssertionError):
            claims.check(cid)


def test_a_run_made_with_another_size_is_stale_and_says_how_to_regenerate(sandbox):
    claims.regenerate([sandbox["98-nothing"]], progress=lambda line: None)
    claims._REGISTRY["98-nothing"] = claims.Claim(
        "98-nothing", "98", "C is no different.", "test", _normal(0.0), games=300, direction="no_difference"
    )
    with pytest.raises(claims.StaleEvidence, match=r"games.*--regenerate 98-nothing"):
        claims.evidence("98-nothing")


def test_refresh_rewrites_a_changed_sentence_without_running_anything(sandbox, monkeypatch):
    claims.regenerate([sandbox["98-clearly-above"]], progress=lambda line: None)
    old = sandbox["98-clearly-above"]
    claims._REGISTRY[old.id] = claims.Claim(
        old.id, "98", "A is better, clearly.", "test", old.measure, games=400, family="98-f"
    )
    assert any("sentence" in line for line in claims.problems(old.id))
    monkeypatch.setattr(claims, "run_seed", lambda *a: pytest.fail("refresh ran a measure"))
    claims.refresh(["98"])
    assert claims.problems(old.id) == []
    assert "A is better, clearly." in str(claims.show(old.id))
    assert repr(claims.show(old.id)) == str(claims.show(old.id))  # no dataclass dump in plain text


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"id": "1-x"}, "two-digit lesson number"),
        ({"id": "02-x"}, "belongs to lesson 02"),
        ({"seeds": (1, 2, 3)}, "at least 5 distinct seeds"),
        ({"direction": "between"}, "bounds"),
        ({"bounds": (1.0, 0.0), "direction": "between"}, "low < high"),
        ({"family": "02-f"}, "within its lesson"),
        ({"direction": "sideways"}, "direction must be"),
    ],
)
def test_a_malformed_claim_is_refused_with_the_reason(kwargs, message):
    base = {"id": "98-x", "lesson": "98", "sentence": "s", "scope": "t", "measure": _normal(0.0), "games": 10}
    with pytest.raises(ConfigError, match=message):
        claims.Claim(**{**base, **kwargs})


# ------------------------------------------------------------------ the statistics
@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=2, max_size=30),
        min_size=1,
        max_size=6,
    )
)
def test_pooling_seed_summaries_equals_summarizing_all_units(samples):
    together = claims.pooled([claims.summarize(s) for s in samples])
    flat = [v for s in samples for v in s]
    assert together.n == len(flat)
    assert together.mean == pytest.approx(statistics.fmean(flat), abs=1e-9)
    assert together.sd == pytest.approx(statistics.stdev(flat), abs=1e-6, rel=1e-9)


def test_the_interval_and_p_value_are_students_t():
    from scipy import stats

    values = [0.3, -0.1, 0.8, 0.4, 0.2, 0.9, -0.2, 0.5]
    summary = claims.summarize(values)
    claim = claims.Claim("98-t", "98", "s", "t", _normal(0.0), games=8)
    result = stats.ttest_1samp(values, 0.0)
    assert summary.p_value(claim) == pytest.approx(result.pvalue)
    low, high = summary.interval(0.95)
    ci = result.confidence_interval(0.95)
    assert (low, high) == pytest.approx((ci.low, ci.high))


def test_holm_matches_the_textbook_step_down():
    # p sorted 0.01, 0.02, 0.04 with three tests: 0.03, 0.04, 0.04 (monotone)
    assert claims.holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])


def test_a_deterministic_measure_is_one_exact_value_with_no_interval_and_no_p():
    summary = claims.summarize([0.0096])
    claim = claims.Claim("98-d", "98", "s", "t", _normal(0.0), games=1, direction="below", threshold=0.01)
    assert claims.read(claim, summary) == claims.Reading(claims.EXACT, None, None)
    assert claims.supports(claim, summary, None, 0.05)
    above = claims.Claim("98-d", "98", "s", "t", _normal(0.0), games=1, direction="above", threshold=0.01)
    assert not claims.supports(above, summary, None, 0.05)


@pytest.mark.parametrize("k, n", [(0, 100), (100, 100), (0, 20), (3, 20), (17, 60), (1, 1)])
def test_the_clopper_pearson_interval_is_scipys_exact_one(k, n):
    from scipy import stats

    ci = stats.binomtest(k, n).proportion_ci(0.95, method="exact")
    assert claims.clopper_pearson(k, n, 0.95) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_no_win_in_100_games_is_a_share_below_about_3_6_percent_not_exactly_0():
    from scipy import stats

    claim = claims.Claim(
        "98-b", "98", "s", "t", _normal(0.0), games=20, direction="below", threshold=1 / 3, value_range=(0, 1)
    )
    reading = claims.read(claim, claims.summarize([0.0] * 100))
    assert reading.method == claims.BINOMIAL and reading.end == 0
    assert reading.interval == pytest.approx((0.0, 1 - 0.025 ** (1 / 100)))
    assert reading.interval[1] == pytest.approx(0.0362, abs=1e-4)
    one_sided = stats.binomtest(0, 100, 1 / 3, alternative="less").pvalue
    assert reading.p == pytest.approx(
        2 * one_sided
    )  # two-sided, as the t test: p < 0.05 iff the CI excludes 1/3


def test_a_share_less_a_constant_reads_on_its_own_range():
    """A win share less 1/4 lies in [-0.25, 0.75]: all at -0.25 is no win, read as 0 of n."""
    claim = claims.Claim(
        "98-b", "98", "s", "t", _normal(0.0), games=20, direction="below", value_range=(-0.25, 0.75)
    )
    reading = claims.read(claim, claims.summarize([-0.25] * 100))
    assert reading.interval == pytest.approx((-0.25, -0.25 + 1 - 0.025 ** (1 / 100)))
    at_top = claims.read(claim, claims.summarize([0.75] * 100))
    assert at_top.interval == pytest.approx((0.75 - (1 - 0.025 ** (1 / 100)), 0.75))
    assert at_top.p == pytest.approx(2 * 0.75**100)  # all at the top: p of "at most 0" is P(100 of 100 | 1/4)
    assert not claims.supports(claim, claims.summarize([0.75] * 100), at_top.p, 0.05)  # wrong side


def test_a_between_claim_at_the_end_of_its_range_uses_the_exact_tost():
    claim = claims.Claim(
        "98-b",
        "98",
        "s",
        "t",
        _normal(0.0),
        games=20,
        direction="between",
        bounds=(-0.1, 0.05),
        value_range=(0, 1),
    )
    reading = claims.read(claim, claims.summarize([0.0] * 100))
    assert reading.p == pytest.approx(0.95**100)  # "at least 0.05" is the only side left to reject


def test_a_declared_range_the_data_leave_is_refused():
    claim = claims.Claim("98-b", "98", "s", "t", _normal(0.0), games=20, value_range=(0, 1))
    with pytest.raises(ConfigError, match="declared range is wrong"):
        claims.read(claim, claims.summarize([-0.25] * 20))
    with pytest.raises(ConfigError, match="value_range"):
        claims.Claim("98-b", "98", "s", "t", _normal(0.0), games=20, value_range=(1, 0))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([0.0, 1.0]), min_size=1, max_size=200), st.booleans())
def test_an_interval_contains_the_mean_and_varying_shares_keep_students_t(values, declared):
    claim = claims.Claim(
        "98-b",
        "98",
        "s",
        "t",
        _normal(0.0),
        games=20,
        direction="below",
        threshold=0.5,
        value_range=(0, 1) if declared else None,
    )
    summary = claims.summarize(values)
    reading = claims.read(claim, summary)
    if len(set(values)) > 1:
        assert reading == claims.Reading(claims.T, summary.interval(0.95), summary.p_value(claim))
    elif declared:
        assert reading.method == claims.BINOMIAL and reading.p is not None
    else:
        assert reading == claims.Reading(claims.EXACT, None, None)
    if reading.interval is not None:
        low, high = reading.interval
        assert low <= summary.mean <= high and low < high


# ------------------------------------------------------------------ the project's own claims
ALL = list(claims.all_claims())


@pytest.mark.parametrize("claim_id", ALL)
def test_every_claim_has_current_evidence_whose_verdict_follows_from_its_numbers(claim_id):
    assert claims.problems(claim_id) == []
    ev = claims.evidence(claim_id)
    assert len(ev.seeds) >= claims.MIN_SEEDS


def _cheapest_seed_per_lesson() -> list[tuple[str, int]]:
    best: dict[str, tuple[float, str, int]] = {}
    for cid, claim in claims.all_claims().items():
        record = claims._read(claim.lesson).get(cid)
        for row in (record or {}).get("runs", []):
            # A run that took no time reused games another claim had played (a cache): replaying it
            # alone would play them afresh, so only runs that did their own work are candidates.
            if MIN_OWN_WORK <= row.get("seconds", math.inf) <= REPLAY_BUDGET and (
                claim.lesson not in best or row["seconds"] < best[claim.lesson][0]
            ):
                best[claim.lesson] = (row["seconds"], cid, row["seed"])
    return [(cid, seed) for _, cid, seed in best.values()]


@pytest.mark.parametrize("claim_id, seed", _cheapest_seed_per_lesson())
def test_a_stored_run_replays_exactly(claim_id, seed):
    claim = claims.get(claim_id)
    stored = next(r for r in claims._read(claim.lesson)[claim_id]["runs"] if r["seed"] == seed)
    again = claims.run_seed(claim, seed)
    assert (again["n"], again["mean"], again["sd"]) == (stored["n"], stored["mean"], stored["sd"])


def _lesson_sources() -> dict[str, str]:
    out = {}
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        out[nb.stem] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return out


def test_every_claim_is_shown_and_checked_in_its_lesson_and_every_shown_id_exists():
    sources = _lesson_sources()
    registered = claims.all_claims()
    for cid, claim in registered.items():
        lesson = next((text for name, text in sources.items() if name.startswith(claim.lesson)), "")
        assert f'claims.show("{cid}")' in lesson, f"lesson {claim.lesson} does not show claim {cid}"
        assert f'claims.check("{cid}"' in lesson, f"lesson {claim.lesson} does not check claim {cid}"
    for name, text in sources.items():
        for cid in re.findall(r'claims\.(?:show|check)\("([^"]+)"', text):
            assert cid in registered, f"{name} names claim {cid}, which is not registered"


def test_gamekit_claims_prints_a_lessons_claims_and_refuses_an_unknown_one(capsys, sandbox):
    claims.regenerate([sandbox["98-clearly-above"], sandbox["98-exact"]], progress=lambda line: None)
    assert cli_main(["claims", "98"]) == 0
    out = capsys.readouterr().out
    assert (
        "98-clearly-above" in out
        and "A is better." in out
        and "seed 3:" in out
        and "5 seeds × 400 games" in out
        and "→ holds" in out
        and "exact: 0.14 thousand" in out
    )
    assert cli_main(["claims", "97"]) == 2
    assert "registers no claims" in capsys.readouterr().err
    assert cli_main(["claims", "98-nope"]) == 2


def test_the_site_page_lists_every_claim():
    page = claims.markdown_page()
    for cid in claims.all_claims():
        assert f"`{cid}`" in page


def test_holm_is_statsmodels_holm_to_the_last_bit(monkeypatch):
    # claims.holm does statsmodels' arithmetic without its gc.collect() per call (issue 27). The
    # reference runs without it too: in the full suite's large heap, 500 full collections took
    # minutes, and a collection changes no number.
    import gc
    import random

    from statsmodels.stats.multitest import multipletests

    monkeypatch.setattr(gc, "collect", lambda *generation: 0)

    rng = random.Random(1)
    for _ in range(500):
        p = [rng.choice([rng.random(), rng.random() / 50, 0.5, 1.0, 0.0]) for _ in range(rng.randint(2, 12))]
        assert claims.holm(p) == [float(x) for x in multipletests(p, method="holm")[1]]
