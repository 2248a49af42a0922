"""The page: the only modules (with app/main.py) that import pyscript, js or pyodide; each carries
out what the pure layers decide."""
