import { Alert, Button, Card, Col, Descriptions, Empty, Image, Row, Space, Spin, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { APP_KIND_LABEL, APP_STATUS, priceLabel } from '@xueban/contract/constants/app-store';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useDevApp } from '../api/dev-app-detail.ts';
import { useSubmitApp } from '../api/submit-app.ts';
import { canSubmit, statusTag } from '../lib/app-status.ts';
import { AppIcon } from './DeveloperAppList.tsx';

const when = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');

/** 应用详情 (/developer/user-app-detail?id=): one of my apps, its review and what it has done. */
export function DeveloperAppDetail({ id }: { id: number }) {
  const app = useDevApp(id);
  const submit = useSubmitApp();
  if (app.isLoading) return <Spin />;
  if (!app.data) return <Empty description="应用不存在" />;
  const a = app.data;
  const tag = statusTag(a.status);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {a.status === APP_STATUS.REJECTED && <Alert type="error" showIcon message={`审核未通过：${a.reject_reason}`} description="修改后可以再次提交审核。" />}
      {a.status === APP_STATUS.PENDING && <Alert type="warning" showIcon message="审核中：超级管理员审核通过后，应用会出现在应用商店。" />}
      {a.status === APP_STATUS.APPROVED && <Alert type="success" showIcon message="已上架：各组织管理员可以在应用商店安装。" />}
      <Card>
        <Space align="start" size="large" wrap>
          <AppIcon name={a.name} icon={a.icon} size={72} />
          <div>
            <Typography.Title level={4} style={{ marginTop: 0 }}>{a.name} <Tag color={tag.color}>{tag.label}</Tag></Typography.Title>
            <Typography.Paragraph type="secondary">{a.intro || '—'}</Typography.Paragraph>
            <Space>
              <Link to={pathTo('app-manage', { id: a.id })}><Button>编辑</Button></Link>
              {canSubmit(a.status) && (
                <Button type="primary" loading={submit.isPending} onClick={() => submit.mutate({ id: a.id }, { onSuccess: () => showSuccess(MSG.applyPending) })}>提交审核</Button>
              )}
            </Space>
          </div>
        </Space>
      </Card>
      <Row gutter={16}>
        <Col xs={12} md={6}><Card><Statistic title="安装组织（累计）" value={a.installs} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title="在用安装" value={a.active_installs} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title="在用席位" value={a.seats} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title="服务问答数" value={a.questions} /></Card></Col>
      </Row>
      <Card title="应用信息">
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="类型">{APP_KIND_LABEL[a.kind]}</Descriptions.Item>
          <Descriptions.Item label="打包内容">{a.source_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="价格">{priceLabel(a.price_fen)}</Descriptions.Item>
          <Descriptions.Item label="开发者">{a.developer}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{when(a.create_time)}</Descriptions.Item>
          <Descriptions.Item label="提交审核">{when(a.submit_time)}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{when(a.review_time)}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{a.description || '暂无介绍'}</Typography.Paragraph>
        {a.screenshots.length > 0 && <Image.PreviewGroup><Space wrap>{a.screenshots.map((s) => <Image key={s} src={s} width={160} />)}</Space></Image.PreviewGroup>}
      </Card>
    </Space>
  );
}
