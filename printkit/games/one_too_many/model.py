"""The rules model of One Too Many (seed 002): the Diamonds run check, the bust length for a player count, and the
checks on a kit's numbers (end score, ask limits, player counts, Redo tokens, run examples).

The centre Diamonds are read on a track: the Ace low, the other ranks in order, the Ace again high
(A 2 ... K A). A run is consecutive places on that track, so K A 2 is never a run. Pure: checked
content in, the model and its findings out.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import Finding


@dataclass(frozen=True)
class Rules:
    ranks: tuple[str, ...]  # the Diamonds' values from low to high; the last is the Ace
    ace_low: bool  # the highest rank also counts below the lowest
    players_min: int
    players_max: int
    end_score: int
    ask_max: int
    first_turn_max: int
    last_player_min: int
    redo_tokens: int
    rounds: int = 15  # rows for rounds on a score sheet
    examples: tuple[tuple[tuple[str, ...], int], ...] = ()  # content's centres: (diamonds, players)

    @property
    def track(self) -> tuple[str, ...]:
        return track(self.ranks, self.ace_low)

    @property
    def player_counts(self) -> range:
        return range(self.players_min, self.players_max + 1)

    def verdicts(self) -> list["Verdict"]:
        """The content's example centres, each judged by the run check."""
        return [judge(diamonds, players, self.ranks, self.ace_low) for diamonds, players in self.examples]

    def ace_runs(self) -> list[tuple[str, tuple[str, ...], bool]]:
        """The Ace examples: (which side, the three cards, whether they make a run)."""
        return [(side, cards, len(longest_run(cards, self.ranks, self.ace_low)) == len(cards))
                for side, cards in ace_examples(self.ranks, self.ace_low).items()]

    def computed(self) -> dict:
        """What the templates print that the model works out: the bust length for each player
        count, the Ace examples, and the verdicts on the content's example centres."""
        return {"bust": [(count, bust_length(count)) for count in self.player_counts],
                "ace": ace_examples(self.ranks, self.ace_low), "examples": self.verdicts()}


@dataclass(frozen=True)
class Verdict:
    """What the run check says of some centre Diamonds for a player count."""

    diamonds: tuple[str, ...]
    players: int
    run: tuple[str, ...]  # the longest run, in track order
    busts: bool


def track(ranks: tuple[str, ...], ace_low: bool) -> tuple[str, ...]:
    """The places of the Diamonds track, left to right: A 2 ... K A when the Ace counts low too."""
    return (ranks[-1],) + tuple(ranks) if ace_low else tuple(ranks)


def bust_length(players: int) -> int:
    """The shortest run that busts the round: longer than the number of players in the game."""
    return players + 1


def longest_run(diamonds, ranks: tuple[str, ...], ace_low: bool) -> tuple[str, ...]:
    """The longest run of consecutive values among `diamonds` (the first found on a tie)."""
    held = set(diamonds)
    best: tuple[str, ...] = ()
    current: list[str] = []
    for rank in track(ranks, ace_low):
        if rank not in held:
            current = []
        elif rank in current:  # the Ace again, high, after a run from A low: one card counts once
            current = current[1:] + [rank]
        else:
            current.append(rank)
        if len(current) > len(best):
            best = tuple(current)
    return best


def judge(diamonds, players: int, ranks: tuple[str, ...], ace_low: bool) -> Verdict:
    run = longest_run(diamonds, ranks, ace_low)
    return Verdict(tuple(diamonds), players, run, len(run) >= bust_length(players))


def longest_possible_run(rules: Rules) -> int:
    """The longest run the whole suit can make: the Ace is one card, however it counts."""
    return len(longest_run(rules.ranks, rules.ranks, rules.ace_low))


def ace_examples(ranks: tuple[str, ...], ace_low: bool) -> dict[str, tuple[str, ...]]:
    """Three Diamonds around the Ace: counted high, counted low (when it may), and across the
    join, which the track shows is no run."""
    ace = ranks[-1]
    examples = {"high": tuple(ranks[-3:])}
    if ace_low:
        examples["low"] = (ace,) + tuple(ranks[:2])
        examples["across"] = (ranks[-2], ace, ranks[0])
    return examples


