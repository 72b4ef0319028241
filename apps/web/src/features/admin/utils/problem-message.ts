import { t } from '@lingui/core/macro';
import { HttpError } from '../../../lib/http.ts';

type FieldProblem = { field: string; message: string };

function fieldProblems(body: unknown): FieldProblem[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (item): item is FieldProblem =>
      !!item && typeof item === 'object' && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

// The sentence to show for a failed call: the API's own detail for a refusal (4xx), which says what
// to change, with every field it names; a plain sentence for what the administrator cannot fix
// (network trouble, 5xx).
export function problemMessage(error: unknown, fallback?: string): string {
  if (!(error instanceof HttpError) || error.status >= 500 || !error.detail) {
    return error instanceof HttpError && error.status >= 500
      ? t`The server could not complete this. Please try again in a moment.`
      : (fallback ?? t`Something went wrong. Please try again.`);
  }
  const fields = fieldProblems(error.body);
  if (fields.length <= 1) return error.detail;
  const others = fields
    .slice(1)
    .map((problem) => `${problem.field} ${problem.message}`)
    .join('; ');
  // The API's details stay in English for now (docs/decisions/021-internationalisation-with-lingui.md).
  const detail = error.detail;
  return t`${detail} (also: ${others})`;
}
