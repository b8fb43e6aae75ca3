/** Calls of the sensitive-word list (admin 敏感词). See call.ts. */
import { defineCall } from '../call.ts';
import {
  sensitiveDeleteBody, sensitiveDeleteResultSchema, sensitiveImportBody, sensitiveImportResultSchema, sensitiveListQuery,
  sensitiveSaveBody, sensitiveWordItemSchema,
} from '../sensitive.ts';
import { pageOf } from '../uc.ts';

/** /api/ai/admin.Sensitive/* */
export const AdminSensitive = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.Sensitive/lists', summary: '敏感词列表',
    query: sensitiveListQuery, response: pageOf(sensitiveWordItemSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/admin.Sensitive/save', summary: '添加敏感词',
    body: sensitiveSaveBody, response: sensitiveWordItemSchema,
  }),
  import: defineCall({
    method: 'POST', path: '/api/ai/admin.Sensitive/import', summary: '批量导入敏感词（每行一个或以逗号分隔，最多10000个）',
    body: sensitiveImportBody, response: sensitiveImportResultSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/admin.Sensitive/delete', summary: '删除敏感词',
    body: sensitiveDeleteBody, response: sensitiveDeleteResultSchema,
  }),
};
