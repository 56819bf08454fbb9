"""Where a build's files are planned and drawn: side by side in workers forked from printkit
(printkit/pipeline/cores.py), or in printkit's own process, where forking would cost more than it saves."""

from __future__ import annotations

from printkit.pipeline.other_papers import OTHER_PAPERS_AT_MOST

# What validate leaves to plan, and what a build draws, is done in this process when its files are
# made from less than this much content (as JSON): a small game's edit is planned and drawn in less
# time than forking workers takes. (A campaign's booklet, made from all its ~37,000 characters, is
# drawn beside what an edit of a scenario changes besides: 0.64 -> 0.58 s.)
SIDE_BY_SIDE = 50_000
# The print guides (the summaries, planned once the other files' page counts are known) are planned
# here whatever they are made from: a page or two listing files, planned in a few hundredths of a
# second, where a pool of workers forked for them took as long again (a 1,000-row deck's edit waited
# 0.03 s for it after the deck was drawn).
GUIDES_HERE = float("inf")
HERE_AT_MOST = 32  # files to draw: with more, printkit's own process only hands them out (see here_too)


def least(summaries: bool, redrawn: bool = False) -> float:
    """How much content the files of a pass must be made from to be handed to workers; with
    `redrawn` (an edit of a declared game: every file of the pass drawn before, from what the page
    cache keeps, see other_papers.redrawn), none is. Its deck is planned on A4 then on Letter by
    one worker anyway (cores.each_on_every_core's `together`): forked, it only moved there, and its
    PDF came back pickled (a 1,000-row deck's one-card edit: 0.85 -> 0.71 s, load 3).
    """
    return GUIDES_HERE if summaries or redrawn else SIDE_BY_SIDE


def here_too(jobs: list, weight) -> bool:
    """Whether printkit's own process draws beside its workers (cores.each_on_every_core): for an
    edit's few files, where the fork it saves and the booklet pages it keeps in memory for the
    volumes count. Not for many files (a cold build): the pool is fed by a thread of this process,
    which waits for the drawing here, and the workers then wait for it; nor for a file made from
    more than OTHER_PAPERS_AT_MOST characters (a long campaign's booklet), whose pages would stay
    in this process's memory to the end of the build. `weight(item)`: the characters a file is made
    from (fingerprints.weight)."""
    return len(jobs) <= HERE_AT_MOST and all(weight(job[0]) <= OTHER_PAPERS_AT_MOST for job in jobs)
