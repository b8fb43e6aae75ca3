/** Calls of the app store and the revenue centre (issue 20). See call.ts. */
import { z } from 'zod';
import { defineCall, defineCalls, get, post } from '../call.ts';
import {
  appListingSchema, appReviewBody, appReviewQuery, appSourcesSchema, createAppBody, devAppDetailSchema, devAppListQuery,
  installStoreAppBody, revenueQuery, revenueSchema, storeAppSchema, storeListQuery, updateAppBody,
} from '../app-store.ts';
import { appInstallationSchema } from '../org.ts';
import { emptyQuery, idBody, noData, pageOf } from '../uc.ts';

/** /api/ai/DeveloperApp/*: a developer's apps (开发者中心) and their revenue (收益中心). */
export const DeveloperApp = defineCalls('/api/ai/DeveloperApp', {
  lists: get('我的应用', devAppListQuery, pageOf(appListingSchema)),
  detail: get('应用详情与安装、席位、使用统计', idBody, devAppDetailSchema),
  sources: get('可打包为应用的机器人和解决方案', emptyQuery, appSourcesSchema),
  create: post('新建应用（草稿）', createAppBody, appListingSchema),
  update: post('修改应用信息', updateAppBody, appListingSchema),
  submit: post('提交上架审核', idBody, appListingSchema),
  withdraw: post('撤回审核或下架', idBody, appListingSchema),
  delete: post('删除应用（没有组织安装过时）', idBody, noData),
  revenue: get('收益中心：每个应用每月的安装、席位、问答和金额', revenueQuery, revenueSchema),
  revenueExport: defineCall({
    method: 'GET', path: '/api/ai/DeveloperApp/revenueExport', summary: '导出收益明细（xlsx）',
    query: revenueQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    response: z.string().meta({ description: '每个应用每月一行：应用、月份、价格、安装数、新安装、计费席位、活跃席位、问答数、金额（元）' }),
  }),
});

/** /api/ai/admin.app/*: review of apps for the store (super admin). */
export const AdminApp = defineCalls('/api/ai/admin.app', {
  auditLists: get('应用上架审核列表（超级管理员）', appReviewQuery, pageOf(appListingSchema)),
  audit: post('审核应用上架（超级管理员）', appReviewBody, noData),
});

/** /api/uc/AppStore/*: the store every organisation's admin browses and installs from. */
export const AppStore = defineCalls('/api/uc/AppStore', {
  lists: get('应用商店：已上架的应用', storeListQuery, pageOf(storeAppSchema)),
  detail: get('应用商店：应用详情', idBody, storeAppSchema),
  install: post('从应用商店安装到本组织（复制机器人或解决方案）', installStoreAppBody, appInstallationSchema),
});
