import { LRUCache } from 'lru-cache'
import type { SessionRow } from '../modules/auth/sessions.repo.ts'

/**
 * The channel on which the database says that sessions changed (migration 0033): the payload is the id of the
 * user whose sessions or account changed, or '' for every session.
 */
export const SESSIONS_CHANNEL = 'sessions_changed'

/**
 * How long a looked-up session is kept at most. Only a notification lost with its connection could leave a
 * kept session wrong (and a listener that reconnects forgets them all); this bounds what that leaves.
 */
const KEEP_MS = 60_000
const DAY_MS = 24 * 60 * 60 * 1000

interface Kept {
  row: SessionRow
  userId: string
  /** When the session ends, whichever end comes first: its sliding `expire`, or `absoluteDays` after it began. */
  endsAt: number
}

/**
 * The sessions this instance looked up lately, each with its user (ADR 034). Every signed-in request asks for
 * its session; asking PostgreSQL for it was about a fifth of what a 1,000-entry collection's read cost. What a
 * kept session holds changes only with a row of `sessions`, `users` or `beta_access`, and the database announces
 * each such change on SESSIONS_CHANNEL when it commits, to every instance: each forgets what it is told of. The
 * one rule, for changes made through this instance and any other alike: nothing kept is answered before
 * everything announced until then has been heard (`caughtUp`).
 */
export class SessionCache {
  private readonly kept = new LRUCache<string, Kept>({
    max: 50_000,
    ttl: KEEP_MS,
    dispose: (value, sid) => this.unindex(value.userId, sid),
  })
  private readonly sidsOfUser = new Map<string, Set<string>>()
  /**
   * Counts what was forgotten: a session read from the database before a change was announced, and answered
   * after, is not kept.
   */
  private generation = 0

  constructor(
    private readonly absoluteDays: number,
    /** Resolves once every change announced before the call has been heard (`Listen.caughtUp`). */
    private readonly caughtUp: () => Promise<void> = async () => {},
  ) {}

  /**
   * The live sessions of `sids`: kept ones once this instance has heard of every change committed before the
   * call (a write answered by another instance a moment ago included), the others read and kept.
   */
  async find(
    sids: readonly string[],
    read: (sids: string[]) => Promise<Map<string, SessionRow>>,
  ): Promise<Map<string, SessionRow>> {
    const unique = [...new Set(sids)]
    // Where what was announced cannot be known to have arrived, nothing kept is trusted.
    const heard =
      unique.some((sid) => this.kept.has(sid)) &&
      (await this.caughtUp().then(
        () => true,
        () => false,
      ))
    const found = new Map<string, SessionRow>()
    const missing: string[] = []
    for (const sid of unique) {
      const kept = heard ? this.get(sid) : undefined
      if (kept) found.set(sid, kept)
      else missing.push(sid)
    }
    if (missing.length === 0) return found
    const readStartedAt = this.generation
    for (const [sid, row] of await read(missing)) {
      found.set(sid, row)
      this.keep(sid, row, readStartedAt)
    }
    return found
  }

  /** The kept session, unless it has ended since it was read. */
  private get(sid: string): SessionRow | undefined {
    const kept = this.kept.get(sid)
    if (!kept) return undefined
    if (kept.endsAt <= Date.now()) {
      this.kept.delete(sid)
      return undefined
    }
    return kept.row
  }

  /** Keeps a session read from the database, unless something was forgotten since its read started. */
  private keep(sid: string, row: SessionRow, readStartedAt: number): void {
    if (readStartedAt !== this.generation) return
    const userId = row.user.id
    const endsAt = Math.min(Date.parse(row.expire), Date.parse(row.createdAt) + this.absoluteDays * DAY_MS)
    this.kept.set(sid, { row, userId, endsAt })
    const sids = this.sidsOfUser.get(userId) ?? new Set()
    this.sidsOfUser.set(userId, sids.add(sid))
  }

  /** Forgets one user's sessions, or with '' every session. */
  forget(userId: string): void {
    this.generation++
    if (userId === '') {
      this.kept.clear()
      return
    }
    for (const sid of [...(this.sidsOfUser.get(userId) ?? [])]) this.kept.delete(sid)
  }

  private unindex(userId: string, sid: string) {
    const sids = this.sidsOfUser.get(userId)
    sids?.delete(sid)
    if (sids?.size === 0) this.sidsOfUser.delete(userId)
  }
}
