import { useState } from 'react';
import { Button } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { LazyModal } from '../LazyModal.tsx';

/**
 * 运行 for an HTML code block. The page runs in an opaque origin: `allow-scripts` without
 * `allow-same-origin` (design.md §6, §8), so it can animate but cannot read our cookies, storage
 * or DOM, nor call our API as the user.
 */
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
          srcDoc={code}
        />
      </LazyModal>
    </>
  );
}
