import { useState } from 'react';
import { Button, Empty, Flex, Input, Progress, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { KNOWLEDGE_LIMITS, type HitTestItem } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { useHitTest } from '../api/hit-test.ts';
import { useRetrievalStatus } from '../api/get-retrieval-status.ts';

/** A score as the list shows it: relevance in 0..1 with four decimals. */
export const scoreText = (score: number) => (Number.isFinite(score) ? score.toFixed(4) : '—');

/** The bar beside a score: relative to the best hit (scores are unbounded ranks, not probabilities). */
export const scorePercent = (score: number, best: number) => (best > 0 && Number.isFinite(score) ? Math.round(Math.max(0, Math.min(1, score / best)) * 100) : 0);

function HitCard({ hit, rank, best }: { hit: HitTestItem; rank: number; best: number }) {
  return (
    <div className="kb-hit" data-testid="kb-hit" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Space size={6} wrap>
          <Tag color="blue" variant="filled">#{rank}</Tag>
          <Typography.Text strong>{hit.document_name}</Typography.Text>
          {hit.heading && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hit.heading}</Typography.Text>}
        </Space>
        <Flex align="center" gap={8} style={{ minWidth: 180 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>相关度</Typography.Text>
          <Progress percent={scorePercent(hit.score, best)} status="normal" showInfo={false} size="small" style={{ width: 80, margin: 0 }} />
          <Typography.Text code aria-label="相关度得分">{scoreText(hit.score)}</Typography.Text>
        </Flex>
      </Flex>
      {hit.question && <Typography.Paragraph strong style={{ margin: '8px 0 0' }}>问：{hit.question}</Typography.Paragraph>}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }} ellipsis={{ rows: 5, expandable: 'collapsible', symbol: (o) => (o ? '收起' : '展开') }}>
        {hit.content}
      </Typography.Paragraph>
    </div>
  );
}

/**
 * 命中测试: a question is run against the knowledge base the way a robot's chat retrieves it;
 * the chunks found are listed best first with their scores, document and heading. When the
 * organisation has a 问题改写 model, the switch 问题改写 (off by default) searches the question as
 * that model restates it, and the restated question is shown above the hits.
 */
export function HitTestPanel({ repositoryId }: { repositoryId: number }) {
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [rewrite, setRewrite] = useState(false);
  const test = useHitTest();
  const status = useRetrievalStatus().data;
  const run = () => {
    const q = query.trim();
    if (!q) return setProblem(MSG.kbEmptyQuery);
    setProblem(null);
    const restate = rewrite && !!status?.rewrite_model;
    test.mutate({ repository_id: repositoryId, query: q, limit: KNOWLEDGE_LIMITS.hitTestLimit, ...(restate ? { rewrite: 1 } : {}) });
  };
  const hits = test.data?.hits;
  const rewritten = test.data?.rewritten;
  return (
    <Flex gap={24} wrap align="flex-start">
      <Flex vertical gap={8} style={{ flex: '1 1 280px', maxWidth: 380 }}>
        <Typography.Text strong>测试问题</Typography.Text>
        <Input.TextArea
          aria-label="测试问题"
          placeholder="输入一个问题，看看知识库能检索到哪些内容"
          value={query}
          onChange={(e) => { setQuery(e.target.value); setProblem(null); }}
          onPressEnter={(e) => { if (!e.shiftKey) { e.preventDefault(); run(); } }}
          autoSize={{ minRows: 4, maxRows: 8 }}
          maxLength={KNOWLEDGE_LIMITS.queryMax}
          showCount
          // The count sits under the box: keep it clear of the button.
          style={{ marginBottom: 18 }}
        />
        {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
        <Flex justify={status?.rewrite_model ? 'space-between' : 'flex-end'} align="center" gap={8}>
          {status?.rewrite_model && (
            <Space size={6}>
              <Switch size="small" checked={rewrite} onChange={setRewrite} aria-label="问题改写" />
              <Typography.Text>问题改写</Typography.Text>
              <Tooltip title={`先用问题改写模型（${status.rewrite_model}）把问题改写成检索语句，再检索；对话中的追问也是这样检索的`}>
                <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />
              </Tooltip>
            </Space>
          )}
          <Button type="primary" icon={<SearchOutlined />} loading={test.isPending} onClick={run}>测试</Button>
        </Flex>
        {status && (
          <Flex vertical gap={2} aria-label="检索方式" role="note" style={{ marginTop: 8, padding: '8px 12px', background: '#fafafa', borderRadius: 8, fontSize: 12 }}>
            <Typography.Text style={{ fontSize: 12 }}>
              检索方式：{status.mode === 'hybrid' ? '混合检索（向量 + 关键词）' : '关键词检索'}
            </Typography.Text>
            {status.embedding_model && <Typography.Text type="secondary" style={{ fontSize: 12 }}>向量模型：{status.embedding_model}</Typography.Text>}
            {status.rerank_model && <Typography.Text type="secondary" style={{ fontSize: 12 }}>重排模型：{status.rerank_model}</Typography.Text>}
            {status.rewrite_model && <Typography.Text type="secondary" style={{ fontSize: 12 }}>改写模型：{status.rewrite_model}</Typography.Text>}
            {status.note && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{status.note}</Typography.Text>}
          </Flex>
        )}
      </Flex>
      <Flex vertical gap={12} style={{ flex: '2 1 420px', minWidth: 0 }} aria-label="测试结果" role="region">
        <Typography.Text strong>
          测试结果{hits ? `（${hits.length} 条）` : ''}
        </Typography.Text>
        {rewritten != null && (
          <Typography.Text role="note" aria-label="改写后的问题" style={{ padding: '6px 12px', background: '#f0f5ff', borderRadius: 8 }}>
            改写为：{rewritten}
          </Typography.Text>
        )}
        {hits === undefined ? (
          <Empty description="输入问题后点击“测试”" />
        ) : hits.length === 0 ? (
          <Empty description="没有检索到相关内容" />
        ) : (
          hits.map((h, i) => <HitCard key={h.chunk_id} hit={h} rank={i + 1} best={Math.max(...hits.map((x) => x.score))} />)
        )}
      </Flex>
    </Flex>
  );
}
