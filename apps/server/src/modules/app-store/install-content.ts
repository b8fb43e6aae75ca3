import { APP_MSG, type AppKind } from '@xueban/contract/app-store';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { listRobots } from '../robots/robots.service.ts';
import { boundContentIds } from '../robot-contents/robot-contents.service.ts';
import { installBundle } from '../copies/copies.service.ts';
import { installSolution, solutionList } from '../resources/solutions.service.ts';
import type { StoreAppRow } from './app-store.repo.ts';

/**
 * What an app packages and what installing it copies, through the copy engine (modules/copies):
 * a robot app is the robot with the knowledge bases and intent libraries bound to it; a solution
 * app is the solution's bundle (resources' installSolution). The copies belong to the installing
 * organisation.
 */

const PAGE = 100;

/** The solutions of the caller's organisation, page by page (solutions answers only its own organisation's). */
async function* mySolutions(deps: Deps, me: AuthContext) {
  for (let page = 1; ; page++) {
    const res = await solutionList(deps.db, me, { page, limit: PAGE });
    yield* res.data;
    if (page * PAGE >= res.total) return;
  }
}

/** The caller may package a robot they edit, or a solution of their organisation (404 for anyone else's). */
export async function packagedSource(deps: Deps, me: AuthContext, kind: AppKind, id: number) {
  if (kind === 'robot') {
    const { view } = await loadManaged(deps.db, me, id, LEVELS.edit);
    return { robotId: view.robot.id, solutionId: null };
  }
  for await (const s of mySolutions(deps, me)) if (s.id === id) return { robotId: null, solutionId: s.id };
  throw notFound(APP_MSG.solutionUnavailable);
}

export async function sourceOptions(deps: Deps, me: AuthContext) {
  const mine = await listRobots(deps, me, { fetch_type: 'my', isolate: 1, role: 'creator', page: 1, limit: PAGE });
  const solutions = await solutionList(deps.db, me, { page: 1, limit: PAGE });
  return {
    robots: mine.data.map((r) => ({ id: r.id, name: r.name, avatar: r.avatar })),
    solutions: solutions.data.map((s) => ({ id: s.id, name: s.name })),
  };
}

/** Copies the app's content into the installing organisation; answers the robots it copied. */
export async function installContent(deps: Deps, app: StoreAppRow, to: { groupId: number; uid: number }): Promise<number[]> {
  if (app.kind === 'robot' && app.robotId) {
    const [knowledgeBases, intentLibraries] = await Promise.all([
      boundContentIds(deps.db, app.robotId, 'repository'), boundContentIds(deps.db, app.robotId, 'intent'),
    ]);
    const copies = await installBundle(deps, { sourceGroupId: app.groupId, robots: [app.robotId], knowledgeBases, intentLibraries }, to);
    return copies.robots.map((p) => p.copy);
  }
  if (app.kind === 'solution' && app.solutionId) {
    const record = await installSolution(deps, app.solutionId, to);
    // A failed install keeps the parts copied so far (the copy engine's rule) and says why.
    if (record.status !== 'done') throw conflict(record.error || APP_MSG.installFailed);
    return record.result?.robots.map((p) => p.copy) ?? [];
  }
  throw notFound(APP_MSG.notFound);
}
