import { screen } from '@testing-library/react';
import { COLUMNS } from '../components/leaderboard-table.tsx';

export const PATH = '/programme/cohort';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The leaderboard row of one person (its name is built from the row's text).
export function rowOf(fullName: string): HTMLElement {
  return screen.getByRole('row', { name: new RegExp(escapeRegExp(fullName)) });
}

export function findRowOf(fullName: string): Promise<HTMLElement> {
  return screen.findByRole('row', { name: new RegExp(escapeRegExp(fullName)) });
}

// One cell of a row, found by its column heading rather than by position in the test.
export function cellOf(row: HTMLElement, column: (typeof COLUMNS)[number]): HTMLElement {
  const cell = row.children.item(COLUMNS.indexOf(column));
  if (!(cell instanceof HTMLElement)) throw new Error(`no ${column} cell`);
  return cell;
}

// Names in the body rows, in the order shown (the name is the first line of the Member cell).
export function memberNames(): string[] {
  const [, ...bodyRows] = screen.getAllByRole('row');
  return bodyRows.map((row) => cellOf(row, 'Member').querySelector('p')?.textContent ?? '');
}
