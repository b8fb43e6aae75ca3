import { Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { uploadImage } from '../../../lib/upload.ts';

interface Props {
  value?: string[];
  onChange?: (urls: string[]) => void;
  max: number;
  label: string;
}

const toFile = (url: string, i: number): UploadFile<string> => ({ uid: `${i}-${url}`, name: url.split('/').pop() ?? url, status: 'done', url, response: url });

/** Pictures of a listing (icon, screenshots) as a form field whose value is their URLs; each uploads when chosen. */
export function ImageListField({ value = [], onChange, max, label }: Props) {
  const customRequest: UploadProps<string>['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadImage(file as File).then(
      (url) => onSuccess?.(url),
      (err: unknown) => onError?.(err instanceof Error ? err : new Error(String(err))),
    );
  };
  return (
    <Upload<string>
      listType="picture-card"
      accept="image/png,image/jpeg,image/gif,image/webp"
      multiple={max > 1}
      defaultFileList={value.map(toFile)}
      customRequest={customRequest}
      onChange={({ fileList }) => onChange?.(fileList.flatMap((f) => (f.status === 'done' && (f.response ?? f.url) ? [f.response ?? f.url!] : [])))}
      showUploadList={{ showPreviewIcon: false }}
      maxCount={max}
    >
      {value.length < max && (
        <button type="button" style={{ border: 0, background: 'none' }} aria-label={`上传${label}`}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{label}</div>
        </button>
      )}
    </Upload>
  );
}
