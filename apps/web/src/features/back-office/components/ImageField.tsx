import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { uploadFile } from '../../../lib/upload.ts';

/** A picture field of a form (logo, banner): uploads to this site and keeps the file's path. */
export function ImageField({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  const [uploading, setUploading] = useState(false);
  return (
    <Space align="center">
      {value ? <Image src={value} height={40} alt={label} /> : <span style={{ color: '#999' }}>未设置</span>}
      <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading(true);
          uploadFile(file as File, { scene: 'image', timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.imageUploadFailed, accept: (d) => !!d.url })
            .then((stored) => { onChange?.(stored.url!); onSuccess?.(stored); }, (err: Error) => onError?.(err))
            .finally(() => setUploading(false));
        }}>
        <Button icon={<UploadOutlined />} loading={uploading}>上传{label}</Button>
      </Upload>
      {value && <Button type="link" onClick={() => onChange?.('')}>清除</Button>}
    </Space>
  );
}
