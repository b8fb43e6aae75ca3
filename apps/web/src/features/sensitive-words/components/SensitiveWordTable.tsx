import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Select, Space, Table, Tag, message, type TableColumnsType } from 'antd';
import { DeleteOutlined, ImportOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { SENSITIVE_CATEGORIES, SENSITIVE_LIMITS, SEVERITY_LABEL, type SensitiveCategory, type SensitiveWordItem } from '@xueban/contract/sensitive';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { useSensitiveWords } from '../api/get-sensitive-words.ts';
import { useDeleteSensitiveWords } from '../api/delete-sensitive-words.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { AddWordModal } from './AddWordModal.tsx';
import { ImportWordsModal } from './ImportWordsModal.tsx';
import { ModerationModelModal } from './ModerationModelModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import type { WordList } from '../api/word-list.ts';
import { CATEGORY_OPTIONS } from './WordClassFields.tsx';

const PAGE_SIZE = LIMITS.pageSize.default;

const isCategory = (v: string | null): v is SensitiveCategory => (SENSITIVE_CATEGORIES as readonly (string | null)[]).includes(v);

/**
 * A sensitive-word list, newest first: the platform's (/admin/settings/sensitive, `platform`) or an
 * organisation's own words (/group/safety/sensitive, `group`), which apply to its conversations
 * only. Questions containing a listed word — also disguised: spaced, traditional, in pinyin — are
 * refused, answers are cut before one, and the student's teachers are alerted. Keyword, category
 * and page live in the URL; the selection survives paging, so words can be deleted across pages.
 */
export function SensitiveWordTable({ list: kind = 'platform' }: { list?: WordList }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const keyword = search.get('keyword') ?? '';
  const rawCategory = search.get('category');
  const category = isCategory(rawCategory) ? rawCategory : undefined;
  const list = useSensitiveWords(kind, { page, limit: PAGE_SIZE, keyword: keyword || undefined, category });
  const remove = useDeleteSensitiveWords(kind);
  const [typed, setTyped] = useState(keyword);
  const [selected, setSelected] = useState<number[]>([]);
  const [modal, setModal] = useState<'add' | 'import' | 'moderation' | null>(null);
  // The hook's confirm follows the app's ConfigProvider (locale, button spacing); the static one would not.
  const [confirmModal, confirmHolder] = Modal.useModal();

  const go = (next: { page?: number; keyword?: string; category?: string | null }) => {
    const kw = next.keyword ?? keyword;
    const cat = next.category === undefined ? category : next.category;
    const p = next.page ?? 1;
    setSearch({ ...(kw ? { keyword: kw } : {}), ...(cat ? { category: cat } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  const deleteIds = (ids: number[]) =>
    remove.mutateAsync(ids).then(() => {
      showSuccess(MSG.deleted);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      // Emptied the last page: step back one.
      const left = (list.data?.total ?? 0) - ids.length;
      if (page > 1 && left <= (page - 1) * PAGE_SIZE) go({ page: page - 1 });
    });

  const confirmBulk = () => {
    if (!selected.length) return void message.error(MSG.sensitiveDeleteNone);
    void confirmModal.confirm({
      title: MSG.sensitiveDeleteConfirm,
      content: `共 ${selected.length} 个`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => deleteIds(selected),
    });
  };

  const columns: TableColumnsType<SensitiveWordItem> = [
    { title: '敏感词', dataIndex: 'word' },
    { title: '分类', dataIndex: 'category', width: 100 },
    {
      title: '级别', dataIndex: 'severity', width: 100,
      render: (v: SensitiveWordItem['severity']) => <Tag color={v === 'high' ? 'red' : 'default'}>{SEVERITY_LABEL[v]}</Tag>,
    },
    { title: '添加时间', dataIndex: 'create_time', width: 180, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作', key: 'op', width: 100,
      render: (_, r) => (
        <Popconfirm title={`确定删除“${r.word}”？`} okText="删除" cancelText="取消" onConfirm={() => deleteIds([r.id])}>
          <Button type="link" size="small" danger>删除</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            aria-label="搜索敏感词"
            placeholder="搜索敏感词"
            allowClear
            maxLength={SENSITIVE_LIMITS.wordMax}
            style={{ width: 260 }}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => go({ keyword: v.trim(), page: 1 })}
          />
          <Select
            aria-label="按分类筛选"
            placeholder="全部分类"
            allowClear
            style={{ width: 140 }}
            options={CATEGORY_OPTIONS}
            value={category}
            onChange={(v?: string) => go({ category: v ?? null, page: 1 })}
          />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal('add')}>添加</Button>
          <Button icon={<ImportOutlined />} onClick={() => setModal('import')}>批量导入</Button>
          {kind === 'platform' && <Button icon={<SafetyOutlined />} onClick={() => setModal('moderation')}>审核模型</Button>}
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} loading={remove.isPending} onClick={confirmBulk}>
            删除{selected.length ? `（${selected.length}）` : ''}
          </Button>
        </Space>
      </Flex>
      <Table<SensitiveWordItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
        }}
        locale={{ emptyText: keyword ? '没有找到相关敏感词' : '暂无敏感词' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => go({ page: p }))}
      />
      <AddWordModal list={kind} open={modal === 'add'} onClose={() => setModal(null)} />
      <ImportWordsModal list={kind} open={modal === 'import'} onClose={() => setModal(null)} />
      {kind === 'platform' && <ModerationModelModal open={modal === 'moderation'} onClose={() => setModal(null)} />}
      {confirmHolder}
    </>
  );
}
