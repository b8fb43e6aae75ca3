import { Alert, Button, Card, Empty, Form, Space, Spin } from 'antd';
import { Link } from 'react-router';
import { APP_STATUS } from '@xueban/contract/constants/app-store';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useDevApp } from '../api/dev-app-detail.ts';
import { useSubmitApp } from '../api/submit-app.ts';
import { useUpdateApp } from '../api/update-app.ts';
import { canSubmit } from '../lib/app-status.ts';
import { AppListingFields, listingBody, listingInitial, type ListingValues } from './AppListingFields.tsx';

/** 应用管理 (/appManage/{id}): edit an app's listing (not while it is in review) and submit it. */
export function AppManageForm({ id }: { id: number }) {
  const app = useDevApp(id);
  const update = useUpdateApp();
  const submit = useSubmitApp();
  const [form] = Form.useForm<ListingValues>();
  if (app.isLoading) return <Spin />;
  if (!app.data) return <Empty description="应用不存在" />;
  const a = app.data;
  const pending = a.status === APP_STATUS.PENDING;
  return (
    <Card style={{ maxWidth: 760 }}>
      {pending && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="审核中的应用不能修改，请先在开发者中心撤回。" />}
      {a.status === APP_STATUS.APPROVED && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="已上架：保存后应用商店立即显示新的信息和价格。" />}
      <Form<ListingValues> form={form} layout="vertical" disabled={pending} initialValues={listingInitial(a)}
        onFinish={(v) => update.mutate({ id, ...listingBody(v) }, { onSuccess: () => showSuccess(MSG.updated) })}>
        <AppListingFields withSource={false} />
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending}>保存</Button>
          {canSubmit(a.status) && (
            <Button loading={submit.isPending} onClick={() => submit.mutate({ id }, { onSuccess: () => showSuccess(MSG.applyPending) })}>提交审核</Button>
          )}
          <Link to={pathTo('developer-app-detail', {}, { id })}>查看详情</Link>
        </Space>
      </Form>
    </Card>
  );
}
