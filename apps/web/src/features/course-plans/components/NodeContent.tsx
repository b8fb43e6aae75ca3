import { Empty, Flex, List, Tag, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import type { CourseNode } from '@xueban/contract/courses';
import { MarkdownBody } from '../../../components/markdown/MarkdownBody.tsx';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

/** A lesson as read: its title, text, files (the main file first; each opens in the file preview) and robot question set. */
export function NodeContent({ node }: { node: CourseNode }) {
  const files = [...node.files].sort((a, b) => Number(b.extra.is_main_file) - Number(a.extra.is_main_file));
  return (
    <article aria-label={node.title} className="course-node-content">
      <Typography.Title level={4} style={{ marginTop: 0 }}>{node.title}</Typography.Title>
      {node.content ? <MarkdownBody content={node.content} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" />}
      {files.length > 0 && (
        <section aria-label="课时文件" style={{ marginTop: 16 }}>
          <Typography.Text strong>课时文件</Typography.Text>
          <List
            size="small"
            dataSource={files}
            renderItem={(f) => (
              <List.Item>
                <Flex gap={8} align="center">
                  <FileOutlined />
                  <FilePreviewLink url={f.url} name={f.name} />
                  {f.extra.is_main_file && <Tag color="blue">主文件</Tag>}
                </Flex>
              </List.Item>
            )}
          />
        </section>
      )}
      {node.questions.length > 0 && (
        <section aria-label="机器人问题集" style={{ marginTop: 16 }}>
          <Typography.Text strong>机器人问题集</Typography.Text>
          <Flex wrap gap={8} style={{ marginTop: 8 }}>
            {node.questions.map((q) => <Tag key={q} color="geekblue">{q}</Tag>)}
          </Flex>
        </section>
      )}
    </article>
  );
}
