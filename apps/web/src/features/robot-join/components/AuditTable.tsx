import { useState } from 'react';
import { Avatar, Button, Segmented, Space, Table, Tag, message } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { AUDIT } from '@xueban/contract/constants/robots';
import { auditRelease } from '../api/audit-release.ts';
import type { AuditRow } from '@xueban/contract/robots';
import { getAuditList } from '../api/get-audit-list.ts';
import { RejectReasonDialog } from '../../../components/RejectReasonDialog.tsx';

const STATUS_OPTIONS = [
  { value: AUDIT.PENDING, label: '待审核' },
  { value: AUDIT.APPROVED, label: '已通过' },
  { value: AUDIT.REJECTED, label: '已驳回' },
];
const TARGET_LABEL = { square: '机器人广场', template: '模板库' } as const;
const timeText = (s: number) => (s ? new Date(s * 1000).toLocaleString('zh-CN') : '-');

/** Release requests to review (spec §4 audit status): approve, or reject with a reason. */
export function AuditTable({ initialStatus = AUDIT.PENDING }: { initialStatus?: number }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<number>(initialStatus);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AuditRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['ai', 'admin.robot', 'auditLists', status, page],
    queryFn: ({ signal }) => getAuditList(status, page, signal),
    placeholderData: keepPreviousData,
  });

  const decide = async (row: AuditRow, next: 3 | -2, reason = '') => {
    setBusy(row.id);
    try {
      await auditRelease(row.id, next, reason);
      void message.success(MSG.done, LIMITS.timeouts.successToastMs / 1000);
      setRejecting(null);
      await queryClient.invalidateQueries({ queryKey: ['ai', 'admin.robot', 'auditLists'] });
    } catch {
      // Toasted by the request layer.
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Segmented options={STATUS_OPTIONS} value={status} onChange={(v) => { setStatus(v); setPage(1); }} style={{ marginBottom: 16 }} />
      <Table<AuditRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '机器人', key: 'robot',
            render: (_, r) => <Space><Avatar size={28} src={r.robot.avatar || undefined} icon={<RobotOutlined />} />{r.robot.name}</Space>,
          },
          { title: '发布到', dataIndex: 'target', render: (t: AuditRow['target']) => <Tag>{TARGET_LABEL[t]}</Tag> },
          { title: '组织', dataIndex: 'group_name' },
          { title: '申请人', key: 'applicant', render: (_, r) => r.applicant?.truename ?? '-' },
          { title: '申请时间', dataIndex: 'create_time', render: timeText },
          status === AUDIT.REJECTED
            ? { title: '驳回原因', dataIndex: 'reason' }
            : { title: '审核时间', dataIndex: 'review_time', render: timeText },
          ...(status === AUDIT.PENDING ? [{
            title: '操作', key: 'op',
            render: (_: unknown, r: AuditRow) => (
              <Space>
                <Button type="link" loading={busy === r.id} onClick={() => void decide(r, AUDIT.APPROVED)}>通过</Button>
                <Button type="link" danger onClick={() => setRejecting(r)}>驳回</Button>
              </Space>
            ),
          }] : []),
        ]}
      />
      <RejectReasonDialog
        title="驳回发布申请"
        open={!!rejecting}
        busy={!!rejecting && busy === rejecting.id}
        onOk={(reason) => rejecting && void decide(rejecting, AUDIT.REJECTED, reason)}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
