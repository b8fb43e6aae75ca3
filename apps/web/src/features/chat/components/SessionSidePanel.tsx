import { lazy, Suspense, useState } from 'react';
import { Button, Spin } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { hideRobot, usedRobotsKey } from '../../../lib/queries/used-robots.ts';
import { useScrollLoad } from '../../../lib/use-scroll-load.ts';
import { clearSessions } from '../api/sessions.ts';
import type { Confirm } from '../../../components/use-confirm.tsx';
import type { ChatSessionControl } from '../hooks/use-chat-session.ts';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { SessionList } from './SessionList.tsx';

const RenameSessionDialog = lazy(() => loadChunk(() => import('./RenameSessionDialog.tsx')));

interface Props {
  robotId: number;
  control: ChatSessionControl;
  confirm: Confirm;
  gate: (then: () => void) => void;
  /** The robot is gone from the used list: the page picks another. */
  onRobotDeleted: () => void;
}

/**
 * The session side panel of /home (spec §2): add a session, rename, delete (确定删除该对话？) and
 * delete robot (删除机器人后，将清空该机器人的所有对话数据？: hideRobot, then ChatCategory/clear).
 */
export function SessionSidePanel({ robotId, control, confirm, gate, onRobotDeleted }: Props) {
  const qc = useQueryClient();
  // Kept after closing (open: false) so the dialogue can animate out; `n` gives each opening a fresh form.
  const [renaming, setRenaming] = useState<{ session: SessionItem; open: boolean; n: number } | null>(null);
  const { sessions, list, currentId } = control;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = sessions;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());

  const confirmDelete = (s: SessionItem) =>
    confirm({
      title: MSG.confirmDeleteSession,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await control.remove(s);
        showSuccess(MSG.deleted);
      },
    });

  const deleteRobot = () =>
    confirm({
      title: MSG.confirmDeleteRobot,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await hideRobot(robotId);
        await clearSessions(robotId);
        showSuccess(MSG.deleted);
        await qc.invalidateQueries({ queryKey: usedRobotsKey });
        onRobotDeleted();
      },
    });

  return (
    <aside className="chat-session-panel" aria-label="会话列表">
      <Button block icon={<PlusOutlined />} onClick={() => gate(() => void control.create())}>{MSG.newSession}</Button>
      <div className="chat-session-panel-list">
        {sessions.isPending && sessions.fetchStatus !== 'idle' ? <Spin style={{ display: 'block', margin: 16 }} /> : (
          <SessionList
            items={list}
            activeId={currentId || undefined}
            onSelect={(id) => control.select(id)}
            onRename={(s) => setRenaming((r) => ({ session: s, open: true, n: (r?.n ?? 0) + 1 }))}
            onDelete={confirmDelete}
          />
        )}
        {hasNextPage && <div ref={end} style={{ height: 24 }}>{isFetchingNextPage && <Spin size="small" />}</div>}
      </div>
      <Button block danger type="text" icon={<DeleteOutlined />} onClick={() => gate(deleteRobot)}>删除机器人</Button>
      {renaming && (
        <Suspense fallback={null}>
          <RenameSessionDialog
            key={renaming.n}
            session={renaming.session}
            open={renaming.open}
            rename={control.rename}
            onClose={() => setRenaming((r) => (r ? { ...r, open: false } : r))}
          />
        </Suspense>
      )}
    </aside>
  );
}
