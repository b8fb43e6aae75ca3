import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { fetchBytes } from './fetch-bytes.ts';

/** At most this many pages are drawn: a preview, not a reader for a 500-page book. */
const MAX_PAGES = 30;

/** A PDF drawn page by page with pdf.js; scripts in the PDF never run (pdf.js has no JavaScript engine enabled). */
export default function PdfViewer({ src }: { src: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'done' | 'failed'>('loading');
  const [first] = useState(src); // a refreshed link names the same bytes: no redraw
  useEffect(() => {
    const el = box.current;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const pdf = await pdfjs.getDocument({ data: new Uint8Array(await fetchBytes(first)), isEvalSupported: false }).promise;
      destroy = () => pdf.destroy();
      const width = el?.clientWidth || 800;
      for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES) && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: Math.min(2, (width - 16) / base.width) });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.display = 'block';
        canvas.style.margin = '0 auto 8px';
        canvas.dataset.page = String(n);
        el?.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState('done');
    })().catch(() => { if (!cancelled) setState('failed'); });
    return () => {
      cancelled = true;
      void destroy?.();
      if (el) el.innerHTML = '';
    };
  }, [first]);
  return (
    <div>
      {state === 'loading' && <Spin />}
      {state === 'failed' && <Alert type="error" title="文档加载失败，请下载后查看" />}
      <div ref={box} data-testid="preview-pdf" style={{ maxHeight: '70vh', overflow: 'auto', background: '#f5f5f5' }} />
    </div>
  );
}
