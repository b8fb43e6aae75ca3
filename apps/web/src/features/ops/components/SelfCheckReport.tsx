import { Button, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useSelfCheck } from '../api/self-check.ts';

/** /test: the operator's self-check — database, queue, storage, model and search, version. */
export function SelfCheckReport() {
  const check = useSelfCheck();
  const r = check.data;
  const failing = r?.checks.filter((c) => !c.ok).length ?? 0;
  return (
    <>
      <Card style={{ marginBottom: 16 }} loading={check.isLoading}
        extra={<Button icon={<SyncOutlined spin={check.isFetching} />} onClick={() => void check.refetch()}>重新检查</Button>}
        title={r ? (failing === 0 ? <Tag color="green">全部正常</Tag> : <Tag color="red">{failing} 项异常</Tag>) : '运行自检'}>
        {r && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
            { key: 'v', label: '版本', children: <Typography.Text code>{r.version}</Typography.Text> },
            { key: 'n', label: 'Node.js', children: r.node },
            { key: 'u', label: '已运行', children: `${Math.floor(r.uptime / 3600)} 小时 ${Math.floor((r.uptime % 3600) / 60)} 分` },
          ]} />
        )}
      </Card>
      <Card title="检查项" loading={check.isLoading}>
        <List
          dataSource={r?.checks ?? []}
          locale={{ emptyText: '暂无检查结果' }}
          renderItem={(c) => (
            <List.Item aria-label={c.label} extra={<Typography.Text type="secondary">{c.ms} ms</Typography.Text>}>
              <List.Item.Meta
                avatar={c.ok ? <CheckCircleOutlined style={{ color: '#52c41a', fontSize: 20 }} /> : <CloseCircleOutlined style={{ color: '#ff4d4f', fontSize: 20 }} />}
                title={<Space>{c.label}{c.ok ? <Tag color="green">正常</Tag> : <Tag color="red">异常</Tag>}</Space>}
                description={c.detail}
              />
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
