import { useState } from 'react';
import { Button, Card, Form, Input, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { MSG } from '@xueban/contract/messages';
import { orgNameRules } from '../../../lib/form-rules.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useSubGroups } from '../api/sub-groups.ts';
import { useAddSubGroup } from '../api/add-sub-group.ts';

type SubGroup = NonNullable<ReturnType<typeof useSubGroups>['data']>['data'][number];
const PAGE_SIZE = 5;

/** 子组织: the organisation's branches (a campus, a grade); the admin administers each (切换组织 to enter one). */
export function SubGroups({ isSubGroup }: { isSubGroup: boolean }) {
  const [page, setPage] = useState(1);
  const list = useSubGroups({ page, limit: PAGE_SIZE });
  const add = useAddSubGroup();
  const [form] = Form.useForm<{ name: string }>();
  const columns: TableColumnsType<SubGroup> = [
    { title: '子组织名称', dataIndex: 'name' },
    { title: '成员人数', dataIndex: 'member_count', width: 110 },
    { title: '创建时间', dataIndex: 'create_time', width: 170, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
  ];
  return (
    <Card title="子组织" style={{ marginBottom: 16 }}>
      {isSubGroup ? <p>当前是子组织，子组织下不能再建子组织。</p> : (
        <Form form={form} layout="inline" style={{ marginBottom: 16 }}
          onFinish={(v) => add.mutate(v.name, { onSuccess: () => { showSuccess(MSG.created); form.resetFields(); } })}>
          <Form.Item name="name" rules={orgNameRules} validateTrigger="onBlur"><Input aria-label="子组织名称" placeholder="子组织名称（如：初中部）" maxLength={20} style={{ width: 240 }} /></Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>新建子组织</Button>
        </Form>
      )}
      <Table<SubGroup>
        rowKey="group_id" size="small" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        locale={{ emptyText: '暂无子组织' }} pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
    </Card>
  );
}
