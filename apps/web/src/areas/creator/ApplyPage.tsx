import { useEffect } from 'react';
import { Button, Descriptions, Form, Input, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { MSG } from '@xueban/contract/messages';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { pathTo } from '../../app/paths.ts';
import { useUserInfo, userInfoKey } from '../../lib/session.ts';
import type { DeveloperApply } from '@xueban/contract/uc';
import { APPLY_STATUS, useApplyDeveloper, useDeveloperApply } from '../../features/auth/api/developer-apply.ts';
import { showSuccess } from '../../lib/toast.ts';

const when = (seconds: number | null) => (seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm') : '-');

/**
 * /apply — 申请成为创作者. Shows where the application stands, as the server says: none yet,
 * pending (2), approved (3) or rejected (-2, with the reason; a new application is allowed).
 */
export default function ApplyPage() {
  const { data: user } = useUserInfo();
  const apply = useDeveloperApply();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Owned here, not by the form: a successful application replaces the form with its status.
  const applied = () => showSuccess(MSG.applyPending);
  const status = apply.data?.status;

  // Approval grants the creator role server-side; a session read before it does not know yet.
  const approvedButStale = status === APPLY_STATUS.APPROVED && user && !user.is_developer;
  useEffect(() => {
    if (approvedButStale) void queryClient.invalidateQueries({ queryKey: userInfoKey });
  }, [approvedButStale, queryClient]);

  const toCreator = (
    <Button type="primary" onClick={() => navigate(pathTo('creator'))}>
      进入创作中心
    </Button>
  );

  let body;
  if (apply.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (apply.isError) body = <Result status="error" title={MSG.requestFailed} extra={<Button onClick={() => apply.refetch()}>重试</Button>} />;
  else if (status === APPLY_STATUS.PENDING) body = <Result status="info" title={MSG.applyPending} extra={<Details apply={apply.data!} />} />;
  else if (status === APPLY_STATUS.APPROVED || user?.is_developer) body = <Result status="success" title={MSG.alreadyDeveloper} extra={toCreator} />;
  else if (status === APPLY_STATUS.REJECTED) {
    body = (
      <>
        <Result status="warning" title="申请未通过" subTitle={apply.data!.reject_reason ? `原因：${apply.data!.reject_reason}` : undefined} />
        <ApplyForm again onApplied={applied} />
      </>
    );
  } else body = <ApplyForm onApplied={applied} />;

  return (
    <AreaFrame name="apply">
      {body}
    </AreaFrame>
  );
}

function Details({ apply }: { apply: DeveloperApply }) {
  return (
    <Descriptions
      column={1}
      size="small"
      style={{ maxWidth: 480, margin: '0 auto', textAlign: 'left' }}
      items={[
        { key: 'reason', label: '申请理由', children: apply.reason || '-' },
        { key: 'time', label: '提交时间', children: when(apply.create_time) },
      ]}
    />
  );
}

function ApplyForm({ again = false, onApplied }: { again?: boolean; onApplied: () => void }) {
  const submit = useApplyDeveloper();
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 560, margin: '0 auto' }}
      onFinish={({ reason }: { reason?: string }) => submit.mutate(reason?.trim() ?? '', { onSuccess: onApplied })}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)', lineHeight: 1.8, marginTop: 0 }}>
        创作者可以用知识库、意图和工具搭建机器人，并发布给组织内的师生使用。提交申请后，由组织管理员审核。
      </p>
      <Form.Item name="reason" label="申请理由">
        <Input.TextArea rows={4} maxLength={500} showCount placeholder="介绍一下你想创作的机器人（选填）" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {again ? '重新申请' : '提交申请'}
      </Button>
    </Form>
  );
}
