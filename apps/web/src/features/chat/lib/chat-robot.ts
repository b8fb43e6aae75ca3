/** What the chat panel needs of a robot; the about page's detail and the used-robot list both fit. */
export interface ChatRobot {
  id: number;
  name: string;
  avatar: string;
  msg?: string;
  is_close: boolean | number;
  config: { onboarding_info: { prologue: string; suggested_questions: string[]; suggested_questions_show_mode: number } };
}
