import { t } from '@lingui/core/macro';
import { HttpError } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';

type FieldProblem = { field: string; message: string };

function fieldProblems(body: unknown): FieldProblem[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (item): item is FieldProblem =>
      !!item && typeof item === 'object' && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

// The sentence to show for a failed call: for a refusal (4xx), the API's own detail, which says what
// to change, with every field it names (in English; another locale gets lib/refusal-text.ts's
// sentence); a plain sentence for what the administrator cannot fix (network trouble, 5xx).
export function problemMessage(error: unknown, fallback?: string): string {
  if (!(error instanceof HttpError) || error.status >= 500 || !error.detail) {
    return error instanceof HttpError && error.status >= 500
      ? t`The server could not complete this. Please try again in a moment.`
      : (fallback ?? t`Something went wrong. Please try again.`);
  }
  const shown = refusalText(i18n, error);
  if (shown !== null && shown !== error.detail) return shown;
  const fields = fieldProblems(error.body);
  if (fields.length <= 1) return error.detail;
  const others = fields
    .slice(1)
    .map((problem) => `${problem.field} ${problem.message}`)
    .join('; ');
  const detail = error.detail;
  return t`${detail} (also: ${others})`;
}
