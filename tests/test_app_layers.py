"""The layers of app/ (docs/architecture.md) hold: only app/views/ and app/main.py touch the page
(import ``pyscript``, ``js`` or ``pyodide``), the pure layers never import a view, and no module
is over 800 lines. Read from the sources with ``ast``, so imports inside functions count too."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
PAGE_MODULES = {"pyscript", "js", "pyodide"}


def imported(path: Path) -> set[str]:
    """Every module name ``path`` imports, anywhere in it."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def modules() -> list[Path]:
    found = sorted(p for p in APP.rglob("*.py") if "__pycache__" not in p.parts)
    assert len(found) > 30 and APP / "main.py" in found
    return found


def is_view(path: Path) -> bool:
    return path == APP / "main.py" or path.parent == APP / "views"


def test_only_the_views_and_main_import_the_page():
    wrong = {p.relative_to(ROOT).as_posix(): sorted(n for n in imported(p) if n.partition(".")[0] in PAGE_MODULES)
             for p in modules() if not is_view(p)}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, f"pure modules importing the page (move that part to app/views/): {wrong}"
    # and the check sees a real import where there is one
    assert "pyscript" in {n.partition(".")[0] for n in imported(APP / "views" / "dom.py")}


def test_the_pure_layers_never_import_a_view_or_main():
    wrong = {p.relative_to(ROOT).as_posix(): sorted(n for n in imported(p) if n.startswith(("app.views", "app.main")))
             for p in modules() if not is_view(p)}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, wrong


def test_no_module_of_app_is_over_800_lines():
    long = {p.relative_to(ROOT).as_posix(): n for p in modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert not long, long


def test_every_pure_module_imports_in_cpython():
    import importlib

    for p in modules():
        if not is_view(p):
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            assert importlib.import_module(name).__name__ == name


#: The layers of app/, lowest first (docs/architecture.md): a module imports only its own layer
#: and those below it. ``text`` (translation) is below every other; ``games`` below the shell.
LAYERS = ["text", "games", "state", "present", "learn", "views"]


def layer_of(name: str) -> str | None:
    """The layer of a module ``app.<layer>…`` (None for ``app.main`` and outside app)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "app" and parts[1] in LAYERS else None


def test_imports_point_downwards_only():
    wrong = {}
    for p in modules():
        own = layer_of(".".join(p.relative_to(ROOT).with_suffix("").parts))
        if own is None:
            continue
        above = {n for n in imported(p) if (to := layer_of(n)) and LAYERS.index(to) > LAYERS.index(own)}
        if above:
            wrong[p.relative_to(ROOT).as_posix()] = sorted(above)
    assert not wrong, f"modules importing a layer above their own: {wrong}"
    # and the check sees an upward import where there is one
    assert layer_of("app.present.words") == "present" and LAYERS.index("present") > LAYERS.index("state")


def test_translation_is_below_state_and_present():
    assert all(layer_of(n) in (None, "text") for p in (APP / "text").rglob("*.py") for n in imported(p))
    assert not [n for p in (APP / "state").rglob("*.py") for n in imported(p) if n.startswith("app.present")]
