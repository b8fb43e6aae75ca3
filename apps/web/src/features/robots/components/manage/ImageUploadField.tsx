import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { checkAvatar, uploadAvatar } from '../../../../lib/upload.ts';
import { showError } from '../../../../lib/api.ts';
import { RobotAvatar } from '../RobotAvatar.tsx';

/**
 * An image picked and uploaded at once (jpg/png ≤ 2 MB, spec §5); a controlled form field whose
 * value is the stored URL.
 */
export function ImageUploadField({ value, onChange, label, kind }: {
  value?: string; onChange?: (url: string) => void; label: string; kind: 'avatar' | 'cover';
}) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    const problem = checkAvatar(file);
    if (problem) return showError(problem);
    setBusy(true);
    try {
      onChange?.(await uploadAvatar(file));
    } catch {
      // uploadAvatar already showed the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center">
      {kind === 'avatar' ? <RobotAvatar src={value} size={64} />
        : value ? <Image src={value} width={160} height={90} style={{ objectFit: 'cover' }} alt="封面" /> : null}
      <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={(file) => { void pick(file); return false; }}>
        <Button icon={<UploadOutlined />} loading={busy} aria-label={`上传${label}`}>上传{label}</Button>
      </Upload>
    </Space>
  );
}
