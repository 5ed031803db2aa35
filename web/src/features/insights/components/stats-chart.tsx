import { useEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** A CSS colour. */
  stroke: string;
  values: number[];
}

export interface StatsChartProps {
  /** The buckets' first days (YYYY-MM-DD, UTC): the x axis. */
  days: string[];
  series: ChartSeries[];
  /** How a value reads on the y axis ('$1,234' or '12'). */
  formatValue?: (value: number) => string;
}

const HEIGHT = 220;

/** uPlot draws on a canvas: not in jsdom (no `matchMedia`), nor during SSR. The table says it all then. */
const canDraw = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  typeof ResizeObserver === 'function';

/**
 * A line chart of the series over the buckets, as wide as its container (it follows its width, so a
 * phone never scrolls sideways). uPlot is loaded with the chart, in the admin area's chunk. The canvas
 * is hidden from assistive technology: the figure's caption and its table carry the same numbers.
 */
export function StatsChart({ days, series, formatValue = String }: StatsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [drawable] = useState(canDraw);

  useEffect(() => {
    const element = box.current;
    if (!drawable || !element) return;
    let cancelled = false;
    let dispose = () => {};
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const plot = new UPlot(
        {
          width: element.clientWidth || 300,
          height: HEIGHT,
          // The buckets are UTC days: label them so, wherever the admin is.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { x: { time: true } },
          legend: { live: false },
          cursor: { drag: { x: false, y: false } },
          series: [
            {},
            ...series.map(({ label, stroke }) => ({
              label,
              stroke,
              width: 2,
              points: { show: days.length <= 40 },
              value: (_: unknown, value: number | null) =>
                value === null ? '' : formatValue(value),
            })),
          ],
          axes: [{}, { values: (_, ticks) => ticks.map(formatValue), size: 64 }],
        },
        [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((s) => s.values)],
        element,
      );
      const resize = new ResizeObserver(() => {
        if (element.clientWidth > 0) plot.setSize({ width: element.clientWidth, height: HEIGHT });
      });
      resize.observe(element);
      dispose = () => {
        resize.disconnect();
        plot.destroy();
      };
    });
    return () => {
      cancelled = true;
      dispose();
    };
  }, [drawable, days, series, formatValue]);

  return drawable ? <div ref={box} className="stats-chart__canvas" aria-hidden="true" /> : null;
}
