/** Calls of the platform: app settings, banners, feedback, health (spec §3, §5, §7). See call.ts. */
import { defineCall, defineCalls, get, post } from '../call.ts';
import {
  bannerQuery, bannerSchema, checklistSchema, currentBannersSchema, feedbackBody, feedbackRowSchema, feedbackSentSchema, healthSchema,
  saveBannerBody, saveSettingBody, settingQuery, websiteConfigSchema,
} from '../platform.ts';
import { idBody, noBody, noData, pageOf, pageQuery } from '../uc.ts';

export const Banner = defineCalls('/api/uc/Banner', {
  getCurrentBannerList: get('当前横幅', bannerQuery, currentBannersSchema),
  lists: get('横幅列表（超级管理员）', pageQuery, pageOf(bannerSchema)),
  save: post('新建或修改横幅（超级管理员）', saveBannerBody, bannerSchema),
  delete: post('删除横幅（超级管理员）', idBody, noData),
});

export const Setting = defineCalls('/api/uc/Setting', {
  get: get('读取应用配置（value=website）', settingQuery, websiteConfigSchema),
  save: post('保存应用配置（超级管理员）', saveSettingBody, websiteConfigSchema),
});

export const Tool = defineCalls('/api/uc/Tool', {
  sendFeedBack: post('提交反馈', feedbackBody, feedbackSentSchema),
  feedbackLists: get('反馈列表（管理员）', pageQuery, pageOf(feedbackRowSchema)),
});

export const Health = {
  check: defineCall({
    method: 'GET', path: '/api/health', summary: '健康检查',
    response: healthSchema,
  }),
};

/** The admin's first-start checklist (super admin or organisation admin). */
export const Onboarding = {
  checklist: defineCall({
    method: 'GET', path: '/api/uc/Onboarding/checklist', summary: '管理员的上手清单',
    response: checklistSchema,
  }),
  dismiss: defineCall({
    method: 'POST', path: '/api/uc/Onboarding/dismiss', summary: '关闭上手清单',
    body: noBody, response: noData,
  }),
};
