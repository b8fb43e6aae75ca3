import { Button, Card, Col, Dropdown, Flex, Row, Tag, Typography } from 'antd';
import { AimOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import type { IntentItem } from '@xueban/contract/intents';
import { INTENT_CARDS } from '@xueban/contract/limits';

/** Column span of a card: INTENT_CARDS.perRow (3) per row, 1 on the external dialogue; 1 on a phone. */
export const cardSpan = (external?: boolean) => 24 / (external ? INTENT_CARDS.perRowExternal : INTENT_CARDS.perRow);

/** Intent cards: name, keywords and how many recommend parts; edit and delete when given. */
export function IntentCardGrid({ intents, external, onOpen, onEdit, onDelete }: {
  intents: IntentItem[];
  external?: boolean;
  onOpen?: (i: IntentItem) => void;
  onEdit?: (i: IntentItem) => void;
  onDelete?: (i: IntentItem) => void;
}) {
  const span = cardSpan(external);
  return (
    <Row gutter={[16, 16]} data-testid="intent-grid">
      {intents.map((i) => (
        <Col key={i.id} xs={24} md={span} data-testid="intent-card">
          <Card
            hoverable={!!onOpen}
            size="small"
            onClick={onOpen ? () => onOpen(i) : undefined}
            style={{ height: '100%' }}
            styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }}
          >
            <Flex align="center" gap={8}>
              <AimOutlined style={{ color: '#3370ff' }} aria-hidden />
              <Typography.Text strong ellipsis={{ tooltip: i.name }} style={{ flex: 1 }}>{i.name}</Typography.Text>
              {(onEdit || onDelete) && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      ...(onEdit ? [{ key: 'edit', icon: <EditOutlined />, label: '编辑' }] : []),
                      ...(onDelete ? [{ key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true }] : []),
                    ],
                    onClick: ({ key, domEvent }) => {
                      domEvent.stopPropagation();
                      if (key === 'edit') onEdit?.(i);
                      else onDelete?.(i);
                    },
                  }}
                >
                  <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={`${i.name} 更多操作`} onClick={(e) => e.stopPropagation()} />
                </Dropdown>
              )}
            </Flex>
            {i.info && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{i.info}</Typography.Paragraph>}
            <Flex gap={4} wrap style={{ marginTop: 'auto' }}>
              {i.keywords.slice(0, 4).map((k) => <Tag key={k} variant="filled">{k}</Tag>)}
              {i.keywords.length > 4 && <Tag variant="filled">+{i.keywords.length - 4}</Tag>}
              <Tag variant="filled" color={i.content_count ? 'blue' : 'default'}>推荐内容 {i.content_count}</Tag>
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
