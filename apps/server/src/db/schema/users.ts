import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    openid: text('openid').notNull().unique(),
    mobile: text('mobile'),
    email: text('email'),
    truename: text('truename').notNull().default(''),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isCertificated: boolean('is_certificated').notNull().default(false),
    /** Set when a super admin resets the password: the user must choose a new one at next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    currentGroupId: integer('current_group_id'),
    firstLoginTime: timestamp('first_login_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mobile_key').on(t.mobile).where(sql`${t.mobile} is not null`),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
  ],
);

/** Login sessions: only a hash of the opaque token is stored, so a leaked table grants nothing. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** One-time verification codes (register, reset, change, verify), stored hashed. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verify_codes_target_idx').on(t.target, t.purpose)],
);
