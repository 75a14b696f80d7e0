/**
 * Every PostgreSQL advisory lock the app takes, in one place so that no two share a key.
 * One-key (bigint) locks: one holder at a time of a whole job.
 */
export const JOB_LOCKS = {
  migrations: 727_001,
  fxRefresh: 727_002,
  accountCreation: 727_003,
  alertDigest: 727_004,
  marketFeeds: 727_005,
  uploadCleanup: 727_006,
} as const

/**
 * Two-key (int, int) locks of one item and grade: (item id, the kind's number for the grade). A space apart
 * from the one-key locks, so no item id can collide with a job's key.
 */
export const ITEM_GRADE_LOCKS = {
  /** Recomputing its prices. */
  prices: { new: 1, used: 2 },
  /** Evaluating its alerts. */
  alerts: { new: 3, used: 4 },
} as const
