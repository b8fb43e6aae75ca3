/**
 * Suggested questions shown in an empty chat (the chat's own and robot-join's preview): the first
 * 3, or all with show mode 1 (spec §2).
 */
export function shownQuestions(questions: readonly string[], showMode: number, limit = 3): string[] {
  return showMode === 1 ? [...questions] : questions.slice(0, limit);
}
