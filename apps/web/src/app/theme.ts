import { createTheme } from '@mantine/core';

// System fonts only: the product runs offline and must not fetch web fonts.
const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  fontFamily: systemFontStack,
  headings: { fontFamily: systemFontStack },
  primaryColor: 'blue',
});
