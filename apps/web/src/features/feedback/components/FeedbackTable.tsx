import { Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import type { FeedbackRow } from '@xueban/contract/platform';
import { useFeedbackList } from '../api/get-feedback-list.ts';
import './feedback.css';
import { tablePagination } from '../../../components/table-pagination.ts';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

const PAGE_SIZE = LIMITS.pageSize.default;

/** Pictures are shown only from this server's files (design §8: no automatic fetches elsewhere). */
const ownFiles = (urls: string[]) => urls.filter((u) => /^\/api\/files\/[^/]/.test(u));

const columns: TableColumnsType<FeedbackRow> = [
  {
    title: '用户',
    dataIndex: 'truename',
    width: 140,
    render: (_, r) => (
      <>
        <div>{r.truename || '—'}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>ID {r.uid}</Typography.Text>
      </>
    ),
  },
  {
    title: '问题描述',
    dataIndex: 'content',
    render: (v: string) => (
      <Typography.Paragraph className="feedback-table-content" ellipsis={{ rows: 4, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}>
        {v}
      </Typography.Paragraph>
    ),
  },
  { title: '联系方式', dataIndex: 'contact', width: 180, render: (v: string) => v || '—' },
  {
    title: '图片',
    dataIndex: 'picture_data',
    width: 200,
    render: (urls: string[]) => {
      const own = ownFiles(urls);
      // Each thumbnail opens the file preview (zoom, rotate, download).
      return own.length ? (
        <div className="feedback-table-images">
          {own.map((u, i) => (
            <FilePreviewLink key={u} url={u} name={`反馈图片 ${i + 1}`}>
              <img src={u} width={48} height={48} alt="反馈图片" className="feedback-table-thumb" />
            </FilePreviewLink>
          ))}
        </div>
      ) : '—';
    },
  },
  { title: '提交时间', dataIndex: 'create_time', width: 160, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
];

/** The feedback received (admin-feedback, group-feedback): newest first, paged; the page is in the URL. */
export function FeedbackTable() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useFeedbackList(page, PAGE_SIZE);
  return (
    <Table<FeedbackRow>
      rowKey="id"
      columns={columns}
      dataSource={list.data?.data ?? []}
      loading={list.isFetching}
      scroll={{ x: 860 }}
      locale={{ emptyText: '暂无反馈' }}
      pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => setSearch(p > 1 ? { page: String(p) } : {}))}
    />
  );
}
