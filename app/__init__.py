"""The browser app in layers: state/ (the game session), present/ (what a player sees and reads), learn/ (lessons, guide, rules), views/ (the page); main.py wires them. See docs/architecture.md."""
