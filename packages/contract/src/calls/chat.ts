/** Calls of the chat: sessions (ChatCategory), history, records, the stream, model info (spec §7 "Chat"). See call.ts. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { chatModelInfoSchema } from '../ai-models.ts';
import {
  chatLogSchema, chatStreamBody, cleanChatBody, clearSessionsResultSchema, collectBody, collectResultSchema, historyQuery,
  managedRecordItemSchema, modelInfoQuery, recordItemSchema, recordListQuery, recordQuery, recordRobotSchema, sessionClearBody,
  sessionDeleteBody, sessionItemSchema, sessionListQuery, sessionSaveBody,
} from '../chat.ts';
import { noData, pageOf } from '../uc.ts';

export const ChatCategory = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/ChatCategory/lists', summary: '会话列表（15 条一页，最近活跃在前）',
    query: sessionListQuery, response: pageOf(sessionItemSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/ChatCategory/save', summary: '新建会话（默认 新建会话）或重命名',
    body: sessionSaveBody, response: sessionItemSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/ChatCategory/delete', summary: '删除会话',
    body: sessionDeleteBody, response: noData,
  }),
  clear: defineCall({
    method: 'POST', path: '/api/ai/ChatCategory/clear', summary: '清空与某机器人的全部会话',
    body: sessionClearBody, response: clearSessionsResultSchema,
  }),
};

/** /api/ai/chat_records/* (the spec's lower-case controller, beside ChatRecords). */
export const ChatRecordsLower = {
  chatLog: defineCall({
    method: 'GET', path: '/api/ai/chat_records/chatLog', summary: '会话历史（第 1 页为最新，页内按时间先后）',
    query: historyQuery, response: chatLogSchema,
  }),
};

export const ChatRecords = {
  detail: defineCall({
    method: 'GET', path: '/api/ai/ChatRecords/detail', summary: '对话记录详情（recommend_content、activity_content 为 JSON 字符串）',
    query: recordQuery, response: recordItemSchema,
  }),
  collect: defineCall({
    method: 'POST', path: '/api/ai/ChatRecords/collect', summary: '收藏 / 取消收藏对话记录',
    body: collectBody, response: collectResultSchema,
  }),
  lists: defineCall({
    method: 'GET', path: '/api/ai/ChatRecords/lists', summary: '对话管理列表',
    query: recordListQuery, response: pageOf(managedRecordItemSchema),
  }),
  robots: defineCall({
    method: 'GET', path: '/api/ai/ChatRecords/robots', summary: '对话管理可筛选的机器人',
    query: z.object({}), response: z.array(recordRobotSchema),
  }),
  export: defineCall({
    method: 'GET', path: '/api/ai/ChatRecords/export', summary: '导出对话记录（xlsx）',
    query: recordListQuery.omit({ page: true, limit: true, offset: true }),
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    response: z.string().meta({ description: '对话记录的 xlsx 文件（最新在前，最多 RECORD_EXPORT_MAX 行），作为附件下载' }),
  }),
};

/** /api/ai/chat/* (lower case, beside Chat/modelInfo). */
export const ChatLower = {
  stream: defineCall({
    method: 'POST', path: '/api/ai/chat/stream', summary: '流式对话（server-sent events）',
    body: chatStreamBody, produces: 'text/event-stream',
    response: z.string().meta({
      description: 'server-sent events: reasoning, chat, finish, msg, heartbeat, remove_msg, correlation_questions, records, close, error; each data line is JSON (ChatEventData)',
    }),
  }),
  cleanChat: defineCall({
    method: 'POST', path: '/api/ai/chat/cleanChat', summary: '清空对话',
    body: cleanChatBody, response: noData,
  }),
};

export const Chat = {
  modelInfo: defineCall({
    method: 'GET', path: '/api/ai/Chat/modelInfo', summary: '对话模型信息',
    query: modelInfoQuery, response: chatModelInfoSchema,
  }),
};
