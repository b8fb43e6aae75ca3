import { useEffect } from 'react';
import { Modal, type ModalFuncProps } from 'antd';

/** Opens each queued confirm once (see use-confirm.tsx); stays mounted so open dialogues stay. */
export default function ConfirmHost({ queue, onTaken }: { queue: ModalFuncProps[]; onTaken: () => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    if (!queue.length) return;
    for (const props of queue) void modal.confirm(props);
    onTaken();
  }, [queue, modal, onTaken]);
  return holder;
}
