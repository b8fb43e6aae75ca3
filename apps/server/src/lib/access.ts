import type { Role } from '@xueban/contract/roles';

/**
 * Who may call a route. Every route declares one; the access test suite enumerates the
 * route table and proves each declaration (no login → 401-class, low role → 403).
 * 'optional' resolves the caller when a token is sent but lets anonymous callers through.
 * `denied` is the message of the 403 when the caller holds none of the roles (default 无访问权限).
 */
export type Access = 'public' | 'optional' | 'user' | { roles: readonly Role[]; denied?: string };

/** Names a field that carries another tenant's id, so tests can prove it answers 404. */
export interface TenantProbe {
  resource: string;
  field: string;
  in: 'body' | 'query';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    tenant?: TenantProbe;
    /** Why the route takes an id field yet needs no tenant probe (e.g. it only reads the caller's own rows). */
    tenantExempt?: string;
  }
}
