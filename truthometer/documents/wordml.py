"""The parts of WordprocessingML the reader and the tracked-changes writer agree on: which paragraphs make
the body, in which order, and which runs make a paragraph's text."""
from __future__ import annotations

from docx.oxml.ns import qn

W_P, W_R, W_T, W_TC, W_TBL, W_TR = qn("w:p"), qn("w:r"), qn("w:t"), qn("w:tc"), qn("w:tbl"), qn("w:tr")
#: What holds runs that are no longer (or not yet) text: deleted or moved-away runs, text boxes (their own
#: paragraphs), and field instructions.
_NOT_TEXT = {qn("w:del"), qn("w:moveFrom"), qn("w:txbxContent")}


def body_paragraphs(body) -> list:
    """Every paragraph of the body, table cells' included, in document order (text boxes left out)."""
    return [p for p in body.iter(W_P) if not _inside(p, body, {qn("w:txbxContent")})]


def _inside(element, stop, tags) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not stop:
        if parent.tag in tags:
            return True
        parent = parent.getparent()
    return False


def paragraph_runs(p) -> list[tuple[object, int, int]]:
    """The runs of paragraph ``p`` that make its text, with their offsets in it: (run, start, end)."""
    out, position = [], 0
    for r in p.iter(W_R):
        if _owner(r) is not p or _inside(r, p, _NOT_TEXT):
            continue
        text = run_text(r)
        out.append((r, position, position + len(text)))
        position += len(text)
    return out


def _owner(r):
    parent = r.getparent()
    while parent is not None and parent.tag != W_P:
        parent = parent.getparent()
    return parent


def run_text(r) -> str:
    # python-docx's CT_R.text: w:t, tabs as "\t", line breaks as "\n", no-break hyphens as "-".
    return r.text or ""


def paragraph_text(p) -> str:
    return "".join(run_text(r) for r, _, _ in paragraph_runs(p))


def is_simple(r) -> bool:
    """A run holding one w:t and at most its properties: it can be cut anywhere in its text."""
    children = [c for c in r if c.tag != qn("w:rPr")]
    return len(children) == 1 and children[0].tag == W_T


def cell_position(p) -> tuple[int, int, int] | None:
    """(table, row, cell) numbers, 1-based, of a paragraph inside a table; None outside one."""
    cell = p.getparent()
    while cell is not None and cell.tag != W_TC:
        cell = cell.getparent()
    if cell is None:
        return None
    row = cell.getparent()
    table = row.getparent()
    while table is not None and table.tag != W_TBL:
        table = table.getparent()
    body = table.getparent()
    tables = list(body.getroottree().getroot().iter(W_TBL))
    rows = [c for c in table if c.tag == W_TR]
    cells = [c for c in row if c.tag == W_TC]
    return tables.index(table) + 1, rows.index(row) + 1, cells.index(cell) + 1
