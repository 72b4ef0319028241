import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { TDrawnChartProps } from './drawn-chart.tsx';

// The charts' code (@mantine/charts on recharts, with its store and d3 scales: most of the insights'
// JavaScript) is downloaded when the first chart is about to be drawn, not with the screen, so the
// page's title and figures do not wait for it.
const DrawnChart = lazy(() => import('./drawn-chart.tsx'));

// A chart whose code could not be downloaded says so in its place; the section's table and CSV
// still carry the same figures.
class ChartUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Text size="sm" role="status">
        {t`The chart could not be loaded. Show the table for the same figures, or reload the page.`}
      </Text>
    );
  }
}

// A line or bar chart of the insights, drawn once its code has arrived (the room it takes is kept
// meanwhile, so nothing below it moves).
export function Chart(props: TDrawnChartProps & { h: number }) {
  return (
    <ChartUnavailable>
      <Suspense fallback={<div style={{ height: props.h }} />}>
        <DrawnChart {...props} />
      </Suspense>
    </ChartUnavailable>
  );
}
