import '@mantine/charts/styles.css';
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';

export type TDrawnChartProps = ({ kind: 'line' } & LineChartProps) | ({ kind: 'bar' } & BarChartProps);

// The insights' charts (@mantine/charts, docs/conventions.md#charts). Its own chunk, loaded by
// chart.tsx.
export default function DrawnChart({ kind, ...props }: TDrawnChartProps) {
  return kind === 'line' ? <LineChart {...(props as LineChartProps)} /> : <BarChart {...(props as BarChartProps)} />;
}
