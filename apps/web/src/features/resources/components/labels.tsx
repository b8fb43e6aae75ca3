import { Tag } from 'antd';
import { AUDIT } from '@xueban/contract/constants/robots';
import { RESOURCE_KIND_LABEL, type ResourceKind } from '@xueban/contract/resources';

const KIND_COLOR: Record<ResourceKind, string> = { robot: 'blue', course: 'purple', knowledge: 'cyan', intent: 'gold' };

export const KindTag = ({ kind }: { kind: ResourceKind }) => <Tag color={KIND_COLOR[kind]}>{RESOURCE_KIND_LABEL[kind]}</Tag>;

export function StatusTag({ status }: { status: number }) {
  if (status === AUDIT.APPROVED) return <Tag color="success">已通过</Tag>;
  if (status === AUDIT.REJECTED) return <Tag color="error">已驳回</Tag>;
  return <Tag color="processing">待审核</Tag>;
}

export const timeText = (s: number) => (s ? new Date(s * 1000).toLocaleString('zh-CN') : '-');
