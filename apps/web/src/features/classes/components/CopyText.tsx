import { Button, message } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';

/** A copy button: 已复制 on success, or 该浏览器不支持复制. */
export function CopyText({ text, label, children = '复制' }: { text: string; label: string; children?: string }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('unsupported');
      await navigator.clipboard.writeText(text);
      void message.success('已复制', LIMITS.timeouts.successToastMs / 1000);
    } catch {
      void message.error(MSG.copyUnsupported, LIMITS.timeouts.toastMs / 1000);
    }
  };
  return <Button size="small" icon={<CopyOutlined />} aria-label={label} onClick={() => void copy()}>{children}</Button>;
}
