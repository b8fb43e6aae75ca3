import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';

/**
 * Single sign-on of an organisation through its OpenID Connect provider (issue 18), set by the
 * super admin. The client secret is sealed with APP_SECRET like the model providers' keys.
 * Owned by the sso module.
 */
export const ssoConfigs = pgTable('sso_configs', {
  groupId: integer('group_id').primaryKey().references(() => groups.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEnc: text('client_secret_enc').notNull().default(''),
  /** The ID-token / userinfo claim that names the account (email, phone_number or sub). */
  accountClaim: text('account_claim').notNull().default('email'),
  /** The role a first-time account gets in the organisation. */
  defaultRole: text('default_role').notNull().default('ROLE_STUDENT'),
  /** Origins a login may return to besides this site. */
  redirectOrigins: text('redirect_origins').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A login in flight: the state sent to the provider, its PKCE verifier and nonce; used once. */
export const ssoLogins = pgTable('sso_logins', {
  state: text('state').primaryKey(),
  groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  /** Our /oauth address the provider returns to, as sent in the authorisation request. */
  callbackUrl: text('callback_url').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull().default(''),
  expireTime: bigint('expire_time', { mode: 'number' }).notNull(),
});
