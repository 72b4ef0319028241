import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// chart.tsx loads the charts' code lazily; each test gives that module its own stand-in.
async function renderChart() {
  const { Chart } = await import('./chart.tsx');
  return render(
    <MantineProvider env="test">
      <Chart
        kind="line"
        h={180}
        data={[{ label: '2026-03-02', Rate: 80 }]}
        dataKey="label"
        series={[{ name: 'Rate' }]}
      />
    </MantineProvider>,
  );
}

describe('Chart', () => {
  afterEach(() => {
    vi.doUnmock('./drawn-chart.tsx');
    vi.resetModules();
  });

  it("keeps the chart's room while its code downloads, then draws it with the props given", async () => {
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    vi.doMock('./drawn-chart.tsx', async () => {
      await arrived;
      return {
        default: (props: { kind: string; h: number }) => <div data-testid="drawn">{`${props.kind} ${props.h}`}</div>,
      };
    });
    const { container } = await renderChart();
    expect(screen.queryByTestId('drawn')).toBeNull();
    expect(container.querySelector('div[style*="height: 180px"]')).not.toBeNull();
    arrive();
    expect(await screen.findByTestId('drawn')).toHaveTextContent('line 180');
  });

  it('says so in its place when its code cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.doMock('./drawn-chart.tsx', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    await renderChart();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The chart could not be loaded. Show the table for the same figures, or reload the page.',
    );
  });
});
