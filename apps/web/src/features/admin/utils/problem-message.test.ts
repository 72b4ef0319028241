import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from './problem-message.ts';

describe('problemMessage', () => {
  it("shows the API's detail for a refusal", () => {
    expect(problemMessage(new HttpError(409, 'That e-mail is already in use.'))).toBe('That e-mail is already in use.');
  });

  it('names every field of a validation error', () => {
    const body = {
      detail: 'Invalid request: body.email must be an e-mail address',
      errors: [
        { field: 'body.email', message: 'must be an e-mail address' },
        { field: 'body.full_name', message: 'must not be empty' },
      ],
    };
    expect(problemMessage(new HttpError(400, body.detail, body))).toBe(
      'Invalid request: body.email must be an e-mail address (also: body.full_name must not be empty)',
    );
  });

  it('keeps server failures and network trouble plain', () => {
    expect(problemMessage(new HttpError(500, 'Internal server error'))).toMatch(/could not complete/);
    expect(problemMessage(new TypeError('Failed to fetch'), 'Could not save.')).toBe('Could not save.');
  });
});
