"""Stage 1, load: YAML content files read safely into located nodes, checked against schemas."""

from printkit.load.nodes import Node, load_yaml
from printkit.load.schema import Bool, Int, ListOf, Located, Record, Str, read_content

__all__ = ["Bool", "Int", "ListOf", "Located", "Node", "Record", "Str", "load_yaml", "read_content"]
