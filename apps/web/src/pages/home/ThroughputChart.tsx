import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerCharts, type ComposeOption, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the pieces this chart draws: the chunk stays small, and it is loaded lazily by the home page.
registerCharts([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export interface ThroughputHour {
  hour: number;
  packed: number;
  shipped: number;
}

interface Props {
  hours: ThroughputHour[];
  /** Until which hour of the day (warehouse time) the axis runs: the current one. */
  untilHour: number;
  labels: { packed: string; shipped: string };
}

/** Every hour from the first with work (at the latest 06:00) to `untilHour`, empty hours as zero. */
export function hourAxis(hours: ThroughputHour[], untilHour: number): ThroughputHour[] {
  const first = Math.min(6, ...hours.map((h) => h.hour));
  const last = Math.max(untilHour, ...hours.map((h) => h.hour));
  const byHour = new Map(hours.map((h) => [h.hour, h]));
  return Array.from({ length: last - first + 1 }, (_, i) => byHour.get(first + i) ?? { hour: first + i, packed: 0, shipped: 0 });
}

/**
 * Parcels packed and scanned out per hour of the day (issue 19 item 10): an ECharts bar chart in a
 * small wrapper of our own. It follows its box's width (a phone or a wide screen) and is disposed with
 * the component.
 */
export default function ThroughputChart({ hours, untilHour, labels }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const axis = hourAxis(hours, untilHour);
    const option: Option = {
      animation: false,
      grid: { left: 36, right: 12, top: 36, bottom: 28 },
      legend: { top: 0, data: [labels.packed, labels.shipped] },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: axis.map((h) => `${String(h.hour).padStart(2, '0')}:00`) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: labels.packed, type: 'bar', data: axis.map((h) => h.packed), itemStyle: { color: '#1677ff' } },
        { name: labels.shipped, type: 'bar', data: axis.map((h) => h.shipped), itemStyle: { color: '#52c41a' } },
      ],
    };
    chart.current?.setOption(option, true);
  }, [hours, untilHour, labels.packed, labels.shipped]);

  return <div ref={box} style={{ width: '100%', height: 240 }} data-testid="home-throughput-chart" />;
}
