"""The README as a new user meets it: every shell, Python and IPython block runs as pasted.

Blocks are the fenced code blocks of README.md:

- ```sh / ```bash / ```shell / ```console: run by ``bash`` (``set -eo pipefail``: a failing
  command fails the block; ```console keeps only its ``$ `` lines) with stdin closed, from a
  folder that holds a copy of this checkout named ``gamekit`` (what a reader has after cloning),
  one process per block. A block that installs (``pip install``, ``pip wheel``, ``-m venv``) runs
  as a fresh user's would, in its own environment, except that pip may not reach the package
  index (``PIP_NO_INDEX``) and finds the dependencies in this venv's site-packages instead
  (``PYTHONPATH``), so it takes seconds; tests/test_colab.py installs from the index. Any other
  block runs with this venv's ``bin`` first on ``PATH`` and the copy on ``PYTHONPATH``, so a block
  that rewrites data (``--refresh``) changes the copy, never the checkout.
- ```python: a script of its own in a fresh interpreter, from an empty folder.
- ```ipython: ONE notebook cell (IPython's ``run_cell``) in a fresh interpreter, whose sockets may
  bind only to loopback addresses.

A block that cannot run here (it starts JupyterLab until stopped, runs for more than a minute,
needs a network, conda or Colab) carries a visible marker in the README source on the line before
it: ``<!-- readme-test: skip (why) -->``. Each such block is reported as a skipped test with its
reason; ``make TARGET`` lines in any block are checked with ``make -n`` all the same. Every other
block must run, within ``TIMEOUT``, and print no traceback or warning. New blocks need nothing
here: they are found and run (a long one gets the marker, and a shorter sibling block that runs).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
NAME = PYPROJECT["project"]["name"]
VERSION = PYPROJECT["project"]["version"]

SHELL = ("sh", "bash", "shell", "console")
RUNNABLE = (*SHELL, "python", "ipython")
NOT_CODE = ("", "text", "toml", "json")  # fences shown, never run (the architecture tree)
MARKER = re.compile(r"^<!--\s*readme-test:\s*(?P<verb>\w+)\s*(?:\((?P<why>.*)\))?\s*-->\s*$")
TIMEOUT = 240  # seconds for one block; a block is seconds on a quiet machine


@dataclass(frozen=True)
class Block:
    name: str  # the heading's slug, -2 for its second block
    lang: str
    code: str
    line: int  # 1-based line of the opening fence
    skip: str | None  # the marker's reason, None when the block runs

    @property
    def installs(self) -> bool:
        return bool(re.search(r"\bpip (install|wheel)\b|-m venv\b", self.code))

    def commands(self) -> str:
        """What a reader pastes: a console block's ``$`` lines, any other block as it is."""
        if self.lang != "console":
            return self.code
        return "".join(line[2:] + "\n" for line in self.code.splitlines() if line.startswith("$ "))


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def blocks(text: str) -> list[Block]:
    """Every fenced block, with the marker on the nearest non-blank line before it, if any."""
    found: list[Block] = []
    heading, seen = "top", {}
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = slug(line.lstrip("#"))
        elif line.startswith("```"):
            lang = line.strip()[3:].strip()
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            before = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            marker = MARKER.match(before)
            seen[heading] = seen.get(heading, 0) + 1
            name = heading if seen[heading] == 1 else f"{heading}-{seen[heading]}"
            why = (marker.group("why") or "").strip() if marker else None
            found.append(Block(name, lang, "".join(lines[i + 1 : end]), i + 1, why))
            i = end
        i += 1
    return found


BLOCKS = blocks(README)
RUN = [b for b in BLOCKS if b.lang in RUNNABLE]


def test_every_block_is_a_known_kind_and_every_marker_stands_before_a_block_with_its_reason():
    assert {b.lang for b in BLOCKS} <= set(RUNNABLE) | set(NOT_CODE), "a fence this test cannot run"
    lines = README.splitlines()
    fences = {b.line for b in BLOCKS}
    for number, line in enumerate(lines, 1):
        if "readme-test" not in line:
            continue
        marker = MARKER.match(line.strip())
        assert marker, (
            f"README line {number}: a readme-test comment must read <!-- readme-test: skip (why) -->"
        )
        assert marker.group("verb") == "skip", f"README line {number}: the only verb is skip"
        why = (marker.group("why") or "").strip()
        assert len(why.split()) >= 3, f"README line {number}: say why the block cannot run here"
        following = next(n for n in range(number + 1, len(lines) + 1) if lines[n - 1].strip())
        assert following in fences, f"README line {number}: a marker stands right before a block"
    # Most of the README runs: a skip is the exception, and each one says why (shown when skipped).
    skipped = [b for b in RUN if b.skip is not None]
    assert len(skipped) < len(RUN) / 2, [b.name for b in skipped]


