import { Avatar, Flex, Tag, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import type { RobotDetail } from '@xueban/contract/robots';
import { shownQuestions } from '../../../lib/shown-questions.ts';

/**
 * The chat panel slot of the about page. The chat itself is later work, so this is an honest
 * preview of the empty chat (spec §2): avatar, name, prologue (or msg) and suggested questions.
 */
export function RobotPreview({ robot }: { robot: RobotDetail }) {
  const ob = robot.config.onboarding_info;
  const prologue = ob.prologue || robot.msg;
  const questions = shownQuestions(ob.suggested_questions ?? [], ob.suggested_questions_show_mode);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '48px 24px', height: '100%' }} aria-label="对话预览">
      <Avatar size={64} src={robot.avatar || undefined} icon={<RobotOutlined />} />
      <Typography.Title level={4} style={{ margin: 0 }}>{robot.name}</Typography.Title>
      {robot.is_close ? <Tag color="red">{MSG.robotClosed}</Tag> : null}
      {prologue && <Typography.Paragraph style={{ maxWidth: 560, whiteSpace: 'pre-wrap' }}>{prologue}</Typography.Paragraph>}
      {questions.length > 0 && (
        <Flex vertical gap={8} style={{ width: '100%', maxWidth: 560 }} aria-label="推荐问题">
          {questions.map((q) => (
            <div key={q} style={{ padding: '8px 12px', border: '1px solid #e5e7eb', borderRadius: 8, background: '#fafafa' }}>{q}</div>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
