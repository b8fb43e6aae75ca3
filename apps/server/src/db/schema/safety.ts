import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chatRecords, chatSessions } from './chat.ts';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * A safety alert (issue 28): one hit of the sensitive-word matcher (or the moderation model) in a
 * student's question or in a model's answer. Owned by the safety module; chat records hits through
 * its service. A refused question is not stored as an exchange, so record_id is then null and the
 * question itself is kept in `excerpt`.
 */
export const safetyAlerts = pgTable(
  'safety_alerts',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    recordId: integer('record_id').references(() => chatRecords.id, { onDelete: 'set null' }),
    studentId: integer('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The student's class on the robot when it happened (null: not in a class). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** question | answer */
    source: text('source').notNull(),
    /** The listed word (or the moderation model's category name). */
    word: text('word').notNull(),
    /** The text as written, disguise and all. */
    matched: text('matched').notNull(),
    /** The question, or the answer up to the hit, around the match (capped). */
    excerpt: text('excerpt').notNull().default(''),
    category: text('category').notNull(),
    severity: text('severity').notNull(),
    /** list (the matcher) | model (the moderation model) */
    origin: text('origin').notNull().default('list'),
    /** open | handled */
    status: text('status').notNull().default('open'),
    note: text('note').notNull().default(''),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('safety_alerts_group_idx').on(t.groupId, t.status, t.id),
    index('safety_alerts_team_idx').on(t.teamId),
    check('safety_alerts_source_check', sql`${t.source} in ('question', 'answer')`),
    check('safety_alerts_status_check', sql`${t.status} in ('open', 'handled')`),
  ],
);

/** Organisation admins who asked to be told of high-severity alerts in their organisation. */
export const safetyOptIns = pgTable(
  'safety_alert_optins',
  {
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);
