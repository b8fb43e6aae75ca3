import { useEffect, useState } from 'react';
import { Button, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, BookOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../app/paths.ts';
import { ApiError, showError } from '../../lib/api.ts';
import { useKnowledgeBase } from '../../features/knowledge/api/get-knowledge-base.ts';
import { DocumentTable } from '../../features/knowledge/components/DocumentTable.tsx';
import { HitTestPanel } from '../../features/knowledge/components/HitTestPanel.tsx';
import { KnowledgeBaseFormModal } from '../../features/knowledge/components/KnowledgeBaseFormModal.tsx';
import { TrainingProgress } from '../../features/knowledge/components/TrainingProgress.tsx';
import { useTrainingFollow } from '../../features/knowledge/hooks/use-training-follow.ts';

/**
 * /repository/content/{id}: one knowledge base — its name and counts, its training progress while
 * documents train (in view on both tabs), then 文档 (documents, import, chunks) and 命中测试. An unknown base says 知识库不存在 and goes to the list.
 */
export default function KnowledgeContentPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const base = useKnowledgeBase(id);
  const training = useTrainingFollow(id);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'hit' ? 'hit' : 'docs';
  const [editing, setEditing] = useState(false);
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(pathTo('repository'));
  };

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      showError(MSG.kbNotFound);
      void navigate(pathTo('repository'), { replace: true });
    } else if (base.error instanceof ApiError && base.error.code === Code.NOT_FOUND) {
      void navigate(pathTo('repository'), { replace: true });
    }
  }, [id, base.error, navigate]);

  const b = base.data;
  return (
    <section className="area-page" aria-labelledby="kb-title">
      <header className="area-page-header" style={{ marginBottom: 12 }}>
        <Flex align="center" gap={12} style={{ minWidth: 0 }}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />
          <span aria-hidden style={{ width: 40, height: 40, borderRadius: 8, background: '#eef4ff', color: '#3370ff', display: 'grid', placeItems: 'center', fontSize: 20, flex: 'none' }}>
            <BookOutlined />
          </span>
          <Flex vertical style={{ minWidth: 0 }}>
            <Space size={8} align="center">
              <h1 id="kb-title" style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{b?.name ?? '知识库'}</h1>
              {b && <Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑知识库" onClick={() => setEditing(true)} />}
            </Space>
            {b?.info && <Typography.Text type="secondary" ellipsis={{ tooltip: b.info }}>{b.info}</Typography.Text>}
          </Flex>
        </Flex>
        {b && (
          <Space size={4} wrap>
            <Tag variant="filled">文档 {b.doc_count}</Tag>
            <Tag variant="filled">分段 {b.chunk_count}</Tag>
            {b.robot_count > 0 && <Tag variant="filled" color="blue">关联机器人 {b.robot_count}</Tag>}
          </Space>
        )}
      </header>
      <div className="area-page-body" style={{ padding: '8px 24px 24px' }}>
        <TrainingProgress tasks={training.data} />
        {Number.isInteger(id) && id > 0 && (
          <Tabs
            activeKey={tab}
            onChange={(k) => setSearch(k === 'hit' ? { tab: 'hit' } : {}, { replace: true })}
            items={[
              { key: 'docs', label: '文档', children: <DocumentTable repositoryId={id} /> },
              { key: 'hit', label: '命中测试', children: <HitTestPanel repositoryId={id} /> },
            ]}
          />
        )}
      </div>
      <KnowledgeBaseFormModal open={editing} base={b} onClose={() => setEditing(false)} />
    </section>
  );
}
