import { exactTime, relativeTime } from '#web/lib/format.ts'

/** A past time as '3 days ago' (the exact time when it cannot say), the exact time on hover. */
export function TimeAgo({ iso, now = Date.now() }: { iso: string; now?: number }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso, now) ?? exactTime(iso)}
    </time>
  )
}
