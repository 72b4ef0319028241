import { describe, expect, it } from 'vitest';
import { extractionDrift } from './check-catalogs.ts';

// `npm run i18n:extract` is run by hand after changing a text; this fails when it was forgotten: the
// code has a message the catalogs lack (it would show in English everywhere), or the catalogs keep
// one the code no longer has.
describe('the source catalog', () => {
  it('holds exactly the messages of the code', async () => {
    expect(await extractionDrift()).toEqual([]);
  }, 60_000);
});