def _copy_checkout(dest: Path) -> Path:
    """A copy of the checkout as a clone would have it: the files git knows, with today's edits."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )
        if shutil.which("git")
        else None
    )
    if listed is not None and listed.returncode == 0:
        for name in filter(None, listed.stdout.decode().split("\0")):
            source = ROOT / name
            if source.is_file():
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest / name)
    else:  # an unpacked download: no git
        shutil.copytree(
            ROOT,
            dest,
            ignore=shutil.ignore_patterns(
                ".git",
                ".venv",
                "__pycache__",
                ".pytest_cache",
                ".ruff_cache",
                ".hypothesis",
                "_build",
                "test-artifacts",
            ),
        )
    return dest


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A reader's folder holding ``gamekit``, a copy of this checkout."""
    folder = tmp_path_factory.mktemp("reader")
    _copy_checkout(folder / "gamekit")
    return folder


def _base_env(tmp: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    }
    env["GAMEKIT_CLASSROOM_DIR"] = str(tmp / "classroom")  # a session's database, not in the user's folder
    env["BROWSER"] = "true"  # nothing may open a browser window
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def shell_env(block: Block, home: Path) -> dict[str, str]:
    env = _base_env(home)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    if block.installs:
        # pip as a fresh user's, but offline: what the checkout needs is already in this venv.
        env["PYTHONPATH"] = sysconfig.get_paths()["purelib"]
        env["PIP_NO_INDEX"] = "1"
        env["PIP_NO_BUILD_ISOLATION"] = "0"  # pip's inverted spelling: build with hatchling found here
        env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    else:
        env["PYTHONPATH"] = str(home / "gamekit")
    return env


# What a reader must never see from a block that worked: a traceback or a warning they cannot act on.
# (An installing block is spared: pip warns there about the test's own offline set-up.)
NOISE = re.compile(r"Traceback \(most recent call last\)|\w+Warning\b")


def assert_quiet(block: Block, done: subprocess.CompletedProcess[str]) -> None:
    noise = NOISE.search(done.stderr)
    assert noise is None, f"README block {block.name!r} (line {block.line}) printed:\n{done.stderr[-3000:]}"


def _report(block: Block, done: subprocess.CompletedProcess[str]) -> str:
    return (
        f"README block {block.name!r} (line {block.line}) failed with exit status {done.returncode}:\n"
        f"{block.code}\n--- stdout ---\n{done.stdout[-3000:]}\n--- stderr ---\n{done.stderr[-3000:]}"
    )


def params(*langs: str) -> list:
    """The blocks of these kinds; a marked block is a skipped test showing the README's reason."""
    return [
        pytest.param(b, id=b.name, marks=pytest.mark.skip(reason=f"README: {b.skip}") if b.skip else [])
        for b in RUN
        if b.lang in langs
    ]


@pytest.mark.parametrize("block", params(*SHELL))
def test_a_readme_shell_block_runs_as_pasted(block, home):
    done = subprocess.run(
        ["bash", "-c", "set -eo pipefail\n" + block.commands()],
        cwd=home,
        env=shell_env(block, home),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, _report(block, done)
    if not block.installs:
        assert_quiet(block, done)
    for wheel in re.findall(r"dist/gamekit_edu-\S+\.whl", block.code):  # what the block says it writes
        assert (home / wheel).is_file(), f"README block {block.name!r} did not write {wheel}"
    if block.installs and "gamekit-env" in block.code:
        where = subprocess.run(
            [str(home / "gamekit-env" / "bin" / "python"), "-c", "import gamekit; print(gamekit.__file__)"],
            env=shell_env(block, home),
            cwd=home,
            capture_output=True,
            text=True,
            check=True,
        )
        assert where.stdout.startswith(str(home / "gamekit-env")), "gamekit came from elsewhere"


@pytest.mark.parametrize("block", params("python"))
def test_a_readme_python_block_runs_as_pasted_into_a_script(block, tmp_path):
    script = tmp_path / f"{block.name}.py"
    script.write_text(block.code, encoding="utf-8")
    env = _base_env(tmp_path)
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, script.name],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, _report(block, done)
    assert_quiet(block, done)