# --- checks on content ------------------------------------------------------------------------------

FILE = "game.yaml"

def check_rules(rules: Rules) -> list[Finding]:
    found = []
    if rules.end_score < 1:
        found.append(Finding(FILE, ("end_score",), f"end_score must be a positive number of points, not {rules.end_score}"))
    if rules.players_min > rules.players_max:
        found.append(Finding(FILE, ("players", "min"), f"players.min ({rules.players_min}) is more than players.max "
                                          f"({rules.players_max})"))
    if rules.players_min < 2:
        found.append(Finding(FILE, ("players", "min"), f"players.min is {rules.players_min}, but the rules need at "
                                          "least 2 players (the last player left, a Redo, the greediest)"))
    found += _check_asks(rules) + _check_bust(rules) + _check_ranks(rules)
    if rules.redo_tokens < rules.players_max:
        found.append(Finding(FILE, ("redo_tokens",), f"redo_tokens is {rules.redo_tokens}, but all {rules.players_max} "
                                        "players can be the greediest in one bust and each gets a Redo"))
    return found


def _check_asks(rules: Rules) -> list[Finding]:
    found = []
    if rules.first_turn_max < rules.ask_max:
        found.append(Finding(FILE, ("ask", "first_turn_max"), f"ask.first_turn_max ({rules.first_turn_max}) is below "
                                                  f"the normal limit ask.max ({rules.ask_max})"))
    if not 1 <= rules.last_player_min <= rules.ask_max:
        found.append(Finding(FILE, ("ask", "last_player_min"), f"ask.last_player_min ({rules.last_player_min}) must be "
                                                   f"1 to ask.max ({rules.ask_max}): the last player left "
                                                   "could not ask for any cards"))
    return found


def _check_bust(rules: Rules) -> list[Finding]:
    longest = longest_possible_run(rules)
    if bust_length(rules.players_max) <= longest:
        return []
    return [Finding(FILE, ("players", "max"), f"with {rules.players_max} players a round busts on a run of "
                                 f"{bust_length(rules.players_max)} Diamonds, but the {len(rules.ranks)} "
                                 f"Diamonds make a run of at most {longest}")]


def _check_ranks(rules: Rules) -> list[Finding]:
    seen = set()
    for index, rank in enumerate(rules.ranks):
        if rank in seen:
            return [Finding(FILE, ("deck", "ranks", index), f"rank {rank} is listed twice")]
        seen.add(rank)
    return []


def check_example(diamonds, players: int, rules: Rules) -> list[Finding]:
    """A run example in content: real ranks, each once, for a supported player count."""
    found = []
    for index, rank in enumerate(diamonds):
        if rank not in rules.ranks:
            found.append(Finding(FILE, ("diamonds", index), f"'{rank}' is not a Diamond rank ({', '.join(rules.ranks)})"))
        elif rank in diamonds[:index]:
            found.append(Finding(FILE, ("diamonds", index), f"the {rank} of Diamonds is listed twice (the deck has one)"))
    if not rules.players_min <= players <= rules.players_max:
        found.append(Finding(FILE, ("players",), f"{players} players is outside the supported "
                                    f"{rules.players_min}-{rules.players_max}"))
    return found


# --- the kit's model --------------------------------------------------------------------------------

def from_content(data: dict) -> Rules:
    game = data["game"]
    deck, ask = game["deck"], game["ask"]
    return Rules(ranks=tuple(deck["ranks"]), ace_low=deck["ace_low"],
                 players_min=game["players"]["min"], players_max=game["players"]["max"],
                 end_score=game["end_score"], ask_max=ask["max"], first_turn_max=ask["first_turn_max"],
                 last_player_min=ask["last_player_min"], redo_tokens=game["redo_tokens"],
                 rounds=game["score_sheet"]["rounds"],
                 examples=tuple((tuple(e["diamonds"]), e["players"]) for e in game["run_examples"]))


def check(rules: Rules) -> list[Finding]:
    found = check_rules(rules)
    if found:
        return found
    for index, (diamonds, players) in enumerate(rules.examples):
        found += [Finding(f.file, ("run_examples", index) + f.path, f"run example {index + 1}: {f.message}")
                  for f in check_example(diamonds, players, rules)]
    return found
