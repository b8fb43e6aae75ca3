import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Table, Tabs } from 'antd';
import DOMPurify from 'dompurify';
import { fetchBytes } from './fetch-bytes.ts';

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'done'; value: T };

/** The document behind the first link it was given (a refreshed link names the same bytes). */
function useLoaded<T>(src: string, what: string, load: (bytes: ArrayBuffer) => Promise<T>): Loaded<T> {
  const [first] = useState(src);
  const q = useQuery({ queryKey: ['filePreviewBytes', what, first], queryFn: () => fetchBytes(first).then(load), staleTime: Infinity, gcTime: 0, retry: false });
  if (q.isError) return { state: 'failed' };
  return q.isSuccess ? { state: 'done', value: q.data } : { state: 'loading' };
}

const Failed = () => <Alert type="error" title="文档加载失败，请下载后查看" />;

/** A docx as HTML (mammoth), sanitised: no scripts, no external images or entities reach the page. */
async function docxHtml(bytes: ArrayBuffer) {
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.convertToHtml({ arrayBuffer: bytes });
  return DOMPurify.sanitize(value, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}

export function DocxViewer({ src }: { src: string }) {
  const loaded = useLoaded(src, 'docx', docxHtml);
  if (loaded.state === 'loading') return <Spin />;
  if (loaded.state === 'failed') return <Failed />;
  return (
    <div
      data-testid="preview-docx"
      style={{ maxHeight: '70vh', overflow: 'auto', padding: '16px 24px', background: '#fff', border: '1px solid #f0f0f0' }}
      dangerouslySetInnerHTML={{ __html: loaded.value }}
    />
  );
}

/** Rows shown per sheet: a preview of a large workbook stays light. */
const MAX_ROWS = 500;

async function xlsxSheets(bytes: ArrayBuffer) {
  const { default: readXlsxFile } = await import('read-excel-file/browser');
  const sheets = await readXlsxFile(bytes);
  return sheets.map(({ sheet, data }) => ({
    sheet,
    rows: data.slice(0, MAX_ROWS).map((row) => row.map((c) => (c === null ? '' : c instanceof Date ? c.toLocaleString('zh-CN') : String(c)))),
  }));
}

export function XlsxViewer({ src }: { src: string }) {
  const loaded = useLoaded(src, 'xlsx', xlsxSheets);
  if (loaded.state === 'loading') return <Spin />;
  if (loaded.state === 'failed') return <Failed />;
  return (
    <Tabs
      data-testid="preview-xlsx"
      items={loaded.value.map(({ sheet, rows }) => {
        const width = Math.max(0, ...rows.map((r) => r.length));
        const columns = Array.from({ length: width }, (_, i) => ({
          key: i, title: String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : ''),
          render: (_: unknown, row: string[]) => row[i] ?? '',
        }));
        return {
          key: sheet, label: sheet,
          children: <Table size="small" bordered pagination={false} scroll={{ x: true, y: 480 }} rowKey={(_, i) => String(i)} columns={columns} dataSource={rows} />,
        };
      })}
    />
  );
}
