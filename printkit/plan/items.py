"""What a mark is, by name (a mark's `item`), where planning names it and a shop's safe-zone check
reads it (printkit/targets/safezone.py): a round token's cut line on its trim, its frame, and its
ground (a background's disc, out to the bleed edge). Each is art, whatever its colour, as a
rectangular ground is: it may run to the trim and into the bleed."""

CUT_GUIDE, FRAME, GROUND = "cut line", "frame", "ground"
