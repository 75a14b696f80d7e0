import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { items } from './catalogue.ts'
import { identityId, ownerId, timestampDefaultNow } from './columns.ts'
import { users } from './users.ts'

/**
 * A photo someone uploaded (DESIGN §6): its display size and thumbnail, stored under random names. An upload
 * no post uses is removed after a day; it outlives its uploader's account until then, so the files go too.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Where the display size (≤ 1600 px) is served, e.g. /objects/3f…9a.webp: a post's imageUrl. */
    imagePath: text().notNull().unique(),
    /** Where the thumbnail (≤ 400 px) is served. */
    thumbnailPath: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestampDefaultNow(),
  },
  (table) => [index('uploads_created_idx').on(table.createdAt)],
)

export const posts = pgTable(
  'posts',
  {
    id: identityId(),
    userId: ownerId(),
    caption: text().notNull(),
    imageUrl: text().notNull(),
    /** The upload behind imageUrl; it stays while the post does. */
    uploadId: uuid().references(() => uploads.id, { onDelete: 'restrict' }),
    thumbnailUrl: text(),
    itemId: integer().references(() => items.id, { onDelete: 'set null' }),
    likesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    /** Hidden by a moderator: seen by its author alone until restored. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
    /**
     * The post as the feed writes it, with its item and author, up to what depends on the reader (an unclosed
     * object): written by the database whenever what it shows is (migration 0037, ADR 041), so that a page of
     * twenty posts splices them instead of looking each one's item and author up and writing every value out.
     */
    pageJson: text().notNull(),
  },
  (table) => [
    // The feed pages newest first by id (the primary key's index); an item's photos; a user's hourly count.
    index('posts_item_idx').on(table.itemId, table.id),
    index('posts_user_created_idx').on(table.userId, table.createdAt),
    index('posts_upload_idx').on(table.uploadId),
  ],
)

export const postLikes = pgTable(
  'post_likes',
  {
    id: identityId(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    createdAt: timestampDefaultNow(),
  },
  (table) => [uniqueIndex('post_likes_post_user_key').on(table.postId, table.userId)],
)

export const postComments = pgTable(
  'post_comments',
  {
    id: identityId(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    content: text().notNull(),
    createdAt: timestampDefaultNow(),
  },
  (table) => [
    index('post_comments_post_idx').on(table.postId, table.createdAt),
    index('post_comments_user_created_idx').on(table.userId, table.createdAt),
  ],
)

export const moderationFlags = pgTable(
  'moderation_flags',
  {
    id: identityId(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    code: text().notNull(),
    status: text({ enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    notes: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
  },
  (table) => [
    index('moderation_flags_entity_idx').on(table.entityType, table.entityId),
    // One report of a post per member: reporting again changes nothing.
    uniqueIndex('moderation_flags_one_report_per_member_key')
      .on(table.entityType, table.entityId, table.createdBy)
      .where(sql`code = 'reported'`),
  ],
)

export const achievements = pgTable('achievements', {
  id: identityId(),
  name: text().notNull().unique(),
  description: text().notNull(),
  category: text().notNull(),
  badgeIcon: text(),
  badgeColor: text(),
  criteria: jsonb().notNull(),
  tier: text().notNull().default('bronze'),
  points: integer().notNull().default(10),
  isActive: boolean().notNull().default(true),
})

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: identityId(),
    userId: ownerId(),
    achievementId: integer()
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    unlockedAt: timestampDefaultNow(),
    progress: integer().notNull().default(0),
  },
  (table) => [uniqueIndex('user_achievements_user_achievement_key').on(table.userId, table.achievementId)],
)

export const challenges = pgTable('challenges', {
  id: identityId(),
  name: text().notNull(),
  description: text().notNull(),
  type: text().notNull(),
  startDate: date().notNull(),
  endDate: date().notNull(),
  goal: jsonb().notNull(),
  rewardPoints: integer().notNull().default(50),
  rewardBadge: text(),
  isActive: boolean().notNull().default(true),
})

export const userChallenges = pgTable(
  'user_challenges',
  {
    id: identityId(),
    userId: ownerId(),
    challengeId: integer()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    progress: integer().notNull().default(0),
    goal: integer().notNull(),
    completed: boolean().notNull().default(false),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('user_challenges_user_challenge_key').on(table.userId, table.challengeId)],
)
