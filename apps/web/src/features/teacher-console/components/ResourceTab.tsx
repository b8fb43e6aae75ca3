import type { ReactNode } from 'react';
import { Card, Col, Empty, List, Row, Space, Spin, Tag, Typography } from 'antd';
import type { BoundContent } from '@xueban/contract/knowledge';
import { useBoundContents } from '../api/get-bound-contents.ts';

const KINDS: { type: BoundContent['type']; title: string; empty: string }[] = [
  { type: 'repository', title: '知识库', empty: '没有绑定知识库' },
  { type: 'intent', title: '意图库', empty: '没有绑定意图库' },
];

/**
 * 资源 (resource): the knowledge bases and intent libraries this robot draws on, read-only for the
 * teacher (the robot's creator changes them in robot management); `extra` is the classes' course
 * plans, composed in by the page from another feature.
 */
export function ResourceTab({ robotId, extra }: { robotId: number; extra?: ReactNode }) {
  const bound = useBoundContents(robotId);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {bound.isPending ? <Spin /> : (
        <Row gutter={[16, 16]}>
          {KINDS.map((k) => {
            const rows = (bound.data ?? []).filter((b) => b.type === k.type);
            return (
              <Col key={k.type} xs={24} lg={12}>
                <Card title={k.title} extra={<Typography.Text type="secondary">只读</Typography.Text>}>
                  {rows.length === 0 ? <Empty description={k.empty} /> : (
                    <List
                      size="small"
                      dataSource={rows}
                      renderItem={(b) => (
                        <List.Item extra={b.status ? <Tag color="success">已启用</Tag> : <Tag>已停用</Tag>}>
                          <List.Item.Meta title={b.name} description={b.info || undefined} />
                        </List.Item>
                      )}
                    />
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {extra}
    </Space>
  );
}
