import { useEffect, useState } from 'react';
import { Button, Flex, Input, Typography, message } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { COPY_TICK_MS } from '../lib/robot-actions.ts';

/** Copies `text`; the button shows a tick for 1 s (spec §4), or 该浏览器不支持复制. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_TICK_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('unsupported');
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      void message.error(MSG.copyUnsupported, LIMITS.timeouts.toastMs / 1000);
    }
  };
  return (
    <Button icon={copied ? <CheckOutlined style={{ color: '#52c41a' }} /> : <CopyOutlined />} onClick={() => void copy()} aria-label={label}>
      {copied ? '已复制' : '复制'}
    </Button>
  );
}

/** The invite step after a team is created: the invite link and code, each with a copy button. */
export function InviteStep({ url, code }: { url: string; code: string }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Text>邀请学生扫码或打开链接加入团队：</Typography.Text>
      <Flex gap={8}>
        <Input readOnly value={url} aria-label="邀请链接" />
        <CopyButton text={url} label="复制邀请链接" />
      </Flex>
      <Flex gap={8} align="center">
        <Typography.Text>邀请码：</Typography.Text>
        <Typography.Text strong data-testid="team-invite-code">{code}</Typography.Text>
        <CopyButton text={code} label="复制邀请码" />
      </Flex>
    </Flex>
  );
}
