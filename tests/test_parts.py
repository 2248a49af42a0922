"""The bundle's two parts (issue 27): the first screen's (static/vendor/bundle-first.bin, fetched at
the page's start) and the later one (static/vendor/bundle-later.bin, fetched when first used:
app/views/parts.py), split by scripts/build_sw.py as scripts/python-packages.txt's ``[later]``
section says; no module of the first part imports one of the later part when it is imported."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_sw  # noqa: E402


def read_bundle(path: Path) -> tuple[dict, dict[str, bytes]]:
    data = path.read_bytes()
    size = int.from_bytes(data[:4], "little")
    header = json.loads(data[4:4 + size])
    offset, files = 4 + size, {}
    for name, length in header["files"]:
        files[name] = data[offset:offset + length]
        offset += length
    assert offset == len(data), f"{path.name}: {len(data) - offset} bytes after the files its header lists"
    return header, files


@pytest.fixture(scope="module")
def bundles():
    paths = [ROOT / rel for rel in (build_sw.BYTECODE, build_sw.FIRST_PART, build_sw.LATER_PART)]
    missing = [p.name for p in paths if not p.is_file()]
    assert not missing, f"{missing}: run scripts/setup"
    return [read_bundle(p) for p in paths]


def test_the_list_has_a_later_section_naming_the_learning_texts_and_the_qr_code():
    assert "segno" in build_sw.LATER
    assert "app/learn/rules_text.py" in build_sw.LATER and "app/learn/rulebook.py" in build_sw.LATER


def test_the_parts_are_the_bundle_split_as_the_list_says(bundles):
    (whole_header, whole), (first_header, first), (later_header, later) = bundles
    assert not build_sw.split_bundle(ROOT, write=False), "the bundle's parts are stale: run scripts/setup"
    assert first_header["part"] == "first" and later_header["part"] == "later"
    # Both carry the whole bundle's digest (what the start-up snapshot names) and its Python.
    assert first_header["digest"] == later_header["digest"] == whole_header["digest"]
    assert first_header["cache_tag"] == later_header["cache_tag"] == whole_header["cache_tag"]
    catalogs = {name for name in whole if PurePosixPath(name).match(build_sw.CATALOGS)}
    assert catalogs, "the bundle has the translation catalogs"
    assert not set(first) & set(later)
    assert set(first) | set(later) | catalogs == set(whole)
    assert all(whole[name] == blob for part in (first, later) for name, blob in part.items())
    for name in later:
        source = build_sw.source_of(name)
        assert any(source == line or source.startswith(line + "/") or source.split("/")[0].startswith(line + "-")
                   for line in build_sw.LATER), f"{name} is in the later part but the list does not say so"
    # Every line of the section names something the bundle has (a typo would move nothing).
    for line in build_sw.LATER:
        assert any(build_sw.source_of(name) == line or name.startswith(line + "/") for name in later), line
    # The first screen's modules and the page's script stay in the first part, source and bytecode.
    for name in ("app/main.py", "app/views/parts.py", "djambi/board.py", "app/text/i18n.py"):
        assert name in first
        assert f"{name.rsplit('/', 1)[0]}/__pycache__/{name.rsplit('/', 1)[1][:-3]}.{first_header['cache_tag']}.pyc" in first
    assert "segno/__init__.py" in later and not any(n.startswith("segno") for n in first)


def module_name(rel: str) -> str:
    path = PurePosixPath(rel)
    parts = list(path.parent.parts) + ([] if path.name == "__init__.py" else [path.stem])
    return ".".join(parts)


def import_time_imports(source: str, module: str, is_package: bool) -> set[str]:
    """The modules ``source`` imports when it is imported: its module-level and class-level
    import statements (not those inside functions, which run when called), as dotted names,
    ``from package import name`` giving ``package.name`` too (name may be a module)."""
    found: set[str] = set()

    def visit(body) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = module if is_package else module.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{base}" if base else package
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):  # class, if, try, with, loops
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(ast.parse(source).body)
    return found


def later_modules() -> set[str]:
    names = set()
    for line in build_sw.LATER:
        names.add(module_name(line) if line.endswith(".py") else line.replace("/", "."))
    return names


def is_later(name: str, later: set[str]) -> bool:
    return any(name == m or name.startswith(m + ".") for m in later)


def test_import_time_imports_sees_module_level_imports_only():
    source = ("import os\nfrom app.learn import rulebook\nfrom . import words\n"
              "class A:\n    import segno\n"
              "def f():\n    import secret\n"
              "try:\n    from app.x import y\nexcept ImportError:\n    pass\n")
    found = import_time_imports(source, "app.present.render", False)
    assert {"os", "app.learn.rulebook", "app.present.words", "segno", "app.x.y"} <= found
    assert "secret" not in found
    assert is_later("app.learn.rulebook", {"app.learn.rulebook"}) and not is_later("app.learn", {"app.learn.rulebook"})


def test_no_first_screen_module_imports_a_later_one_when_imported(bundles):
    (_, _), (_, first), (_, _) = bundles
    later = later_modules()
    wrong = []
    for name, blob in sorted(first.items()):
        if not name.endswith(".py") or name.split("/")[0] not in build_sw.PACKAGES:
            continue
        module = module_name(name)
        for imported in sorted(import_time_imports(blob.decode(), module, name.endswith("__init__.py"))):
            if is_later(imported, later):
                wrong.append(f"{name} imports {imported}")
    assert not wrong, "import these inside the function that needs them, after app.views.parts.then: " + "; ".join(wrong)


def test_split_bundle_writes_each_entry_into_its_part(tmp_path):
    site = tmp_path / "site"
    (site / "static" / "vendor").mkdir(parents=True)
    entries = [("app/learn/__pycache__/rulebook.cpython-314.pyc", b"pyc"), ("segno/__init__.py", b"s"),
               ("segno-1.6.6.dist-info/METADATA", b"m"), ("segnox/__init__.py", b"x"),
               ("locale/fr/LC_MESSAGES/djambi.mo", b"mo"), ("app/learn/rulebook.py", b"r"), ("app/main.py", b"p")]
    whole = build_sw._bundle_bytes("cpython-314", entries)
    (site / build_sw.BYTECODE).write_bytes(whole)
    assert build_sw.split_bundle(site, write=False) is True
    assert not (site / build_sw.FIRST_PART).exists()
    assert build_sw.split_bundle(site) is True
    first_header, first = read_bundle(site / build_sw.FIRST_PART)
    later_header, later = read_bundle(site / build_sw.LATER_PART)
    assert list(first) == ["segnox/__init__.py", "app/main.py"]  # the bundle's order kept
    assert list(later) == ["app/learn/__pycache__/rulebook.cpython-314.pyc", "segno/__init__.py",
                           "segno-1.6.6.dist-info/METADATA", "app/learn/rulebook.py"]
    assert first["app/main.py"] == b"p" and later["segno/__init__.py"] == b"s"
    assert first_header["digest"] == later_header["digest"] == build_sw._header(whole)["digest"]
    assert build_sw.split_bundle(site) is False  # in line: left as they are
    (site / build_sw.BYTECODE).write_bytes(b"not a bundle")  # a stand-in: left alone
    assert build_sw.split_bundle(site) is False


def test_part_of_maps_bytecode_to_its_source():
    assert build_sw.source_of("app/learn/__pycache__/guide.cpython-314.pyc") == "app/learn/guide.py"
    assert build_sw.source_of("segno/__init__.py") == "segno/__init__.py"
    later = ("app/learn/rulebook.py", "segno")
    assert build_sw.part_of("app/learn/__pycache__/rulebook.cpython-314.pyc", later) == "later"
    assert build_sw.part_of("app/learn/__pycache__/guide.cpython-314.pyc", later) == "first"
    assert build_sw.part_of("segno-1.6.6.data/x", later) == "later"
    assert build_sw.part_of("locale/cs/LC_MESSAGES/djambi.mo", later) is None
