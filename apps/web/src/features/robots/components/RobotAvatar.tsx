import { Avatar } from 'antd';
import { RobotOutlined } from '@ant-design/icons';

/** A robot's avatar (size 46, spec §9); the default avatar when the robot has none. */
export function RobotAvatar({ src, size = 46 }: { src?: string; size?: number }) {
  return src ? <Avatar src={src} size={size} alt="机器人头像" /> : <Avatar size={size} icon={<RobotOutlined />} className="robot-avatar-default" aria-label="默认头像" />;
}
