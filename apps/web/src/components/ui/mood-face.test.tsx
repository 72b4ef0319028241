import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n.ts';
import { MoodFace, moodLabel } from './mood-face.tsx';

const renderFace = (face: React.ReactElement) =>
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>{face}</MantineProvider>
    </I18nProvider>,
  );

describe('MoodFace', () => {
  it.each([
    [1, 'Awful'],
    [2, 'Not good'],
    [3, 'Fine'],
    [4, 'Good'],
    [5, 'Great'],
    [null, 'Skipped'],
  ] as const)('draws mood %s as an SVG image named %s, without any emoji text', (value, name) => {
    renderFace(<MoodFace value={value} />);
    const image = screen.getByRole('img', { name });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveAttribute('viewBox', '0 0 32 32');
    expect(image.querySelectorAll('circle, path').length).toBeGreaterThan(1);
    expect(image.textContent).toBe('');
    expect(moodLabel(i18n, value)).toBe(name);
  });

  it('draws every face differently, not by colour alone', () => {
    const shapes = [1, 2, 3, 4, 5, null].map((value) => {
      const { container, unmount } = renderFace(<MoodFace value={value} />);
      const paths = [...container.querySelectorAll('path')].map((path) => path.getAttribute('d')).join(' ');
      unmount();
      return paths;
    });
    expect(new Set(shapes).size).toBe(6);
  });

  it('is hidden from screen readers when it decorates a visible label', () => {
    const { container } = renderFace(
      <button type="button">
        <MoodFace value={4} decorative />
        Good
      </button>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Good' })).toBeVisible();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
