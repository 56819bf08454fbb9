"""Stage 5, the pipeline: what a build draws and how. It loads the games, plans every file (side by
side on the machine's cores), draws what changed, writes the batch all at once (`write`), and keeps
the manifest and the caches it owns (`manifest`, `cache`): the plan and render stages keep nothing
themselves. `build` runs it end to end."""
