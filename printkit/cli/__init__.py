"""Stage 7, the command line, on top of everything: the table of commands and its one handler
(`main`), the commands themselves (`build_commands`, `live_commands`, `project_commands`,
`target_commands`, sharing `report` and `outputs`), the parser and its help (`arguments`, `values`,
`product_options`, `helping`, `shop_arguments`), `printkit new`, and the generated reference
(`reference`, `schemas`). Nothing below imports it."""
