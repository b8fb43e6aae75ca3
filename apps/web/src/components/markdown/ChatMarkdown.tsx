import { useState } from 'react';
import { Button } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { MARKDOWN_LIMITS } from '@xueban/contract/limits';
import { MarkdownBody } from './MarkdownBody.tsx';
import { LazyModal } from '../LazyModal.tsx';

interface Props {
  content: string;
  /** True while the answer is still arriving: unfinished syntax is held back, a cursor shows. */
  streaming?: boolean;
}

/** An AI answer as safe markdown, with a 全文 popup once a finished answer is long. */
export function ChatMarkdown({ content, streaming = false }: Props) {
  const [fullOpen, setFullOpen] = useState(false);
  const long = !streaming && content.length >= MARKDOWN_LIMITS.fullTextMinChars;
  return (
    <div className="chat-md-root">
      <MarkdownBody content={content} streaming={streaming} />
      {long && (
        <>
          <Button className="chat-md-full-button" type="link" size="small" icon={<FullscreenOutlined />} onClick={() => setFullOpen(true)}>
            {MSG.mdFullText}
          </Button>
          <LazyModal
            open={fullOpen}
            title={MSG.mdFullText}
            footer={null}
            width="min(960px, 94vw)"
            destroyOnHidden
            onCancel={() => setFullOpen(false)}
          >
            <div className="chat-md-full-body">
              <MarkdownBody content={content} />
            </div>
          </LazyModal>
        </>
      )}
    </div>
  );
}
