/** Calls of a robot's API keys, embed keys and share links (issue 25). See call.ts. The /v1 endpoints they open are not calls: docs/decisions.md "Robots as services". */
import { defineCalls, get, post } from '../call.ts';
import { apiKeyCreateBody, apiKeyCreatedSchema, apiKeyItemSchema, apiKeyListQuery, apiKeyRevokeBody, apiUsageSchema } from '../robot-api.ts';
import { z } from 'zod';

/** /api/ai/RobotApiKey/* — the robot's creator (and the organisation's admins). */
export const RobotApiKey = defineCalls('/api/ai/RobotApiKey', {
  lists: get('机器人的 API 密钥、嵌入密钥和分享链接', apiKeyListQuery, z.array(apiKeyItemSchema)),
  create: post('创建 API 密钥、嵌入密钥或分享链接（密钥只显示这一次）', apiKeyCreateBody, apiKeyCreatedSchema),
  revoke: post('吊销密钥', apiKeyRevokeBody, apiKeyItemSchema),
  usage: get('机器人的 API 调用量（按天、按密钥）', apiKeyListQuery, apiUsageSchema),
});
