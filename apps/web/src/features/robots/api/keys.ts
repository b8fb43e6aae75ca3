/** The Robot of spec §3 as the server answers it (fields this feature reads). */
export interface Robot {
  id: number;
  name: string;
  info: string;
  avatar: string;
  scene_id: number;
  industry_ids: number[];
  is_show: boolean | number;
  online_status: boolean | number;
  is_close: boolean | number;
  is_template: boolean;
  is_public: number;
  role: string;
  view_num: number;
  copy_num: number;
  robot_member_count: number;
  user: { uid: number; avatar: string; truename: string };
  extra: { cover_url: string; introduce: string; use_type: number[] };
  config: { onboarding_info: { prologue: string; suggested_questions: string[]; suggested_questions_show_mode: 0 | 1 } };
}

export interface Review { id: number; target: 'square' | 'template'; status: number; reason: string; create_time: number }

export interface RobotDesign extends Robot {
  manage_role: string;
  public_review?: Record<'square' | 'template', Review | null>;
}

export interface Named { id: number; name: string }

/** Every robot query key starts with this, so a save refreshes them all. */
export const robotKey = ['ai', 'robot'] as const;
