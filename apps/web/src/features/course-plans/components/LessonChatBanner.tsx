import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useStudyNode } from '../api/get-study-node.ts';

/** Above the chat opened by 向机器人提问: which lesson the questions are about, and the way back to it. */
export function LessonChatBanner({ planId, nodeId }: { planId: number; nodeId: number }) {
  const node = useStudyNode(planId, nodeId);
  const navigate = useNavigate();
  if (!node.data) return null;
  return (
    <Alert
      type="info"
      showIcon
      banner
      style={{ flex: 'none' }}
      message={`正在围绕课时「${node.data.title}」向机器人提问，机器人会参考这一课时的内容回答。`}
      action={<Button size="small" type="link" onClick={() => void navigate(pathTo('student-project-detail', { id: planId }, { plan_id: planId, node_id: nodeId }))}>返回课时</Button>}
    />
  );
}
