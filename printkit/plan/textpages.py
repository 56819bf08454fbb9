"""Running text cut into pages, as data: a rules document's words set a page's width wide and
broken between pages where a paragraph keeps two lines on either side and a heading never ends
a page; a page's image icons (a game's `:coin:` in its rules) are Pictures placed with its words,
from the same corner."""

from __future__ import annotations

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.markup import HEADINGS, Palette, check_markup, parse_blocks, titled
from printkit.plan.marks import Picture
from printkit.plan.fitting import picture, widest_word
from printkit.plan.text import Text, TextLine, is_bullet
from printkit.plan.typeset import EPSILON, SetBlock, Style, set_blocks, stack_rich

def paginate(markup: str, width: float, height: float, size: float, item: str, where: Problem,
             heights: tuple[float, ...] = (), font: str | None = None, title: bool = False) -> list[Text]:
    """The pages of paginate_rich, each its Text alone: for words with no image icons."""
    return [text for text, _ in paginate_rich(markup, width, height, size, item, where, heights, font, title)]


def paginate_rich(markup: str, width: float, height: float, size: float, item: str, where: Problem,
                  heights: tuple[float, ...] = (), font: str | None = None, title: bool = False,
                  palette: Palette | None = None) -> list[tuple[Text, tuple[Picture, ...]]]:
    """Text set `width` mm wide at `size` pt and cut into pages `height` mm tall (the first pages
    `heights` tall, when given: the room a page already begun has left), each placed with its top
    at 0, in the project font (or family) `font`, or printkit's. A paragraph breaks between pages
    only where both parts keep two lines; a heading never ends a page. A page of `heights` too
    short for what comes first is left empty (an empty Text). With `title`, a first heading is
    the document's title. The colours and icons of `palette` may be named in it: each page comes
    with the Pictures of its image icons, placed from the same top-left corner as its Text."""
    check_markup(markup, where, face=font, palette=palette, largest=size)
    blocks = parse_blocks(markup)
    style = Style(size, size, font=font, palette=palette)
    set_ = set_blocks(tuple(titled(blocks) if title else blocks), width, size, style)
    if set_ is None:
        raise PrintkitError([where.with_message(f"{item}: a word is wider than the page",
                                                widest_word(markup, width, size, font))])

    def room_of(number: int) -> float:
        return heights[number] if number < len(heights) else height

    pages, page, room = [], [], room_of(0)
    queue = list(set_)
    while queue:
        block = queue.pop(0)
        before = block.before if page else 0.0
        if before + block.height <= room + EPSILON:
            page.append(block)
            room -= before + block.height + block.after
            continue
        head, tail = _split(block, room - before)
        if head is not None:
            page.append(head)
            queue.insert(0, tail)
        elif not page and len(pages) >= len(heights):
            raise PrintkitError([where.with_message(f"{item}: a block is taller than a page")])
        else:
            queue.insert(0, block)
        pages.append(_close(page, queue))
        page, room = [], room_of(len(pages))
    if page:
        pages.append(page)
    return [_page_text(blocks, size) if blocks else (Text(0.0, 0.0, (), size, 0.0), ())
            for number, blocks in enumerate(pages) if blocks or number < len(heights)]


def _split(block: SetBlock, room: float):
    """The lines of a paragraph that fit in `room`, and the rest; (None, None) when the break
    would leave fewer than two lines on either side. Where all but one fit, one fewer stays: the
    last two go on together."""
    if block.rows is not None:
        return _split_rows(block, room)
    text_lines = [line for line in block.lines if not is_bullet(line)]
    pitch = block.height / len(text_lines)
    fits = min(int((room + EPSILON) // pitch), len(text_lines) - 2)
    if block.kind in HEADINGS or fits < 2:
        return None, None
    cut = text_lines[fits].baseline
    head = [line for line in block.lines if line.baseline > cut]
    tail = [TextLine(l.x, l.baseline + fits * pitch, l.size, l.runs, l.width, l.level)
            for l in block.lines if l.baseline <= cut]
    return (SetBlock(tuple(head), fits * pitch, block.before, 0.0, block.kind),
            SetBlock(tuple(tail), block.height - fits * pitch, 0.0, block.after, block.kind))


def _split_rows(block: SetBlock, room: float):
    """_split for a block whose lines stand at pitches of their own: cut at a line's foot."""
    fits = min(sum(1 for foot in block.rows if foot <= room + EPSILON), len(block.rows) - 2)
    if block.kind in HEADINGS or fits < 2:
        return None, None
    cut = block.rows[fits - 1]
    head = [line for line in block.lines if -line.baseline < cut]
    tail = [TextLine(l.x, l.baseline + cut, l.size, l.runs, l.width, l.level)
            for l in block.lines if -l.baseline >= cut]
    pictures = ([place for place in block.pictures if -place[2] < cut],
                [(icon, x, baseline + cut, size) for icon, x, baseline, size in block.pictures if -baseline >= cut])
    return (SetBlock(tuple(head), cut, block.before, 0.0, block.kind, block.rows[:fits], tuple(pictures[0])),
            SetBlock(tuple(tail), block.height - cut, 0.0, block.after, block.kind,
                     tuple(foot - cut for foot in block.rows[fits:]), tuple(pictures[1])))


def _close(page: list[SetBlock], queue: list[SetBlock]) -> list[SetBlock]:
    """A page's blocks, with headings left at its foot carried over to the next page (unless
    they are all the page has: then the text after them is taller than a page anyway)."""
    carried = 0
    while carried < len(page) - 1 and page[-1 - carried].kind in HEADINGS:
        carried += 1
    queue[:0] = page[len(page) - carried:]
    return page[:len(page) - carried]


def _page_text(blocks: list[SetBlock], size: float) -> tuple[Text, tuple[Picture, ...]]:
    """A page's blocks as one Text with its top-left corner at (0, 0), and its image icons."""
    first = blocks[0]
    blocks = [SetBlock(first.lines, first.height, 0.0, first.after, first.kind, first.rows,
                       first.pictures)] + blocks[1:]
    lines, used, pictures = stack_rich(blocks)
    text = Text(0.0, 0.0, lines, size, used)
    return text, tuple(picture(text, *place) for place in pictures)
