import { createTheme, type CSSVariablesResolver, type MantineThemeColors } from '@mantine/core';
import { darken, readableOn } from './contrast.ts';

const PRIMARY_SHADE = 8;

// System fonts only: the product runs offline and must not fetch web fonts.
const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  fontFamily: systemFontStack,
  headings: { fontFamily: systemFontStack },
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons, and blue text on white, above WCAG AA's 4.5:1
  // (Mantine's default shade 6 gives 3.5:1).
  primaryShade: PRIMARY_SHADE,
  components: {
    // A modal's header is a <header> outside any landmark section, so it counted as a second banner
    // beside the app's own header; it is the dialog's title bar, nothing more.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});

// Each colour's filled variant (white text) and light variant (shade 9 text on shade 1, hovered 2), made dark
// enough for WCAG AA's 4.5:1 where Mantine's palettes are too light (teal, green, yellow, orange,
// ...: the pressed "Yes completed", the "Logged today" badge, the start-date notice).
function readableColourVariables(colors: MantineThemeColors, primaryShade: number): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, palette] of Object.entries(colors)) {
    if (name === 'dark' || palette.length < 10) continue;
    const filled = readableOn(palette[primaryShade]!, '#ffffff');
    if (filled !== palette[primaryShade]) {
      variables[`--mantine-color-${name}-filled`] = filled;
      variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.85);
      // Outlined buttons write their label in the same colour, on white.
      variables[`--mantine-color-${name}-outline`] = filled;
    }
    // On the hover background (shade 2), the darker of the two, so it also reads on shade 1.
    const lightColour = readableOn(palette[9]!, palette[2]!);
    if (lightColour !== palette[9]) variables[`--mantine-color-${name}-light-color`] = lightColour;
  }
  return variables;
}

// Mantine's "dimmed" grey (gray.6) is 3.3:1 on white; gray.7 reads as secondary text at 8:1.
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...readableColourVariables(resolved.colors, PRIMARY_SHADE),
  },
  dark: {},
});
