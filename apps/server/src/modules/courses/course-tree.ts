import type { CourseNode, CoursePlan, CourseTreeNode } from '@xueban/contract/courses';
import { toSeconds } from '../../lib/time.ts';
import type { NodeRow, PlanRow } from './courses.repo.ts';

/** The nodes in display order: each parent before its children, siblings by sort (a depth-first walk). */
export function inTreeOrder<T extends { id: number; pid: number; sort: number }>(nodes: T[]): T[] {
  const byParent = new Map<number, T[]>();
  for (const n of nodes) byParent.set(n.pid, [...(byParent.get(n.pid) ?? []), n]);
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const out: T[] = [];
  const walk = (pid: number) => {
    for (const n of byParent.get(pid) ?? []) {
      out.push(n);
      walk(n.id);
    }
  };
  walk(0);
  return out;
}

/** A node and everything under it. */
export function subtreeIds(nodes: { id: number; pid: number }[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const n of nodes) if (n.pid === ids[i]) ids.push(n.id);
  return ids;
}

/** A node's ancestors, nearest first (unlocking a lesson opens its chapter too). */
export function ancestorIds(nodes: { id: number; pid: number }[], id: number): number[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: number[] = [];
  let pid = byId.get(id)?.pid ?? 0;
  while (pid && !out.includes(pid)) {
    out.push(pid);
    pid = byId.get(pid)?.pid ?? 0;
  }
  return out;
}

/**
 * The positions a drag asks for — every node of the plan with its parent, in display order —
 * as sort and level per node; null when it names another plan's node, leaves one out, or would
 * put a node under itself.
 */
export function placements(nodeIds: number[], items: { id: number; pid: number }[]): Map<number, { pid: number; sort: number; level: number }> | null {
  const known = new Set(nodeIds);
  if (items.length !== known.size || new Set(items.map((i) => i.id)).size !== items.length) return null;
  if (items.some((i) => !known.has(i.id) || (i.pid !== 0 && !known.has(i.pid)))) return null;
  const out = new Map<number, { pid: number; sort: number; level: number }>();
  const seen = new Map<number, number>();
  for (const item of items) {
    // Display order: a parent comes before its children, which is also what rules out a cycle.
    if (item.pid !== 0 && !out.has(item.pid)) return null;
    const sort = (seen.get(item.pid) ?? 0) + 1;
    seen.set(item.pid, sort);
    out.set(item.id, { pid: item.pid, sort, level: item.pid === 0 ? 1 : out.get(item.pid)!.level + 1 });
  }
  return out;
}

export const nodeOut = (n: NodeRow): CourseNode => ({
  id: n.id, plan_id: n.planId, pid: n.pid, title: n.title, level: n.level, sort: n.sort, content: n.content,
  files: n.files.map((f) => ({ name: f.name, url: f.url, ...(f.size !== undefined ? { size: f.size } : {}), extra: { is_main_file: f.is_main_file } })),
  questions: n.questions,
});

export const treeNodeOut = (n: NodeRow, itemStatus: number, studied = 0, done = 0): CourseTreeNode => ({
  id: n.id, title: n.title, level: n.level, pid: n.pid, sort: n.sort, item_status: itemStatus, studied, done,
});

export const planOut = (r: { plan: PlanRow; truename: string; nodeCount: number; classCount: number }): CoursePlan => ({
  id: r.plan.id, title: r.plan.title, description: r.plan.description, robot_id: r.plan.robotId, uid: r.plan.ownerId,
  truename: r.truename, node_count: r.nodeCount, class_count: r.classCount,
  create_time: toSeconds(r.plan.createdAt), update_time: toSeconds(r.plan.updatedAt),
});
