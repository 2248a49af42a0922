"""The browser app in layers: games/ (the Game interface), state/ (the game session), present/ (what
a player sees and reads), learn/ (lessons, guide, rules), views/ (the page); main.py wires them.
See docs/architecture.md."""
