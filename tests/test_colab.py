"""A Colab-style run: the wheel alone, no clone. It is built from this checkout, installed with
``[lessons]`` (no JupyterLab) into a fresh virtual environment outside the repository, its
``gamekit lessons DIR`` copies the lessons out, and every lesson runs top to bottom in that
environment, from that folder, with nbclient (which stands in for Colab's own runner).

It takes a few minutes (installing, then every lesson): marked ``slow``, and still part of
``make test``. pip's cache is reused; the package index is reached for what the cache lacks.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
JAPANESE = sorted(f"ja/{p.name}" for p in (ROOT / "notebooks" / "ja").glob("*.ipynb"))

pytestmark = pytest.mark.slow

# Runs inside the fresh environment: one lesson, executed where it was copied to.
RUNNER = textwrap.dedent(
    """
    import os
    import sys

    import nbformat
    from nbclient import NotebookClient

    path = sys.argv[1]
    nb = nbformat.read(path, as_version=4)
    # The first cell proves which gamekit the kernel imports: the wheel's, in this environment.
    probe = nbformat.v4.new_code_cell("import sys, gamekit; print(sys.prefix); print(gamekit.__file__)")
    nb.cells.insert(0, probe)
    folder = os.path.dirname(os.path.abspath(path))
    NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": folder}}).execute()
    print(probe.outputs[0]["text"], end="")
    """
)


def clean_env(venv: Path, home: Path) -> dict[str, str]:
    """The environment of a user of that venv: nothing from this checkout or its venv leaks in."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
        and not key.startswith(("JUPYTER", "IPYTHON", "GAMEKIT"))
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    # Kernel specs and settings only from the venv itself, not from this user's Jupyter folders.
    env["JUPYTER_DATA_DIR"] = str(home / "jupyter-data")
    env["JUPYTER_CONFIG_DIR"] = str(home / "jupyter-config")
    env["IPYTHONDIR"] = str(home / "ipython")
    env["MPLBACKEND"] = "Agg"
    return env


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


@pytest.fixture(scope="module")
def colab(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(venv, lessons folder, environment): the wheel installed with [lessons], lessons copied out."""
    dist = tmp_path_factory.mktemp("dist")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(ROOT),
        ],
        ROOT,
        dict(os.environ),
        300,
    )
    (wheel,) = dist.glob("gamekit_edu-*.whl")
    home = tmp_path_factory.mktemp("student")
    assert not home.resolve().is_relative_to(ROOT)
    venv = home / "venv"
    env = clean_env(venv, home)
    run([sys.executable, "-m", "venv", str(venv)], home, env, 300)
    python = str(venv / "bin" / "python")
    # nbclient runs the lessons here as Colab's own runner would; it is not part of [lessons].
    run([python, "-m", "pip", "install", "-q", f"{wheel}[lessons]", "nbclient"], home, env, 3600)
    lessons = home / "lessons"
    copied = run([str(venv / "bin" / "gamekit"), "lessons", "lessons"], home, env, 120)
    assert copied.stdout.startswith(f"copied {len(LESSONS) + len(JAPANESE)}: 00_start_here.ipynb")
    (home / "runner.py").write_text(RUNNER, encoding="utf-8")
    return venv, lessons, env


def test_the_fresh_environment_has_the_lessons_extra_but_no_jupyterlab_and_no_checkout(colab):
    venv, lessons, env = colab
    assert sorted(p.name for p in lessons.glob("*.ipynb")) == LESSONS
    assert sorted(f"ja/{p.name}" for p in lessons.glob("ja/*.ipynb")) == JAPANESE
    code = (
        "import importlib.util as u, gamekit; print(gamekit.__file__); "
        "print([m for m in ('ipywidgets', 'plotly', 'ipykernel', 'jupyterlab') if u.find_spec(m)])"
    )
    done = run([str(venv / "bin" / "python"), "-c", code], lessons, env, 300)
    where, found = done.stdout.splitlines()
    assert where.startswith(str(venv)), where
    assert found == "['ipywidgets', 'plotly', 'ipykernel']"


# Every English lesson, and one Japanese one: the catalogues ship in the wheel and are found there.
@pytest.mark.parametrize("lesson", [*LESSONS, "ja/01_for_sale.ipynb"])
def test_every_lesson_runs_from_the_wheel_alone(colab, lesson):
    venv, lessons, env = colab
    done = run(
        [str(venv / "bin" / "python"), str(lessons.parent / "runner.py"), str(lessons / lesson)],
        lessons,
        env,
        3600,  # a lesson takes under a minute on a quiet machine; a busy one can be ten times slower
    )
    prefix, gamekit_file = done.stdout.splitlines()[-2:]
    assert prefix == str(venv) and gamekit_file.startswith(str(venv)), done.stdout
