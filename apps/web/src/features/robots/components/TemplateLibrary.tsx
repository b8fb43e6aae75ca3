import { useState } from 'react';
import { Button, Descriptions, Modal } from 'antd';
import type { Robot } from '@xueban/contract/robots';
import { CopyRobotForm } from './CopyRobotForm.tsx';
import { IndustryFilter } from './IndustryFilter.tsx';
import { RobotAvatar } from './RobotAvatar.tsx';
import { RobotCard } from './RobotCard.tsx';
import { RobotGrid } from './RobotGrid.tsx';

/** 模板库: industry tabs, search, preview and copy of template robots. */
export function TemplateLibrary({ onDone }: { onDone: () => void }) {
  const [industryId, setIndustryId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [preview, setPreview] = useState<Robot | null>(null);
  const [copying, setCopying] = useState<Robot | null>(null);
  return (
    <div aria-label="模板库">
      <IndustryFilter industryId={industryId} onIndustry={setIndustryId} onSearch={setKeyword} />
      <RobotGrid
        params={{ fetch_type: 'template', industry_id: industryId, keyword }}
        render={(r) => (
          <RobotCard
            robot={r}
            actions={[
              <Button key="preview" type="link" onClick={() => setPreview(r)}>预览</Button>,
              <Button key="copy" type="link" onClick={() => setCopying(r)}>复制</Button>,
            ]}
          />
        )}
      />
      <Modal open={!!preview} title="模板预览" onCancel={() => setPreview(null)} footer={[
        <Button key="copy" type="primary" onClick={() => { setCopying(preview); setPreview(null); }}>复制</Button>,
      ]}>
        {preview && (
          <Descriptions column={1} size="small" title={<span><RobotAvatar src={preview.avatar} size={32} /> {preview.name}</span>}>
            <Descriptions.Item label="简介">{preview.info || '—'}</Descriptions.Item>
            <Descriptions.Item label="机器人能力">{preview.extra?.introduce || '—'}</Descriptions.Item>
            <Descriptions.Item label="开场白">{preview.config?.onboarding_info?.prologue || '—'}</Descriptions.Item>
            <Descriptions.Item label="创建者">{preview.user?.truename || '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <CopyRobotForm source={copying} onClose={() => setCopying(null)} onDone={() => { setCopying(null); onDone(); }} />
    </div>
  );
}
