import { Avatar, Button, Input, Segmented, Space, Table, Tag, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import type { AdminRobotRow } from '@xueban/contract/admin';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useAdminRobotList } from '../api/get-robot-list.ts';
import { useHandleRobot } from '../api/handle-robot.ts';
import { useDeleteAdminRobot } from '../api/delete-robot.ts';

const PAGE_SIZE = 10;
type Action = 'hide' | 'show' | 'close' | 'open' | 'off_square' | 'official' | 'unofficial';

/** The state a manager reads at a glance: 停用 / 关闭 / 下架 and where it is listed. */
function StateTags({ r }: { r: AdminRobotRow }) {
  return (
    <Space size={2} wrap>
      {!r.is_show && <Tag>已停用</Tag>}
      {!!r.is_close && <Tag color="orange">已关闭</Tag>}
      {!r.online_status && <Tag>已下架</Tag>}
      {!!r.is_show && !r.is_close && !!r.online_status && <Tag color="green">正常</Tag>}
      {!!r.is_official && <Tag color="gold">官方</Tag>}
    </Space>
  );
}
const releaseLabel = (r: AdminRobotRow) => [r.is_public === 1 && '机器人广场', r.is_public === 2 && '组织内公开', r.is_template && '模板库'].filter(Boolean).join('、') || '未发布';

/**
 * Every robot of the platform (scope admin) or of the caller's organisation (scope group) with its
 * organisation, owner, state, release state and questions; 停用, 关闭, 从广场下架 and 删除 with the
 * spec's confirmation. `detailHref` opens the robot's management tabs.
 */
export function RobotAdminTable({ scope, detailHref }: { scope: 'admin' | 'group'; detailHref: (id: number) => string }) {
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('keyword') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const official = search.get('official') === '1';
  const list = useAdminRobotList({ scope, page, limit: PAGE_SIZE, keyword: keyword || undefined, official: official ? 1 : undefined });
  const handle = useHandleRobot();
  const remove = useDeleteAdminRobot();
  const [confirm, confirmHolder] = useConfirm();
  const [toast, toastHolder] = message.useMessage();

  const act = (r: AdminRobotRow, action: Action, title: string) => confirm({
    title, okText: '确定', cancelText: '取消',
    onOk: () => handle.mutateAsync({ id: r.id, action, scope }).then(() => void toast.success(MSG.done)),
  });
  const del = (r: AdminRobotRow) => confirm({
    title: `删除机器人「${r.name}」？`, content: MSG.confirmDeleteRobot, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
    onOk: () => remove.mutateAsync({ id: r.id, scope }).then(() => void toast.success(MSG.deleted)),
  });

  const columns: TableColumnsType<AdminRobotRow> = [
    { title: '机器人', dataIndex: 'name', width: 220, render: (_, r) => (
      <Space><Avatar size={32} src={r.avatar || undefined}>{r.name.slice(0, 1)}</Avatar><Link to={detailHref(r.id)}>{r.name}</Link></Space>
    ) },
    ...(scope === 'admin' ? [{ title: '组织', dataIndex: 'group_name', width: 140 }] : []),
    { title: '创建者', dataIndex: 'owner_name', width: 130 },
    { title: '状态', key: 'state', width: 110, render: (_, r) => <StateTags r={r} /> },
    { title: '发布', key: 'release', width: 130, render: (_, r) => releaseLabel(r) },
    { title: '提问数', dataIndex: 'question_count', width: 90 },
    { title: '创建时间', dataIndex: 'create_time', width: 120, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD') },
    { title: '操作', key: 'ops', width: 320, render: (_, r) => (
      <Space size={0} wrap>
        <Link to={detailHref(r.id)} style={{ padding: '0 7px' }}>管理</Link>
        {r.is_show
          ? <Button size="small" type="link" onClick={() => act(r, 'hide', `停用「${r.name}」？停用后用户无法使用该机器人。`)}>停用</Button>
          : <Button size="small" type="link" onClick={() => act(r, 'show', `启用「${r.name}」？`)}>启用</Button>}
        {r.is_close
          ? <Button size="small" type="link" onClick={() => act(r, 'open', `开启「${r.name}」？`)}>开启</Button>
          : <Button size="small" type="link" onClick={() => act(r, 'close', `关闭「${r.name}」？关闭后对话显示“机器人已关闭”。`)}>关闭</Button>}
        {(r.is_public === 1 || !!r.is_template) && (
          <Button size="small" type="link" onClick={() => act(r, 'off_square', `将「${r.name}」从机器人广场和模板库下架？`)}>下架</Button>
        )}
        {scope === 'admin' && (r.is_official
          ? <Button size="small" type="link" onClick={() => act(r, 'unofficial', `取消「${r.name}」的官方标记？`)}>取消官方</Button>
          : <Button size="small" type="link" onClick={() => act(r, 'official', `将「${r.name}」设为官方机器人？所有组织都能在机器人广场使用它。`)}>设为官方</Button>)}
        <Button size="small" type="link" danger onClick={() => del(r)}>删除</Button>
      </Space>
    ) },
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search allowClear placeholder="搜索机器人名称" defaultValue={keyword} style={{ width: 260 }} aria-label="搜索机器人"
          onSearch={(v) => setSearch({ ...(v ? { keyword: v } : {}), ...(official ? { official: '1' } : {}) })} />
        {scope === 'admin' && (
          <Segmented value={official ? '1' : '0'} options={[{ value: '0', label: '全部机器人' }, { value: '1', label: '官方机器人' }]}
            onChange={(v) => setSearch({ ...(keyword ? { keyword } : {}), ...(v === '1' ? { official: '1' } : {}) })} />
        )}
      </Space>
      <Table<AdminRobotRow> rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        scroll={{ x: 1240 }} locale={{ emptyText: '暂无机器人' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => setSearch({ ...(keyword ? { keyword } : {}), page: String(p) }))} />
      {confirmHolder}{toastHolder}
    </>
  );
}
