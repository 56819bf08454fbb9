"""The JSON Schemas printkit ships for editors (game.schema.json, printkit.schema.json): bundled
files, written by `python -m printkit.cli.reference` from printkit/cli/schemas.py; `python -m
printkit.schema` prints the VS Code settings that use them."""
