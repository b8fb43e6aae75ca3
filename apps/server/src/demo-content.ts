import { IS_PUBLIC } from '@xueban/contract/robots';
import { Role } from '@xueban/contract/roles';
import type { Db } from './db/client.ts';
import type { AuthContext } from './lib/auth.ts';
import { saveRobot, updateSetting } from './modules/robots/robots.service.ts';
import { listIndustries, listScenes } from './modules/robots/catalogue.ts';
import { saveKnowledgeBase } from './modules/knowledge/knowledge.service.ts';
import { addReadyQaDocument } from './modules/knowledge/documents.service.ts';
import { saveCategory, saveContent, saveIntent } from './modules/intents/intents.service.ts';
import { bindContents } from './modules/robot-contents/robot-contents.service.ts';
import { demoContent, rememberDemoContent, type DemoContent } from './modules/onboarding/onboarding.service.ts';

/**
 * The first start's demo content (docs/decisions.md "Demo content on first start"): a robot of
 * the demo organisation, open to all its members, bound to a small knowledge base that is
 * searchable at once and to an intent category with recommend content, so a new learner's
 * first screen is a conversation that works without any model. Each module writes its own
 * tables through its service; this file only composes them, as the organisation's admin.
 */

/** Where a bundled file of the web app is served (apps/web/public). */
export const DEMO_AVATAR = '/demo/robot-avatar.svg';
export const DEMO_ROBOT_NAME = '学伴小助手';
export const DEMO_DOCUMENT_NAME = '学伴 AI 入门指南';
export const DEMO_QUESTIONS = ['学伴 AI 能做什么？', '怎样创建自己的机器人？', '知识库有什么用？'] as const;

const PROLOGUE = '你好，我是学伴小助手！我可以介绍学伴 AI 怎么用：和机器人对话、创建自己的机器人、用知识库让它回答得更准。试试下面的问题吧。';

const GUIDE: { question: string; answer: string }[] = [
  {
    question: '学伴 AI 能做什么？',
    answer: '学伴 AI 是面向学校的 AI 机器人对话与教学平台。学生可以和机器人对话学习、提问答疑；教师和创作者可以用知识库和意图搭建自己的机器人，发布到本校或机器人广场，再用团队管理班级。',
  },
  {
    question: '怎样创建自己的机器人？',
    answer: '进入创作中心（/creator），点击新建机器人，填写名称、简介和开场白；在资源库页签绑定知识库和意图库，然后在发布页签把它设为本组织可见或提交到机器人广场。',
  },
  {
    question: '知识库有什么用？',
    answer: '知识库收集学校自己的资料：上传 PDF、Word、Excel、网页或问答对，训练后会被切分成片段。机器人回答时先从绑定的知识库里检索相关片段，并在回答下方标出引用的来源文档，答案更准确、可以核对。',
  },
  {
    question: '没有配置 AI 模型也能对话吗？',
    answer: '可以。没有配置模型时，内置引擎会直接从机器人绑定的知识库和它自己的介绍里找到最相关的内容作答，并注明来源。管理员在管理后台的 AI 模型页面接入模型后，回答会由模型生成。',
  },
  {
    question: '怎样邀请同学和老师加入？',
    answer: '组织管理员可以在组织设置里生成邀请链接，发给同学和老师；他们打开链接并登录后就会加入本组织。新注册的用户会先加入示例学校。',
  },
];

const INTENT_HELP = {
  name: '使用帮助',
  keywords: ['怎么用', '使用帮助', '新手'],
  info: '第一次使用学伴 AI 时的入门指引',
  recommend: '第一次来？可以先和学伴小助手聊聊，再去机器人广场看看其他老师发布的机器人。',
};

/**
 * Creates the demo content once: only when it was never created (so a restart adds nothing, and
 * an admin who deleted the demo robot does not get it back).
 */
export type { DemoContent };

export async function seedDemoContent(db: Db, admin: { userId: number; groupId: number }): Promise<DemoContent | null> {
  if (await demoContent(db)) return null;
  const me: AuthContext = {
    userId: admin.userId, groupId: admin.groupId, sessionId: 0, via: 'header', isSuperAdmin: true,
    roles: [Role.ORG_ADMIN, Role.TEACHER, Role.CREATOR, Role.SUPER_ADMIN],
  };
  return db.transaction(async (tx) => {
    const [scene] = await listScenes(tx);
    const general = (await listIndustries(tx)).find((i) => i.name === '通用');
    const robot = await saveRobot({ db: tx }, me, {
      name: DEMO_ROBOT_NAME, scene_id: scene!.id, avatar: DEMO_AVATAR,
      info: '带你认识学伴 AI：对话、创建机器人、知识库和邀请同学。',
      msg: PROLOGUE,
      ...(general ? { industry_ids: [general.id] } : {}),
      extra: { introduce: '回答学伴 AI 的使用问题，答案来自知识库《学伴 AI 入门指南》。' },
      config: { onboarding_info: { prologue: PROLOGUE, suggested_questions: [...DEMO_QUESTIONS], suggested_questions_show_mode: 0 } },
    });
    // Visible to every member of the organisation, so /home opens it for each new learner.
    await updateSetting({ db: tx }, me, robot.id, { is_public: IS_PUBLIC.ORG });

    const kb = await saveKnowledgeBase(tx, me, { name: '学伴 AI 入门', info: '示例知识库：学伴 AI 的基本用法' });
    await addReadyQaDocument(tx, me, kb.id, DEMO_DOCUMENT_NAME, GUIDE);

    const category = await saveCategory(tx, me, { name: '入门引导', info: '示例意图库' });
    const intent = await saveIntent(tx, me, {
      category_id: category.id, name: INTENT_HELP.name, keywords: INTENT_HELP.keywords, info: INTENT_HELP.info, sort: 0,
    });
    await saveContent(tx, me, { intent_id: intent.id, sort: 0, content_type: 'text', content: { content: INTENT_HELP.recommend } });

    await bindContents(tx, me, robot.id, 'repository', [kb.id]);
    await bindContents(tx, me, robot.id, 'intent', [category.id]);
    const ids: DemoContent = { groupId: admin.groupId, robotId: robot.id, kbId: kb.id, categoryId: category.id, intentId: intent.id };
    // Kept so a restart seeds nothing and the checklist tells the demo robot from the school's own.
    await rememberDemoContent(tx, ids);
    return ids;
  });
}
