import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back offices' audit trail (issue 18): one row per change made in the admin area or an
 * organisation's area. Owned by the audit module; other modules write through its service.
 * Append-only for the application: a trigger (migration 0009) refuses UPDATE and DELETE, and the
 * columns carry no foreign keys so a deleted user or organisation leaves its history intact.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    /** The organisation the change belongs to (null: platform-wide, e.g. basic settings). */
    groupId: integer('group_id'),
    actorId: integer('actor_id').notNull(),
    /** The actor's name at the time, so the list reads well after the user is gone. */
    actorName: text('actor_name').notNull().default(''),
    /** admin | group: which back office the change was made in. */
    area: text('area').notNull(),
    /** A dotted verb, e.g. group.update, member.role, robot.delete. */
    action: text('action').notNull(),
    /** What was changed: kind and id (e.g. group 12, user 40). */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull().default(''),
    /** A short human label of the target (the organisation's or robot's name). */
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_group_idx').on(t.groupId, t.id),
    index('audit_logs_actor_idx').on(t.actorId),
  ],
);
