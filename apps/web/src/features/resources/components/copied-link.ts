import type { CopyResult } from '@xueban/contract/resources';
import { pathTo } from '../../../app/paths.ts';

/** Where a copy lives in my workspace: the robot's design page, the base's content, the course editor, the intent library. */
export function copiedLink(c: CopyResult): string {
  switch (c.kind) {
    case 'robot': return pathTo('robot-manage-design', { robotId: c.id });
    case 'knowledge': return pathTo('repository-content', { id: c.id });
    case 'course': return pathTo('project-detail', {}, { plan_id: c.id, redirect_uri: pathTo('creator', { tab: 'project' }) });
    case 'intent': return pathTo('creator', { tab: 'resIntent' });
  }
}
