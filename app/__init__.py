"""The browser app: pure modules (ui, render, session) and the browser module (main)."""
