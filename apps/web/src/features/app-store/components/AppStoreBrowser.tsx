import { useState } from 'react';
import { Button, Card, Col, Empty, Form, Image, Input, InputNumber, Modal, Pagination, Row, Space, Spin, Tag, Typography } from 'antd';
import type { StoreApp } from '@xueban/contract/app-store';
import { APP_KIND_LABEL, priceLabel } from '@xueban/contract/constants/app-store';
import { showSuccess } from '../../../lib/toast.ts';
import { useInstallStoreApp } from '../api/install-store-app.ts';
import { useStoreApps } from '../api/store-list.ts';
import { AppIcon } from './DeveloperAppList.tsx';

const PAGE_SIZE = 12;

/**
 * 应用商店 (from the group area's app list): approved apps of every developer; 安装 copies the
 * app's robot into this organisation with the seats bought. `onInstalled` lets the page refresh
 * the installed list.
 */
export function AppStoreBrowser({ onInstalled }: { onInstalled?: () => void }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useStoreApps({ page, limit: PAGE_SIZE, keyword: keyword || undefined });
  const [viewing, setViewing] = useState<StoreApp | null>(null);
  const [installing, setInstalling] = useState<StoreApp | null>(null);
  const install = useInstallStoreApp();
  const [form] = Form.useForm<{ seats: number }>();

  const apps = list.data?.data ?? [];
  return (
    <>
      <Input.Search placeholder="搜索应用" allowClear enterButton="搜索" style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
      {list.isLoading ? <Spin /> : apps.length === 0 ? <Empty description={keyword ? '没有找到相关应用' : '应用商店暂时还没有上架的应用'} /> : (
        <Row gutter={[16, 16]}>
          {apps.map((a) => (
            <Col key={a.id} xs={24} sm={12} xl={8}>
              <Card hoverable onClick={() => setViewing(a)} aria-label={a.name}
                actions={[
                  a.installed
                    ? <Tag key="i" color="green">已安装</Tag>
                    : <Button key="i" type="link" onClick={(e) => { e.stopPropagation(); setInstalling(a); }}>安装</Button>,
                ]}>
                <Card.Meta avatar={<AppIcon name={a.name} icon={a.icon} size={48} />} title={a.name}
                  description={<>
                    <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 4, minHeight: 44 }}>{a.intro || a.description || '—'}</Typography.Paragraph>
                    <Space size={4} wrap><Tag>{APP_KIND_LABEL[a.kind]}</Tag><Tag color={a.price_fen ? 'gold' : 'green'}>{priceLabel(a.price_fen)}</Tag>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.install_count} 个组织在用</Typography.Text></Space>
                  </>} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {(list.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination style={{ marginTop: 16 }} current={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
      <Modal open={!!viewing} title={viewing?.name} footer={viewing && !viewing.installed
        ? <Button type="primary" onClick={() => { setInstalling(viewing); setViewing(null); }}>安装</Button> : null}
        onCancel={() => setViewing(null)} width={680} destroyOnHidden>
        {viewing && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space><AppIcon name={viewing.name} icon={viewing.icon} size={56} />
              <span>{priceLabel(viewing.price_fen)}<br /><Typography.Text type="secondary">开发者：{viewing.developer}（{viewing.group_name}）</Typography.Text></span></Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.description || viewing.intro || '暂无介绍'}</Typography.Paragraph>
            {viewing.screenshots.length > 0 && <Image.PreviewGroup><Space wrap>{viewing.screenshots.map((s) => <Image key={s} src={s} width={180} />)}</Space></Image.PreviewGroup>}
          </Space>
        )}
      </Modal>
      <Modal open={!!installing} title={`安装「${installing?.name ?? ''}」`} okText="安装" cancelText="取消" onCancel={() => setInstalling(null)}
        onOk={() => form.submit()} okButtonProps={{ loading: install.isPending }} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ seats: 50 }}
          onFinish={(v) => installing && install.mutate({ id: installing.id, seats: v.seats }, {
            onSuccess: () => { showSuccess('安装成功，本组织成员现在就可以使用'); setInstalling(null); onInstalled?.(); },
          })}>
          <Typography.Paragraph type="secondary">
            安装会把应用的机器人{installing?.kind === 'solution' ? '及解决方案内容' : '及其知识库'}复制到本组织，成员可以立即使用。
            {installing && installing.price_fen > 0 && ` 价格 ${priceLabel(installing.price_fen)}，按席位数计费，由平台运营人员线下结算。`}
          </Typography.Paragraph>
          <Form.Item name="seats" label="席位数" rules={[{ required: true, message: '请输入席位数' }]}><InputNumber min={1} max={100000} precision={0} /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
