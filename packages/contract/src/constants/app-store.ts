/**
 * Plain values of the app store and the revenue centre (issue 20), without zod, for the web's pages
 * (app-store.ts re-exports them for the server).
 */

/** A catalogue app's review status, as robot releases are reviewed: 0 draft, 2 pending, 3 approved, -2 rejected. */
export const APP_STATUS = { REJECTED: -2, DRAFT: 0, PENDING: 2, APPROVED: 3 } as const;
export type AppStatus = (typeof APP_STATUS)[keyof typeof APP_STATUS];
export const APP_STATUS_LABEL: Record<number, string> = { [-2]: '未通过', 0: '草稿', 2: '待审核', 3: '已上架' };

export const APP_KINDS = ['robot', 'solution'] as const;
export type AppKind = (typeof APP_KINDS)[number];
export const APP_KIND_LABEL: Record<AppKind, string> = { robot: '机器人', solution: '解决方案' };

export const APP_MSG = {
  notFound: '应用不存在',
  notApproved: '应用未上架，不能安装',
  alreadyInstalled: '本组织已安装该应用',
  notEditable: '审核中的应用不能修改，请先撤回',
  notSubmittable: '只有草稿或未通过的应用可以提交审核',
  hasInstalls: '应用已有组织安装，不能删除，可以下架',
  sourceRequired: '请选择要打包的机器人或解决方案',
  solutionUnavailable: '解决方案不存在',
  installFailed: '安装未完成，请稍后重试',
  settleNotice: '结算由平台运营人员线下完成',
} as const;

/** A price in fen as the interface shows it: 免费 or ¥12.50/席位/月. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
export const priceLabel = (fen: number) => (fen === 0 ? '免费' : `¥${yuan(fen)}/席位/月`);
