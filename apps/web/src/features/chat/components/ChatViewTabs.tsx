import { useRef, type KeyboardEvent } from 'react';

export interface ChatView { key: string; label: string }

/**
 * The panel's view tabs (spec §2: 对话视图, and 语音视图 when voice is on): at most two, so a
 * plain tab list in antd's line style rather than antd's Tabs, which would add about 11 kB gzip
 * to /home's first load for them (docs/decisions.md). Arrow keys move between the tabs.
 */
export function ChatViewTabs({ views, active, onChange }: { views: ChatView[]; active: string; onChange: (key: string) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = views[(views.findIndex((v) => v.key === active) + step + views.length) % views.length]!;
    onChange(next.key);
    list.current?.querySelector<HTMLElement>(`[data-key="${next.key}"]`)?.focus();
  };
  return (
    <div ref={list} role="tablist" className="chat-view-tabs" onKeyDown={onKeyDown}>
      {views.map((v) => (
        <button
          key={v.key}
          type="button"
          role="tab"
          data-key={v.key}
          aria-selected={v.key === active}
          tabIndex={v.key === active ? 0 : -1}
          className="chat-view-tab"
          onClick={() => onChange(v.key)}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
