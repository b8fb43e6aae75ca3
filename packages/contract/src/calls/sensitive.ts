/** Calls of the sensitive-word lists: the platform's (admin 敏感词) and an organisation's own (组织后台 敏感词). See call.ts. */
import { defineCalls, get, post } from '../call.ts';
import {
  moderationConfigSchema, moderationSaveBody,
  sensitiveDeleteBody, sensitiveDeleteResultSchema, sensitiveImportBody, sensitiveImportResultSchema, sensitiveListQuery,
  sensitiveSaveBody, sensitiveWordItemSchema,
} from '../sensitive.ts';
import { emptyQuery, pageOf } from '../uc.ts';

/** /api/ai/admin.Sensitive/* */
export const AdminSensitive = defineCalls('/api/ai/admin.Sensitive', {
  lists: get('敏感词列表', sensitiveListQuery, pageOf(sensitiveWordItemSchema)),
  save: post('添加敏感词', sensitiveSaveBody, sensitiveWordItemSchema),
  import: post('批量导入敏感词（每行一个或以逗号分隔，最多10000个）', sensitiveImportBody, sensitiveImportResultSchema),
  delete: post('删除敏感词', sensitiveDeleteBody, sensitiveDeleteResultSchema),
});

/** /api/ai/group.Sensitive/* — the caller's organisation's own words (org admins); they apply to its conversations only. */
export const GroupSensitive = defineCalls('/api/ai/group.Sensitive', {
  lists: get('本组织敏感词列表', sensitiveListQuery, pageOf(sensitiveWordItemSchema)),
  save: post('添加本组织敏感词', sensitiveSaveBody, sensitiveWordItemSchema),
  import: post('批量导入本组织敏感词', sensitiveImportBody, sensitiveImportResultSchema),
  delete: post('删除本组织敏感词', sensitiveDeleteBody, sensitiveDeleteResultSchema),
});

/** /api/ai/admin.Moderation/* — the optional moderation model (super admin, 管理后台 → 敏感词). */
export const AdminModeration = defineCalls('/api/ai/admin.Moderation', {
  get: get('审核模型设置', emptyQuery, moderationConfigSchema),
  save: post('保存审核模型设置', moderationSaveBody, moderationConfigSchema),
});
