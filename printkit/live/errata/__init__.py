"""Errata packs, for playtesters who have cut a deck already: `printkit printed` records each card
as printed (`record.py`: a fingerprint of its planned marks and the words it shows, in the
project's printed.json), and `printkit errata` prints only the cards that changed since, on the
deck's own sheets, after a page that says what changed (`changes.py`, `pack.py`)."""
