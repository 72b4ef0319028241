import type { TFigure } from '@habitrack/contracts/insights/get-insights';
import { t } from '@lingui/core/macro';
import { numberFormat } from '../../../lib/i18n/formatters.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';

// The figures are worded while the page renders, in the language shown then (tables, charts' labels
// and the CSV alike).

// A number in the locale shown ("84.3" in en-GB, "84,3" in de-DE), without grouping, as the
// figures have always been written.
export function numberText(value: number): string {
  return numberFormat(i18n.locale, { maximumFractionDigits: 6, useGrouping: false }).format(value);
}

// A change: "+1", "-5.2".
export function signedNumberText(value: number): string {
  return numberFormat(i18n.locale, { maximumFractionDigits: 6, useGrouping: false, signDisplay: 'exceptZero' }).format(
    value,
  );
}

// A rate in percent (0 to 100): "84.3 %".
export function percentText(value: number): string {
  const number = numberText(value);
  return t`${number} %`;
}

// A figure as text: the server's suppression shown with the exact sentence the issue quotes.
export function figureText(figure: TFigure, kind: 'number' | 'percent' = 'number'): string {
  if (figure.suppressed) return t`Not enough members to show this without identifying someone`;
  if (figure.value === null) return t`No data`;
  return kind === 'percent' ? percentText(figure.value) : numberText(figure.value);
}

// A figure as a chart value: suppressed and missing figures leave a gap, never a number.
export const figureValue = (figure: TFigure): number | null => (figure.suppressed ? null : figure.value);

export const weekLabel = (monday: string) => t`Week of ${monday}`;

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
