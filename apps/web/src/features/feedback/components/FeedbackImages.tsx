import { Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { uploadImage } from '../../../lib/upload.ts';
import { FEEDBACK_ACCEPT, checkFeedbackImage } from '../lib/feedback-rules.ts';

interface Props {
  value: UploadFile<string>[];
  onChange: (files: UploadFile<string>[]) => void;
  /** A picture was refused (wrong format, one too many): the spec message to show. */
  onError: (message: string) => void;
}

/** Feedback pictures: each uploads as soon as it is chosen; a done one's `response` is its URL. */
export function FeedbackImages({ value, onChange, onError }: Props) {
  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    // Every file of one selection is checked against the same `value`: count the acceptable
    // ones ahead of this file in the batch too, so choosing 7 at once still keeps only 5.
    const ahead = batch.slice(0, batch.indexOf(file)).filter((f) => !checkFeedbackImage(f, 0)).length;
    const problem = checkFeedbackImage(file, value.length + ahead);
    if (problem) {
      onError(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<string>['customRequest'] = ({ file, onSuccess, onError: failed }) => {
    uploadImage(file as File).then(
      (url) => onSuccess?.(url),
      (err: unknown) => failed?.(err instanceof Error ? err : new Error(String(err))),
    );
  };

  return (
    <Upload<string>
      listType="picture-card"
      accept={FEEDBACK_ACCEPT}
      multiple
      fileList={value}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => onChange(fileList)}
      showUploadList={{ showPreviewIcon: false }}
    >
      {value.length < LIMITS.feedback.maxImages && (
        <button type="button" className="feedback-upload-button" aria-label="上传图片">
          <PlusOutlined />
          <span>上传图片</span>
        </button>
      )}
    </Upload>
  );
}
