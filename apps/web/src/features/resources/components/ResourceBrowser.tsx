import { useState } from 'react';
import { Avatar, Button, Card, Col, Drawer, Empty, Flex, Input, Pagination, Row, Segmented, Select, Space, Spin, Typography } from 'antd';
import { CopyOutlined, EyeOutlined, RobotOutlined } from '@ant-design/icons';
import { RESOURCE_KINDS, RESOURCE_KIND_LABEL, SUBJECTS, type ResourceItem, type ResourceKind } from '@xueban/contract/resources';
import { useResources } from '../api/get-resources.ts';
import { usePublication } from '../api/get-publication.ts';
import { KindTag } from './labels.tsx';
import { PublicationPreview } from './PublicationPreview.tsx';
import { useCopy } from './use-copy.tsx';

const PAGE = 12;

function Preview({ item, onClose }: { item: ResourceItem | null; onClose: () => void }) {
  const detail = usePublication(item && item.kind !== 'robot' ? item.id : null);
  return (
    <Drawer open={!!item} width={560} title={item?.title} onClose={onClose} destroyOnHidden>
      {item?.kind === 'robot' && (
        <Space direction="vertical" size="middle">
          <Space><Avatar size={48} src={item.cover || undefined} icon={<RobotOutlined />} /><Typography.Text strong>{item.title}</Typography.Text></Space>
          <Typography.Paragraph type="secondary">{item.info || '暂无简介'}</Typography.Paragraph>
          <Typography.Text type="secondary">作者 {item.author || '-'}（{item.group_name}） · {item.view_num} 次查看 · {item.copy_num} 次复制</Typography.Text>
        </Space>
      )}
      {item && item.kind !== 'robot' && (detail.data ? <PublicationPreview p={detail.data} narrow /> : <Spin />)}
    </Drawer>
  );
}

/**
 * 资源中心: what is published for reuse — robots (square, template library, public in my
 * organisation), course plans, knowledge bases and intent libraries approved for the platform or my
 * organisation. Search, filter by kind and subject, 预览, and 复制 into my own workspace.
 */
export function ResourceBrowser() {
  const [kind, setKind] = useState<ResourceKind | 'all'>('all');
  const [subject, setSubject] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [previewing, setPreviewing] = useState<ResourceItem | null>(null);
  const list = useResources({ page, limit: PAGE, ...(kind !== 'all' ? { kind } : {}), ...(subject ? { subject } : {}), ...(keyword ? { keyword } : {}) });
  const copy = useCopy();
  const rows = list.data?.data ?? [];
  const reset = () => setPage(1);

  return (
    <div className="resource-browser">
      {copy.holder}
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Input.Search aria-label="搜索资源" placeholder="搜索资源名称或简介" allowClear style={{ maxWidth: 280 }} onSearch={(v) => { setKeyword(v.trim()); reset(); }} />
        <Segmented<ResourceKind | 'all'>
          value={kind}
          onChange={(v) => { setKind(v); reset(); }}
          options={[{ value: 'all', label: '全部' }, ...RESOURCE_KINDS.map((k) => ({ value: k, label: RESOURCE_KIND_LABEL[k] }))]}
        />
        <Select
          aria-label="学科" style={{ width: 140 }} value={subject} onChange={(v) => { setSubject(v); reset(); }}
          options={[{ value: '', label: '全部学科' }, ...SUBJECTS.map((s) => ({ value: s, label: s }))]}
        />
      </Flex>
      <Spin spinning={list.isFetching}>
        {rows.length === 0 && !list.isFetching
          ? <Empty description={keyword || subject || kind !== 'all' ? '没有找到符合条件的资源' : '资源中心还没有内容：创作者发布的课程、知识库和意图库审核通过后会出现在这里'} />
          : (
            <Row gutter={[16, 16]}>
              {rows.map((r) => (
                <Col key={`${r.kind}:${r.id}`} xs={24} sm={12} lg={8} xl={6}>
                  <Card
                    aria-label={r.title}
                    size="small"
                    title={<Space><KindTag kind={r.kind} />{r.title}</Space>}
                    actions={[
                      <Button key="preview" type="link" icon={<EyeOutlined />} onClick={() => setPreviewing(r)}>预览</Button>,
                      <Button key="copy" type="link" icon={<CopyOutlined />} loading={copy.pending && copy.variables?.id === r.id && copy.variables.kind === r.kind} onClick={() => copy.run(r.kind, r.id)}>复制</Button>,
                    ]}
                  >
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>{r.info || '暂无简介'}</Typography.Paragraph>
                    <Flex vertical gap={2} style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
                      <span>作者 {r.author || '-'} · {r.group_name}</span>
                      <span>{r.subject ? `${r.subject} · ` : ''}{r.licence || (r.scope === 'org' ? '本组织公开' : '机器人广场')}</span>
                      <span>{r.view_num} 次浏览 · {r.copy_num} 次复制</span>
                    </Flex>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
      </Spin>
      {(list.data?.total ?? 0) > PAGE && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination current={page} pageSize={PAGE} total={list.data?.total ?? 0} onChange={setPage} />
        </Flex>
      )}
      <Preview item={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
