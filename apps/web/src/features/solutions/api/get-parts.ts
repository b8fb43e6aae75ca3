import { useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { IntentCategory } from '@xueban/contract/calls/intents';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { solutionKeys } from './keys.ts';

/** What a solution may hold: my robots, and the organisation's knowledge bases, intent libraries and my course plans (first 100 each). */
export async function getParts(signal?: AbortSignal) {
  const [robots, knowledge, intents, courses] = await Promise.all([
    call(Robot.lists, { fetch_type: 'my', role: 'creator', page: 1, limit: 100 }, { signal }),
    call(Knowledge.lists, { page: 1, limit: 100 }, { signal }),
    call(IntentCategory.lists, { page: 1, limit: 100 }, { signal }),
    call(CoursePlan.lists, { page: 1, limit: 100 }, { signal }),
  ]);
  return {
    robots: robots.data.map((r) => ({ value: r.id, label: r.name })),
    knowledge: knowledge.data.map((k) => ({ value: k.id, label: k.name })),
    intents: intents.data.map((i) => ({ value: i.id, label: i.name })),
    courses: courses.data.map((c) => ({ value: c.id, label: c.title })),
  };
}

export const useParts = (enabled: boolean) => useQuery({ queryKey: solutionKeys.parts, queryFn: ({ signal }) => getParts(signal), enabled });
