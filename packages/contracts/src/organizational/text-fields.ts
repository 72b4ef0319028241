import { zPlainText } from '../common/plain-text.ts';

// The free-text fields goals and KPIs share: a trimmed, non-empty title and an optional description.
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;

export const zTitle = zPlainText()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(TITLE_MAX, { error: `must be at most ${TITLE_MAX} characters` });

// Optional; blank becomes null so "no description" is stored one way.
export const zDescription = zPlainText()
  .trim()
  .max(DESCRIPTION_MAX, { error: `must be at most ${DESCRIPTION_MAX} characters` })
  .nullish()
  .transform((value) => (value ? value : null));
