import { describe, expect, it } from 'vitest';
import { applyDrop, nestNodes, positions } from './tree.ts';

const flat = [
  { id: 1, pid: 0, title: '第一章' }, { id: 2, pid: 1, title: '第一课' }, { id: 3, pid: 1, title: '第二课' }, { id: 4, pid: 0, title: '第二章' },
];

describe('the course directory tree', () => {
  it('nests nodes by pid and gives back their positions in display order', () => {
    const tree = nestNodes(flat);
    expect(tree.map((n) => [n.title, n.children.map((c) => c.title)])).toEqual([['第一章', ['第一课', '第二课']], ['第二章', []]]);
    expect(positions(tree)).toEqual([{ id: 1, pid: 0 }, { id: 2, pid: 1 }, { id: 3, pid: 1 }, { id: 4, pid: 0 }]);
  });

  it('moves a lesson into another chapter, before a sibling, or to the top level', () => {
    const tree = nestNodes(flat);
    expect(positions(applyDrop(tree, { dragId: 3, dropId: 4, dropToGap: false, side: 0 })))
      .toEqual([{ id: 1, pid: 0 }, { id: 2, pid: 1 }, { id: 4, pid: 0 }, { id: 3, pid: 4 }]);
    expect(positions(applyDrop(tree, { dragId: 3, dropId: 2, dropToGap: true, side: -1 })))
      .toEqual([{ id: 1, pid: 0 }, { id: 3, pid: 1 }, { id: 2, pid: 1 }, { id: 4, pid: 0 }]);
    expect(positions(applyDrop(tree, { dragId: 2, dropId: 4, dropToGap: true, side: 1 })))
      .toEqual([{ id: 1, pid: 0 }, { id: 3, pid: 1 }, { id: 4, pid: 0 }, { id: 2, pid: 0 }]);
  });

  it('refuses to put a chapter under its own lesson', () => {
    const tree = nestNodes(flat);
    expect(applyDrop(tree, { dragId: 1, dropId: 2, dropToGap: false, side: 0 })).toBe(tree);
  });
});
