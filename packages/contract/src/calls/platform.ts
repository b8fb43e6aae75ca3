/** Calls of the platform: banners (spec §3, §7). See call.ts. */
import { defineCall } from '../call.ts';
import { bannerQuery, bannerSchema, currentBannersSchema, saveBannerBody } from '../platform.ts';
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
