import { useState } from 'react';
import { Input, Modal, message } from 'antd';
import type { SessionItem } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';

interface Props {
  session: SessionItem;
  open: boolean;
  rename: (session: SessionItem, name: string) => Promise<unknown>;
  onClose: () => void;
}

/** 重命名 of a session in the side panel (its code loads when first opened). */
export default function RenameSessionDialog({ session, open, rename, onClose }: Props) {
  const [name, setName] = useState(session.name);
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return void message.error(MSG.sessionNameRequired);
    await rename(session, trimmed);
    void message.success(MSG.updated);
    onClose();
  };
  return (
    <Modal title="重命名" open={open} okText="保存" cancelText="取消" onOk={save} onCancel={onClose} destroyOnHidden>
      <Input aria-label="会话名称" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} onPressEnter={() => void save()} />
    </Modal>
  );
}
