import { AssignmentBoard } from './AssignmentBoard.tsx';

/** The console's mark tab: the assignments of the teacher's classes on this robot. */
export function ConsoleMarkTab({ robotId }: { robotId: number }) {
  return <AssignmentBoard robotId={robotId} />;
}
