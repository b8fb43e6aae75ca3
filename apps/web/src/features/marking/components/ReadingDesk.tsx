import { AssignmentBoard } from './AssignmentBoard.tsx';

/** /teacherCenter/reading: the teacher's assignments across every class they lead, and their review. */
export function ReadingDesk(_props: object) {
  return <AssignmentBoard />;
}
