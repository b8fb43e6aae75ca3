import { useState } from 'react';
import { Button } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from './mermaid-zoom.ts';
import { LazyModal } from '../LazyModal.tsx';

interface Props {
  /** SVG produced by mermaid in strict mode. */
  svg: string;
  open: boolean;
  onClose: () => void;
}

/** A diagram enlarged in a modal, zoomable from 50 % to 300 % in steps of ×1.2 (spec §4, §9). */
export function MermaidViewer({ svg, open, onClose }: Props) {
  const [zoom, setZoom] = useState(1);
  const close = () => {
    setZoom(1);
    onClose();
  };
  return (
    <LazyModal open={open} title={MSG.mdDiagram} footer={null} width="90vw" destroyOnHidden onCancel={close}>
      <div className="chat-md-zoom-bar">
        <Button
          size="small"
          icon={<ZoomOutOutlined />}
          aria-label={MSG.mdZoomOut}
          disabled={!canZoomOut(zoom)}
          onClick={() => setZoom(zoomOut)}
        />
        <span className="chat-md-zoom-value" data-testid="mermaid-zoom">
          {Math.round(zoom * 100)}%
        </span>
        <Button
          size="small"
          icon={<ZoomInOutlined />}
          aria-label={MSG.mdZoomIn}
          disabled={!canZoomIn(zoom)}
          onClick={() => setZoom(zoomIn)}
        />
        <Button size="small" onClick={() => setZoom(1)}>
          {MSG.mdZoomReset}
        </Button>
      </div>
      <div className="chat-md-zoom-stage">
        <div
          className="chat-md-mermaid-svg"
          style={{ transform: `scale(${zoom})`, transformOrigin: 'top left' }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
    </LazyModal>
  );
}
