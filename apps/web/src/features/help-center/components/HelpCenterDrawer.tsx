import { useState } from 'react';
import { Collapse, Drawer, Empty, Input, Segmented, Spin } from 'antd';
import { ChatMarkdown } from '../../../components/markdown/ChatMarkdown.tsx';
import { useHelpArticles } from '../api/get-help-articles.ts';

type HelpType = 'faq' | 'release_guide';

/** 帮助中心 for users: the published articles by type (常见问题, 发布指南) with a search box; markdown rendered sanitised. */
export function HelpCenterDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [type, setType] = useState<HelpType>('faq');
  const [keyword, setKeyword] = useState('');
  const list = useHelpArticles(type, keyword, open);
  const rows = list.data ?? [];
  return (
    <Drawer open={open} onClose={onClose} title="帮助中心" width={560} className="help-center-drawer">
      <Segmented<HelpType> block value={type} onChange={setType} style={{ marginBottom: 12 }}
        options={[{ value: 'faq', label: '常见问题' }, { value: 'release_guide', label: '发布指南' }]} />
      <Input.Search allowClear placeholder="搜索帮助文章" aria-label="搜索帮助文章" style={{ marginBottom: 16 }}
        onSearch={(v) => setKeyword(v.trim())} onChange={(e) => !e.target.value && setKeyword('')} />
      {list.isPending ? <Spin /> : rows.length === 0 ? (
        <Empty description={keyword ? `没有找到与“${keyword}”相关的文章` : '暂时还没有文章'} />
      ) : (
        <Collapse accordion
          items={rows.map((a) => ({ key: a.id, label: a.title, children: <ChatMarkdown content={a.content} /> }))} />
      )}
    </Drawer>
  );
}
