import { SUPPRESSED_TEXT, type TFigure } from '@habitrack/contracts/insights/get-insights';
import { saveFile } from '../../../lib/save-file.ts';

// A figure as text: the server's suppression shown with the exact sentence the issue quotes.
export function figureText(figure: TFigure, unit = ''): string {
  if (figure.suppressed) return SUPPRESSED_TEXT;
  if (figure.value === null) return 'No data';
  return `${figure.value}${unit}`;
}

// A figure as a chart value: suppressed and missing figures leave a gap, never a number.
export const figureValue = (figure: TFigure): number | null => (figure.suppressed ? null : figure.value);

export const weekLabel = (monday: string) => `Week of ${monday}`;

export type TTableCell = string | number;
export type TTable = { columns: string[]; rows: TTableCell[][] };

// RFC 4180 CSV of a section's table (already suppressed by the server).
export function toCsv(table: TTable): string {
  const cell = (value: TTableCell) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(fileName: string, table: TTable): void {
  saveFile(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}
