import type { ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';

// Colours from the app palette (index.css); recharts needs literal values, not utility classes.
const ACCENT = '#5cc8ff';
const WARM = '#ffb454';
const LINE = '#243040';
const SUBTLE = '#8893a3';
const SURFACE = '#161c26';

export type Datum = { label: string; value: number };

const axis = { stroke: SUBTLE, fontSize: 11, tickLine: false, axisLine: { stroke: LINE } } as const;
const tooltip = {
  contentStyle: { background: SURFACE, border: `1px solid ${LINE}`, borderRadius: 8, color: '#e6eaf0' },
  cursor: { fill: 'rgba(92, 200, 255, 0.08)' },
} as const;

/**
 * A chart with its title, a one-line summary as its accessible name, and the same figures as a table for screen
 * readers (the SVG itself is hidden from them). States: loading, error, empty.
 */
export function ChartCard({
  title,
  summary,
  data,
  query,
  empty = 'No data yet',
  unit,
  children,
  testId,
}: {
  title: string;
  summary: string;
  data: Datum[] | undefined;
  /** The query the figures come from: its loading and error stand in for the chart. */
  query: { isLoading: boolean; error: Error | null };
  empty?: string;
  unit: string;
  children: (data: Datum[]) => ReactNode;
  testId?: string;
}) {
  const id = `chart-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="p-5" data-testid={testId}>
      <h3 id={id} className="text-sm font-semibold text-subtle">
        {title}
      </h3>
      <QueryState
        query={{ ...query, data: data ?? [] }}
        loading={`Loading ${title.toLowerCase()}...`}
        errorLead="Error loading statistics: "
        className="mt-3"
      >
        {(figures) =>
          !figures.some((d) => d.value > 0) ? (
            <p className="mt-3 text-sm text-muted">{empty}</p>
          ) : (
            <figure className="mt-3" aria-labelledby={id}>
              <div role="img" aria-label={`${title}: ${summary}`} className="h-56 w-full">
                <ResponsiveContainer width="100%" height="100%">
                  {children(figures)}
                </ResponsiveContainer>
              </div>
              {/* The table is for screen readers; wrapped, because a table ignores sr-only's 1 px width and widens the page. */}
              <div className="sr-only">
                <table>
                  <caption>{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Label</th>
                      <th scope="col">{unit}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.map((d) => (
                      <tr key={d.label}>
                        <th scope="row">{d.label}</th>
                        <td>{d.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </figure>
          )
        }
      </QueryState>
    </Card>
  );
}

/** Vertical bars; labels thin out on narrow screens (`minTickGap`) instead of overlapping. */
export function Columns({ data, color = ACCENT }: { data: Datum[]; color?: 'accent' | 'warm' | string }) {
  const fill = color === 'warm' ? WARM : color === 'accent' ? ACCENT : color;
  return (
    <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }} aria-hidden="true">
      <CartesianGrid stroke={LINE} vertical={false} />
      <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={10} />
      <YAxis allowDecimals={false} {...axis} width={48} />
      <Tooltip {...tooltip} />
      <Bar dataKey="value" name="Count" fill={fill} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
    </BarChart>
  );
}

export function Trend({ data }: { data: Datum[] }) {
  return (
    <AreaChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }} aria-hidden="true">
      <defs>
        <linearGradient id="trend-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={ACCENT} stopOpacity={0.45} />
          <stop offset="100%" stopColor={ACCENT} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <CartesianGrid stroke={LINE} vertical={false} />
      <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={24} />
      <YAxis allowDecimals={false} {...axis} width={48} />
      <Tooltip {...tooltip} />
      <Area
        type="monotone"
        dataKey="value"
        name="Count"
        stroke={ACCENT}
        fill="url(#trend-fill)"
        strokeWidth={2}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

/** Horizontal bars for ranked names (top places). */
export function Ranking({ data }: { data: Datum[] }) {
  return (
    <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 0 }} aria-hidden="true">
      <CartesianGrid stroke={LINE} horizontal={false} />
      <XAxis type="number" allowDecimals={false} domain={[0, 'dataMax']} {...axis} />
      <YAxis
        type="category"
        dataKey="label"
        {...axis}
        width={130}
        tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)}
      />
      <Tooltip {...tooltip} />
      <Bar
        dataKey="value"
        name="Analyses"
        fill={WARM}
        radius={[0, 4, 4, 0]}
        maxBarSize={28}
        isAnimationActive={false}
      />
    </BarChart>
  );
}

/** "2026-11-23" → "Nov 23" (the day is a calendar day already in the user's zone; format it as UTC). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const total = (data: Datum[] | undefined) => (data ?? []).reduce((s, d) => s + d.value, 0);
export function busiest(data: Datum[] | undefined): string {
  const top = [...(data ?? [])].sort((a, b) => b.value - a.value)[0];
  return top && top.value > 0 ? `most at ${top.label} (${top.value})` : 'none yet';
}
