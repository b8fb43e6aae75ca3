import { useState } from 'react';
import { Button, Form, Modal, message } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { ProgressPopup } from '../../../components/ProgressPopup.tsx';
import { copyRobot } from '../api/copy-robot.ts';
import type { Robot } from '@xueban/contract/robots';
import { robotKey } from '../api/keys.ts';
import { IndustriesField, InfoField, NameField } from './RobotBasicsFields.tsx';

interface CopyValues { name: string; info?: string; industry_ids?: number[] }

/** The copy-robot form {name, info, industry_ids} → copyClassRobot → progress popup → design page. */
export function CopyRobotForm({ source, onClose, onDone }: { source: Robot | null; onClose: () => void; onDone: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [copying, setCopying] = useState(false);
  const [newId, setNewId] = useState<number | null>(null);

  const submit = async (v: CopyValues) => {
    if (!source) return;
    setCopying(true);
    try {
      const { id } = await copyRobot({ id: source.id, source: 1, name: v.name.trim(), info: v.info ?? '', industry_ids: v.industry_ids ?? [] });
      setNewId(id);
    } catch {
      setCopying(false);
      void message.error(MSG.robotCopyFailed, LIMITS.timeouts.toastMs / 1000);
    }
  };
  const finished = () => {
    if (newId === null) return;
    void message.success(MSG.copied, LIMITS.timeouts.successToastMs / 1000);
    void qc.invalidateQueries({ queryKey: robotKey });
    setCopying(false);
    setNewId(null);
    onDone();
    navigate(pathTo('robot-manage-design', { robotId: newId, tab: 'design' }));
  };

  return (
    <>
      <Modal
        open={!!source && !copying}
        title="复制机器人"
        onCancel={onClose}
        footer={null}
        destroyOnHidden
      >
        <Form
          name="copy-robot"
          layout="vertical"
          initialValues={source ? { name: source.name, info: source.info, industry_ids: source.industry_ids } : undefined}
          onFinish={(v: CopyValues) => void submit(v)}
          aria-label="复制机器人"
        >
          <NameField />
          <InfoField />
          <IndustriesField />
          <Button type="primary" htmlType="submit" block>确定复制</Button>
        </Form>
      </Modal>
      <ProgressPopup open={copying} done={newId !== null} onFinished={finished} title="正在复制机器人" label="复制进度" />
    </>
  );
}
