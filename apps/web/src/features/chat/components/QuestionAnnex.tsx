import { Flex, Tag } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { AnnexItem } from '@xueban/contract/chat';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

/** The files sent with a question, by name (loaded with the first question that has any); a stored one opens its preview. */
export default function QuestionAnnex({ annex }: { annex: AnnexItem[] }) {
  return (
    <Flex gap={4} wrap>
      {annex.map((a, i) => (
        <Tag key={`${a.name}-${i}`} icon={<PaperClipOutlined />}>
          {a.url ? <FilePreviewLink url={a.url} name={a.name} /> : a.name}
        </Tag>
      ))}
    </Flex>
  );
}
