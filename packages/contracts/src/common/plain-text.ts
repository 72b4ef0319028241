import { z } from 'zod';

// Free text people type: any character but the control characters (tab, line feed and carriage
// return excepted). PostgreSQL cannot store NUL in text at all, and the others only ever come from
// broken or hostile clients. A pattern rather than a refinement, so the OpenAPI document shows it.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const PLAIN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
export const PLAIN_TEXT_ERROR = 'must not contain control characters';

export const zPlainText = () => z.string({ error: 'must be text' }).regex(PLAIN_TEXT, { error: PLAIN_TEXT_ERROR });
