import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Image, Spin, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LazyModal } from '../LazyModal.tsx';
import { fetchPreviewInfo, refreshPreviewInfo, type PreviewInfo } from './preview-api.ts';
import { AudioViewer, VideoViewer } from './MediaViewer.tsx';

const PdfViewer = lazy(() => import('./PdfViewer.tsx'));
const DocxViewer = lazy(() => import('./OfficeViewers.tsx').then((m) => ({ default: m.DocxViewer })));
const XlsxViewer = lazy(() => import('./OfficeViewers.tsx').then((m) => ({ default: m.XlsxViewer })));

/** Refresh this long before the access token lapses (spec §9: it lives 600 000 ms). */
const REFRESH_AHEAD_MS = 60_000;
/** While an office document converts, its preview info is asked again this often. */
const CONVERT_POLL_MS = 1_500;

/** The preview link, renewed with the refresh token while the dialog stays open. */
function useFreshLink(info: PreviewInfo | undefined) {
  const [refreshed, setRefreshed] = useState<{ url: string; access: string; refresh: string; expires: number } | null>(null);
  const link = refreshed ?? (info ? { url: info.preview_url, access: info.AccessToken, refresh: info.RefreshToken, expires: info.AccessTokenExpiredTime } : null);
  const { access, refresh, expires } = link ?? { access: '', refresh: '', expires: 0 };
  useEffect(() => {
    if (!refresh) return;
    const timer = window.setTimeout(() => {
      refreshPreviewInfo(refresh, access).then(
        (r) => setRefreshed({ url: r.url, access: r.access_token, refresh: r.refresh_token, expires: r.access_token_expired_time }),
        () => undefined,
      );
    }, Math.max(5_000, expires - Date.now() - REFRESH_AHEAD_MS));
    return () => window.clearTimeout(timer);
  }, [access, refresh, expires]);
  return link?.url;
}

const formatSize = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function Download({ info, src }: { info: PreviewInfo; src: string }) {
  return (
    <Button icon={<DownloadOutlined />} href={src} download={info.name} data-testid="preview-download">下载</Button>
  );
}

function Body({ info, src }: { info: PreviewInfo; src: string }) {
  switch (info.preview_kind) {
    case 'image':
      return (
        <Flex justify="center">
          <Image src={src} alt={info.name} data-testid="preview-image" style={{ maxHeight: '60vh', objectFit: 'contain' }} />
        </Flex>
      );
    case 'video': return <VideoViewer src={src} />;
    case 'audio': return <AudioViewer src={src} />;
    case 'pdf': return <PdfViewer src={src} />;
    case 'office': return <OfficeAsPdf info={info} />;
    case 'docx': return <DocxViewer src={src} />;
    case 'xlsx': return <XlsxViewer src={src} />;
    case 'archive':
      return (
        <Table
          data-testid="preview-archive"
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ y: 420 }}
          dataSource={info.entries}
          locale={{ emptyText: <Empty description="压缩包为空" /> }}
          footer={info.entries_truncated ? () => `仅显示前 ${info.entries.length} 项` : undefined}
          columns={[
            { title: '文件名', dataIndex: 'name', render: (name: string) => <Typography.Text>{name}</Typography.Text> },
            { title: '大小', dataIndex: 'size', width: 120, render: (n: number, e) => (e.dir ? '文件夹' : formatSize(n)) },
          ]}
        />
      );
    default:
      return (
        <Flex vertical align="center" gap={16} style={{ padding: 24 }} data-testid="preview-unsupported">
          <Alert type="info" showIcon title={info.note || '该文件暂不支持在线预览，请下载后查看'} />
        </Flex>
      );
  }
}

/** An office document as the PDF the server made of it: a wait while it converts, why when it could not. */
function OfficeAsPdf({ info }: { info: PreviewInfo }) {
  if (info.convert_status === 'ready' && info.pdf_url) return <PdfViewer src={info.pdf_url} />;
  if (info.convert_status === 'failed') {
    return <Alert type="error" showIcon title={info.convert_error || '预览生成失败，请下载后查看'} data-testid="preview-convert-failed" />;
  }
  return (
    <Flex vertical align="center" gap={12} style={{ padding: 48 }} data-testid="preview-converting">
      <Spin size="large" />
      <Typography.Text type="secondary">正在生成预览</Typography.Text>
    </Flex>
  );
}

/** One dialog previews any of our files by its link: whatever cannot be shown offers a download (spec §8). */
export function FilePreviewDialog({ url, name, open, onClose }: { url: string; name: string; open: boolean; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['filePreview', url], queryFn: () => fetchPreviewInfo(url), enabled: open, staleTime: 60_000, gcTime: 0,
    refetchInterval: (q) => (q.state.data?.convert_status === 'pending' ? CONVERT_POLL_MS : false),
  });
  const src = useFreshLink(query.data);
  const info = query.data;
  return (
    <LazyModal
      open={open}
      onCancel={onClose}
      title={name}
      width={info?.preview_kind === 'audio' || info?.preview_kind === 'download' ? 560 : 960}
      footer={info && src ? <Flex justify="space-between" align="center"><span>{formatSize(info.size)}</span><Download info={info} src={src} /></Flex> : null}
      destroyOnHidden
    >
      {query.isError && <Alert type="error" title="文件不存在或无权查看" />}
      {query.isPending && open && <Spin />}
      {info && src && <Suspense fallback={<Spin />}><Body info={info} src={src} /></Suspense>}
    </LazyModal>
  );
}

/** A file's name that opens the preview dialog when clicked. */
export function FilePreviewLink({ url, name, children }: { url: string; name: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!url.startsWith('/api/files/') && !url.includes('/api/files/')) return <>{children ?? name}</>;
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)} data-testid="file-preview-link">{children ?? name}</Typography.Link>
      {open && <FilePreviewDialog url={url} name={name} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
