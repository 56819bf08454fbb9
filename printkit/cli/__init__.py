"""Stage 7, the command line, on top of everything: the parser and its help (`arguments`,
`helping`, `shop_arguments`), the commands (`main`), `printkit new`, and the generated reference
(`reference`). Nothing below imports it."""
