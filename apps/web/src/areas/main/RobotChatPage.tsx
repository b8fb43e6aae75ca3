import { Empty, Flex, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { robotDetailQueryOptions } from '../../features/robot-join/api/get-robot-detail.ts';
import { ChatSlot } from '../../features/chat/components/ChatSlot.tsx';
import { isEmbedded } from '../../lib/embed.ts';
import { LessonChatBanner } from '../../features/course-plans/components/LessonChatBanner.tsx';
import { VisitorChat } from '../../features/robot-api/components/VisitorChat.tsx';
import { visitorToken } from '../../features/robot-api/lib/visitor-chat.ts';

/**
 * A page that is the chat with one robot named in the query: /dialogueIndex (dialogueRid) and
 * /external-dialogue (rid or dialogueRid; with embed=1 the layout shows no chrome around it).
 */
function RobotChatPage({ param }: { param: 'dialogueRid' | 'rid' }) {
  const [search] = useSearchParams();
  return <RobotChat rid={Number(search.get(param) ?? search.get('dialogueRid'))} />;
}

/** The chat with one robot, by id (any invalid or unknown one reads 请选择一个机器人). */
function RobotChat({ rid }: { rid: number }) {
  const [search] = useSearchParams();
  const valid = Number.isInteger(rid) && rid > 0;
  const robot = useQuery({ ...robotDetailQueryOptions(valid ? rid : 0), enabled: valid });
  // The window below the header and any banner (app.css): the input and its footer stay on screen.
  const fill = isEmbedded(window.location.search) ? 'page-fill-embed' : 'page-fill';
  let body;
  if (!valid || robot.isError) body = <Empty description="请选择一个机器人" />;
  else if (!robot.data) body = <Spin />;
  else {
    // 向机器人提问 from a course lesson: the lesson the questions carry (course-plans).
    const [planId, nodeId] = [Number(search.get('plan_id')), Number(search.get('node_id'))];
    return (
      <div className={fill} style={{ display: 'flex', flexDirection: 'column' }}>
        {planId > 0 && nodeId > 0 && <LessonChatBanner planId={planId} nodeId={nodeId} />}
        <ChatSlot robot={robot.data} />
      </div>
    );
  }
  return <Flex align="center" justify="center" className={fill}>{body}</Flex>;
}

export const DialogueIndexPage = () => <RobotChatPage param="dialogueRid" />;
/** /index/{rid} (对话中心): one robot's chat, opened directly. */
export function RobotIndexPage() {
  const { rid } = useParams();
  return <RobotChat rid={Number(rid)} />;
}
/** /external-dialogue: with an embed ticket or a share link (issue 25), a visitor's chat without an account. */
export function ExternalDialoguePage() {
  const [search] = useSearchParams();
  const token = visitorToken(search.toString());
  return token ? <VisitorChat token={token} /> : <RobotChatPage param="rid" />;
}
