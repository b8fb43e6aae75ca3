import { bigint, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Organisations ("groups"). A sub-group points at its parent through pid. */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  pid: integer('pid').references((): AnyPgColumn => groups.id),
  /** 1 trial; above 1 paid (expired once vip_end_time passes). */
  vipLevel: smallint('vip_level').notNull().default(1),
  vipEndTime: timestamp('vip_end_time', { withTimezone: true }),
  /** 1 active, 0 disabled by a super admin. */
  status: smallint('status').notNull().default(1),
  ownerId: integer('owner_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // Every page load counts the organisations its user created (getUserInfo's create limit).
  index('groups_owner_idx').on(t.ownerId),
]);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default([]),
    ignoreVipUpgrade: boolean('ignore_vip_upgrade').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/** Organisation invite links: the code and its expire_time (unix seconds) must both match. */
export const groupInvites = pgTable('group_invites', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  expireTime: bigint('expire_time', { mode: 'number' }).notNull(),
  role: text('role').notNull().default('ROLE_STUDENT'),
  inviterId: integer('inviter_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Applications to become a creator/developer in an organisation: 2 pending, 3 approved, -2 rejected. */
export const developerApplies = pgTable(
  'developer_applies',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(2),
    reason: text('reason').notNull().default(''),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('developer_applies_group_idx').on(t.groupId, t.status)],
);
