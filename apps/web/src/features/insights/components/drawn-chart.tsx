import '@mantine/charts/styles.css';
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';
import { useDirection } from '@mantine/core';

export type TDrawnChartProps = ({ kind: 'line' } & LineChartProps) | ({ kind: 'bar' } & BarChartProps);

type TAxes = Pick<LineChartProps, 'xAxisProps' | 'yAxisProps' | 'referenceLines'>;

// A reference line's label, placed by the side it names, goes to the other side when mirrored.
const OTHER_SIDE: Record<string, string> = {
  left: 'right',
  right: 'left',
  insideLeft: 'insideRight',
  insideRight: 'insideLeft',
  insideTopLeft: 'insideTopRight',
  insideTopRight: 'insideTopLeft',
  insideBottomLeft: 'insideBottomRight',
  insideBottomRight: 'insideBottomLeft',
};

// In a right-to-left locale a chart mirrors as the page does (docs/decisions/021): time runs from
// right to left, as in the habit history's calendar, and the value axis stands on the right. The
// chart itself stays a left-to-right box (Mantine's charts set dir="ltr"), so recharts places its
// labels where it computed them and numbers read as numbers; only the axes are turned around.
function mirrored({ xAxisProps, yAxisProps, referenceLines }: TAxes): TAxes {
  return {
    xAxisProps: { reversed: true, ...xAxisProps },
    yAxisProps: {
      orientation: 'right',
      tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' },
      ...yAxisProps,
    },
    referenceLines: referenceLines?.map((line) => ({
      ...line,
      labelPosition: (typeof line.labelPosition === 'string' && OTHER_SIDE[line.labelPosition]) || line.labelPosition,
    })) as TAxes['referenceLines'],
  };
}

// The insights' charts (@mantine/charts, docs/conventions.md#charts). Its own chunk, loaded by
// chart.tsx.
export default function DrawnChart({ kind, ...props }: TDrawnChartProps) {
  const { dir } = useDirection();
  const axes = dir === 'rtl' ? mirrored(props as TAxes) : {};
  return kind === 'line' ? (
    <LineChart {...(props as LineChartProps)} {...axes} />
  ) : (
    <BarChart {...(props as BarChartProps)} {...(axes as Pick<BarChartProps, keyof TAxes>)} />
  );
}
