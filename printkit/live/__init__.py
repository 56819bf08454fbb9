"""Stage 6, live tools, on the pipeline's built files: `preview` (a picture of every page and card
and the proofing page), `serve` (that page kept up to date as the designer saves), `watch` (a build
at every save) and `errata` (what changed since the cards were printed, as a pack of new cards)."""
