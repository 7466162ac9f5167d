// The keyboard of the rows grid (WAI-ARIA grid pattern): arrows move between cells, Home and End
// to the row's ends, Ctrl+Home and Ctrl+End to the page's first and last cell, Page Up and Page
// Down to the previous and next page of rows. Row 0 is the header row.

export interface Cell {
  row: number;
  col: number;
}

export type Move = { to: Cell } | { page: -1 | 1; col: number } | null;

/** Where a key takes the focus from `at` in a grid of `rows` rows (header included) and `cols` columns. */
export function moveFor(key: string, ctrl: boolean, at: Cell, rows: number, cols: number): Move {
  const clamp = (cell: Cell): Move => ({ to: { row: Math.max(0, Math.min(rows - 1, cell.row)), col: Math.max(0, Math.min(cols - 1, cell.col)) } });
  switch (key) {
    case 'ArrowRight':
      return clamp({ row: at.row, col: at.col + 1 });
    case 'ArrowLeft':
      return clamp({ row: at.row, col: at.col - 1 });
    case 'ArrowDown':
      return clamp({ row: at.row + 1, col: at.col });
    case 'ArrowUp':
      return clamp({ row: at.row - 1, col: at.col });
    case 'Home':
      return clamp(ctrl ? { row: 0, col: 0 } : { row: at.row, col: 0 });
    case 'End':
      return clamp(ctrl ? { row: rows - 1, col: cols - 1 } : { row: at.row, col: cols - 1 });
    case 'PageDown':
      return { page: 1, col: at.col };
    case 'PageUp':
      return { page: -1, col: at.col };
    default:
      return null;
  }
}

/** The rows a page shows: which offset a page number starts at, and how many pages there are. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
