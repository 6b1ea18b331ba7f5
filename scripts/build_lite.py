"""Builds the JupyterLite site in build/lite/: the notebooks, playable in a browser with nothing
installed and nothing fetched from anywhere but the site itself.

Everything comes from PyPI and npm: jupyterlite-core and the Pyodide kernel (in a venv of their
own, because the kernel's JupyterLab extension must not load into the project's JupyterLab), the
Pyodide runtime from the npm package at exactly the version the kernel expects, and the pure-Python
wheels the kernel and this package need. Those wheels go in the site's piplite index (pypi/) and
are listed in a rewritten pyodide-lock.json, so Pyodide preloads solitaire_widget and the notebooks
run unchanged. The npm runtime ships no wheels: the lock lists only the wheels the site holds.

A build whose inputs (this script, the package, its bundle, the notebooks) are unchanged is reused.

    python scripts/build_lite.py [--force]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "build" / "lite"
CACHE = REPO / "build" / "lite-cache"
INPUTS_STAMP = SITE / ".inputs-sha256"

# The build tools. Upgrade the two together; the Pyodide runtime follows the kernel's constant.
BUILD_TOOLS = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter-server>=2.14",  # `--contents` needs it
]
# What the browser's Python needs besides this package: the kernel's own needs (it installs
# ipython, jedi and comm at start, after loading micropip) and tqdm for progress bars.
BROWSER_ROOTS = ["ipython", "jedi", "comm", "micropip", "tqdm"]
# Front-end payloads of ipywidgets' dependencies: the site serves the widget manager itself and
# the kernel ships a stub of widgetsnbextension, so these 2.5 MB of wheels would be dead weight.
LEFT_OUT = {"widgetsnbextension", "jupyterlab-widgets"}
# Their JupyterLab extensions are the front ends of the browser's widgets.
FRONT_ENDS = {"anywidget", "jupyterlab-widgets"}
# The browser's Python (Pyodide 314 is CPython 3.14 on Emscripten), for evaluating requirements.
BROWSER_MARKERS = {
    "implementation_name": "cpython",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_system": "Emscripten",
    "python_full_version": "3.14.2",
    "python_version": "3.14",
    "sys_platform": "emscripten",
    "extra": "",
}
# Settings of the kernel in the site: nothing from PyPI at run time, this package preloaded.
KERNEL_SETTINGS = {
    "disablePyPIFallback": True,
    "loadPyodideOptions": {"packages": ["solitaire-widget"]},
}
APPS = ["lab", "notebooks", "tree"]
# Notebooks the site leaves out, and why: the browser's Python cannot run them.
NOTEBOOKS_LEFT_OUT = {
    "research.ipynb": "its environments need numpy and its surveys start processes",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if nothing changed")
    args = parser.parse_args()
    started = time.monotonic()
    fingerprint = inputs_fingerprint()
    if not args.force and INPUTS_STAMP.is_file() and INPUTS_STAMP.read_text() == fingerprint:
        print(f"{SITE.relative_to(REPO)} is up to date")
        return
    build(fingerprint)
    print(f"built {SITE.relative_to(REPO)} in {time.monotonic() - started:.0f} s")


def inputs_fingerprint() -> str:
    """One hash over every file the site is made from, so an unchanged site is reused."""
    files = [
        Path(__file__),
        REPO / "pyproject.toml",
        *sorted((REPO / "src" / "solitaire_widget").rglob("*")),
        *sorted((REPO / "notebooks").glob("*.ipynb")),
    ]
    digest = hashlib.sha256()
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(REPO).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def build(fingerprint: str) -> None:
    tools = build_tools()
    pyodide = pyodide_runtime(kernel_pyodide_version(tools))
    source = CACHE / "site-source"
    shutil.rmtree(source, ignore_errors=True)
    wheels = source / "pypi"
    wheels.mkdir(parents=True)
    shipped = browser_wheels(own_wheel(), wheels)
    widget_front_ends(tools)
    runtime = source / "static" / "pyodide"
    unused = shutil.ignore_patterns("*.map", "*.d.ts", "*.html", "*.md")
    shutil.copytree(pyodide, runtime, ignore=unused)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    lock["packages"] = {entry["name"]: entry for entry in map(lock_entry, shipped)}
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    (source / "jupyter-lite.json").write_text(json.dumps(lite_settings(), indent=2))

    contents = source / "contents"
    contents.mkdir()
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        if notebook.name not in NOTEBOOKS_LEFT_OUT:
            shutil.copy2(notebook, contents)

    fresh = SITE.with_name("lite.new")
    shutil.rmtree(fresh, ignore_errors=True)
    run(
        tools / "bin" / "jupyter",
        "lite",
        "build",
        "--lite-dir",
        source,
        "--output-dir",
        fresh,
        "--contents",
        contents,
        "--no-sourcemaps",
        "--no-unused-shared-packages",
        *(arg for app in APPS for arg in ("--apps", app)),
        cwd=source,
    )
    (fresh / ".nojekyll").touch()  # GitHub Pages: serve the files as they are
    (fresh / INPUTS_STAMP.name).write_text(fingerprint)
    shutil.rmtree(SITE, ignore_errors=True)
    fresh.rename(SITE)


def lite_settings() -> dict[str, object]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "solitaire_widget",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": KERNEL_SETTINGS},
        },
    }


def run(*command: object, cwd: Path = REPO) -> str:
    """Runs a command, failing with its output when it fails."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def build_tools() -> Path:
    """A venv with the pinned build tools, made again only when the pins change."""
    venv = CACHE / "tools"
    stamp = venv / "requirements.txt"
    wanted = "\n".join(BUILD_TOOLS) + "\n"
    if stamp.is_file() and stamp.read_text() == wanted:
        return venv
    shutil.rmtree(venv, ignore_errors=True)
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", *BUILD_TOOLS)
    stamp.write_text(wanted)
    return venv


