import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { storeApps } from './app-store.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';

/**
 * The app centre of an organisation (issue 18): the apps it has installed and how many seats
 * each has. Owned by the group-apps module; the app store (issue 20) adds the catalogue these
 * rows point at (store_app_id, null for an app registered by hand). open_count counts opens.
 * An installation from the store remembers the robots its install copied (robot_ids: usage is
 * their chat records) and is closed (uninstalled_at) rather than deleted, so statements of past
 * months stay.
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
    storeAppId: integer('store_app_id').references(() => storeApps.id, { onDelete: 'set null' }),
    robotIds: integer('robot_ids').array().notNull().default([]),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
  },
  (t) => [index('app_installations_group_idx').on(t.groupId), index('app_installations_store_app_idx').on(t.storeAppId)],
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
