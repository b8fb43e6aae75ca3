import { Avatar, Flex } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { Prompts, Welcome } from '@ant-design/x';
import { LIMITS } from '@xueban/contract/limits';
import { shownQuestions } from '../../robot-join/lib/robot-actions.ts';
import type { ChatRobot } from '../lib/chat-robot.ts';

/**
 * The empty chat (spec §2): avatar, name, the prologue (falling back to the robot's msg) and the
 * suggested questions — the first 3, or all with show mode 1. Clicking one asks it.
 */
export function EmptyChat({ robot, onAsk }: { robot: ChatRobot; onAsk: (q: string) => void }) {
  const ob = robot.config.onboarding_info;
  const prologue = ob.prologue || robot.msg || '';
  const questions = shownQuestions(ob.suggested_questions ?? [], ob.suggested_questions_show_mode, LIMITS.suggestedQuestionsDefault);
  return (
    <Flex vertical align="center" gap={16} className="chat-empty">
      <Welcome
        variant="borderless"
        icon={<Avatar size={64} src={robot.avatar || undefined} icon={<RobotOutlined />} />}
        title={robot.name}
        description={prologue ? <p className="chat-prologue">{prologue}</p> : undefined}
      />
      {questions.length > 0 && (
        <Prompts
          aria-label="推荐问题"
          vertical
          items={questions.map((q, i) => ({ key: `${i}`, label: q }))}
          onItemClick={({ data }) => onAsk(String(data.label))}
          style={{ width: '100%', maxWidth: 560 }}
        />
      )}
    </Flex>
  );
}
