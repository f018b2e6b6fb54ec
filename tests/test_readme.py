"""The README as a reader uses it: every ```python block runs as pasted into a script of its own
(in a fresh process, from a folder outside the repository, so blocks that start workers run as
they would for a reader), and its install section names the distribution, extras and source that
pyproject.toml declares."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
NAME = PYPROJECT["project"]["name"]


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def python_blocks(text: str) -> list[tuple[str, str]]:
    """Every ```python block with the slug of the heading it stands under (``-2`` on a second one)."""
    blocks: list[tuple[str, str]] = []
    heading = "top"
    seen: dict[str, int] = {}
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = slug(line.lstrip("#"))
        elif line.startswith("```"):
            fence = line.strip()
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            if fence == "```python":
                seen[heading] = seen.get(heading, 0) + 1
                name = heading if seen[heading] == 1 else f"{heading}-{seen[heading]}"
                blocks.append((name, "".join(lines[i + 1 : end])))
            i = end
        i += 1
    return blocks


BLOCKS = python_blocks(README)

# Blocks that do not run as pasted today, each with what the README must say instead. These are
# strict: once the README is fixed the test passes unexpectedly and fails, so the entry goes.
KNOWN_TO_FAIL: dict[str, str] = {}  # a block that cannot run as pasted: its name and the fix


def test_the_readme_has_python_blocks_and_every_known_failure_names_one():
    assert len(BLOCKS) >= 2
    assert set(KNOWN_TO_FAIL) <= {name for name, _ in BLOCKS}


@pytest.mark.parametrize(
    "name, code",
    [
        pytest.param(
            name,
            code,
            id=name,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_TO_FAIL[name])]
            if name in KNOWN_TO_FAIL
            else [],
        )
        for name, code in BLOCKS
    ],
)
def test_a_readme_python_block_runs_as_pasted_into_a_script(name, code, tmp_path):
    script = tmp_path / f"{name}.py"
    script.write_text(code, encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [sys.executable, script.name],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"README block under {name!r} failed:\n{done.stderr[-3000:]}"


def install_section() -> str:
    return README.split("## Installing", 1)[1].split("\n## ", 1)[0]


def test_the_install_section_names_the_distribution_its_source_and_every_extra():
    section = install_section()
    assert f'pip install "{NAME}[lab]"' in section
    assert f'"{NAME}[lessons]"' in section
    source = PYPROJECT["project"]["urls"]["Source"]
    assert f'"{NAME}[lab] @ git+{source}"' in section
    table = {m.group(1) for m in re.finditer(r"^\| `([a-z]+)` \|", section, re.M)}
    declared = set(PYPROJECT["project"]["optional-dependencies"]) - {"notebooks"}
    assert table == declared


def test_the_former_notebooks_extra_is_the_lab_extra():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert extras["notebooks"] == [f"{NAME}[lab]"]
    assert f"{NAME}[lessons]" in extras["lab"]
    assert not any(dep.startswith("jupyterlab") for dep in extras["lessons"])


def test_make_and_conda_install_the_same_extras():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    environment = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[lab,dev]'" in makefile
    assert '- -e ".[lab,dev]"' in environment and "conda activate gamekit" in environment


def test_the_lessons_extra_holds_what_every_shipped_lesson_imports():
    # lessons 06 (a class session) and 07 (OpenSpiel) run from `pip install "gamekit-edu[lessons]"`
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert set(extras["classroom"]) | set(extras["rl"]) <= set(extras["lessons"])
