import { Button, Card, Flex, Result, Space, Spin, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { AUDIT } from '@xueban/contract/constants/robots';
import { MSG } from '@xueban/contract/messages';
import { usePublication } from '../api/get-publication.ts';
import { useReviewPublication } from '../api/review-publication.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { PublicationPreview } from './PublicationPreview.tsx';
import { useCopy } from './use-copy.tsx';

/** /published-content-detail/{id}: the publication, its preview, 复制 (when listed for me) and, for the reviewer, 通过. */
export function PublicationDetailView({ id }: { id: number }) {
  const detail = usePublication(id);
  const copy = useCopy();
  const review = useReviewPublication();
  if (detail.isLoading) return <Spin />;
  if (!detail.data) return <Result status="404" title="发布内容不存在" subTitle="它可能已被撤回，或你没有查看的权限。" />;
  const p = detail.data;
  return (
    <Card>
      {copy.holder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>{p.title}</Typography.Title>
        <Space>
          {p.can_review && p.status === AUDIT.PENDING && (
            <Button loading={review.isPending} onClick={() => void review.mutateAsync({ id: p.id, status: AUDIT.APPROVED, reason: '' }).then(() => showSuccess(MSG.done)).catch(() => undefined)}>审核通过</Button>
          )}
          {p.can_copy && <Button type="primary" icon={<CopyOutlined />} loading={copy.pending} onClick={() => copy.run(p.kind, p.id)}>复制到我的工作台</Button>}
        </Space>
      </Flex>
      <PublicationPreview p={p} />
    </Card>
  );
}
