import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ReleaseTarget } from '@xueban/contract/robots';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** Industries (robot square and template tabs) and scenes (what a robot is for): platform-wide, seeded at boot. */
export const industries = pgTable('industries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

export const scenes = pgTable('scenes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  info: text('info').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export interface RobotExtra { cover_url: string; introduce: string; use_type: number[] }
export interface OnboardingInfo { prologue: string; suggested_questions: string[]; suggested_questions_show_mode: 0 | 1 }
export interface RobotConfig { onboarding_info: OnboardingInfo }

export const DEFAULT_EXTRA: RobotExtra = { cover_url: '', introduce: '', use_type: [1] };
export const DEFAULT_CONFIG: RobotConfig = {
  onboarding_info: { prologue: '', suggested_questions: [], suggested_questions_show_mode: 0 },
};

/**
 * A robot belongs to one organisation (group_id). Deleting it deletes its members, teams,
 * releases and usage rows (spec §8: 删除机器人后，将清空该机器人的所有对话数据).
 */
export const robots = pgTable(
  'robots',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    info: text('info').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    msg: text('msg').notNull().default(''),
    industryIds: integer('industry_ids').array().notNull().default(sql`'{}'::integer[]`),
    sceneId: integer('scene_id').notNull().references(() => scenes.id),
    /** 0 created blank, 1 copied from a template or the square, 2 a teacher's settled copy. */
    source: smallint('source').notNull().default(0),
    sourceRobotId: integer('source_robot_id').references((): AnyPgColumn => robots.id, { onDelete: 'set null' }),
    /** Public short code used in links. */
    code: text('code').notNull().unique(),
    /** false: disabled (该机器人已停用). */
    isShow: boolean('is_show').notNull().default(true),
    /** false: taken offline (该机器人已下架). */
    onlineStatus: boolean('online_status').notNull().default(true),
    /** true: closed for chat (机器人已关闭). */
    isClose: boolean('is_close').notNull().default(false),
    /** In the platform-wide template library (after an approved release). */
    isTemplate: boolean('is_template').notNull().default(false),
    /** 0 private; 1 in the robot square for every organisation (after review); 2 public within the organisation. */
    isPublic: smallint('is_public').notNull().default(0),
    /** An official robot: provided by the platform (super admin), in the square for every organisation without review. */
    isOfficial: boolean('is_official').notNull().default(false),
    copyNum: integer('copy_num').notNull().default(0),
    viewNum: integer('view_num').notNull().default(0),
    extra: jsonb('extra').$type<RobotExtra>().notNull().default(DEFAULT_EXTRA),
    config: jsonb('config').$type<RobotConfig>().notNull().default(DEFAULT_CONFIG),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('robots_group_idx').on(t.groupId),
    index('robots_square_idx').on(t.isPublic, t.isTemplate),
    check('robots_is_public_check', sql`${t.isPublic} in (0, 1, 2)`),
  ],
);
export type RobotRow = typeof robots.$inferSelect;

/**
 * A user's one role on a robot: user (student), teacher; creator and cooperator manage it.
 * The primary key makes racing joins of one user produce one row.
 */
export const robotMembers = pgTable(
  'robot_members',
  {
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.userId] }),
    index('robot_members_user_idx').on(t.userId),
    check('robot_members_role_check', sql`${t.role} in ('creator', 'cooperator', 'teacher', 'user')`),
  ],
);

/** Recently used robots per user, listed within the organisation the user was in when using it. */
export const robotUsed = pgTable(
  'robot_used',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    isTalk: boolean('is_talk').notNull().default(false),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.robotId] }), index('robot_used_recent_idx').on(t.userId, t.groupId, t.usedAt)],
);

/** Release requests to the robot square or the template library: 2 pending, 3 approved, -2 rejected. */
export const robotReleases = pgTable(
  'robot_releases',
  {
    id: serial('id').primaryKey(),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    /** 'square' or 'template'. */
    target: text('target').$type<ReleaseTarget>().notNull(),
    status: smallint('status').notNull().default(2),
    /** The reviewer's reason (required when rejecting). */
    reason: text('reason').notNull().default(''),
    applicantId: integer('applicant_id').notNull().references(() => users.id),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('robot_releases_status_idx').on(t.status, t.id),
    /** At most one pending request per robot and target, also under concurrency. */
    uniqueIndex('robot_releases_one_pending').on(t.robotId, t.target).where(sql`${t.status} = 2`),
    check('robot_releases_target_check', sql`${t.target} in ('square', 'template')`),
    check('robot_releases_status_check', sql`${t.status} in (-2, 2, 3)`),
  ],
);
