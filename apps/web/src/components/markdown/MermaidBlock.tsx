import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { ExpandOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { CodeFrame } from './CodeFrame.tsx';
import { MermaidViewer } from './MermaidViewer.tsx';
import { renderMermaid } from './render-mermaid.ts';

/** The rendered diagram for one code; a state for an older code means the new one is loading. */
type Rendered = { code: string; svg: string } | { code: string; failed: true };
type State = { status: 'loading' } | { status: 'done'; svg: string } | { status: 'failed' };

/** A finished ```mermaid block: the diagram inline, 查看图表 opens the zoomable viewer. */
export function MermaidBlock({ code }: { code: string }) {
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [open, setOpen] = useState(false);
  const state: State = !rendered || rendered.code !== code ? { status: 'loading' }
    : 'svg' in rendered ? { status: 'done', svg: rendered.svg } : { status: 'failed' };

  useEffect(() => {
    let live = true;
    renderMermaid(code).then(
      (svg) => live && setRendered({ code, svg }),
      () => live && setRendered({ code, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [code]);

  if (state.status === 'failed') {
    return (
      <div className="chat-md-mermaid-failed">
        <div className="chat-md-note">{MSG.mdDiagramFailed}</div>
        <CodeFrame lang="mermaid" code={code} />
      </div>
    );
  }
  const view = state.status === 'done' && (
    <Button type="text" size="small" icon={<ExpandOutlined />} onClick={() => setOpen(true)}>
      {MSG.mdDiagramView}
    </Button>
  );
  return (
    <CodeFrame lang="mermaid" code={code} actions={view}>
      {state.status === 'done' ? (
        <>
          <div className="chat-md-mermaid-svg" dangerouslySetInnerHTML={{ __html: state.svg }} />
          <MermaidViewer svg={state.svg} open={open} onClose={() => setOpen(false)} />
        </>
      ) : (
        <Spin size="small" />
      )}
    </CodeFrame>
  );
}
