import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles } from './deferred-styles.ts';

function deferredSheet(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.media = 'print';
  link.setAttribute('data-deferred-style', '');
  document.head.append(link);
  return link;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('applyDeferredStyles', () => {
  afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

  it('applies the deferred sheet to every medium and waits until it has loaded', async () => {
    const link = deferredSheet('/assets/index-abc.css');
    const applied = applyDeferredStyles();
    expect(link.media).toBe('all');
    expect(link.hasAttribute('data-deferred-style')).toBe(false);
    expect(await settled(applied)).toBe(false);
    link.dispatchEvent(new Event('load'));
    expect(await settled(applied)).toBe(true);
  });

  it('does not wait for a sheet that failed to load', async () => {
    const link = deferredSheet('/assets/missing.css');
    const applied = applyDeferredStyles();
    link.dispatchEvent(new Event('error'));
    expect(await settled(applied)).toBe(true);
  });

  it('leaves the sheets of a page without a deferred one alone and waits for nothing', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/index-abc.css';
    document.head.append(link);
    expect(await settled(applyDeferredStyles())).toBe(true);
    expect(link.media).toBe('');
  });
});
