import { Modal, Tabs } from 'antd';
import { useCreateRobotDialog } from '../stores/create-robot-dialog.ts';
import { BlankRobotForm } from './BlankRobotForm.tsx';
import { TemplateLibrary } from './TemplateLibrary.tsx';

/** 创建机器人 (spec §2): blank, or a copy from the template library. */
export default function CreateRobotDialog() {
  const { open, close } = useCreateRobotDialog();
  return (
    <Modal open={open} title="创建机器人" footer={null} onCancel={close} width={960} centered destroyOnHidden>
      <Tabs
        items={[
          { key: 'blank', label: '空白创建', children: <div style={{ maxWidth: 520, margin: '0 auto' }}><BlankRobotForm onDone={close} /></div> },
          { key: 'template', label: '从模板创建', children: <TemplateLibrary onDone={close} /> },
        ]}
      />
    </Modal>
  );
}
