import { Avatar } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { shownQuestions } from '../../../lib/shown-questions.ts';
import type { ChatRobot } from '../lib/chat-robot.ts';
import { PromptList } from './PromptList.tsx';

/**
 * The empty chat (spec §2): avatar, name, the prologue (falling back to the robot's msg) and the
 * suggested questions — the first 3, or all with show mode 1. Clicking one asks it.
 */
export function EmptyChat({ robot, onAsk }: { robot: ChatRobot; onAsk: (q: string) => void }) {
  const ob = robot.config.onboarding_info;
  const prologue = ob.prologue || robot.msg || '';
  const questions = shownQuestions(ob.suggested_questions ?? [], ob.suggested_questions_show_mode, LIMITS.suggestedQuestionsDefault);
  return (
    <div className="chat-empty">
      <div className="chat-welcome">
        <Avatar size={64} src={robot.avatar || undefined} icon={<RobotOutlined />} />
        <div className="chat-welcome-text">
          <h2 className="chat-welcome-title">{robot.name}</h2>
          {prologue && <p className="chat-prologue">{prologue}</p>}
        </div>
      </div>
      {questions.length > 0 && <PromptList label="推荐问题" prompts={questions} onPick={onAsk} className="chat-empty-prompts" />}
    </div>
  );
}