def widget_front_ends(tools: Path) -> None:
    """Installs into the tools the JupyterLab extensions of anywidget and the widget manager,
    at the versions the browser's Python got, so the two sides of every widget match."""
    wheels = sorted(
        wheel
        for wheel in (CACHE / "wheels").glob("*.whl")
        if canonicalize_name(parse_wheel_filename(wheel.name)[0]) in FRONT_ENDS
    )
    stamp = tools / "front-ends.txt"
    wanted = "".join(f"{wheel.name}\n" for wheel in wheels)
    if stamp.is_file() and stamp.read_text() == wanted:
        return
    run(tools / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-deps", *wheels)
    stamp.write_text(wanted)


def kernel_pyodide_version(tools: Path) -> str:
    code = "from jupyterlite_pyodide_kernel import constants; print(constants.PYODIDE_VERSION)"
    return run(tools / "bin" / "python", "-c", code).strip()


def pyodide_runtime(version: str) -> Path:
    """The npm package pyodide@version, unpacked once into the cache."""
    target = CACHE / f"pyodide-{version}"
    if (target / "pyodide-lock.json").is_file():
        return target
    scratch = CACHE / "npm-pack"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    packed = run("npm", "pack", f"pyodide@{version}", "--silent", cwd=scratch)
    with tarfile.open(scratch / packed.strip().splitlines()[-1]) as archive:
        archive.extractall(scratch, filter="data")
    shutil.rmtree(target, ignore_errors=True)
    (scratch / "package").rename(target)
    shutil.rmtree(scratch)
    return target


def own_wheel() -> Path:
    """This package's wheel, built from the working tree (its JS bundle included)."""
    out = CACHE / "own-wheel"
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", out, REPO)
    (wheel,) = out.glob("*.whl")
    return wheel


def browser_wheels(package: Path, into: Path) -> list[Path]:
    """Downloads the pure-Python wheels the browser needs into `into`; returns those shipped.

    Versions that Pyodide's own lock names are kept (its packages were tested together); only
    the closure of the roots, with requirements evaluated for the browser, is shipped.
    """
    runtime_lock = json.loads(next(CACHE.glob("pyodide-*/pyodide-lock.json")).read_text())
    constraints = CACHE / "constraints.txt"
    constraints.write_text(
        "".join(
            f"{entry['name']}=={entry['version']}\n"
            for entry in runtime_lock["packages"].values()
            if entry["file_name"].endswith("-none-any.whl")
        )
    )
    download = CACHE / "wheels"
    shutil.rmtree(download, ignore_errors=True)
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--only-binary=:all:",
        "--python-version",
        BROWSER_MARKERS["python_version"],
        "--implementation",
        "py",
        "--abi",
        "none",
        "--platform",
        "any",
        "-c",
        constraints,
        "-d",
        download,
        package,
        *BROWSER_ROOTS,
    )
    by_name = {canonicalize_name(parse_wheel_filename(w.name)[0]): w for w in download.glob("*")}
    by_name[canonicalize_name(parse_wheel_filename(package.name)[0])] = package
    needed: set[str] = set()
    todo = [canonicalize_name(parse_wheel_filename(package.name)[0]), *BROWSER_ROOTS]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in needed or name in LEFT_OUT:
            continue
        needed.add(name)
        todo.extend(browser_requirements(by_name[name]))
    shipped = []
    for name in sorted(needed):
        shipped.append(shutil.copy2(by_name[name], into / by_name[name].name))
    return [Path(path) for path in shipped]


def wheel_metadata(wheel: Path) -> tuple[dict[str, list[str]], list[str]]:
    """The wheel's METADATA headers (all values per key) and its RECORD's paths."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        message = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        record = archive.read(f"{info}/RECORD").decode()
    headers: dict[str, list[str]] = {}
    for key, value in message.items():
        headers.setdefault(key.lower(), []).append(value)
    return headers, [row[0] for row in csv.reader(io.StringIO(record)) if row]


def browser_requirements(wheel: Path) -> list[str]:
    """The names the wheel requires in the browser, after its markers (extras never apply)."""
    headers, _ = wheel_metadata(wheel)
    names = []
    for line in headers.get("requires-dist", []):
        requirement = Requirement(line)
        marker = requirement.marker or Marker("python_version >= '0'")
        if marker.evaluate(BROWSER_MARKERS):
            names.append(canonicalize_name(requirement.name))
    return [name for name in names if name not in LEFT_OUT]


def lock_entry(wheel: Path) -> dict[str, object]:
    """The pyodide-lock.json entry for a wheel in the site's pypi/ (two levels above the lock)."""
    name, version, _, _ = parse_wheel_filename(wheel.name)
    _, paths = wheel_metadata(wheel)
    tops = {path.split("/")[0] for path in paths}
    imports = sorted(
        top.removesuffix(".py")
        for top in tops
        if not top.endswith((".dist-info", ".data", ".pth")) and not top.startswith("_")
    )
    return {
        "name": str(canonicalize_name(name)),
        "version": str(version),
        "file_name": f"../../pypi/{wheel.name}",
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(browser_requirements(wheel))),
        "unvendored_tests": False,
        "shared_library": False,
    }


if __name__ == "__main__":
    main()
