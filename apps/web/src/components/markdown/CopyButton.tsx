import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { MARKDOWN_LIMITS } from '@xueban/contract/limits';
import { showWarning } from '../../lib/toast.ts';

/** Copies `text`; a tick replaces the icon for 1 s (spec §4). Without the clipboard API, says so. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!navigator.clipboard?.writeText) {
      showWarning(MSG.copyUnsupported);
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      showWarning(MSG.copyUnsupported);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), MARKDOWN_LIMITS.copyTickMs);
  };

  return (
    <Button
      type="text"
      size="small"
      aria-label={copied ? MSG.mdCopied : MSG.mdCopy}
      title={copied ? MSG.mdCopied : MSG.mdCopy}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={() => void copy()}
    />
  );
}
