import { toSeconds } from '../../lib/time.ts';
import type { StoreAppView } from './app-store.repo.ts';

/** A catalogue app as every screen shows it (appListingSchema). */
export const toListing = (v: StoreAppView) => ({
  id: v.app.id,
  kind: v.app.kind,
  robot_id: v.app.robotId,
  solution_id: v.app.solutionId,
  source_name: v.robotName ?? '',
  name: v.app.name,
  icon: v.app.icon,
  intro: v.app.intro,
  description: v.app.description,
  screenshots: v.app.screenshots,
  price_fen: v.app.priceFen,
  status: v.app.status,
  reject_reason: v.app.rejectReason,
  developer: v.developer ?? '',
  group_name: v.groupName ?? '',
  create_time: toSeconds(v.app.createdAt),
  submit_time: toSeconds(v.app.submittedAt),
  review_time: toSeconds(v.app.reviewedAt),
});

/** 元 as typed → fen as stored. */
export const toFen = (yuan: number) => Math.round(yuan * 100);
