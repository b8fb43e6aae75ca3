import { Button, Modal, Progress, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { SolutionInstall } from '@xueban/contract/resources';
import { pathTo } from '../../../app/paths.ts';
import { useInstallStatus } from '../api/get-install-status.ts';

/** 1 个机器人、1 个知识库 — the parts an install made, leaving out the kinds it had none of. */
const madeText = (m: NonNullable<SolutionInstall['result']>) => [
  [m.robots.length, '个机器人'], [m.knowledgeBases.length, '个知识库'], [m.intentLibraries.length, '个意图库'], [m.coursePlans.length, '门课程'],
].filter(([n]) => n).map(([n, label]) => `${n} ${label}`).join('、');

/**
 * The progress popup of an install (spec §2 "progress popup"): the install record polled until it
 * is done or failed, then what was made — every part copied into my organisation.
 */
export function InstallProgressModal({ installId, name, onClose }: { installId: number | null; name: string; onClose: () => void }) {
  const status = useInstallStatus(installId);
  const navigate = useNavigate();
  const r = status.data;
  const running = !r || r.status === 'running';
  const percent = r && r.total ? Math.round((r.done / r.total) * 100) : 0;
  const made = r?.result;
  return (
    <Modal
      open={!!installId}
      title={`安装解决方案“${name}”`}
      closable={!running}
      maskClosable={false}
      onCancel={onClose}
      footer={running ? null : [
        ...(r?.status === 'done' && made?.robots.length ? [<Button key="robots" onClick={() => { onClose(); void navigate(pathTo('creator', { tab: 'robot' })); }}>查看我的机器人</Button>] : []),
        <Button key="ok" type="primary" onClick={onClose}>完成</Button>,
      ]}
    >
      <Progress percent={r?.status === 'done' ? 100 : percent} status={r?.status === 'failed' ? 'exception' : running ? 'active' : 'success'} aria-label="安装进度" />
      {running && <Typography.Paragraph type="secondary">正在复制第 {Math.min((r?.done ?? 0) + 1, r?.total ?? 1)} / {r?.total ?? '-'} 项，请不要关闭页面…</Typography.Paragraph>}
      {r?.status === 'done' && made && (
        <Result
          status="success"
          title="安装完成"
          subTitle={`已复制 ${madeText(made)}到本组织${made.robots.length ? '，机器人已关联到这些副本' : ''}。`}
        />
      )}
      {r?.status === 'failed' && <Result status="error" title="安装失败" subTitle={`${r.error}（已完成 ${r.done} / ${r.total} 项）`} />}
    </Modal>
  );
}
