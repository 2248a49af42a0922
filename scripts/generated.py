"""Writing a file that set-up generates: only when its text changed, or (``--check``) saying
that it is stale without writing it. Shared by ``scripts/inline_page.py`` and
``scripts/classic_runtime.py``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable


def write_if_changed(target: Path, wanted: str, check: bool, stale: str, written: str) -> int:
    """0 when ``target`` holds ``wanted`` (or now does), 1 when it is stale and ``check`` is
    set (nothing written); ``stale`` and ``written`` are the lines said to stderr."""
    current = target.read_text(encoding="utf-8") if target.is_file() else None
    if current == wanted:
        return 0
    if check:
        print(stale, file=sys.stderr)
        return 1
    target.write_text(wanted, encoding="utf-8")
    print(written, file=sys.stderr)
    return 0


def command(argv: list[str] | None, doc: str, check_help: str, make: Callable[[Path], str],
            target: Callable[[Path], Path], name: str, stale: str, written: str) -> int:
    """A generator's command line: ``[--root DIR] [--check]``. ``make(root)`` gives the text
    (an OSError or ValueError: exit 2, one line), written to ``target(root)`` if it changed."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--check", action="store_true", help=check_help)
    args = parser.parse_args(argv)
    try:
        wanted = make(args.root)
    except (OSError, ValueError) as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 2
    return write_if_changed(target(args.root), wanted, args.check, stale, written)
