"""What a user who installs the wheel gets: the distribution gamekit-edu with the import name
gamekit; the rules reference, the worked examples and the lessons travel inside it, so `gamekit
rules`, `gamekit examples` and `gamekit lessons` answer from any folder, with no checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this checkout, unpacked as pip would install it."""
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", dist, ROOT],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("gamekit_edu-*.whl")
    site = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def run_installed(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_wheel_carries_the_rules_reference_and_the_examples(installed):
    rules = sorted(p.name for p in (installed / "gamekit" / "data" / "rules").iterdir())
    assert {"sources.toml", "for_sale.toml", "money_monsoon.toml", "bohnanza.toml", "kuhhandel.toml"} <= set(
        rules
    )
    assert len(list((installed / "gamekit" / "data").glob("*/examples/*.json"))) >= 13


def test_the_installed_package_answers_rules_and_examples_from_any_folder(installed, tmp_path):
    where = run_installed(installed, tmp_path, "-c", "import gamekit; print(gamekit.__file__)")
    assert where.stdout.strip().startswith(str(installed)), where.stderr
    rules = run_installed(installed, tmp_path, "-m", "gamekit", "rules", "KH-A7")
    assert rules.returncode == 0, rules.stderr
    assert rules.stdout.startswith("KH-A7  ") and "kuhhandel-guide" in rules.stdout
    examples = run_installed(installed, tmp_path, "-m", "gamekit", "examples")
    assert examples.returncode == 0, examples.stdout[-2000:] + examples.stderr
    assert "FS-X1 matches the document" in examples.stdout
    assert "KH-X2 follows the rules" in examples.stdout


def test_the_wheel_is_gamekit_edu_typed_with_its_extras_urls_and_lessons(installed):
    (info,) = installed.glob("gamekit_edu-*.dist-info")
    metadata = (info / "METADATA").read_text(encoding="utf-8")
    assert "Name: gamekit-edu\n" in metadata
    extras = {line.split(": ", 1)[1] for line in metadata.splitlines() if line.startswith("Provides-Extra: ")}
    assert {"lessons", "lab", "notebooks", "dev", "rl", "dask", "book"} <= extras
    assert "Project-URL: Source, https://" in metadata
    assert "Classifier: Programming Language :: Python :: 3.11" in metadata
    assert "Classifier: Typing :: Typed" in metadata
    assert (installed / "gamekit" / "py.typed").is_file()
    for folder in ("notebooks", "notebooks/ja"):
        shipped = sorted(p.name for p in (installed / "gamekit" / folder).glob("*.ipynb"))
        assert shipped == sorted(p.name for p in (ROOT / folder).glob("*.ipynb"))
    catalogues = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "gamekit").rglob("*.po"))
    assert catalogues and all((installed / name).is_file() for name in catalogues)
    assert not list((installed / "gamekit").rglob(".ipynb_checkpoints"))
