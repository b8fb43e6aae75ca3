import { Button, Empty, Flex, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useDefaultRobot } from '../api/default-robot.ts';
import ChatPanel from './ChatPanel.tsx';

/**
 * /home for a logged-in user: the chat with the default robot (the last one used here, else one
 * joined or public in the organisation) with the session side panel. Deleting that robot from
 * the side panel moves on to the next default.
 */
export default function ChatHome() {
  const navigate = useNavigate();
  const robot = useDefaultRobot(true);
  if (robot.isPending) return <Flex flex={1} align="center" justify="center" className="chat-fill"><Spin /></Flex>;
  const used = robot.data;
  if (!used) {
    return (
      <Flex flex={1} align="center" justify="center" className="chat-fill">
        <Empty description="还没有可以对话的机器人">
          <Button type="primary" onClick={() => navigate(pathTo('robotList'))}>去机器人广场</Button>
        </Empty>
      </Flex>
    );
  }
  return (
    <div className="chat-fill">
      <ChatPanel key={used.rid} robot={{ ...used.robot, id: used.rid }} sessionPanel onRobotDeleted={() => void robot.refetch()} />
    </div>
  );
}
