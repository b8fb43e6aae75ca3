import { useState, type ReactNode } from 'react';
import { Button, Flex, Input, Modal, Segmented, Space, Tabs, Typography, Upload, type UploadFile } from 'antd';
import { DeleteOutlined, FileTextOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { KNOWLEDGE_FILE_EXTENSIONS, KNOWLEDGE_LIMITS, QA_FILE_EXTENSIONS, type WebPagePreview } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { useAddTraining } from '../api/add-training.ts';
import { useParseWebUrl } from '../api/parse-web-url.ts';
import { uploadKnowledgeFile } from '../api/upload-knowledge-file.ts';
import { KNOWLEDGE_ACCEPT, QA_ACCEPT, checkKnowledgeFile, checkQaFile, checkUrl, collectQa, type QaRow } from '../lib/training.ts';
import { showSuccess } from '../../../lib/toast.ts';

export type ImportTab = 'file' | 'url' | 'qa';

/** What a panel reports once its documents are queued. */
type Done = () => void;

const PREVIEW_CHARS = 500;

/** A validation message under a panel, read out by screen readers. */
const Problem = ({ text }: { text: string | null }) =>
  text ? <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>{text}</Typography.Text> : null;

function Footer({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
      <Button onClick={onCancel}>取消</Button>
      {children}
    </Flex>
  );
}

interface PickedFile {
  uid: string;
  file: File;
  percent: number;
  status: 'waiting' | 'uploading' | 'done' | 'error';
}

/** 上传文件: pick or drop files, each uploaded (with its progress), then queued for training together. */
function FilePanel({ repositoryId, onCancel, onDone }: { repositoryId: number; onCancel: () => void; onDone: Done }) {
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const train = useAddTraining();
  const patch = (uid: string, p: Partial<PickedFile>) => setPicked((all) => all.map((f) => (f.uid === uid ? { ...f, ...p } : f)));

  const submit = async () => {
    const todo = picked.filter((f) => f.status !== 'done');
    if (!picked.length) return setProblem(MSG.kbFileRequired);
    setProblem(null);
    setBusy(true);
    const ids: number[] = [];
    try {
      for (const f of todo) {
        patch(f.uid, { status: 'uploading', percent: 0 });
        try {
          const stored = await uploadKnowledgeFile(f.file, (percent) => patch(f.uid, { percent }));
          ids.push(stored.id);
          patch(f.uid, { status: 'done', percent: 100 });
        } catch {
          patch(f.uid, { status: 'error' });
        }
      }
      if (!ids.length) return;
      for (let i = 0; i < ids.length; i += KNOWLEDGE_LIMITS.filesMax) {
        await train.mutateAsync({ type: 'file', repository_id: repositoryId, file_ids: ids.slice(i, i + KNOWLEDGE_LIMITS.filesMax) });
      }
      showSuccess(MSG.kbTrainQueued);
      // Files that failed to upload stay listed to try again; the rest are queued.
      if (ids.length === todo.length) onDone();
      else setPicked((all) => all.filter((f) => f.status !== 'done'));
    } catch {
      // The request layer showed why.
    } finally {
      setBusy(false);
    }
  };

  const fileList: UploadFile[] = picked.map((f) => ({
    uid: f.uid, name: f.file.name, size: f.file.size, percent: f.percent,
    status: f.status === 'uploading' ? 'uploading' : f.status === 'error' ? 'error' : 'done',
  }));
  return (
    <>
      <Upload.Dragger
        multiple
        accept={KNOWLEDGE_ACCEPT}
        fileList={fileList}
        disabled={busy}
        beforeUpload={(file) => {
          const why = checkKnowledgeFile(file);
          if (why) {
            setProblem(`${file.name}：${why}`);
            return Upload.LIST_IGNORE;
          }
          setProblem(null);
          setPicked((all) => [...all, { uid: file.uid, file, percent: 0, status: 'waiting' }]);
          return false;
        }}
        onRemove={(f) => { setPicked((all) => all.filter((p) => p.uid !== f.uid)); }}
        showUploadList={{ showRemoveIcon: !busy }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
        <p className="ant-upload-hint">支持 {KNOWLEDGE_FILE_EXTENSIONS.join('、')}，可多选，单个文件不超过 950 MB</p>
      </Upload.Dragger>
      <Problem text={problem} />
      <Footer onCancel={onCancel}>
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          {picked.length ? `导入 ${picked.length} 个文件` : '导入'}
        </Button>
      </Footer>
    </>
  );
}

/** 网页链接: a web address, 预览 (title and the start of its text), then 导入. */
function UrlPanel({ repositoryId, onCancel, onDone }: { repositoryId: number; onCancel: () => void; onDone: Done }) {
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<(WebPagePreview & { url: string }) | null>(null);
  const parse = useParseWebUrl();
  const train = useAddTraining();
  const valid = () => {
    const why = checkUrl(url);
    setProblem(why);
    return !why;
  };
  const doPreview = () => {
    if (!valid()) return;
    const target = url.trim();
    parse.mutate(target, { onSuccess: (p) => setPreview({ ...p, url: target }), onError: () => setPreview(null) });
  };
  const submit = () => {
    if (!valid()) return;
    train.mutate({ type: 'url', repository_id: repositoryId, url: url.trim() }, {
      onSuccess: () => {
        showSuccess(MSG.kbTrainQueued);
        onDone();
      },
    });
  };
  const text = preview?.text ?? '';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="网页地址"
          placeholder="https://"
          value={url}
          onChange={(e) => { setUrl(e.target.value); setProblem(null); }}
          onPressEnter={doPreview}
          maxLength={2000}
        />
        <Button onClick={doPreview} loading={parse.isPending}>预览</Button>
      </Space.Compact>
      <Problem text={problem} />
      {preview && preview.url === url.trim() && (
        <div aria-label="网页预览" role="region" style={{ marginTop: 12, border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, background: '#fafafa' }}>
          <Typography.Text strong><FileTextOutlined /> {preview.title || '（无标题）'}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0', maxHeight: 220, overflow: 'auto' }}>
            {text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text || '（未读取到文字）'}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>共 {text.length} 个字符</Typography.Text>
        </div>
      )}
      <Footer onCancel={onCancel}>
        <Button type="primary" loading={train.isPending} onClick={submit}>导入</Button>
      </Footer>
    </>
  );
}

let rowSeq = 0;
const newRow = (): QaRow => ({ key: `qa-${++rowSeq}`, question: '', answer: '' });

/** 问答对: pairs typed row by row, or a csv/xlsx of pairs (first column question, second answer). */
function QaPanel({ repositoryId, onCancel, onDone }: { repositoryId: number; onCancel: () => void; onDone: Done }) {
  const [mode, setMode] = useState<'manual' | 'file'>('manual');
  const [name, setName] = useState('');
  const [rows, setRows] = useState<QaRow[]>(() => [newRow()]);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const train = useAddTraining();
  const set = (key: string, p: Partial<QaRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...p } : r)));
    setProblem(null);
  };

  const submit = async () => {
    const docName = name.trim() || undefined;
    if (mode === 'manual') {
      const got = collectQa(rows);
      if ('error' in got) return setProblem(got.error);
      setProblem(null);
      train.mutate({ type: 'qa', repository_id: repositoryId, name: docName, qa: got.pairs }, {
        onSuccess: () => {
          showSuccess(MSG.kbTrainQueued);
          onDone();
        },
      });
      return;
    }
    if (!file) return setProblem(MSG.kbFileRequired);
    setProblem(null);
    setBusy(true);
    try {
      const stored = await uploadKnowledgeFile(file);
      await train.mutateAsync({ type: 'qa', repository_id: repositoryId, name: docName ?? file.name, file_id: stored.id });
      showSuccess(MSG.kbTrainQueued);
      onDone();
    } catch {
      // Shown by the upload or the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Flex vertical gap={12}>
        <Segmented
          value={mode}
          onChange={(v) => { setMode(v as 'manual' | 'file'); setProblem(null); }}
          options={[{ label: '手动填写', value: 'manual' }, { label: '上传文件', value: 'file' }]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Input aria-label="文档名称" placeholder="文档名称（选填，默认“问答对”）" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        {mode === 'manual' ? (
          <Flex vertical gap={8} style={{ maxHeight: 360, overflow: 'auto' }}>
            <Flex gap={8} aria-hidden style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
              <span style={{ width: 24, flex: 'none' }} />
              <span style={{ flex: 1 }}>问题</span>
              <span style={{ flex: 1 }}>答案</span>
              <span style={{ width: 32, flex: 'none' }} />
            </Flex>
            {rows.map((row, i) => (
              <Flex key={row.key} gap={8} align="flex-start" data-testid="qa-row">
                <Typography.Text type="secondary" style={{ width: 24, paddingTop: 5, flex: 'none' }}>{i + 1}</Typography.Text>
                <Input.TextArea aria-label={`问题 ${i + 1}`} placeholder="问题" value={row.question} onChange={(e) => set(row.key, { question: e.target.value })} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={KNOWLEDGE_LIMITS.qaFieldMax} />
                <Input.TextArea aria-label={`答案 ${i + 1}`} placeholder="答案" value={row.answer} onChange={(e) => set(row.key, { answer: e.target.value })} autoSize={{ minRows: 1, maxRows: 6 }} maxLength={KNOWLEDGE_LIMITS.qaFieldMax} />
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`删除第 ${i + 1} 组`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => setRows((all) => [...all, newRow()])} disabled={rows.length >= KNOWLEDGE_LIMITS.qaMax}>
              添加一组
            </Button>
          </Flex>
        ) : (
          <Upload.Dragger
            accept={QA_ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: 'qa-file', name: file.name, size: file.size, status: 'done' }] : []}
            beforeUpload={(f) => {
              const why = checkQaFile(f);
              if (why) {
                setProblem(why);
                return Upload.LIST_IGNORE;
              }
              setProblem(null);
              setFile(f);
              return false;
            }}
            onRemove={() => { setFile(null); }}
          >
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">点击或拖拽问答文件到此处</p>
            <p className="ant-upload-hint">支持 {QA_FILE_EXTENSIONS.join('、')}：第一列问题，第二列答案，首行可为表头</p>
          </Upload.Dragger>
        )}
      </Flex>
      <Problem text={problem} />
      <Footer onCancel={onCancel}>
        <Button type="primary" loading={busy || train.isPending} onClick={() => void submit()}>导入</Button>
      </Footer>
    </>
  );
}

/**
 * 导入: add documents to a knowledge base from files, a web page, or question/answer pairs. Each
 * tab checks what it was given before sending (the same rules as the server) and closes once
 * the documents are queued for training.
 */
export function ImportModal({ repositoryId, open, onClose, initialTab = 'file' }: {
  repositoryId: number;
  open: boolean;
  onClose: () => void;
  initialTab?: ImportTab;
}) {
  const [tab, setTab] = useState<ImportTab>(initialTab);
  const props = { repositoryId, onCancel: onClose, onDone: onClose };
  return (
    <Modal open={open} title="导入文档" footer={null} onCancel={onClose} width={680} destroyOnHidden afterOpenChange={(o) => { if (!o) setTab(initialTab); }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ImportTab)}
        items={[
          { key: 'file', label: '上传文件', children: <FilePanel {...props} /> },
          { key: 'url', label: '网页链接', children: <UrlPanel {...props} /> },
          { key: 'qa', label: '问答对', children: <QaPanel {...props} /> },
        ]}
      />
    </Modal>
  );
}
