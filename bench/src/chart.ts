// A small hand-written SVG: each target's req/s as a percentage of the reference, with its
// budget as a tick; green when met, red when not, grey without a budget.
type ChartTarget = { label: string; ratio: number | null; ratioBudget: number | null };
type ChartReport = { at: string; databases: { kind: string; targets: ChartTarget[] }[] };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderChart(report: ChartReport): string {
  const rows = report.databases.flatMap((d) =>
    d.targets.filter((t) => t.ratio !== null).map((t) => ({ name: `${d.kind} ${t.label}`, ...t, ratio: t.ratio! })),
  );
  const max = Math.max(0.2, ...rows.map((r) => Math.max(r.ratio, r.ratioBudget ?? 0))) * 1.1;
  const left = 330;
  const width = 820;
  const barWidth = width - left - 90;
  const rowHeight = 26;
  const top = 40;
  const height = top + rows.length * rowHeight + 40;
  const x = (ratio: number) => left + (ratio / max) * barWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">API req/s as % of a bare Fastify route (${escape(report.at.slice(0, 16))}Z); tick = budget</text>`,
  ];
  for (let p = 0; p <= max; p += 0.05) {
    parts.push(
      `<line x1="${x(p)}" y1="${top - 6}" x2="${x(p)}" y2="${top + rows.length * rowHeight}" stroke="#eee"/>`,
      `<text x="${x(p)}" y="${top + rows.length * rowHeight + 16}" text-anchor="middle" fill="#666">${Math.round(p * 100)}%</text>`,
    );
  }
  rows.forEach((row, i) => {
    const y = top + i * rowHeight;
    const colour = row.ratioBudget === null ? '#868e96' : row.ratio >= row.ratioBudget ? '#2f9e44' : '#e03131';
    parts.push(
      `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${escape(row.name)}</text>`,
      `<rect x="${left}" y="${y + 4}" width="${Math.max(1, x(row.ratio) - left)}" height="16" fill="${colour}"/>`,
      `<text x="${x(row.ratio) + 4}" y="${y + 16}">${(row.ratio * 100).toFixed(1)}%</text>`,
    );
    if (row.ratioBudget !== null) {
      parts.push(
        `<line x1="${x(row.ratioBudget)}" y1="${y + 1}" x2="${x(row.ratioBudget)}" y2="${y + 23}" stroke="#000" stroke-width="2"/>`,
      );
    }
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
