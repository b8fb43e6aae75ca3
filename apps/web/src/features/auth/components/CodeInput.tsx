import { Button, Input, Space, type FormInstance } from 'antd';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useSendCode, type CodePurpose } from '../api/verify-code.ts';

interface Props {
  /** The form whose `accountField` holds where the code goes. */
  form: FormInstance;
  accountField: string;
  purpose: CodePurpose;
  onSent: () => void;
  value?: string;
  onChange?: (value: string) => void;
}

const RESEND_SECONDS = 60;

/**
 * A verification-code input with its 发送验证码 button. The account is validated first; after a
 * send the button counts down 60 s, matching the server's one-code-a-minute limit.
 */
export function CodeInput({ form, accountField, purpose, onSent, value, onChange }: Props) {
  const send = useSendCode();
  const { left, start } = useCountdown(RESEND_SECONDS);

  const onSend = async () => {
    const values = await form.validateFields([accountField]).catch(() => null);
    if (!values) return;
    const account = String(form.getFieldValue(accountField)).trim();
    send.mutate({ account, type: purpose }, { onSuccess: () => { start(); onSent(); } });
  };

  return (
    <Space.Compact block>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="6 位验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <Button onClick={onSend} loading={send.isPending} disabled={left > 0} style={{ minWidth: 112 }}>
        {left > 0 ? `${left} 秒后重发` : '发送验证码'}
      </Button>
    </Space.Compact>
  );
}
