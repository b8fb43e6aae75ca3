import { Flex, Tag } from 'antd';
import { LoadingOutlined, PaperClipOutlined, PictureOutlined } from '@ant-design/icons';
import type { PendingFile } from '../hooks/use-attachments.ts';

/** The files attached to the next question, each removable (its code loads with the first file). */
export default function AttachmentTags({ files, onRemove }: { files: PendingFile[]; onRemove: (uid: string) => void }) {
  return (
    <Flex gap={4} wrap style={{ padding: '8px 12px 0' }} aria-label="附件">
      {files.map((f) => (
        <Tag key={f.uid} closable onClose={() => onRemove(f.uid)} icon={!f.ready ? <LoadingOutlined /> : f.image ? <PictureOutlined /> : <PaperClipOutlined />}>
          {f.name}
        </Tag>
      ))}
    </Flex>
  );
}
