"""`python -m printkit.schema`: the lines of a VS Code `.vscode/settings.json` (its YAML extension) that
check and complete a project's game.yaml and printkit.yaml with the schemas this printkit ships."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = {"game.schema.json": ["**/content/*/game.yaml"], "printkit.schema.json": ["**/printkit.yaml"]}

if __name__ == "__main__":
    print(json.dumps({"yaml.schemas": {(HERE / name).as_posix(): globs for name, globs in FILES.items()}}, indent=2))
