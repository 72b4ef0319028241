import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// System fonts only: the product runs offline and must not fetch web fonts.
const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  fontFamily: systemFontStack,
  headings: { fontFamily: systemFontStack },
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons, and blue text on white, above WCAG AA's 4.5:1
  // (Mantine's default shade 6 gives 3.5:1).
  primaryShade: 8,
});

// Mantine's "dimmed" grey (gray.6) is 3.3:1 on white; gray.7 reads as secondary text at 8:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
