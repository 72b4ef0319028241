// WCAG 2 contrast, for the theme's colours (theme.ts): hex colours only (#rrggbb), as Mantine's
// palettes are written.
const AA = 4.5;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// `colour` with each channel scaled by `factor` (below 1: darker).
export function darken(colour: string, factor: number): string {
  return toHex(channels(colour).map((channel) => Math.floor(channel * factor)) as [number, number, number]);
}

// `colour` itself when it reaches AA against `background`, else the least darkening of it that does.
export function readableOn(colour: string, background: string): string {
  let candidate = colour;
  while (contrastRatio(candidate, background) < AA && candidate !== '#000000') candidate = darken(candidate, 0.95);
  return candidate;
}