# Runs one IPython cell in a fresh interpreter; a socket bound to anything but loopback fails it.
CELL_RUNNER = textwrap.dedent(
    """
    import ipaddress, socket, sys
    from IPython.core.interactiveshell import InteractiveShell

    _bind = socket.socket.bind

    def loopback_only(self, address):
        host = address[0] if isinstance(address, tuple) else ""
        if host != "localhost" and not (host and ipaddress.ip_address(host).is_loopback):
            raise PermissionError(f"the README's cell may listen on loopback only, not {host!r}")
        return _bind(self, address)

    socket.socket.bind = loopback_only
    shell = InteractiveShell.instance(colors="nocolor")
    result = shell.run_cell(open(sys.argv[1], encoding="utf-8").read())
    sys.exit(0 if result.success else 1)
    """
)


@pytest.mark.parametrize("block", params("ipython"))
def test_a_readme_ipython_block_runs_as_one_cell(block, tmp_path):
    (tmp_path / "cell.ipy").write_text(block.code, encoding="utf-8")
    (tmp_path / "runner.py").write_text(CELL_RUNNER, encoding="utf-8")
    env = _base_env(tmp_path)
    env["PYTHONPATH"] = str(ROOT)
    env["IPYTHONDIR"] = str(tmp_path / "ipython")
    done = subprocess.run(
        [sys.executable, "runner.py", "cell.ipy"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, _report(block, done)
    assert_quiet(block, done)


MAKE_TARGETS = sorted(
    {m.group(1) for b in RUN if b.lang in SHELL for m in re.finditer(r"^make ([a-z]+)", b.commands(), re.M)}
)


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
@pytest.mark.parametrize("target", MAKE_TARGETS)
def test_every_make_target_the_readme_names_exists(target, home):
    done = subprocess.run(
        ["make", "-n", target], cwd=home / "gamekit", capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, f"make -n {target}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    # make lab's start page, where it opens
    for notebook in re.findall(r"(?<!\S)[\w./-]+\.ipynb\b", done.stdout):
        assert (home / "gamekit" / notebook).is_file(), f"make {target} opens {notebook}, which is not there"


def test_the_readme_names_make_lab_and_make_test_first():
    assert MAKE_TARGETS and {"lab", "test"} <= set(MAKE_TARGETS)
    first = next(b for b in RUN if b.lang in SHELL)
    assert first.commands().splitlines()[0].startswith("make lab")


# ------------------------------------------------------------------------- what the text says


def install_section() -> str:
    return README.split("## Installing", 1)[1].split("\n## ", 1)[0]


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def test_no_line_installs_from_the_package_index_without_saying_it_needs_a_release():
    # Nothing is published as gamekit-edu yet: `pip install "gamekit-edu[...]"` ends in
    # "No matching distribution found". A paragraph may show it only for "once ... on PyPI", or
    # from git (not run by the tests, which have no network).
    for paragraph in paragraphs(README):
        for match in re.finditer(rf'install "{NAME}(\[[a-z,]+\])?(?P<git> @ git\+)?', paragraph):
            if match.group("git"):
                assert "not checked by the tests" in paragraph, paragraph
            else:
                assert f"once {NAME} is on pypi" in paragraph.replace("\n", " ").lower(), paragraph
    assert "No release is on the package index" in install_section()


def test_the_install_section_names_the_distribution_the_copy_and_the_wheel_of_this_version():
    section = install_section()
    assert f"**`{NAME}`**" in section
    assert 'pip install "./gamekit[lab]"' in section
    wheels = set(re.findall(r"gamekit_edu-([0-9][^-]*)-py3-none-any\.whl", README))
    assert wheels == {VERSION}, f"the README's wheel names version {wheels}, pyproject.toml {VERSION}"
    source = PYPROJECT["project"]["urls"]["Source"]
    assert f'"{NAME}[lessons] @ git+{source}"' in section
    table = {m.group(1) for m in re.finditer(r"^\| `([a-z]+)` \|", section, re.M)}
    declared = set(PYPROJECT["project"]["optional-dependencies"]) - {"notebooks"}
    assert table == declared


def test_every_repository_path_the_readme_names_exists():
    tops = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")} | {".ci"}
    missing = []
    for token in set(re.findall(r"`([^`\s]+)`", README)):
        head = token.split("/", 1)[0]
        if "/" not in token or head not in tops or "NN" in token:
            continue
        pattern = re.sub(r"<[^>]+>", "*", token.rstrip("/"))
        if not list(ROOT.glob(pattern)):
            missing.append(token)
    assert not missing, missing


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
    # lessons 06 (a class session) and 07 (OpenSpiel) run from the wheel with [lessons]
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert set(extras["classroom"]) | set(extras["rl"]) <= set(extras["lessons"])
