import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

/**
 * The app centre of an organisation (issue 18): the apps it has installed and how many seats
 * each has. Owned by the group-apps module; the app store (issue 20) adds the catalogue these
 * rows will point at. open_count counts opens once apps can be opened (issue 20).
 */
export const appInstallations = pgTable(
  'app_installations',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    intro: text('intro').notNull().default(''),
    seats: integer('seats').notNull(),
    openCount: integer('open_count').notNull().default(0),
    installedBy: integer('installed_by').references(() => users.id, { onDelete: 'set null' }),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_installations_group_idx').on(t.groupId)],
);

/** Which members hold a seat of an installed app. */
export const appSeats = pgTable(
  'app_seats',
  {
    installationId: integer('installation_id').notNull().references(() => appInstallations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.installationId, t.userId] })],
);
