import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { industries, scenes } from '../../db/schema/robots.ts';

/** Industries (template library tabs, square filters) and scenes seeded on every boot; existing names are kept. */
export const SEED_INDUSTRIES = ['通用', '语文', '数学', '英语', '科学', '编程', '心理健康', '校园服务'] as const;
export const SEED_SCENES = [
  { name: '通用助手', info: '回答各类问题的通用助手' },
  { name: '学科辅导', info: '按学科答疑解惑、讲解知识点' },
  { name: '作业批阅', info: '批改作业并给出讲评' },
  { name: '校园服务', info: '校园事务咨询与办事指引' },
] as const;

/** Idempotent: a name that exists is left as an administrator may have edited it. */
export async function seedCatalogue(db: Db) {
  await db.insert(industries).values(SEED_INDUSTRIES.map((name, i) => ({ name, sort: i }))).onConflictDoNothing();
  await db.insert(scenes).values(SEED_SCENES.map((s, i) => ({ ...s, sort: i }))).onConflictDoNothing();
}

export function listIndustries(db: Db) {
  return db.select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.sort), asc(industries.id));
}

export function listScenes(db: Db) {
  return db.select({ id: scenes.id, name: scenes.name, info: scenes.info }).from(scenes).orderBy(asc(scenes.sort), asc(scenes.id));
}
