import { useState } from 'react';
import { Alert, Button, Flex, Modal, Popconfirm, Table, Tag, Typography, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ApiKeyItem, ApiKeyKindName } from '@xueban/contract/robot-api';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { KIND_LABELS, snippetFor } from '../lib/snippets.ts';
import { CreateApiKeyModal } from './CreateApiKeyModal.tsx';

const STATUS: Record<ApiKeyItem['status'], [string, string]> = { active: ['有效', 'green'], revoked: ['已吊销', 'default'], expired: ['已过期', 'orange'] };
const KIND_COLORS: Record<ApiKeyKindName, string> = { api: 'blue', embed: 'purple', share: 'cyan' };
const time = (s: number | null) => (s ? new Date(s * 1000).toLocaleString('zh-CN', { hour12: false }) : '—');

const SHOWN_ONCE: Record<ApiKeyKindName, string> = {
  api: '请立即复制并妥善保存密钥，关闭后将无法再次查看。调用方式与 OpenAI 接口相同：model 填机器人编码。',
  embed: '把下面这一行放进允许的网站页面中，右下角会出现聊天气泡。关闭后将无法再次查看。',
  share: '复制下面的链接发给访客，无需登录即可对话，到期后失效。关闭后将无法再次查看。',
};

/**
 * API 密钥 (issue 25): the creator issues keys for servers and scripts, embed keys for other sites
 * and share links; each key's limits, use and status; revoke. A key is shown once, at creation.
 */
export function ApiKeysPanel({ robot }: { robot: { id: number; code: string } }) {
  const keys = useApiKeys(robot.id);
  const revoke = useRevokeApiKey(robot.id);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ kind: ApiKeyKindName; secret: string } | null>(null);

  const secondary = (text: string) => <Typography.Text type="secondary" style={{ fontSize: 12 }}>{text}</Typography.Text>;
  const columns: TableColumnsType<ApiKeyItem> = [
    {
      title: '名称', dataIndex: 'name',
      render: (name: string, k) => <Flex vertical align="flex-start" gap={2}>{name}<Tag color={KIND_COLORS[k.kind]}>{KIND_LABELS[k.kind]}</Tag></Flex>,
    },
    { title: '密钥', dataIndex: 'prefix', render: (p: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{p}…</Typography.Text> },
    {
      title: '允许的来源', dataIndex: 'allowed_origins',
      render: (o: string[], k) => (k.kind === 'share' ? '—' : o.length ? o.map((x) => <div key={x}>{x}</div>) : secondary('仅服务器调用')),
    },
    {
      title: '提问上限', key: 'limits',
      render: (_, k) => <Flex vertical>{`${k.per_minute} 次/分钟`}<span>{`${k.per_day} 次/天`}</span>{k.kind !== 'api' && secondary('每位访客')}</Flex>,
    },
    {
      title: '使用', key: 'used',
      render: (_, k) => <Flex vertical>{`今日 ${k.used_today} · 累计 ${k.used_total}`}{secondary(`最近 ${time(k.last_used_time)}`)}</Flex>,
    },
    {
      title: '状态', dataIndex: 'status',
      render: (s: ApiKeyItem['status'], k) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>
          {secondary(k.expire_time ? `有效期至 ${time(k.expire_time)}` : '长期有效')}
        </Flex>
      ),
    },
    {
      title: '操作', key: 'op', width: 80,
      render: (_, k) => k.status === 'revoked' ? null : (
        <Popconfirm
          title={`确定吊销「${k.name}」？`} description="吊销后使用该密钥的调用会立即失败" okText="吊销" cancelText="取消"
          onConfirm={() => revoke.mutateAsync(k.id).then(() => void message.success('已吊销'))}
        >
          <Button type="link" danger size="small">吊销</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div aria-label="API 密钥">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16}>
        <Typography.Text type="secondary">
          机器人可以像模型一样被调用：接口地址 <Typography.Text code copyable>{`${window.location.origin}/v1`}</Typography.Text>
          ，模型名 <Typography.Text code copyable>{robot.code}</Typography.Text>
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>新建密钥</Button>
      </Flex>
      <Table rowKey="id" size="middle" loading={keys.isPending} columns={columns} dataSource={keys.data ?? []} pagination={false}
        locale={{ emptyText: '还没有密钥：新建一个 API 密钥、网页嵌入或分享链接' }} />
      <CreateApiKeyModal robotId={robot.id} open={creating} onClose={() => setCreating(false)} onCreated={(kind, secret) => { setCreating(false); setMade({ kind, secret }); }} />
      <Modal title="密钥已创建" open={!!made} onCancel={() => setMade(null)} footer={<Button type="primary" onClick={() => setMade(null)}>我已保存</Button>} width={640}>
        {made && (
          <Flex vertical gap={12}>
            <Alert type="warning" showIcon message={SHOWN_ONCE[made.kind]} />
            {made.kind === 'api' && <Typography.Paragraph copyable={{ text: made.secret }} code style={{ wordBreak: 'break-all', marginBottom: 0 }} aria-label="新密钥">{made.secret}</Typography.Paragraph>}
            <Typography.Paragraph copyable={{ text: snippetFor(made.kind, made.secret, robot) }} style={{ marginBottom: 0 }}>
              <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }} aria-label="使用方式">{snippetFor(made.kind, made.secret, robot)}</pre>
            </Typography.Paragraph>
          </Flex>
        )}
      </Modal>
    </div>
  );
}
