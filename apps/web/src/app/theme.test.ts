import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;
const shade = (name: string, index: number) => resolved.colors[name]![index]!;
// What a colour variable resolves to: the theme's override, else Mantine's default (shade 8 filled,
// shade 9 text on shade 1 for light).
const filled = (name: string) => light[`--mantine-color-${name}-filled`] ?? shade(name, 8);
const lightText = (name: string) => light[`--mantine-color-${name}-light-color`] ?? shade(name, 9);
const COLOURS = Object.keys(resolved.colors).filter((name) => name !== 'dark');

describe('the theme’s colours', () => {
  it.each(COLOURS)(
    '%s: white text on the filled variant reaches 4.5:1, hovered too, and the outline on white',
    (name) => {
      expect(contrastRatio(filled(name), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      const hover = light[`--mantine-color-${name}-filled-hover`] ?? shade(name, 9);
      expect(contrastRatio(hover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      const outline = light[`--mantine-color-${name}-outline`] ?? shade(name, 8);
      expect(contrastRatio(outline, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(COLOURS)('%s: the light variant’s text reaches 4.5:1 on its background, hovered too', (name) => {
    expect(contrastRatio(lightText(name), shade(name, 1))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lightText(name), shade(name, 2))).toBeGreaterThanOrEqual(4.5);
  });

  it('changes only the colours that need it', () => {
    expect(light['--mantine-color-blue-filled']).toBeUndefined();
    expect(light['--mantine-color-teal-filled']).toBeDefined();
    expect(contrastRatio(shade('teal', 8), '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio(shade('yellow', 9), shade('yellow', 1))).toBeLessThan(4.5);
  });
});

describe('contrast', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#099268', '#099268')).toBe(1);
  });

  it('darkens a colour only as far as it must', () => {
    expect(readableOn('#1864ab', '#ffffff')).toBe('#1864ab');
    const teal = readableOn('#099268', '#ffffff');
    expect(contrastRatio(teal, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(teal, '#ffffff')).toBeLessThan(5);
  });
});
