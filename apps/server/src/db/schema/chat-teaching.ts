import type { TutoringMode } from '@xueban/contract/constants/teaching-console';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatRecords } from './chat.ts';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/**
 * A teacher's correction of a robot answer one of their students received (RecordsHasCorrect/save).
 * One per record (a second save replaces it). The question is copied so later questions to the
 * robot can be matched against corrected ones without reading every record.
 */
export const chatCorrections = pgTable(
  'chat_corrections',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => chatRecords.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_corrections_record_key').on(t.recordId),
    index('chat_corrections_robot_idx').on(t.robotId, t.groupId),
  ],
);


/**
 * A teacher's own instructions and tutoring mode on a robot: added to the prompt for the students
 * of the classes that teacher leads on it, and for no one else.
 */
export const teacherRobotSettings = pgTable(
  'teacher_robot_settings',
  {
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    instructions: text('instructions').notNull().default(''),
    tutoringMode: text('tutoring_mode').$type<TutoringMode>().notNull().default('direct'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.teacherId] }),
    check('teacher_robot_settings_mode_check', sql`${t.tutoringMode} in ('direct', 'guide', 'cite')`),
  ],
);
