import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AuthProblemError, HttpError, setAuthProblemListener } from '../../../lib/http.ts';
import { stubXhr } from '../testing/fake-xhr.ts';
import { sendWithProgress, type TUploadProgress } from './send-with-progress.ts';

const ZAnswer = z.object({ ok: z.boolean() });

afterEach(() => setAuthProblemListener(null));

describe('sendWithProgress', () => {
  it('reports the share sent, then that the server is working, and answers the parsed body', async () => {
    const sent = stubXhr(() => ({ status: 200, body: { ok: true } }));
    const progress: TUploadProgress[] = [];

    const answer = await sendWithProgress({
      url: '/api/v1/admin/people/imports',
      body: { source: 'x' },
      schema: ZAnswer,
      onProgress: (p) => progress.push(p),
    });

    expect(answer).toEqual({ ok: true });
    expect(progress).toEqual([
      { phase: 'uploading', sent: 0 },
      { phase: 'uploading', sent: 0.5 },
      { phase: 'uploading', sent: 1 },
      { phase: 'processing' },
    ]);
    expect(sent[0]).toMatchObject({ method: 'POST', body: { source: 'x' } });
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('fails with the API refusal, its detail and body kept', async () => {
    stubXhr(() => ({ status: 400, body: { detail: 'The file has 1 problem.', problems: [] } }));

    const error = await sendWithProgress({ url: '/api/v1/x', body: {}, schema: ZAnswer, onProgress: () => {} }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, detail: 'The file has 1 problem.', body: { problems: [] } });
  });

  it('tells the app when the account was refused, like any other call', async () => {
    stubXhr(() => ({ status: 401, body: { detail: 'Account deactivated', reason: 'account_deactivated' } }));
    const listener = vi.fn();
    setAuthProblemListener(listener);

    const error = await sendWithProgress({ url: '/api/v1/x', body: {}, schema: ZAnswer, onProgress: () => {} }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(AuthProblemError);
    expect(listener).toHaveBeenCalledWith({ detail: 'Account deactivated', reason: 'account_deactivated' });
  });
});
