/** A chart's day as people read it, e.g. '3 Mar 2026' (days are UTC dates, 'YYYY-MM-DD'). */
export function defaultChartDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
