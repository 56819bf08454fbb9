"""Stage 1, load: YAML content files read safely into located nodes, checked against schemas."""

from printkit.load.nodes import Node, load_yaml
from printkit.load.schema import Bool, Choice, Int, ListOf, Located, Number, Record, Str, read_content

__all__ = ["Bool", "Choice", "Int", "ListOf", "Located", "Node", "Number", "Record", "Str", "load_yaml", "read_content"]
