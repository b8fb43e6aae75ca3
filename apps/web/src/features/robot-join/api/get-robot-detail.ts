import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The robot as the about page sees it (spec §3 Robot). role '' means not joined. */
export interface RobotDetail {
  id: number;
  name: string;
  info: string;
  avatar: string;
  msg: string;
  is_show: boolean | number;
  online_status: boolean | number;
  is_close: boolean | number;
  is_template: boolean | number;
  role: string;
  team_id: number;
  copy_num: number;
  view_num: number;
  robot_member_count: number;
  user: { uid: number; avatar: string; truename: string };
  extra: { cover_url: string; introduce: string; use_type: number[] };
  config: { onboarding_info: { prologue: string; suggested_questions: string[]; suggested_questions_show_mode: number } };
  team?: { id: number; title: string; team_category_id: number } | null;
}

export const robotDetailKey = (id: number) => ['ai', 'Robot', 'detail', id] as const;

/** GET /api/ai/Robot/detail — counts one view (inc_view) and says whether and how the caller joined. */
export const getRobotDetail = (id: number, signal?: AbortSignal) =>
  api.get<RobotDetail>('/api/ai/Robot/detail', { id, with_check_used: 1, with_user_team: 1, inc_view: 1 }, { signal });

export const robotDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: robotDetailKey(id), queryFn: ({ signal }) => getRobotDetail(id, signal), retry: false, staleTime: Infinity });
