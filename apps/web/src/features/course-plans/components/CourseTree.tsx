import { useState, type ReactNode } from 'react';
import { ConfigProvider, Tree, type TreeProps } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { COURSE_TREE_INDENT } from '@xueban/contract/constants/courses';
import { nestNodes, type Drop, type Nested } from '../lib/tree.ts';

export interface TreeItem { id: number; pid: number; title: string; item_status?: number }

interface Props<T extends TreeItem> {
  nodes: T[];
  selectedId: number | undefined;
  onSelect: (node: T) => void;
  /** Locked nodes (item_status 0) are greyed; `lockedDisabled` also makes them unselectable (the student's view). */
  lockedDisabled?: boolean;
  /** Drag to reorder (the editor). */
  onDrop?: (drop: Drop) => void;
  /** Something to show after a node's title (counts, actions). */
  extra?: (node: T) => ReactNode;
  ariaLabel: string;
}

const THEME = { components: { Tree: { indentSize: COURSE_TREE_INDENT, titleHeight: 32 } } };

/** The course directory (spec §2): a tree with indent 30, every level open until folded. */
export function CourseTree<T extends TreeItem>({ nodes, selectedId, onSelect, lockedDisabled, onDrop, extra, ariaLabel }: Props<T>) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // Every level open, new nodes included, except those the user folded.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const toData = (list: Nested<T>[]): NonNullable<TreeProps['treeData']> => list.map((n) => {
    const locked = n.item_status === 0;
    return {
      key: n.id,
      disabled: lockedDisabled && locked,
      title: (
        <span className={`course-tree-node${locked ? ' is-locked' : ''}`} data-node-id={n.id} style={{ display: 'inline-flex', gap: 8, alignItems: 'center', opacity: locked ? 0.55 : 1 }}>
          {locked && <LockOutlined aria-label="未解锁" />}
          <span>{n.title}</span>
          {extra?.(n)}
        </span>
      ),
      children: toData(n.children),
    };
  });
  const handleDrop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    onDrop?.({ dragId: Number(info.dragNode.key), dropId: Number(info.node.key), dropToGap: info.dropToGap, side: relative < 0 ? -1 : relative > 0 ? 1 : 0 });
  };
  return (
    <ConfigProvider theme={THEME}>
      <nav aria-label={ariaLabel}>
        <Tree
          blockNode
          expandedKeys={nodes.filter((n) => !folded.has(n.id)).map((n) => n.id)}
          onExpand={(_, { node, expanded }) => setFolded((f) => {
            const next = new Set(f);
            if (expanded) next.delete(Number(node.key));
            else next.add(Number(node.key));
            return next;
          })}
          selectedKeys={selectedId ? [selectedId] : []}
          treeData={toData(nestNodes(nodes))}
          onSelect={(keys) => {
            const node = byId.get(Number(keys[0]));
            if (node) onSelect(node);
          }}
          draggable={onDrop ? { icon: false } : false}
          onDrop={onDrop ? handleDrop : undefined}
        />
      </nav>
    </ConfigProvider>
  );
}
