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
#: and those below it. ``text`` (translation) is below every other; ``games`` (the interface, the
#: registry and each game's ``GAME``) below the shell; a game's own modules (``app/games/<game>/
#: <module>.py``: its board, picker, words, lessons…) use the shell's kits and sit above them.
LAYERS = ["text", "games", "state", "present", "learn", "game folder", "views"]


def layer_of(name: str) -> str | None:
    """The layer of a module ``app.<layer>…`` (None for ``app.main`` and outside app)."""
    parts = name.split(".")
    if len(parts) > 3 and parts[:2] == ["app", "games"] and (APP / "games" / parts[2] / f"{parts[3]}.py").is_file() \
            and parts[3] != "__init__":
        return "game folder"
    return parts[1] if len(parts) > 1 and parts[0] == "app" and parts[1] in LAYERS else None


#: Where the shell still reaches into a game's folder instead of asking its ``Game`` (issue 36,
#: point 1, not done yet): this list may only shrink.
REACHES_INTO_A_GAME = {
    "app/learn/courses.py": ["app.games.camblam.lessons"],
    "app/present/words.py": ["app.games.camblam.words"],
}


def test_imports_point_downwards_only():
    wrong = {}
    for p in modules():
        own = layer_of(".".join(p.relative_to(ROOT).with_suffix("").parts))
        if own is None:
            continue
        above = {n for n in imported(p) if (to := layer_of(n)) and LAYERS.index(to) > LAYERS.index(own)}
        if above:
            wrong[p.relative_to(ROOT).as_posix()] = sorted(above)
    assert wrong == REACHES_INTO_A_GAME, f"modules importing a layer above their own: {wrong}"
    # and the check sees an upward import where there is one
    assert layer_of("app.present.words") == "present" and LAYERS.index("present") > LAYERS.index("state")


def test_translation_is_below_state_and_present():
    assert all(layer_of(n) in (None, "text") for p in (APP / "text").rglob("*.py") for n in imported(p))
    assert not [n for p in (APP / "state").rglob("*.py") for n in imported(p) if n.startswith("app.present")]


GAME_NAMES = {"djambi", "camblam"}


def game_ties(path: Path) -> int:
    """How often a module outside ``app/games/`` meets a game directly: each import statement of
    an engine (``djambi``, ``camblam.narrate``…) or of a game's folder (``app.games.camblam…``),
    and each string literal naming a game (``"camblam"``)."""
    def tied(module: str) -> bool:
        parts = module.split(".")
        return parts[0] in GAME_NAMES or (parts[:2] == ["app", "games"] and len(parts) > 2 and parts[2] in GAME_NAMES)

    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            count += any(tied(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            count += tied(node.module) or (node.module == "app.games"
                                           and any(alias.name in GAME_NAMES for alias in node.names))
        elif isinstance(node, ast.Constant) and node.value in GAME_NAMES:
            count += 1
    return count


#: The shell's direct ties to a game (issue 36, point 1, not done yet): a module outside
#: ``app/games/`` importing an engine or a game's own module, or naming a game in a string. The
#: shell should meet a game only through ``app.games`` (its ``Game``); this list may only shrink
#: (a module leaves it when it has none).
KNOWN_TIES: dict[str, int] = {
    "app/learn/courses.py": 6,
    "app/learn/guide.py": 3,
    "app/learn/lessons.py": 5,
    "app/learn/rulebook.py": 2,
    "app/main.py": 1,
    "app/present/figures.py": 1,
    "app/present/notices.py": 4,
    "app/present/render.py": 4,
    "app/present/ruletext.py": 1,
    "app/present/standings.py": 5,
    "app/present/taps.py": 2,
    "app/present/threats.py": 2,
    "app/present/words.py": 4,
    "app/state/history.py": 3,
    "app/state/session.py": 3,
    "app/text/i18n.py": 3,
    "app/views/browse.py": 3,
    "app/views/dialogs.py": 8,
    "app/views/gamesview.py": 1,
    "app/views/learning.py": 10,
    "app/views/learnview.py": 24,
    "app/views/panel.py": 1,
    "app/views/play.py": 7,
    "app/views/remoteplay.py": 1,
}


def test_the_shell_meets_a_game_only_through_its_interface():
    ties = {p.relative_to(ROOT).as_posix(): n for p in modules()
            if "games" not in p.relative_to(APP).parts[:1] and (n := game_ties(p))}
    grown = {k: (v, KNOWN_TIES.get(k, 0)) for k, v in ties.items() if v > KNOWN_TIES.get(k, 0)}
    assert not grown, f"new direct ties to a game outside app/games/ (now, allowed): {grown}"
    gone = {k for k in KNOWN_TIES if ties.get(k, 0) < KNOWN_TIES[k]}
    assert not gone, f"fewer ties than listed: lower KNOWN_TIES for {sorted(gone)}"
    # and the check sees a tie where there is one
    assert game_ties(APP / "games" / "camblam" / "render.py") > 0
