import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { identityId, ownerId, timestampDefaultNow } from './columns.ts'

/**
 * An import of a file into the catalogue, a collection or a wanted list (DESIGN §7). A large file runs as a
 * job in the instance that received it (the file waits in its IMPORT_DIR); the row holds the progress the
 * screen shows and, when done, what happened. Small commits are recorded too, so each has its report.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownerId(),
    status: text({ enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    mode: text({ enum: ['preview', 'commit'] }).notNull(),
    target: text({ enum: ['catalogue', 'collection', 'wanted'] }).notNull(),
    /** The format detected from the header row or root element, e.g. 'brickeconomy-collection'. */
    format: text(),
    fileName: text(),
    fileSize: bigint({ mode: 'number' }).notNull().default(0),
    /** Where the file waits while the job runs (removed when it ends); null once gone. */
    filePath: text(),
    /** The choices the import runs with: currency, date order, resolutions, replace, default condition. */
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    bytesDone: bigint({ mode: 'number' }).notNull().default(0),
    rowsDone: integer().notNull().default(0),
    /** The preview's or the commit's answer, once done. */
    result: jsonb().$type<Record<string, unknown>>(),
    /** Why a failed job failed, in words a person can act on. */
    error: text(),
    createdAt: timestampDefaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestampDefaultNow(),
  },
  (table) => [
    index('import_jobs_user_idx').on(table.userId, table.createdAt),
    index('import_jobs_status_idx').on(table.status),
  ],
)

/** Each row of an import that was not imported cleanly, and why: the downloadable report. */
export const importIssues = pgTable(
  'import_issues',
  {
    id: identityId(),
    importId: uuid()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The line of the file (the header is line 1), or the item's position in an XML or JSON file. */
    line: integer().notNull(),
    /** The item number as the file wrote it. */
    number: text(),
    status: text({ enum: ['unknown', 'ambiguous', 'rejected', 'skipped'] }).notNull(),
    message: text().notNull(),
    /** For an ambiguous number: the items it could be. */
    candidates: jsonb().$type<Array<Record<string, unknown>>>(),
  },
  (table) => [index('import_issues_import_line_idx').on(table.importId, table.line)],
)
