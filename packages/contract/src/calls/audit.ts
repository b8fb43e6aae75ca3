/** Calls of the audit trail (issue 18). See call.ts. */
import { defineCalls, get } from '../call.ts';
import { auditListQuery, auditRowSchema } from '../org.ts';
import { pageOf } from '../uc.ts';

/**
 * /api/uc/Audit/*: the back offices' change log. The caller's scope decides the rows: a super
 * admin sees every change; an organisation admin only their organisation's.
 */
export const Audit = defineCalls('/api/uc/Audit', {
  lists: get('操作日志（组织管理员：仅本组织）', auditListQuery, pageOf(auditRowSchema)),
});
