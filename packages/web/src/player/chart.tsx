// A player's rating over their rated games in one speed: a small line chart drawn as SVG (no chart
// library), one step a game, with the rating scale on the left and the first and last game's days
// below. For screen readers it is one image whose name says what the line shows.
import type { JSX } from 'preact';

export interface ChartPoint {
  rating: number;
  at: number;
}

const W = 320;
const H = 150;
const LEFT = 38;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 24;

/** The rating scale: whole fifties around the ratings, at least 100 points high. */
export function scale(ratings: readonly number[]): { lo: number; hi: number; ticks: number[] } {
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  let lo = Math.floor((min - 10) / 50) * 50;
  let hi = Math.ceil((max + 10) / 50) * 50;
  if (hi - lo < 100) {
    const mid = Math.round((lo + hi) / 100) * 50;
    lo = mid - 50;
    hi = mid + 50;
  }
  const step = Math.max(50, Math.ceil((hi - lo) / 3 / 50) * 50);
  const ticks: number[] = [];
  for (let v = lo; v <= hi; v += step) ticks.push(v);
  return { lo, hi, ticks };
}

export function RatingChart(props: {
  points: readonly ChartPoint[];
  label: string;
  day: (ms: number) => string;
  id: string;
}): JSX.Element | null {
  const { points, label, day, id } = props;
  if (points.length === 0) return null;
  const { lo, hi, ticks } = scale(points.map((p) => p.rating));
  const innerW = W - LEFT - RIGHT;
  const innerH = H - TOP - BOTTOM;
  const n = points.length;
  const x = (i: number) => LEFT + (n === 1 ? innerW / 2 : (i * innerW) / (n - 1));
  const y = (r: number) => TOP + innerH - ((r - lo) / (hi - lo)) * innerH;
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(p.rating).toFixed(1)}`)
    .join('');
  const area = `${line}L${x(n - 1).toFixed(1)} ${TOP + innerH}L${x(0).toFixed(1)} ${TOP + innerH}Z`;
  const last = points[n - 1];
  return (
    <svg
      class="rating-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title`}
      data-testid="rating-chart"
      data-points={n}
    >
      <title id={`${id}-title`}>{label}</title>
      <g class="grid" aria-hidden="true">
        {ticks.map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} />
            <text x={LEFT - 6} y={y(v) + 4} text-anchor="end">
              {v}
            </text>
          </g>
        ))}
        <text x={LEFT} y={H - 6} text-anchor="start">
          {day(points[0].at)}
        </text>
        {n > 1 ? (
          <text x={W - RIGHT} y={H - 6} text-anchor="end">
            {day(last.at)}
          </text>
        ) : null}
      </g>
      <path class="area" d={area} aria-hidden="true" />
      <path class="line" d={line} aria-hidden="true" />
      {n <= 40
        ? points.map((p, i) => (
            <circle key={i} class="pt" cx={x(i)} cy={y(p.rating)} r={2.5} aria-hidden="true" />
          ))
        : null}
      <circle class="pt last" cx={x(n - 1)} cy={y(last.rating)} r={4.5} aria-hidden="true" />
    </svg>
  );
}
