import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartSection } from './chart-section.tsx';

// An IntersectionObserver the test drives: `show()` tells every observer its element is near.
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    show: () =>
      act(() => {
        for (const callback of callbacks) {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

const table = { columns: ['Week', 'Rate'], rows: [['2026-W10', '80 %']] };

function renderSection() {
  return render(
    <MantineProvider env="test">
      <ChartSection
        title="Check-in rate"
        description="Completed habit-days."
        fileName="rate.csv"
        table={table}
        chart={<div data-testid="chart" />}
        chartHeight={220}
      />
    </MantineProvider>,
  );
}

describe('ChartSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws its chart only once it comes into view, keeping its room meanwhile', () => {
    const observer = stubIntersectionObserver();
    renderSection();
    expect(screen.queryByTestId('chart')).toBeNull();
    // The table and the CSV are there before the chart is drawn.
    expect(screen.getByRole('button', { name: 'Show table: Check-in rate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV: Check-in rate' })).toBeInTheDocument();
    observer.show();
    expect(screen.getByTestId('chart')).toBeInTheDocument();
  });

  it('draws its chart at once where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderSection();
    expect(screen.getByTestId('chart')).toBeInTheDocument();
  });
});
