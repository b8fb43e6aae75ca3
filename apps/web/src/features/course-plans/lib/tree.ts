/**
 * The course directory (spec §3 "Plan tree node"): the server lists nodes flat in display order;
 * the tree nests them by pid, and a drag gives back every node's parent in the new order.
 */
export interface FlatNode { id: number; pid: number }
export type Nested<T extends FlatNode> = T & { children: Nested<T>[] };

/** Nests nodes listed in display order (a parent before its children) by pid. */
export function nestNodes<T extends FlatNode>(flat: T[]): Nested<T>[] {
  const byId = new Map<number, Nested<T>>();
  const roots: Nested<T>[] = [];
  for (const n of flat) byId.set(n.id, { ...n, children: [] });
  for (const n of flat) {
    const node = byId.get(n.id)!;
    const parent = n.pid ? byId.get(n.pid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every node with its parent, in display order: what CourseNode.move takes. */
export function positions<T extends FlatNode>(tree: Nested<T>[], pid = 0): { id: number; pid: number }[] {
  return tree.flatMap((n) => [{ id: n.id, pid }, ...positions(n.children, n.id)]);
}

/** Where a drop lands, as antd's Tree reports it: onto a node (inside it) or into the gap before/after it. */
export interface Drop { dragId: number; dropId: number; dropToGap: boolean; /** -1 before, 1 after, 0 inside. */ side: -1 | 0 | 1 }

/** The tree after moving a node (with its children); unchanged when it would go under itself. */
export function applyDrop<T extends FlatNode>(tree: Nested<T>[], d: Drop): Nested<T>[] {
  if (d.dragId === d.dropId) return tree;
  const clone = (list: Nested<T>[]): Nested<T>[] => list.map((n) => ({ ...n, children: clone(n.children) }));
  const next = clone(tree);
  let dragged: Nested<T> | undefined;
  const take = (list: Nested<T>[]) => {
    const i = list.findIndex((n) => n.id === d.dragId);
    if (i >= 0) [dragged] = list.splice(i, 1);
    else list.forEach((n) => take(n.children));
  };
  take(next);
  if (!dragged || contains(dragged, d.dropId)) return tree;
  const place = (list: Nested<T>[]): boolean => {
    const i = list.findIndex((n) => n.id === d.dropId);
    if (i >= 0) {
      if (!d.dropToGap || d.side === 0) list[i]!.children.unshift(dragged!);
      else list.splice(d.side < 0 ? i : i + 1, 0, dragged!);
      return true;
    }
    return list.some((n) => place(n.children));
  };
  return place(next) ? next : tree;
}

const contains = <T extends FlatNode>(n: Nested<T>, id: number): boolean => n.children.some((c) => c.id === id || contains(c, id));
