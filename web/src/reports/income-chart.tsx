import 'uplot/dist/uPlot.min.css'
import { useEffect, useRef } from 'preact/hooks'
import uPlot from 'uplot'

export interface ChartSeries {
  label: string
  /** Decimal strings, one a month. */
  values: string[]
  stroke: string
  dash?: number[]
}

const chartHeight = 260

/**
 * Income, expenses and net income month by month. Amounts become numbers here for drawing only:
 * nothing is added up from them, and the table beside the chart shows the exact figures.
 */
export function IncomeChart(props: { months: string[]; series: ChartSeries[]; description: string }) {
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const xs = props.months.map((_, index) => index)
    const data: uPlot.AlignedData = [xs, ...props.series.map((series) => series.values.map(Number))]
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: chartHeight,
        series: [
          {},
          ...props.series.map((series) => ({
            label: series.label,
            stroke: series.stroke,
            width: 2,
            ...(series.dash ? { dash: series.dash } : {}),
            points: { show: true, size: 6 },
            value: (_plot: uPlot, value: number | null) => (value === null ? '' : value.toFixed(2)),
          })),
        ],
        axes: [
          {
            splits: () => xs,
            values: (_plot, splits) => splits.map((index) => props.months[index] ?? ''),
          },
          { size: 70 },
        ],
        scales: { x: { time: false, range: [-0.5, Math.max(xs.length - 0.5, 0.5)] } },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      element,
    )
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 280), height: chartHeight }),
    )
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [props.months, props.series])
  return (
    <figure class="report-chart">
      <div ref={frame} role="img" aria-label={props.description} />
      <figcaption class="muted">{props.description} The table below gives the exact figures.</figcaption>
    </figure>
  )
}
