import { useState } from 'react';
import { Button, Segmented, Space, Table } from 'antd';
import { Link } from 'react-router';
import { AUDIT } from '@xueban/contract/constants/robots';
import { MSG } from '@xueban/contract/messages';
import { PUBLISH_SCOPE_LABEL, type Publication } from '@xueban/contract/resources';
import { pathTo } from '../../../app/paths.ts';
import { RejectReasonDialog } from '../../../components/RejectReasonDialog.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useReviewList } from '../api/get-review-list.ts';
import { useReviewPublication } from '../api/review-publication.ts';
import { KindTag, timeText } from './labels.tsx';

const STATUS_OPTIONS = [
  { value: AUDIT.PENDING, label: '待审核' },
  { value: AUDIT.APPROVED, label: '已通过' },
  { value: AUDIT.REJECTED, label: '已驳回' },
];

/** 发布审核 (the organisation admin): the organisation's publications by status; approve, or reject with a reason. */
export function ReviewTable() {
  const [status, setStatus] = useState<number>(AUDIT.PENDING);
  const [page, setPage] = useState(1);
  const list = useReviewList({ status, page, limit: 10 });
  const review = useReviewPublication();
  const [rejecting, setRejecting] = useState<Publication | null>(null);
  const decide = (p: Publication, next: 3 | -2, reason = '') =>
    review.mutateAsync({ id: p.id, status: next, reason }).then(() => { showSuccess(MSG.done); setRejecting(null); });

  return (
    <>
      <Segmented options={STATUS_OPTIONS} value={status} onChange={(v) => { setStatus(v); setPage(1); }} style={{ marginBottom: 16 }} />
      <Table<Publication>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: status === AUDIT.PENDING ? '没有待审核的发布' : '暂无记录' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: '名称', dataIndex: 'title', render: (t: string, p) => <Link to={pathTo('published-content-detail', { id: p.id })}>{t}</Link> },
          { title: '类型', dataIndex: 'kind', render: (k: Publication['kind']) => <KindTag kind={k} /> },
          { title: '发布到', dataIndex: 'scope', render: (s: Publication['scope']) => PUBLISH_SCOPE_LABEL[s] },
          { title: '学科', dataIndex: 'subject', render: (s: string) => s || '-' },
          { title: '申请人', key: 'publisher', render: (_, p) => p.publisher.truename || '-' },
          { title: '提交时间', dataIndex: 'create_time', render: timeText },
          status === AUDIT.REJECTED ? { title: '驳回原因', dataIndex: 'reason' } : { title: '审核时间', dataIndex: 'review_time', render: timeText },
          ...(status === AUDIT.PENDING ? [{
            title: '操作', key: 'op',
            render: (_: unknown, p: Publication) => (
              <Space>
                <Button type="link" loading={review.isPending && review.variables?.id === p.id} onClick={() => void decide(p, AUDIT.APPROVED).catch(() => undefined)}>通过</Button>
                <Button type="link" danger onClick={() => setRejecting(p)}>驳回</Button>
              </Space>
            ),
          }] : []),
        ]}
      />
      <RejectReasonDialog
        title="驳回发布"
        open={!!rejecting}
        busy={review.isPending}
        onOk={(reason) => void decide(rejecting!, AUDIT.REJECTED, reason).catch(() => undefined)}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
