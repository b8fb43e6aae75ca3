/** Calls of the platform: app settings, banners, feedback, health (spec §3, §5, §7). See call.ts. */
import { defineCall } from '../call.ts';
import {
  bannerQuery, bannerSchema, checklistSchema, currentBannersSchema, feedbackBody, feedbackRowSchema, feedbackSentSchema, healthSchema,
  saveBannerBody, saveSettingBody, settingQuery, websiteConfigSchema,
} from '../platform.ts';
import { idBody, noData, pageOf, pageQuery } from '../uc.ts';

export const Banner = {
  getCurrentBannerList: defineCall({
    method: 'GET', path: '/api/uc/Banner/getCurrentBannerList', summary: '当前横幅',
    query: bannerQuery, response: currentBannersSchema,
  }),
  lists: defineCall({
    method: 'GET', path: '/api/uc/Banner/lists', summary: '横幅列表（超级管理员）',
    query: pageQuery, response: pageOf(bannerSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/uc/Banner/save', summary: '新建或修改横幅（超级管理员）',
    body: saveBannerBody, response: bannerSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/uc/Banner/delete', summary: '删除横幅（超级管理员）',
    body: idBody, response: noData,
  }),
};

export const Setting = {
  get: defineCall({
    method: 'GET', path: '/api/uc/Setting/get', summary: '读取应用配置（value=website）',
    query: settingQuery, response: websiteConfigSchema,
  }),
  save: defineCall({
    method: 'POST', path: '/api/uc/Setting/save', summary: '保存应用配置（超级管理员）',
    body: saveSettingBody, response: websiteConfigSchema,
  }),
};

export const Tool = {
  sendFeedBack: defineCall({
    method: 'POST', path: '/api/uc/Tool/sendFeedBack', summary: '提交反馈',
    body: feedbackBody, response: feedbackSentSchema,
  }),
  feedbackLists: defineCall({
    method: 'GET', path: '/api/uc/Tool/feedbackLists', summary: '反馈列表（管理员）',
    query: pageQuery, response: pageOf(feedbackRowSchema),
  }),
};

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
    response: noData,
  }),
};
