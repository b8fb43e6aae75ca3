import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/** A teacher's team on a robot. team_category_id 1 is a virtual group (虚拟组), otherwise a team (团队). */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    /** The robot's organisation, copied here so tenant scoping needs no join. */
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Invite code: 10 random characters + a 6-character HMAC checksum, so a mistyped code fails before any lookup. */
    code: text('code').notNull().unique(),
    teamSize: integer('team_size').notNull().default(200),
    teamCategoryId: smallint('team_category_id').notNull().default(0),
    /** The teacher who created the team (the inviter); not counted in team_size. */
    ownerId: integer('owner_id').notNull().references(() => users.id),
    /** When the invite code stops working (链接不存在或已失效); null = never. */
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /** Questions a student of this class may ask the robot per day (China time); null = no limit. */
    dailyQuota: integer('daily_quota'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teams_robot_title_key').on(t.robotId, t.title),
    index('teams_owner_idx').on(t.ownerId),
    check('teams_team_size_check', sql`${t.teamSize} > 0`),
    check('teams_daily_quota_check', sql`${t.dailyQuota} > 0`),
  ],
);

/** One team per user per robot: the key makes a second team on the same robot impossible. */
export const teamMembers = pgTable(
  'team_members',
  {
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    /** 'teacher' (helps lead the team) or 'student'. */
    role: text('role').notNull().default('student'),
    /** This student's own daily question quota, over the class's; null = the class's. */
    dailyQuota: integer('daily_quota'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.userId] }),
    index('team_members_team_idx').on(t.teamId),
    check('team_members_role_check', sql`${t.role} in ('teacher', 'student')`),
    check('team_members_daily_quota_check', sql`${t.dailyQuota} > 0`),
  ],
);

/**
 * A class's news (动态): what happened that its students should see — a course plan published,
 * a lesson unlocked, an assignment set, a mark released, an answer corrected. Any teaching module
 * posts here through teams' record service; students read their own class's feed.
 */
export const teamNews = pgTable(
  'team_news',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    /** plan_published, node_unlocked, assignment_set, mark_released, answer_corrected, notice… */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** Where the news leads in the web app: a route name and its params, or null. */
    link: jsonb('link').$type<{ name: string; params?: Record<string, string | number>; query?: Record<string, string | number> } | null>(),
    /** Only this student sees it (a released mark); null = the whole class. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_news_team_idx').on(t.teamId, t.id)],
);

/**
 * How many questions a class's student asked a robot on one day (China time): counted when the
 * chat admits a question, so the daily quota is checked and taken in one statement.
 */
export const teamQuestionDays = pgTable(
  'team_question_days',
  {
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' in China time. */
    day: text('day').notNull(),
    asked: integer('asked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.userId, t.day] })],
);
