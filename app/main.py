"""Placeholder browser entry point: proves PyScript runs and imports djambi."""

import sys

from pyscript import document

import djambi

status = document.querySelector("#status")
status.textContent = (
    f"Python {sys.version.split()[0]} ready in the browser; "
    f"engine package '{djambi.__name__}' loaded."
)
document.body.dataset.ready = "1"
