import { useState } from 'react';
import { Button, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { ALERT_SOURCE_LABEL, ALERT_STATUS_LABEL, type AlertItem } from '@xueban/contract/safety';
import { SENSITIVE_CATEGORIES, SEVERITY_LABEL } from '@xueban/contract/sensitive';
import { LIMITS } from '@xueban/contract/limits';
import { pathTo } from '../../../app/paths.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useSafetyFlags } from '../api/get-safety-flags.ts';
import { useFlagFilters } from '../api/get-flag-filters.ts';
import { flagFilterQuery, parseFlagFilters, type FlagFilters } from '../lib/flag-filters.ts';
import { HandleFlagModal } from './HandleFlagModal.tsx';

const PAGE_SIZE = LIMITS.pageSize.default;
const CATEGORY_OPTIONS = SENSITIVE_CATEGORIES.map((c) => ({ value: c, label: c }));
const STATUS_OPTIONS = [
  { value: 'open', label: ALERT_STATUS_LABEL.open },
  { value: 'handled', label: ALERT_STATUS_LABEL.handled },
  { value: 'all', label: '全部状态' },
];

/** Where an alert opens the conversation: the teacher console's follow tab, at the exchange. */
export const conversationPath = (a: Pick<AlertItem, 'robot_id' | 'record_id'>) =>
  pathTo('teacher-console', { robotId: a.robot_id, tab: 'follow' }, { record_id: a.record_id ?? undefined });

/**
 * 安全预警: the alerts raised by sensitive content in students' questions and in answers, newest
 * first, 待处理 by default. `teacher`: the students of the classes the caller leads (教师控制台);
 * `group`: the whole organisation (组织后台). Filters by class, student, category and state live in
 * the URL. Each alert opens its conversation in the teacher console and can be marked handled.
 */
export function SafetyFlagTable({ scope }: { scope: 'teacher' | 'group' }) {
  const [search, setSearch] = useSearchParams();
  const filters = parseFlagFilters(search);
  const list = useSafetyFlags({ scope, limit: PAGE_SIZE, ...filters });
  const choices = useFlagFilters(scope);
  const [handling, setHandling] = useState<AlertItem | null>(null);
  const go = (next: Partial<FlagFilters>) => setSearch(flagFilterQuery({ ...filters, page: 1, ...next }));

  const columns: TableColumnsType<AlertItem> = [
    {
      title: '时间', dataIndex: 'create_time', width: 120,
      render: (v: number) => <>{dayjs.unix(v).format('YYYY-MM-DD')}<br />{dayjs.unix(v).format('HH:mm')}</>,
    },
    {
      title: '学生', key: 'student', width: 120,
      render: (_, a) => (
        <>
          <div>{a.student_name || `ID ${a.student_id}`}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.team_title || '未加入班级'}</Typography.Text>
        </>
      ),
    },
    {
      title: '分类', key: 'category', width: 100,
      render: (_, a) => (
        <Flex vertical gap={4} align="start">
          <Tag color={a.severity === 'high' ? 'red' : 'orange'}>{SEVERITY_LABEL[a.severity]}</Tag>
          <span>{a.category}</span>
        </Flex>
      ),
    },
    {
      title: '内容', key: 'content',
      render: (_, a) => (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{ALERT_SOURCE_LABEL[a.source]} · {a.robot_name} · 命中「{a.word}」</Typography.Text>
          <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}>
            {a.source === 'question' ? a.excerpt : `${a.excerpt}【${a.matched}】`}
          </Typography.Paragraph>
        </>
      ),
    },
    {
      title: '状态', key: 'status', width: 140,
      render: (_, a) => a.status === 'open'
        ? <Tag color="gold">{ALERT_STATUS_LABEL.open}</Tag>
        : (
          <>
            <Tag color="green">{ALERT_STATUS_LABEL.handled}</Tag>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
              {a.handler_name} {dayjs.unix(a.handled_time).format('MM-DD HH:mm')}{a.note ? `：${a.note}` : ''}
            </Typography.Paragraph>
          </>
        ),
    },
    {
      title: '操作', key: 'op', width: 110,
      render: (_, a) => (
        <Flex vertical align="start" gap={4}>
          <Link to={conversationPath(a)}>查看对话</Link>
          {a.status === 'open' && <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setHandling(a)}>标记已处理</Button>}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Select
          aria-label="按班级筛选" placeholder="全部班级" allowClear style={{ width: 180 }} value={filters.team_id}
          options={(choices.data?.teams ?? []).map((t) => ({ value: t.id, label: `${t.title}（${t.robot_name}）` }))}
          onChange={(v?: number) => go({ team_id: v })}
        />
        <Select
          aria-label="按学生筛选" placeholder="全部学生" allowClear showSearch optionFilterProp="label" style={{ width: 160 }} value={filters.student_id}
          options={(choices.data?.students ?? []).map((s) => ({ value: s.id, label: s.name || `ID ${s.id}` }))}
          onChange={(v?: number) => go({ student_id: v })}
        />
        <Select
          aria-label="按分类筛选" placeholder="全部分类" allowClear style={{ width: 130 }} value={filters.category}
          options={CATEGORY_OPTIONS} onChange={(v?: FlagFilters['category']) => go({ category: v })}
        />
        <Select
          aria-label="按状态筛选" style={{ width: 120 }} value={filters.status ?? 'all'} options={STATUS_OPTIONS}
          onChange={(v: string) => go({ status: v === 'all' ? undefined : (v as FlagFilters['status']) })}
        />
      </Flex>
      <Table<AlertItem>
        rowKey="id"
        columns={columns}
        scroll={{ x: 860 }}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        locale={{ emptyText: filters.status === 'open' ? '暂无待处理的预警' : '暂无预警' }}
        pagination={tablePagination(filters.page, PAGE_SIZE, list.data?.total ?? 0, (page) => go({ page }))}
      />
      <HandleFlagModal alert={handling} onClose={() => setHandling(null)} />
    </>
  );
}
