import { lazy, Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { ArrowUpOutlined, BulbOutlined, GlobalOutlined, PaperClipOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { useAttachments } from '../hooks/use-attachments.ts';
import type { SendOptions } from '../hooks/use-chat-send.ts';
import { loadChunk } from '../../../lib/load-chunk.ts';

const AttachmentTags = lazy(() => loadChunk(() => import('./AttachmentTags.tsx')));

interface Props {
  value: string;
  onChange: (v: string) => void;
  /** Returns true when the question went out. */
  onSend: (text: string, o: SendOptions) => boolean;
  canSend: boolean;
  /** Whether a web search provider is configured (model info). */
  networkAvailable: boolean;
  disabled?: boolean;
  onToggles?: (t: { isReason: boolean; isNetwork: boolean }) => void;
}

/**
 * An on/off button with its tooltip. The tooltip hangs on a wrapper: a disabled button gets no
 * pointer events in some browsers, and the disabled one is exactly where the tip explains why.
 */
function SwitchButton({ label, icon, on, disabled, tip, onToggle }: {
  label: string; icon: ReactNode; on: boolean; disabled: boolean; tip: string; onToggle: () => void;
}) {
  return (
    <Tooltip title={tip}>
      <span className={disabled ? 'chat-switch is-disabled' : 'chat-switch'}>
        <Button size="small" shape="round" icon={icon} type={on ? 'primary' : 'default'} aria-pressed={on} disabled={disabled} onClick={onToggle}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * The input (spec §2, §4, §5): 3 to 12 rows; Enter sends, Shift+Enter is a newline and Enter
 * during IME composition is ignored; 联网 and 深度思考 exclude each other; the attachment
 * button; send stays disabled while an answer streams. An antd TextArea rather than
 * @ant-design/x's Sender, whose extras (slots, speech, skills) cost /home's first load about
 * 20 kB gzip (docs/decisions.md).
 */
export function ChatSender({ value, onChange, onSend, canSend, networkAvailable, disabled, onToggles }: Props) {
  const [isNetwork, setNetwork] = useState(false);
  const [isReason, setReason] = useState(false);
  const att = useAttachments();
  const picker = useRef<HTMLInputElement>(null);

  const toggle = (next: { isReason: boolean; isNetwork: boolean }) => {
    setNetwork(next.isNetwork);
    setReason(next.isReason);
    onToggles?.(next);
  };

  const submit = (text: string) => {
    if (!canSend || !att.ready || disabled) return;
    const { images, annex } = att.payload();
    if (onSend(text, { images, annex, isReason, isNetwork })) att.clear();
  };

  const networkTip = !networkAvailable ? MSG.webSearchNotConfigured : isReason ? MSG.webSearchBlocked : '';
  const footer = (
    <Flex gap={8} align="center" wrap>
      <SwitchButton
        label={MSG.webSearch}
        icon={<GlobalOutlined />}
        on={isNetwork}
        disabled={!networkAvailable || isReason}
        tip={networkTip}
        onToggle={() => toggle({ isReason, isNetwork: !isNetwork })}
      />
      <SwitchButton
        label={MSG.deepThinking}
        icon={<BulbOutlined />}
        on={isReason}
        disabled={isNetwork}
        tip={isNetwork ? MSG.deepThinkingBlocked : ''}
        onToggle={() => toggle({ isReason: !isReason, isNetwork })}
      />
      <Tooltip title={<>{MSG.attachmentTooltip}<br />{MSG.attachmentFormatsTooltip}</>}>
        <Button size="small" type="text" icon={<PaperClipOutlined />} aria-label={MSG.attachmentTooltip} onClick={() => picker.current?.click()} />
      </Tooltip>
      <input
        ref={picker}
        type="file"
        multiple
        // Any file: documents are read for the robot, every other kind is kept to preview or download (issue 21).
        hidden
        data-testid="chat-attach-input"
        onChange={(e) => {
          att.add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </Flex>
  );

  const header = att.files.length ? <Suspense fallback={null}><AttachmentTags files={att.files} onRemove={att.remove} /></Suspense> : null;

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit(value);
  };

  return (
    <div className={disabled ? 'chat-sender is-disabled' : 'chat-sender'}>
      {header}
      <Flex align="flex-end" gap={8}>
        <TextArea
          variant="borderless"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={MSG.chatPlaceholder}
          autoSize={{ minRows: LIMITS.inputRows.min, maxRows: LIMITS.inputRows.max }}
          readOnly={disabled}
          className="chat-sender-input"
        />
        {/* Usable on blank input, so a click can say 输入为空！. */}
        <Button type="primary" shape="circle" icon={<ArrowUpOutlined />} aria-label="发送" disabled={!canSend || !att.ready || !!disabled} onClick={() => submit(value)} />
      </Flex>
      {footer}
    </div>
  );
}
