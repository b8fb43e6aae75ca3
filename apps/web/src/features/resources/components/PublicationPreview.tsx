import { Descriptions, Empty, List, Typography } from 'antd';
import { PUBLISH_SCOPE_LABEL, type PublicationDetail } from '@xueban/contract/resources';
import { KindTag, StatusTag, timeText } from './labels.tsx';

const PREVIEW_TITLE = { course: '课程目录', knowledge: '文档', intent: '意图' } as const;

/** A publication's card of facts (author, licence, counters) and the preview of what is inside. */
export function PublicationPreview({ p, narrow = false }: { p: PublicationDetail; narrow?: boolean }) {
  return (
    <>
      <Descriptions column={narrow ? 1 : { xs: 1, sm: 2 }} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="类型"><KindTag kind={p.kind} /></Descriptions.Item>
        <Descriptions.Item label="状态"><StatusTag status={p.status} /></Descriptions.Item>
        <Descriptions.Item label="作者">{p.publisher.truename || '-'}（{p.group_name}）</Descriptions.Item>
        <Descriptions.Item label="许可协议">{p.licence}</Descriptions.Item>
        <Descriptions.Item label="学科">{p.subject || '不限学科'}</Descriptions.Item>
        <Descriptions.Item label="发布到">{PUBLISH_SCOPE_LABEL[p.scope]}</Descriptions.Item>
        <Descriptions.Item label="浏览 / 复制">{p.view_num} 次浏览 · {p.copy_num} 次复制</Descriptions.Item>
        <Descriptions.Item label="提交时间">{timeText(p.create_time)}</Descriptions.Item>
        {p.reason ? <Descriptions.Item label="驳回原因" span={narrow ? 1 : 2}><Typography.Text type="danger">{p.reason}</Typography.Text></Descriptions.Item> : null}
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>{p.info || '暂无简介'}</Typography.Paragraph>
      <Typography.Title level={5}>{PREVIEW_TITLE[p.kind]}</Typography.Title>
      {p.preview.length === 0
        ? <Empty description="内容为空" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        : (
          <List
            size="small"
            bordered
            dataSource={p.preview}
            renderItem={(l) => (
              <List.Item style={{ paddingLeft: 16 + (l.level - 1) * 30 }}>
                <List.Item.Meta title={l.title} description={l.text ? <Typography.Text type="secondary" ellipsis={{ tooltip: l.text }}>{l.text}</Typography.Text> : null} />
              </List.Item>
            )}
          />
        )}
    </>
  );
}
