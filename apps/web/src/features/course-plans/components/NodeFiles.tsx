import { useState } from 'react';
import { Button, Flex, List, Tag, Upload } from 'antd';
import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { uploadFile } from '../../../lib/upload.ts';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

export interface EditedFile { name: string; url: string; size?: number | undefined; is_main_file: boolean }

/** A lesson's files in the editor: upload (the files module), 设为主文件, 移除. The first file is the main one until another is chosen. */
export function NodeFiles({ value, onChange }: { value: EditedFile[]; onChange: (files: EditedFile[]) => void }) {
  const [uploading, setUploading] = useState(false);
  const setMain = (url: string) => onChange(value.map((f) => ({ ...f, is_main_file: f.url === url })));
  const remove = (url: string) => {
    const left = value.filter((f) => f.url !== url);
    if (left.length && !left.some((f) => f.is_main_file)) left[0] = { ...left[0]!, is_main_file: true };
    onChange(left);
  };
  return (
    <div>
      <Upload
        showUploadList={false}
        multiple
        customRequest={({ file, onSuccess, onError }) => {
          setUploading(true);
          uploadFile(file as File, { scene: 'file', timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.uploadFailed, accept: (d) => !!d.url })
            .then((stored) => {
              onChange([...value, { name: stored.name ?? (file as File).name, url: stored.url!, size: stored.size, is_main_file: value.length === 0 }]);
              onSuccess?.(stored);
            }, (err: Error) => onError?.(err))
            .finally(() => setUploading(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>上传文件</Button>
      </Upload>
      {value.length > 0 && (
        <List
          size="small"
          aria-label="课时文件"
          style={{ marginTop: 8 }}
          dataSource={value}
          renderItem={(f) => (
            <List.Item
              actions={[
                f.is_main_file ? <Tag key="main" color="blue">主文件</Tag> : <Button key="main" size="small" type="link" onClick={() => setMain(f.url)}>设为主文件</Button>,
                <Button key="remove" size="small" type="link" danger onClick={() => remove(f.url)}>移除</Button>,
              ]}
            >
              <Flex gap={8} align="center"><FileOutlined /><FilePreviewLink url={f.url} name={f.name} /></Flex>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
