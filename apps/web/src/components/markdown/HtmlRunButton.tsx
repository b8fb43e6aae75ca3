import { useState } from 'react';
import { Button } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { LazyModal } from '../LazyModal.tsx';

/** The server's preview frame (its own CSP; a srcdoc frame would inherit the app's, which blocks inline scripts). */
const PREVIEW_FRAME = '/sandbox/html-preview';

/**
 * 运行 for an HTML code block. The page runs in an opaque origin: `allow-scripts` without
 * `allow-same-origin` (design.md §6, §8), so it can animate but cannot read our cookies, storage
 * or DOM, nor call our API as the user. The frame page writes the code it is sent once loaded;
 * its origin is opaque, hence the `*` target (the code is the reader's own answer).
 */
/** The written page may fire load again (document.close); it gets the code only the first time. */
function sendOnce(frame: HTMLIFrameElement, code: string) {
  if (frame.dataset.sent) return;
  frame.dataset.sent = '1';
  frame.contentWindow?.postMessage(code, '*');
}

export function HtmlRunButton({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" size="small" icon={<PlayCircleOutlined />} onClick={() => setOpen(true)}>
        {MSG.mdRun}
      </Button>
      <LazyModal open={open} title={MSG.mdHtmlPreview} footer={null} width="80vw" destroyOnHidden onCancel={() => setOpen(false)}>
        <iframe
          className="chat-md-html-preview"
          title={MSG.mdHtmlPreview}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          src={PREVIEW_FRAME}
          onLoad={(e) => sendOnce(e.currentTarget, code)}
        />
      </LazyModal>
    </>
  );
}
