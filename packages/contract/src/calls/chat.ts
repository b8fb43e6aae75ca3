/** Calls of the chat: sessions (ChatCategory), history, records, the stream, model info (spec §7 "Chat"). See call.ts. */
import { z } from 'zod';
import { defineCall, defineCalls, get, post } from '../call.ts';
import { chatModelInfoSchema } from '../ai-models.ts';
import {
  chatLogSchema, chatStreamBody, cleanChatBody, clearSessionsResultSchema, collectBody, collectResultSchema, historyQuery,
  managedRecordItemSchema, modelInfoQuery, recordItemSchema, recordListQuery, recordQuery, recordRobotSchema, sessionClearBody,
  sessionDeleteBody, sessionItemSchema, sessionListQuery, sessionSaveBody, stopChatBody,
} from '../chat.ts';
import { emptyQuery, noData, pageOf } from '../uc.ts';

export const ChatCategory = defineCalls('/api/ai/ChatCategory', {
  lists: get('会话列表（15 条一页，最近活跃在前）', sessionListQuery, pageOf(sessionItemSchema)),
  save: post('新建会话（默认 新建会话）或重命名', sessionSaveBody, sessionItemSchema),
  delete: post('删除会话', sessionDeleteBody, noData),
  clear: post('清空与某机器人的全部会话', sessionClearBody, clearSessionsResultSchema),
});

/** /api/ai/chat_records/* (the spec's lower-case controller, beside ChatRecords). */
export const ChatRecordsLower = defineCalls('/api/ai/chat_records', {
  chatLog: get('会话历史（第 1 页为最新，页内按时间先后）', historyQuery, chatLogSchema),
});

export const ChatRecords = defineCalls('/api/ai/ChatRecords', {
  detail: get('对话记录详情（recommend_content、activity_content 为 JSON 字符串）', recordQuery, recordItemSchema),
  collect: post('收藏 / 取消收藏对话记录', collectBody, collectResultSchema),
  lists: get('对话管理列表', recordListQuery, pageOf(managedRecordItemSchema)),
  robots: get('对话管理可筛选的机器人', emptyQuery, z.array(recordRobotSchema)),
  export: defineCall({
    method: 'GET', path: '/api/ai/ChatRecords/export', summary: '导出对话记录（xlsx）',
    query: recordListQuery.omit({ page: true, limit: true, offset: true }),
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    response: z.string().meta({ description: '对话记录的 xlsx 文件（最新在前，最多 RECORD_EXPORT_MAX 行），作为附件下载' }),
  }),
});

/** /api/ai/chat/* (lower case, beside Chat/modelInfo). */
export const ChatLower = defineCalls('/api/ai/chat', {
  stream: defineCall({
    method: 'POST', path: '/api/ai/chat/stream', summary: '流式对话（server-sent events）',
    body: chatStreamBody, produces: 'text/event-stream',
    response: z.string().meta({
      description: 'server-sent events: reasoning, chat, finish, msg, heartbeat, remove_msg, correlation_questions, records, close, error; each data line is JSON (ChatEventData)',
    }),
  }),
  cleanChat: post('清空对话', cleanChatBody, noData),
  stop: post('停止回答（由持有该回答的节点中止上游调用）', stopChatBody, noData),
});

export const Chat = defineCalls('/api/ai/Chat', {
  modelInfo: get('对话模型信息', modelInfoQuery, chatModelInfoSchema),
});
