import { useState } from 'react';
import { Button, Input, Modal, Spin, message } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Conversations } from '@ant-design/x';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { usedRobotsKey } from '../../robots/api/get-used-robots.ts';
import { hideRobot } from '../../robots/api/hide-robot.ts';
import { useScrollLoad } from '../../robots/hooks/use-scroll-load.ts';
import { clearSessions } from '../api/sessions.ts';
import type { ChatSessionControl } from '../hooks/use-chat-session.ts';

interface Props {
  robotId: number;
  control: ChatSessionControl;
  modal: ReturnType<typeof Modal.useModal>[0];
  gate: (then: () => void) => void;
  /** The robot is gone from the used list: the page picks another. */
  onRobotDeleted: () => void;
}

/**
 * The session side panel of /home (spec §2): add a session, rename, delete (确定删除该对话？) and
 * delete robot (删除机器人后，将清空该机器人的所有对话数据？: hideRobot, then ChatCategory/clear).
 */
export function SessionSidePanel({ robotId, control, modal, gate, onRobotDeleted }: Props) {
  const qc = useQueryClient();
  const [renaming, setRenaming] = useState<{ session: SessionItem; name: string } | null>(null);
  const { sessions, list, currentId } = control;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = sessions;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());

  const confirmDelete = (s: SessionItem) =>
    void modal.confirm({
      title: MSG.confirmDeleteSession,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await control.remove(s);
        void message.success(MSG.deleted);
      },
    });

  const deleteRobot = () =>
    void modal.confirm({
      title: MSG.confirmDeleteRobot,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await hideRobot(robotId);
        await clearSessions(robotId);
        void message.success(MSG.deleted);
        await qc.invalidateQueries({ queryKey: usedRobotsKey });
        onRobotDeleted();
      },
    });

  const saveName = async () => {
    if (!renaming) return;
    const name = renaming.name.trim();
    if (!name) return void message.error(MSG.sessionNameRequired);
    await control.rename(renaming.session, name);
    void message.success(MSG.updated);
    setRenaming(null);
  };

  return (
    <aside className="chat-session-panel" aria-label="会话列表">
      <Button block icon={<PlusOutlined />} onClick={() => gate(() => void control.create())}>{MSG.newSession}</Button>
      <div className="chat-session-panel-list">
        {sessions.isPending && sessions.fetchStatus !== 'idle' ? <Spin style={{ display: 'block', margin: 16 }} /> : (
          <Conversations
            items={list.map((s) => ({ key: String(s.id), label: s.name }))}
            activeKey={currentId ? String(currentId) : undefined}
            onActiveChange={(key) => control.select(Number(key))}
            menu={(item) => {
              const s = list.find((x) => String(x.id) === item.key)!;
              return {
                items: [
                  { key: 'rename', label: '重命名', icon: <EditOutlined /> },
                  { key: 'delete', label: '删除', icon: <DeleteOutlined />, danger: true },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  if (key === 'rename') setRenaming({ session: s, name: s.name });
                  else confirmDelete(s);
                },
              };
            }}
          />
        )}
        {hasNextPage && <div ref={end} style={{ height: 24 }}>{isFetchingNextPage && <Spin size="small" />}</div>}
      </div>
      <Button block danger type="text" icon={<DeleteOutlined />} onClick={() => gate(deleteRobot)}>删除机器人</Button>
      <Modal title="重命名" open={!!renaming} okText="保存" cancelText="取消" onOk={saveName} onCancel={() => setRenaming(null)} destroyOnHidden>
        <Input
          aria-label="会话名称"
          value={renaming?.name ?? ''}
          maxLength={50}
          onChange={(e) => setRenaming((r) => (r ? { ...r, name: e.target.value } : r))}
          onPressEnter={() => void saveName()}
        />
      </Modal>
    </aside>
  );
}
