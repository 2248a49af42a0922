"""Game files on the page: save the game as a download, open one from the file picker or by
dropping it on the page. Reading and checking the text is ``app.state.gamefile``'s; this module only
moves text between the browser and Python.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document, window

from app.views.dom import absent, el, js, later, listen
from app.present import notices


def download(text: str, name: str, kind: str = "text/plain") -> None:
    """Offer ``text`` as a file called ``name`` (the browser's download), of media type ``kind``."""
    blob = window.Blob.new(js([text]), js({"type": f"{kind};charset=utf-8"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.append(link)
    link.click()
    link.remove()
    later(lambda: window.URL.revokeObjectURL(url), 10_000)


class FileOpener:
    """The file picker and drag-and-drop: each file's text goes to ``on_text(text, name)``;
    a file that cannot be read goes to ``on_error(message)``."""

    def __init__(self, on_text: Callable[[str, str], None],
                 on_error: Callable[[notices.Message], None]) -> None:
        self.on_text = on_text
        self.on_error = on_error
        self.input = el("#file-input")
        listen(self.input, "change", self.picked)
        listen(document, "dragover", self.drag_over)
        listen(document, "dragleave", lambda e: document.body.classList.remove("dropping"))
        listen(document, "drop", self.dropped)

    def choose(self) -> None:
        self.input.value = ""
        self.input.click()

    def picked(self, event) -> None:
        files = self.input.files
        if not absent(files) and files.length:
            self.read(files.item(0))

    @staticmethod
    def has_files(event) -> bool:
        transfer = event.dataTransfer
        return not absent(transfer) and "Files" in [str(t) for t in transfer.types]

    def drag_over(self, event) -> None:
        if self.has_files(event):
            event.preventDefault()
            document.body.classList.add("dropping")

    def dropped(self, event) -> None:
        document.body.classList.remove("dropping")
        if not self.has_files(event):
            return
        event.preventDefault()
        files = event.dataTransfer.files
        if files.length:
            self.read(files.item(0))

    def read(self, file) -> None:
        name = str(file.name)
        if int(file.size) > 1_000_000:
            self.on_error(notices.file_too_large(name))
            return
        promise = file.text()

        def done(text) -> None:
            self.on_text(str(text), name)

        def failed(error) -> None:
            self.on_error(notices.file_unreadable(name, error))

        from pyodide.ffi import create_once_callable

        promise.then(create_once_callable(done), create_once_callable(failed))


__all__ = ["download", "FileOpener"]
