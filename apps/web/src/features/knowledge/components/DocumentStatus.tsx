import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { DOCUMENT_STATUS_LABEL, type KnowledgeDocumentItem } from '@xueban/contract/knowledge';

const LOOK = {
  queued: { color: 'default', icon: <ClockCircleOutlined /> },
  training: { color: 'processing', icon: <SyncOutlined spin /> },
  ready: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
} as const;

/**
 * A document's training state: 排队中, 训练中 with a small progress bar beside it, 已就绪, or 训练失败 with
 * the reason under it (and in full in a tooltip).
 */
export function DocumentStatus({ doc }: { doc: Pick<KnowledgeDocumentItem, 'status' | 'progress' | 'error'> }) {
  const look = LOOK[doc.status] ?? LOOK.queued;
  const label = DOCUMENT_STATUS_LABEL[doc.status] ?? doc.status;
  const tag = <Tag color={look.color} icon={look.icon} variant="filled" style={{ marginInlineEnd: 0 }}>{label}</Tag>;
  if (doc.status === 'training') {
    const percent = Math.max(0, Math.min(100, Math.round(doc.progress)));
    // The bar sits beside the tag, not under it: a row keeps its height as its document moves
    // from 排队中 to 训练中 to 已就绪, so a table of documents in training does not jump.
    return (
      <Tooltip title={`训练进度 ${percent}%`}>
        <Flex align="center" gap={6}>
          {tag}
          <Progress percent={percent} size="small" showInfo={false} aria-label="训练进度" status="active" style={{ width: 28, margin: 0, flex: 'none' }} />
        </Flex>
      </Tooltip>
    );
  }
  if (doc.status === 'failed' && doc.error) {
    return (
      <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 220 }}>
        <Tooltip title={doc.error}>{tag}</Tooltip>
        <Typography.Paragraph type="danger" style={{ fontSize: 12, lineHeight: 1.4, margin: 0 }} ellipsis={{ rows: 2, tooltip: doc.error }}>{doc.error}</Typography.Paragraph>
      </Flex>
    );
  }
  return tag;
}
