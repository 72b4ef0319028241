import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readAgainInNewLocale } from './choose-locale.ts';

// What the server would answer for the programme: the language its account has at the time of asking.
function programmeServer() {
  let language = 'fr-FR';
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  return {
    asked,
    save: (locale: string) => (language = locale),
    // Answers with the language of the moment of asking, once released.
    read: () =>
      new Promise<string>((resolve) => {
        const answer = `title in ${language}`;
        asked.push(language);
        pending.push(() => resolve(answer));
      }),
    releaseAll: () => pending.splice(0).forEach((release) => release()),
  };
}

describe('readAgainInNewLocale', () => {
  let client: QueryClient;
  afterEach(() => client.clear());

  it('asks again a first read that was under way when the language was saved', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = programmeServer();
    const observer = new QueryObserver(client, { queryKey: ['programme'], queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => server.asked).toEqual(['fr-FR']);

    server.save('en-GB');
    readAgainInNewLocale(client);
    await expect.poll(() => server.asked).toEqual(['fr-FR', 'en-GB']);
    server.releaseAll();
    await expect.poll(() => client.getQueryData(['programme'])).toBe('title in en-GB');
    unsubscribe();
  });

  it('reads an answer already shown again, and leaves the account alone', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = programmeServer();
    const observer = new QueryObserver(client, { queryKey: ['programme'], queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => server.asked.length).toBe(1);
    server.releaseAll();
    await expect.poll(() => client.getQueryData(['programme'])).toBe('title in fr-FR');
    client.setQueryData(['auth', 'me'], { locale: 'en-GB' });

    server.save('en-GB');
    readAgainInNewLocale(client);
    await expect.poll(() => server.asked).toEqual(['fr-FR', 'en-GB']);
    server.releaseAll();
    await expect.poll(() => client.getQueryData(['programme'])).toBe('title in en-GB');
    expect(client.getQueryState(['auth', 'me'])?.isInvalidated).toBe(false);
    unsubscribe();
  });
});
