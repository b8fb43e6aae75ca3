import { useState } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { PUBLISH_SCOPE_LABEL, type Publication } from '@xueban/contract/resources';
import { pathTo } from '../../../app/paths.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useMyPublications } from '../api/get-my-publications.ts';
import { useWithdrawPublication } from '../api/withdraw-publication.ts';
import { KindTag, StatusTag, timeText } from './labels.tsx';

/** 我的发布: what I published, its review status (with the reason of a rejection), views and copies. */
export function MyPublications({ kind }: { kind?: Publication['kind'] }) {
  const [page, setPage] = useState(1);
  const list = useMyPublications({ page, limit: 10, ...(kind ? { kind } : {}) });
  const withdraw = useWithdrawPublication();
  const [confirm, holder] = useConfirm();
  return (
    <>
      {holder}
      <Table<Publication>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: '还没有发布内容' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: '名称', dataIndex: 'title', render: (t: string, p) => <Link to={pathTo('published-content-detail', { id: p.id })}>{t}</Link> },
          { title: '类型', dataIndex: 'kind', render: (k: Publication['kind']) => <KindTag kind={k} /> },
          { title: '发布到', dataIndex: 'scope', render: (s: Publication['scope']) => PUBLISH_SCOPE_LABEL[s] },
          {
            title: '状态', dataIndex: 'status',
            render: (s: number, p) => <Space direction="vertical" size={0}><StatusTag status={s} />{p.reason && <Typography.Text type="danger">{p.reason}</Typography.Text>}</Space>,
          },
          { title: '浏览', dataIndex: 'view_num' },
          { title: '复制', dataIndex: 'copy_num' },
          { title: '提交时间', dataIndex: 'create_time', render: timeText },
          {
            title: '操作', key: 'op',
            render: (_, p) => (
              <Button
                type="link" danger
                onClick={() => confirm({
                  title: `确定撤回“${p.title}”？`, content: '撤回后资源中心不再展示它，已被复制的副本不受影响。',
                  okText: '撤回', okButtonProps: { danger: true }, cancelText: '取消',
                  onOk: () => withdraw.mutateAsync(p.id).then(() => showSuccess(MSG.done)),
                })}
              >撤回</Button>
            ),
          },
        ]}
      />
    </>
  );
}
